import type { Db } from '../../db/database';

/** The statuses of a machine a user holds. */
export type MinerStatusValue = 'not_started' | 'running' | 'ended' | 'collected';

export type MachineRow = {
  id: number;
  names: string;
  hashrate: string;
  price_asset: string;
  price: bigint;
  term_days: number;
  output_asset: string;
  daily_output: bigint;
  fuel_asset: string;
  daily_fuel: bigint;
  per_user_limit: number;
  stock: number | null;
  sold: number;
  status: 'active' | 'paused';
  sort: number;
  created_at: number;
  updated_at: number;
};

export type MinerRow = {
  id: number;
  uid: number;
  machine_id: number;
  price_asset: string;
  price: bigint;
  term_days: number;
  output_asset: string;
  daily_output: bigint;
  fuel_asset: string;
  daily_fuel: bigint;
  bought_at: number;
  start_at: number;
  end_at: number;
  settled_through: number;
  days_done: number;
  days_produced: number;
  days_missed: number;
  fueled_through: number;
  fuel: bigint;
  fuel_added: bigint;
  produced: bigint;
  collected: bigint;
  status: MinerStatusValue;
};

export type DayRow = {
  miner_id: number;
  day: number;
  at: number;
  outcome: 'produced' | 'no_fuel';
  output: bigint;
  fuel: bigint;
};

/** Integer columns that are counts or times (not money): read back as numbers. */
const NUMBER_COLUMNS = new Set([
  'id',
  'uid',
  'machine_id',
  'miner_id',
  'term_days',
  'per_user_limit',
  'stock',
  'sold',
  'sort',
  'created_at',
  'updated_at',
  'bought_at',
  'start_at',
  'end_at',
  'settled_through',
  'days_done',
  'days_produced',
  'days_missed',
  'fueled_through',
  'day',
  'at',
  'n',
]);

/** Rows are read with 64-bit integers intact (money); counts and times become plain numbers. */
function normalise<R>(row: unknown): R {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
    out[key] = typeof value === 'bigint' && NUMBER_COLUMNS.has(key) ? Number(value) : value;
  }
  return out as R;
}

export type MachineWrite = Omit<MachineRow, 'id' | 'sold' | 'created_at' | 'updated_at'>;

