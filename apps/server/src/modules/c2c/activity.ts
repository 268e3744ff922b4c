import type { Db } from '../../db/database';
import type { ProductActivity } from '../../platform/module';

/** C2C's activity for the dashboard: orders completed since the instant and the coins they moved (C2C charges no fee). */
export function c2cActivity(db: Db): ProductActivity {
  const completed = db
    .prepare<[number], { asset: string; n: number; quantity: bigint }>(
      `SELECT asset, COUNT(*) AS n, SUM(quantity) AS quantity FROM c2c_orders
       WHERE finished_at >= ? AND state = 'completed' GROUP BY asset ORDER BY asset`,
    )
    .safeIntegers(true);
  return {
    product: 'c2c',
    since(at) {
      const rows = completed.all(at);
      return {
        trades: rows.reduce((n, row) => n + Number(row.n), 0),
        volume: rows.map((row) => ({ asset: row.asset, amount: row.quantity })),
        fees: [],
      };
    },
  };
}
