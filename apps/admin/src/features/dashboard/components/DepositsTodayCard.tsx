import { DownloadOutlined } from '@ant-design/icons';
import { StatCard } from '../../../components/StatCard';
import { formatCount, formatDecimal } from '../../../lib/format';
import { useSettings } from '../../../lib/stores/settings';
import { useDashboardSummary } from '../api';
import { useDashboardT } from '../locales';

/** Deposits since the start of the day (UTC): how many and their value in USDT, computed by the server. */
export default function DepositsTodayCard() {
  const t = useDashboardT();
  const lang = useSettings((state) => state.lang);
  const query = useDashboardSummary();
  const flow = query.data?.today.deposits;
  return (
    <StatCard
      testId="card-deposits-today"
      icon={<DownloadOutlined />}
      title={t('depositsToday')}
      query={query}
      value={flow ? `${formatDecimal(flow.valueUsdt)} USDT` : null}
      description={
        flow
          ? [
              t('flowCount', { count: formatCount(flow.count, lang) }),
              flow.unpriced.length > 0 ? t('flowUnpriced', { coins: flow.unpriced.join(', ') }) : null,
            ]
              .filter(Boolean)
              .join(' ')
          : undefined
      }
    />
  );
}
