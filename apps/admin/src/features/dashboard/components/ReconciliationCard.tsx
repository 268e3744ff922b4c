import { SafetyCertificateOutlined } from '@ant-design/icons';
import { StatCard } from '../../../components/StatCard';
import { formatAgo } from '../../../lib/format';
import { useCan } from '../../../lib/operator';
import { useSettings } from '../../../lib/stores/settings';
import { useDashboardSummary } from '../api';
import { useDashboardT } from '../locales';

/**
 * The last reconciliation report as the dashboard endpoint keeps it (the server runs it in the background when it is
 * older than a minute): every role sees whether the books add up; the ledger desk opens the full report.
 */
export default function ReconciliationCard() {
  const t = useDashboardT();
  const lang = useSettings((state) => state.lang);
  const canOpen = useCan('ledger.read');
  const query = useDashboardSummary();
  const report = query.data?.reconciliation;
  return (
    <StatCard
      testId="card-reconciliation"
      icon={<SafetyCertificateOutlined />}
      title={t('reconcileTitle')}
      query={query}
      value={
        report === undefined
          ? null
          : report === null
            ? '—'
            : report.ok
              ? t('reconcileOk')
              : t('reconcileProblems', { count: report.problems })
      }
      tone={report ? (report.ok ? 'success' : 'danger') : 'neutral'}
      description={
        report === undefined
          ? undefined
          : report === null
            ? t('reconcileNone')
            : t('reconcileChecked', { ago: formatAgo(report.checkedAt, Date.now(), lang) })
      }
      link={canOpen ? { to: '/finance/ledger', label: t('openReport') } : undefined}
    />
  );
}
