import { ERRORS } from '@bourse/contract';
import { useNavigate } from 'react-router';
import { ListSkeleton, QueryError } from '../../../components/BlockState';
import { ApiError } from '../../../lib/api';
import type { PageProps } from '../../../lib/feature';
import { toast } from '../../../lib/toast';
import { useEnableTwoFactor, useTwoFactorStatus } from '../api';
import { StatusCard } from '../components/StatusCard';
import { TwoFactorConfirmForm } from '../components/TwoFactorConfirmForm';
import { useSecurityT } from '../locales';
import { SECURITY_PATHS } from '../paths';
import '../security.css';

/** /pages/google/verify — prove the new key with a current code (and the login password) to turn two-factor on. */
export default function GoogleVerifyPage(_props: PageProps) {
  const t = useSecurityT();
  const navigate = useNavigate();
  const status = useTwoFactorStatus();
  const enable = useEnableTwoFactor();

  if (status.isPending) return <ListSkeleton rows={3} />;
  if (status.isError) return <QueryError error={status.error} onRetry={() => void status.refetch()} />;
  if (status.data.enabled && !enable.isSuccess) {
    return (
      <div className="sec">
        <StatusCard kind="success" heading={t('enabledHeading')} text={t('enabledText')} />
      </div>
    );
  }

  return (
    <div className="sec sec--form">
      <p className="sec-intro">{t('verifyIntro')}</p>
      <TwoFactorConfirmForm
        submitLabel={t('turnOn')}
        pending={enable.isPending}
        onConfirm={async (body) => {
          try {
            await enable.mutateAsync(body);
          } catch (error) {
            // The key expired or was never fetched: start again from the QR code.
            if (error instanceof ApiError && error.code === ERRORS.TWO_FACTOR_SETUP_REQUIRED.code) {
              toast(error.msg);
              void navigate(SECURITY_PATHS.google, { replace: true });
              return;
            }
            throw error;
          }
          toast(t('enabled'), 'success');
          void navigate(SECURITY_PATHS.safety, { replace: true });
        }}
      />
    </div>
  );
}
