import type { CopyRecord, CopyStats, SwapPosition } from '@bourse/contract';
import { useLocale } from '../../hooks/useLocale';
import { formatDate } from '../../lib/format';
import type { CopyT } from './locales';

/** A signed figure coloured by its sign (the server's string, shown as it is). */
export function Signed({ value, suffix = '' }: { value: string; suffix?: string }) {
  const cls = value.startsWith('-') ? 'trend-fall' : Number(value) === 0 ? 'trend-flat' : 'trend-rise';
  return (
    <span className={`num ${cls}`}>
      {value.startsWith('-') || Number(value) === 0 ? value : `+${value}`}
      {suffix}
    </span>
  );
}

export function StatsGrid({ stats, t }: { stats: CopyStats; t: CopyT }) {
  return (
    <dl className="cp-stats">
      <div>
        <dt>{t('roi')}</dt>
        <dd>
          <Signed value={stats.roi} suffix="%" />
        </dd>
      </div>
      <div>
        <dt>{t('pnl')}</dt>
        <dd>
          <Signed value={stats.pnl} />
        </dd>
      </div>
      <div>
        <dt>{t('winRate')}</dt>
        <dd className="num">{stats.winRate}%</dd>
      </div>
      <div>
        <dt>{t('followers')}</dt>
        <dd className="num">{stats.followers}</dd>
      </div>
      <div>
        <dt>{t('aum')}</dt>
        <dd className="num">{stats.aum}</dd>
      </div>
      <div>
        <dt>{t('maxDrawdown')}</dt>
        <dd className="num">{stats.maxDrawdown}%</dd>
      </div>
    </dl>
  );
}

export function PositionRow({ p, t }: { p: SwapPosition; t: CopyT }) {
  const locale = useLocale();
  return (
    <li className="cp-row">
      <span>
        <b>{p.symbol.replace('_', '')}</b>{' '}
        <span className={`cp-side cp-side--${p.side}`}>
          {t(p.side)} {p.leverage}×
        </span>
      </span>
      <span className="num cp-muted">
        {t('lots', { n: p.status === 'open' ? p.lots : p.closedLots })} · {t('entry')} {p.entryPrice}
      </span>
      {p.status === 'open' ? (
        <Signed value={p.unrealizedPnl} />
      ) : (
        <span className="num">
          <Signed value={p.realizedPnl} />{' '}
          <span className="cp-muted">{formatDate(p.closedAt ?? p.updatedAt, locale)}</span>
        </span>
      )}
    </li>
  );
}

const KIND_KEYS = {
  open: 'kind_open',
  close: 'kind_close',
  skip: 'kind_skip',
  profit_share: 'kind_profit_share',
  compensation: 'kind_compensation',
  flag: 'kind_flag',
} as const;

const REASONS = [
  'funds',
  'per_trade_cap',
  'total_cap',
  'min_lot',
  'slippage',
  'self_trade',
  'pair',
  'risk_limit',
  'leverage',
  'margin_mode',
  'position_changed',
  'weekly',
  'unfollow',
] as const;

function reasonText(reason: string | null, t: CopyT): string | null {
  if (reason === null) return null;
  const known = REASONS.find((r) => r === reason);
  return known ? t(`reason_${known}`) : reason;
}

export function RecordRow({ r, t, who }: { r: CopyRecord; t: CopyT; who?: string }) {
  const locale = useLocale();
  return (
    <li className="cp-row" data-testid={`copy-record-${r.kind}`}>
      <span>
        <b>{t(KIND_KEYS[r.kind])}</b> {r.symbol && <span>{r.symbol.replace('_', '')}</span>}{' '}
        {r.side && <span className={`cp-side cp-side--${r.side === 'buy' ? 'long' : 'short'}`}>{r.side}</span>}
        {who && <span className="cp-muted"> · {who}</span>}
      </span>
      <span className="num cp-muted">
        {[
          r.lots !== null && r.lots > 0 ? `${t('lots', { n: r.lots })}${r.price ? ` @ ${r.price}` : ''}` : null,
          r.leaderPrice ? t('traderPrice', { price: r.leaderPrice }) : null,
          reasonText(r.reason, t),
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      <span className="num">
        {r.amount !== null && (
          <Signed value={r.kind === 'profit_share' && r.leaderUid !== r.followerUid ? r.amount : r.amount} />
        )}{' '}
        <span className="cp-muted">{formatDate(r.ts, locale)}</span>
      </span>
    </li>
  );
}
