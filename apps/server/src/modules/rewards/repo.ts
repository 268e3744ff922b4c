import type { Db } from '../../db/database';

/** Integer columns that may hold money are read as bigint; ids, days and times are turned back with `Number`. */
type Int = bigint;

export interface CheckinRow {
  uid: Int;
  day: Int;
  streak: Int;
  asset: string;
  amount: Int;
  at: Int;
}

export interface StoredPrize {
  asset: string;
  /** Units, as a decimal string of the integer (JSON has no bigint). */
  amount: string;
  oddsPpm: number;
}

export interface BoxRow {
  id: Int;
  name: string;
  price_asset: string;
  price: Int;
  prizes: string;
  status: 'active' | 'paused';
  opened: Int;
  revenue: Int;
  created_at: Int;
  updated_at: Int;
}

export interface BudgetRow {
  box_id: Int;
  asset: string;
  budget: Int;
  paid: Int;
}

export interface SeedRow {
  id: Int;
  uid: Int;
  server_seed: string;
  hash: string;
  client_seed: string;
  next_nonce: Int;
  created_at: Int;
  revealed_at: Int | null;
}

export interface DrawRow {
  id: Int;
  uid: Int;
  box_id: Int;
  seed_id: Int;
  nonce: Int;
  roll: Int;
  prize_index: Int;
  prize_asset: string;
  prize_amount: Int;
  prize_odds: Int;
  price_asset: string;
  price: Int;
  at: Int;
}

export interface RebateRow {
  id: Int;
  uid: Int;
  from_uid: Int;
  level: Int;
  product: string;
  asset: string;
  fee: Int;
  amount: Int;
  reference: string;
  day: Int;
  at: Int;
}

export type NewRebate = Omit<RebateRow, 'id' | 'uid' | 'from_uid' | 'level' | 'day' | 'at'> & {
  uid: number;
  from_uid: number;
  level: number;
  day: number;
  at: number;
};

export interface NewcomerTaskRow {
  task: string;
  asset: string;
  amount: Int;
  budget: Int;
  paid: Int;
}

export interface NewcomerClaimRow {
  uid: Int;
  task: string;
  asset: string;
  amount: Int;
  at: Int;
}

