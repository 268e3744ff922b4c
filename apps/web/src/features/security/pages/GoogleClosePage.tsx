import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { ListSkeleton, QueryError } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { toast } from '../../../lib/toast';
import { useCloseTwoFactor, useTwoFactorStatus } from '../api';
import { Notice } from '../components/Notice';
import { StatusCard } from '../components/StatusCard';
import { TwoFactorConfirmForm } from '../components/TwoFactorConfirmForm';
import { useSecurityT } from '../locales';
import { SECURITY_PATHS } from '../paths';
import '../security.css';

/** /pages/google/close-verify — turn two-factor off with a current code and the login password. */
export default function GoogleClosePage(_props: PageProps) {
  const t = useSecurityT();
  const navigate = useNavigate();
  const status = useTwoFactorStatus();
  const close = useCloseTwoFactor();

  if (status.isPending) return <ListSkeleton rows={3} />;
  if (status.isError) return <QueryError error={status.error} onRetry={() => void status.refetch()} />;
  if (!status.data.enabled && !close.isSuccess) {
    return (
      <div className="sec">
        <StatusCard kind="pending" heading={t('notEnabled')} />
        <Button className="sec-submit" block color="primary" onClick={() => void navigate(SECURITY_PATHS.google)}>
          {t('setUp')}
        </Button>
      </div>
    );
  }

  return (
    <div className="sec sec--form">
      <Notice tone="warning">{t('closeWarning')}</Notice>
      <TwoFactorConfirmForm
        submitLabel={t('closeSubmit')}
        danger
        pending={close.isPending}
        onConfirm={async (body) => {
          await close.mutateAsync(body);
          toast(t('closed'), 'success');
          void navigate(SECURITY_PATHS.safety, { replace: true });
        }}
      />
    </div>
  );
}
