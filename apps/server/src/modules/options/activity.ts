import type { Db } from '../../db/database';
import type { ProductActivity } from '../../platform/module';
import { OPTIONS_ASSET } from './service';

/**
 * The options' activity for the dashboard: the bets of the rounds settled since the instant (void rounds refunded
 * everything and count for nothing), their stakes and the fees they paid, in the options asset.
 */
export function optionsActivity(db: Db): ProductActivity {
  const settled = db
    .prepare<[number], { bets: bigint | null; stakes: bigint | null; fees: bigint | null }>(
      `SELECT SUM(bets) AS bets, SUM(up_stake + down_stake) AS stakes, SUM(fees) AS fees
       FROM option_rounds WHERE settled_at >= ? AND bets > 0 AND state = 'settled'`,
    )
    .safeIntegers(true);
  return {
    product: 'options',
    since(at) {
      const row = settled.get(at);
      return {
        trades: Number(row?.bets ?? 0n),
        volume: row?.stakes ? [{ asset: OPTIONS_ASSET, amount: row.stakes }] : [],
        fees: row?.fees ? [{ asset: OPTIONS_ASSET, amount: row.fees }] : [],
      };
    },
  };
}
