import { type Db, firstIdSince } from '../../db/database';
import type { ProductActivity } from '../../platform/module';
import { SETTLEMENT_ASSET } from './contract';

/**
 * The perpetuals' activity for the dashboard: every trade since the instant (book fills and transfers at a
 * bankruptcy price) with its notional value, and the fees users' fills paid (system traders' fills have no rows).
 * All of it is in the settlement asset.
 */
export function perpActivity(db: Db): ProductActivity {
  const trades = db
    .prepare<[number], { n: number; volume: bigint | null }>(
      'SELECT COUNT(*) AS n, SUM(value) AS volume FROM perp_trades WHERE id >= ?',
    )
    .safeIntegers(true);
  const fees = db
    .prepare<[number], bigint | null>('SELECT SUM(fee) FROM perp_fills WHERE id >= ?')
    .pluck()
    .safeIntegers(true);
  return {
    product: 'futures',
    since(at) {
      const fromTrade = firstIdSince(db, 'perp_trades', 'ts', at);
      const fromFill = firstIdSince(db, 'perp_fills', 'ts', at);
      const t = fromTrade === null ? null : trades.get(fromTrade);
      const paid = fromFill === null ? null : (fees.get(fromFill) ?? null);
      return {
        trades: t ? Number(t.n) : 0,
        volume: t?.volume ? [{ asset: SETTLEMENT_ASSET, amount: t.volume }] : [],
        fees: paid ? [{ asset: SETTLEMENT_ASSET, amount: paid }] : [],
      };
    },
  };
}
