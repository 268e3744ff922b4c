import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { StatCard } from '../../../components/StatCard';
import { formatCount, formatDecimal } from '../../../lib/format';
import { useSettings } from '../../../lib/stores/settings';
import { useDashboardSummary } from '../api';
import { useDashboardT } from '../locales';

const LOOK = {
  deposits: { testId: 'card-deposits-today', icon: <DownloadOutlined />, title: 'depositsToday' },
  withdrawals: { testId: 'card-withdrawals-today', icon: <UploadOutlined />, title: 'withdrawalsToday' },
} as const;

/** Deposits or withdrawals since the start of the day (UTC): how many and their value in USDT, computed by the server. */
export function FlowTodayCard({ flow: direction }: { flow: keyof typeof LOOK }) {
  const t = useDashboardT();
  const lang = useSettings((state) => state.lang);
  const query = useDashboardSummary();
  const flow = query.data?.today[direction];
  const look = LOOK[direction];
  return (
    <StatCard
      testId={look.testId}
      icon={look.icon}
      title={t(look.title)}
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
