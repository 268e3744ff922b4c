import { Button, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import type { PageProps } from '../../../lib/feature';
import { toast } from '../../../lib/toast';
import { useApply, useCopyMe } from '../api';
import { StatsGrid } from '../components';
import { useCopyT } from '../locales';
import { COPY_PATHS } from '../paths';
import '../copy.css';

/** /pages/documentary/become-trader — the application: my futures record, the agreement, the review's status. */
export default function BecomeTraderPage(_props: PageProps) {
  const t = useCopyT();
  const navigate = useNavigate();
  const me = useCopyMe();
  const apply = useApply();
  const [agree, setAgree] = useState(false);
  if (me.isPending) return <DelayedLoading />;
  if (me.isError) return <QueryError error={me.error} onRetry={() => void me.refetch()} />;
  const m = me.data;
  const status = m.application?.status;
  const submit = async () => {
    try {
      await apply.mutateAsync(agree);
      toast(t('applied'), 'success');
    } catch {
      // The server's message was shown.
    }
  };
  return (
    <div className="cp-page">
      <section className="cp-section">
        <h3 className="cp-h">{t('history90')}</h3>
        <StatsGrid stats={m.history} t={t} />
        <p className="cp-muted cp-small num">
          {t('closedPositions')} {m.history.closedPositions}
        </p>
      </section>
      <p className="cp-small cp-muted">{t('applyRule')}</p>
      {status && (
        <p className="cp-status" data-testid="copy-application-status">
          {t(`status_${status}`)}
          {m.application?.reason ? ` · ${m.application.reason}` : ''}
        </p>
      )}
      {m.leader ? (
        <Button block color="primary" onClick={() => void navigate(COPY_PATHS.configuration)}>
          {t('settings')}
        </Button>
      ) : status === 'pending' ? null : (
        <section className="cp-section">
          <Checkbox checked={agree} onChange={setAgree} data-testid="copy-apply-agree">
            <span className="cp-small">{t('agreement')}</span>
          </Checkbox>
          <Button
            block
            color="primary"
            loading={apply.isPending}
            onClick={() => void submit()}
            data-testid="copy-apply"
          >
            {t('apply')}
          </Button>
        </section>
      )}
    </div>
  );
}