/** SQL for the rewards tables; nothing outside this module touches them. */
export function createRewardsRepo(db: Db) {
  const big = <P extends unknown[], R>(sql: string) => db.prepare<P, R>(sql).safeIntegers(true);
  const q = {
    setting: db.prepare<[string], string>('SELECT value FROM rewards_settings WHERE key = ?').pluck(),
    putSetting: db.prepare<[string, string]>(
      'INSERT INTO rewards_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    ),
    pool: big<[], { asset: string; funded: Int; paid: Int }>('SELECT * FROM rewards_pool ORDER BY asset'),
    addFunded: db.prepare<{ asset: string; amount: bigint }>(
      `INSERT INTO rewards_pool (asset, funded) VALUES (@asset, @amount)
       ON CONFLICT(asset) DO UPDATE SET funded = funded + @amount`,
    ),
    addPaid: db.prepare<{ asset: string; amount: bigint }>(
      `INSERT INTO rewards_pool (asset, paid) VALUES (@asset, @amount)
       ON CONFLICT(asset) DO UPDATE SET paid = paid + @amount`,
    ),
    checkins: big<[number, number], CheckinRow>(
      'SELECT * FROM rewards_checkins WHERE uid = ? ORDER BY day DESC LIMIT ?',
    ),
    insertCheckin: db.prepare<[number, number, number, string, bigint, number]>(
      'INSERT INTO rewards_checkins (uid, day, streak, asset, amount, at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    boxes: big<[], BoxRow>('SELECT * FROM rewards_boxes ORDER BY id'),
    box: big<[number], BoxRow>('SELECT * FROM rewards_boxes WHERE id = ?'),
    insertBox: db.prepare<[string, string, bigint, string, string, number, number]>(
      `INSERT INTO rewards_boxes (name, price_asset, price, prizes, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateBox: db.prepare<[string, string, bigint, string, string, number, number]>(
      `UPDATE rewards_boxes SET name = ?, price_asset = ?, price = ?, prizes = ?, status = ?, updated_at = ?
       WHERE id = ?`,
    ),
    boxSold: db.prepare<[bigint, number]>(
      'UPDATE rewards_boxes SET opened = opened + 1, revenue = revenue + ? WHERE id = ?',
    ),
    budgets: big<[number], BudgetRow>('SELECT * FROM rewards_box_budgets WHERE box_id = ? ORDER BY asset'),
    putBudget: db.prepare<{ box: number; asset: string; budget: bigint }>(
      `INSERT INTO rewards_box_budgets (box_id, asset, budget) VALUES (@box, @asset, @budget)
       ON CONFLICT(box_id, asset) DO UPDATE SET budget = @budget`,
    ),
    dropBudget: db.prepare<[number, string]>(
      'DELETE FROM rewards_box_budgets WHERE box_id = ? AND asset = ? AND paid = 0',
    ),
    payBudget: db.prepare<{ box: number; asset: string; amount: bigint }>(
      `UPDATE rewards_box_budgets SET paid = paid + @amount
       WHERE box_id = @box AND asset = @asset AND paid + @amount <= budget`,
    ),
    activeSeed: big<[number], SeedRow>('SELECT * FROM rewards_seeds WHERE uid = ? AND revealed_at IS NULL'),
    seed: big<[number], SeedRow>('SELECT * FROM rewards_seeds WHERE id = ?'),
    insertSeed: db.prepare<[number, string, string, string, number]>(
      'INSERT INTO rewards_seeds (uid, server_seed, hash, client_seed, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    bumpNonce: db.prepare<[number]>('UPDATE rewards_seeds SET next_nonce = next_nonce + 1 WHERE id = ?'),
    reveal: db.prepare<[number, number]>(
      'UPDATE rewards_seeds SET revealed_at = ? WHERE id = ? AND revealed_at IS NULL',
    ),
    insertDraw: db.prepare<
      [number, number, number, number, number, number, string, bigint, number, string, bigint, number]
    >(
      `INSERT INTO rewards_draws (uid, box_id, seed_id, nonce, roll, prize_index, prize_asset, prize_amount,
         prize_odds, price_asset, price, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    draw: big<[number], DrawRow>('SELECT * FROM rewards_draws WHERE id = ?'),
    userDraws: big<[number, number, number], DrawRow>(
      'SELECT * FROM rewards_draws WHERE uid = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    ),
    userDrawCount: db.prepare<[number], number>('SELECT COUNT(*) FROM rewards_draws WHERE uid = ?').pluck(),
    newestWins: big<[number], DrawRow>('SELECT * FROM rewards_draws WHERE prize_amount > 0 ORDER BY id DESC LIMIT ?'),
    rank: big<[number, number], { uid: Int; opened: Int; wins: Int }>(
      `SELECT uid, COUNT(*) AS opened, SUM(prize_amount > 0) AS wins FROM rewards_draws WHERE at >= ?
       GROUP BY uid ORDER BY opened DESC, wins DESC, MIN(id) LIMIT ?`,
    ),
    insertRebate: db.prepare<NewRebate>(
      `INSERT INTO rewards_rebates (uid, from_uid, level, product, asset, fee, amount, reference, day, at)
       VALUES (@uid, @from_uid, @level, @product, @asset, @fee, @amount, @reference, @day, @at)`,
    ),
    rebateTotals: big<[number], { asset: string; amount: Int }>(
      'SELECT asset, SUM(amount) AS amount FROM rewards_rebates WHERE uid = ? GROUP BY asset ORDER BY asset',
    ),
    rebatesByInvitee: big<[number], { from_uid: Int; asset: string; amount: Int }>(
      `SELECT from_uid, asset, SUM(amount) AS amount FROM rewards_rebates WHERE uid = ?
       GROUP BY from_uid, asset ORDER BY from_uid, asset`,
    ),
    rebateDays: big<[number, number], { day: Int; asset: string; fee: Int; amount: Int }>(
      `SELECT day, asset, SUM(fee) AS fee, SUM(amount) AS amount FROM rewards_rebates WHERE uid = ? AND day >= ?
       GROUP BY day, asset ORDER BY day, asset`,
    ),
    activeTraders: db
      .prepare<[number, number], number>(
        'SELECT COUNT(DISTINCT from_uid) FROM rewards_rebates WHERE uid = ? AND day >= ?',
      )
      .pluck(),
    rebatesPage: big<[number, number], RebateRow>('SELECT * FROM rewards_rebates ORDER BY id DESC LIMIT ? OFFSET ?'),
    rebateCount: db.prepare<[], number>('SELECT COUNT(*) FROM rewards_rebates').pluck(),
    newcomerTasks: big<[], NewcomerTaskRow>('SELECT * FROM rewards_newcomer_tasks ORDER BY task'),
    putNewcomerTask: db.prepare<{ task: string; asset: string; amount: bigint; budget: bigint }>(
      `INSERT INTO rewards_newcomer_tasks (task, asset, amount, budget) VALUES (@task, @asset, @amount, @budget)
       ON CONFLICT(task) DO UPDATE SET asset = @asset, amount = @amount, budget = @budget`,
    ),
    payNewcomer: db.prepare<{ task: string; amount: bigint }>(
      'UPDATE rewards_newcomer_tasks SET paid = paid + @amount WHERE task = @task AND paid + @amount <= budget',
    ),
    newcomerClaims: big<[number], NewcomerClaimRow>('SELECT * FROM rewards_newcomer_claims WHERE uid = ?'),
    insertNewcomerClaim: db.prepare<[number, string, string, bigint, number]>(
      'INSERT INTO rewards_newcomer_claims (uid, task, asset, amount, at) VALUES (?, ?, ?, ?, ?)',
    ),
    newcomerClaimCounts: db.prepare<[], { task: string; n: number }>(
      'SELECT task, COUNT(*) AS n FROM rewards_newcomer_claims GROUP BY task',
    ),
  };

  return {
    setting: (key: string): string | undefined => q.setting.get(key),
    putSetting: (key: string, value: string) => q.putSetting.run(key, value),
    pool: () => q.pool.all(),
    addFunded: (asset: string, amount: bigint) => q.addFunded.run({ asset, amount }),
    addPaid: (asset: string, amount: bigint) => q.addPaid.run({ asset, amount }),
    checkins: (uid: number, limit: number) => q.checkins.all(uid, limit),
    insertCheckin: (uid: number, day: number, streak: number, asset: string, amount: bigint, at: number) =>
      q.insertCheckin.run(uid, day, streak, asset, amount, at),
    boxes: () => q.boxes.all(),
    box: (id: number) => q.box.get(id),
    insertBox: (b: { name: string; priceAsset: string; price: bigint; prizes: string; status: string }, at: number) =>
      Number(q.insertBox.run(b.name, b.priceAsset, b.price, b.prizes, b.status, at, at).lastInsertRowid),
    updateBox: (
      id: number,
      b: { name: string; priceAsset: string; price: bigint; prizes: string; status: string },
      at: number,
    ) => q.updateBox.run(b.name, b.priceAsset, b.price, b.prizes, b.status, at, id),
    boxSold: (id: number, price: bigint) => q.boxSold.run(price, id),
    budgets: (boxId: number) => q.budgets.all(boxId),
    putBudget: (boxId: number, asset: string, budget: bigint) => q.putBudget.run({ box: boxId, asset, budget }),
    dropBudget: (boxId: number, asset: string) => q.dropBudget.run(boxId, asset),
    /** Adds to what a box paid in an asset, unless that would pass its budget (then false). */
    payBudget: (boxId: number, asset: string, amount: bigint) =>
      q.payBudget.run({ box: boxId, asset, amount }).changes === 1,
    activeSeed: (uid: number) => q.activeSeed.get(uid),
    seed: (id: number) => q.seed.get(id),
    insertSeed: (uid: number, serverSeed: string, hash: string, clientSeed: string, at: number) =>
      Number(q.insertSeed.run(uid, serverSeed, hash, clientSeed, at).lastInsertRowid),
    bumpNonce: (seedId: number) => q.bumpNonce.run(seedId),
    reveal: (seedId: number, at: number) => q.reveal.run(at, seedId).changes === 1,
    insertDraw: (d: {
      uid: number;
      boxId: number;
      seedId: number;
      nonce: number;
      roll: number;
      index: number;
      asset: string;
      amount: bigint;
      oddsPpm: number;
      priceAsset: string;
      price: bigint;
      at: number;
    }) =>
      Number(
        q.insertDraw.run(
          d.uid,
          d.boxId,
          d.seedId,
          d.nonce,
          d.roll,
          d.index,
          d.asset,
          d.amount,
          d.oddsPpm,
          d.priceAsset,
          d.price,
          d.at,
        ).lastInsertRowid,
      ),
    draw: (id: number) => q.draw.get(id),
    userDraws: (uid: number, limit: number, offset: number) => q.userDraws.all(uid, limit, offset),
    userDrawCount: (uid: number) => q.userDrawCount.get(uid) ?? 0,
    newestWins: (limit: number) => q.newestWins.all(limit),
    rank: (since: number, limit: number) => q.rank.all(since, limit),
    insertRebate: (r: NewRebate) => q.insertRebate.run(r),
    rebateTotals: (uid: number) => q.rebateTotals.all(uid),
    rebatesByInvitee: (uid: number) => q.rebatesByInvitee.all(uid),
    rebateDays: (uid: number, fromDay: number) => q.rebateDays.all(uid, fromDay),
    activeTraders: (uid: number, fromDay: number) => q.activeTraders.get(uid, fromDay) ?? 0,
    rebatesPage: (limit: number, offset: number) => q.rebatesPage.all(limit, offset),
    rebateCount: () => q.rebateCount.get() ?? 0,
    newcomerTasks: () => q.newcomerTasks.all(),
    putNewcomerTask: (t: { task: string; asset: string; amount: bigint; budget: bigint }) => q.putNewcomerTask.run(t),
    /** Takes `amount` from the task's budget; false (nothing changed) when the budget cannot pay it. */
    payNewcomer: (task: string, amount: bigint) => q.payNewcomer.run({ task, amount }).changes > 0,
    newcomerClaims: (uid: number) => q.newcomerClaims.all(uid),
    insertNewcomerClaim: (uid: number, task: string, asset: string, amount: bigint, at: number) =>
      q.insertNewcomerClaim.run(uid, task, asset, amount, at),
    newcomerClaimCounts: () => new Map(q.newcomerClaimCounts.all().map((r) => [r.task, Number(r.n)])),
  };
}

export type RewardsRepo = ReturnType<typeof createRewardsRepo>;
