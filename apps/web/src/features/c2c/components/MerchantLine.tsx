import type { C2CMerchantStats } from '@bourse/contract';
import { useC2CT } from '../locales';

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)}m`;
  return `${Math.round(seconds / 3600)}h`;
}

/** A merchant's name and the figures the server computed: completed orders, completion rate, release time. */
export function MerchantLine({ stats }: { stats: C2CMerchantStats }) {
  const t = useC2CT();
  return (
    <div className="c2c-merchant-line">
      <span className="c2c-avatar">{stats.nickname.slice(0, 1).toUpperCase()}</span>
      <strong>{stats.nickname}</strong>
      {stats.merchant && <span className="c2c-badge">{t('merchantBadge')}</span>}
      <span className="c2c-muted">
        {t('completed', { n: stats.completedOrders })}
        {stats.completionRate !== null && ` · ${t('completionRate', { rate: stats.completionRate })}`}
        {stats.avgReleaseSeconds !== null && ` · ${t('avgRelease', { time: duration(stats.avgReleaseSeconds) })}`}
      </span>
    </div>
  );
}
