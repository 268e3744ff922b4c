import { UploadOutlined } from '@ant-design/icons';
import { StatCard } from '../../../components/StatCard';
import { formatCount, formatDecimal } from '../../../lib/format';
import { useSettings } from '../../../lib/stores/settings';
import { useDashboardSummary } from '../api';
import { useDashboardT } from '../locales';

/** Withdrawals since the start of the day (UTC): how many and their value in USDT, computed by the server. */
export default function WithdrawalsTodayCard() {
  const t = useDashboardT();
  const lang = useSettings((state) => state.lang);
  const query = useDashboardSummary();
  const flow = query.data?.today.withdrawals;
  return (
    <StatCard
      testId="card-withdrawals-today"
      icon={<UploadOutlined />}
      title={t('withdrawalsToday')}
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