/** SQL for the mining tables; nothing outside this module touches them. */
export function createMiningRepo(db: Db) {
  const big = <P extends unknown[] | Record<string, unknown>>(sql: string) =>
    db.prepare<P, Record<string, unknown>>(sql).safeIntegers(true);
  const q = {
    machines: big<[]>('SELECT * FROM mining_machines ORDER BY sort, id'),
    machine: big<[number]>('SELECT * FROM mining_machines WHERE id = ?'),
    insertMachine: big<MachineWrite & { now: number }>(
      `INSERT INTO mining_machines (names, hashrate, price_asset, price, term_days, output_asset, daily_output,
         fuel_asset, daily_fuel, per_user_limit, stock, status, sort, created_at, updated_at)
       VALUES (@names, @hashrate, @price_asset, @price, @term_days, @output_asset, @daily_output, @fuel_asset,
         @daily_fuel, @per_user_limit, @stock, @status, @sort, @now, @now)`,
    ),
    updateMachine: big<MachineWrite & { id: number; now: number }>(
      `UPDATE mining_machines SET names = @names, hashrate = @hashrate, price_asset = @price_asset, price = @price,
         term_days = @term_days, output_asset = @output_asset, daily_output = @daily_output, fuel_asset = @fuel_asset,
         daily_fuel = @daily_fuel, per_user_limit = @per_user_limit, stock = @stock, status = @status, sort = @sort,
         updated_at = @now
       WHERE id = @id`,
    ),
    sellOne: big<[number]>(
      'UPDATE mining_machines SET sold = sold + 1 WHERE id = ? AND (stock IS NULL OR sold < stock)',
    ),
    insertMiner: big<
      Omit<
        MinerRow,
        | 'id'
        | 'settled_through'
        | 'days_done'
        | 'days_produced'
        | 'days_missed'
        | 'fueled_through'
        | 'fuel'
        | 'fuel_added'
        | 'produced'
        | 'collected'
      >
    >(
      `INSERT INTO mining_miners (uid, machine_id, price_asset, price, term_days, output_asset, daily_output,
         fuel_asset, daily_fuel, bought_at, start_at, end_at, status)
       VALUES (@uid, @machine_id, @price_asset, @price, @term_days, @output_asset, @daily_output, @fuel_asset,
         @daily_fuel, @bought_at, @start_at, @end_at, @status)`,
    ),
    miner: big<[number]>('SELECT * FROM mining_miners WHERE id = ?'),
    holding: big<[number, number]>(
      "SELECT COUNT(*) AS n FROM mining_miners WHERE uid = ? AND machine_id = ? AND status IN ('not_started', 'running')",
    ),
    holdingOfMachine: big<[number]>(
      "SELECT COUNT(*) AS n FROM mining_miners WHERE machine_id = ? AND status IN ('not_started', 'running')",
    ),
    due: big<[number]>(
      `SELECT * FROM mining_miners WHERE status IN ('not_started', 'running') AND start_at <= ? ORDER BY id`,
    ),
    saveProgress: big<MinerRow>(
      `UPDATE mining_miners SET settled_through = @settled_through, days_done = @days_done,
         days_produced = @days_produced, days_missed = @days_missed, fueled_through = @fueled_through, fuel = @fuel,
         fuel_added = @fuel_added, produced = @produced, collected = @collected, status = @status
       WHERE id = @id`,
    ),
    insertDay: big<DayRow>(
      `INSERT INTO mining_days (miner_id, day, at, outcome, output, fuel)
       VALUES (@miner_id, @day, @at, @outcome, @output, @fuel)`,
    ),
    days: big<[number]>('SELECT * FROM mining_days WHERE miner_id = ? ORDER BY day DESC'),
    withIncome: big<[number]>('SELECT * FROM mining_miners WHERE uid = ? AND produced > collected ORDER BY id'),
    insertBudget: big<[string, bigint, number | null, number]>(
      'INSERT INTO mining_budgets (asset, amount, operator_id, created_at) VALUES (?, ?, ?, ?)',
    ),
    userCounts: big<[number]>('SELECT status, COUNT(*) AS n FROM mining_miners WHERE uid = ? GROUP BY status'),
    userFuelShort: big<[number]>(
      "SELECT COUNT(*) AS n FROM mining_miners WHERE uid = ? AND status = 'running' AND fueled_through <= days_done",
    ),
    userTotals: big<[number]>(
      `SELECT output_asset AS asset, SUM(produced) AS produced, SUM(produced - collected) AS uncollected
       FROM mining_miners WHERE uid = ? GROUP BY output_asset ORDER BY output_asset`,
    ),
    statusCounts: big<[]>('SELECT status, COUNT(*) AS n FROM mining_miners GROUP BY status'),
    users: big<[]>(
      "SELECT COUNT(DISTINCT uid) AS n FROM mining_miners WHERE status IN ('not_started', 'running', 'ended')",
    ),
    outputTotals: big<[]>(
      `SELECT output_asset AS asset, SUM(produced) AS produced, SUM(produced - collected) AS uncollected,
         SUM(CASE WHEN status IN ('not_started', 'running') THEN (term_days - days_produced) * daily_output
           ELSE 0 END) AS reserved
       FROM mining_miners GROUP BY output_asset`,
    ),
    fuelTotals: big<[]>(
      `SELECT fuel_asset AS asset, SUM(fuel) AS tanks,
         SUM(fuel_added - fuel) AS burnt_or_returned
       FROM mining_miners GROUP BY fuel_asset`,
    ),
    reservedOfMachine: big<[number]>(
      `SELECT COALESCE(SUM((term_days - days_produced) * daily_output), 0) AS reserved
       FROM mining_miners WHERE machine_id = ? AND status IN ('not_started', 'running')`,
    ),
  };

  const one = <R>(row: unknown): R | undefined => (row === undefined ? undefined : normalise<R>(row));
  const all = <R>(rows: unknown[]): R[] => rows.map((r) => normalise<R>(r));
  const count = (row: unknown): number => Number((row as { n: bigint } | undefined)?.n ?? 0n);

  return {
    machines: () => all<MachineRow>(q.machines.all()),
    machine: (id: number) => one<MachineRow>(q.machine.get(id)),
    insertMachine: (row: MachineWrite, now: number) => Number(q.insertMachine.run({ ...row, now }).lastInsertRowid),
    updateMachine: (id: number, row: MachineWrite, now: number) => q.updateMachine.run({ ...row, id, now }),
    sellOne: (id: number) => q.sellOne.run(id).changes === 1,
    insertMiner: (row: Parameters<typeof q.insertMiner.run>[0]) => Number(q.insertMiner.run(row).lastInsertRowid),
    miner: (id: number) => one<MinerRow>(q.miner.get(id)),
    holding: (uid: number, machineId: number) => count(q.holding.get(uid, machineId)),
    holdingOfMachine: (machineId: number) => count(q.holdingOfMachine.get(machineId)),
    due: (at: number) => all<MinerRow>(q.due.all(at)),
    saveProgress: (row: MinerRow) => q.saveProgress.run(row),
    insertDay: (row: DayRow) => q.insertDay.run(row),
    days: (minerId: number) => all<DayRow>(q.days.all(minerId)),
    withIncome: (uid: number) => all<MinerRow>(q.withIncome.all(uid)),
    insertBudget: (asset: string, amount: bigint, operatorId: number | null, now: number) =>
      Number(q.insertBudget.run(asset, amount, operatorId, now).lastInsertRowid),
    userCounts: (uid: number) =>
      new Map(all<{ status: MinerStatusValue; n: number }>(q.userCounts.all(uid)).map((r) => [r.status, r.n])),
    userFuelShort: (uid: number) => count(q.userFuelShort.get(uid)),
    userTotals: (uid: number) => all<{ asset: string; produced: bigint; uncollected: bigint }>(q.userTotals.all(uid)),
    statusCounts: () =>
      new Map(all<{ status: MinerStatusValue; n: number }>(q.statusCounts.all()).map((r) => [r.status, r.n])),
    users: () => count(q.users.get()),
    outputTotals: () =>
      all<{ asset: string; produced: bigint; uncollected: bigint; reserved: bigint }>(q.outputTotals.all()),
    fuelTotals: () => all<{ asset: string; tanks: bigint; burnt_or_returned: bigint }>(q.fuelTotals.all()),
    reservedOfMachine: (machineId: number) =>
      (q.reservedOfMachine.get(machineId) as { reserved: bigint } | undefined)?.reserved ?? 0n,
    /** A page of miners, filtered; `active` is not started or running. */
    page(
      filter: { uid?: number; machineId?: number; status?: MinerStatusValue | 'active' },
      limit: number,
      offset: number,
    ) {
      const where: string[] = [];
      const params: (number | string)[] = [];
      if (filter.uid !== undefined) {
        where.push('uid = ?');
        params.push(filter.uid);
      }
      if (filter.machineId !== undefined) {
        where.push('machine_id = ?');
        params.push(filter.machineId);
      }
      if (filter.status === 'active') where.push("status IN ('not_started', 'running')");
      else if (filter.status !== undefined) {
        where.push('status = ?');
        params.push(filter.status);
      }
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const rows = db
        .prepare(`SELECT * FROM mining_miners ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`)
        .safeIntegers(true)
        .all(...params, limit, offset);
      const total = db
        .prepare(`SELECT COUNT(*) AS n FROM mining_miners ${clause}`)
        .safeIntegers(true)
        .get(...params);
      return { list: all<MinerRow>(rows), total: count(total) };
    },
  };
}

export type MiningRepo = ReturnType<typeof createMiningRepo>;
