import type { Db } from '../../db/database';

/** Integer columns come back as bigint (safeIntegers) wherever money or prices are read. */
export interface PairRow {
  symbol: string;
  base: string;
  quote: string;
  price_scale: number;
  enabled: number;
  sort: number;
  days: number;
  open_minute: number;
  close_minute: number;
  created_at: number;
  updated_at: number;
}

export interface PeriodRow {
  seconds: number;
  payout_ppm: number;
  fee_ppm: number;
  min_stake: bigint;
  max_stake: bigint;
  round_cap: bigint;
  enabled: number;
  updated_at: number;
}

export interface PointRow {
  symbol: string;
  at: bigint;
  price: bigint;
  index_at: bigint;
  source: string;
}

export type StoredRoundState = 'pending' | 'open' | 'settled' | 'void';

export interface RoundRow {
  id: bigint;
  symbol: string;
  period: bigint;
  number: bigint;
  open_at: bigint;
  close_at: bigint;
  state: StoredRoundState;
  price_scale: bigint;
  open_price: bigint | null;
  open_index_at: bigint | null;
  close_price: bigint | null;
  close_index_at: bigint | null;
  source: string | null;
  outcome: 'up' | 'down' | 'flat' | null;
  void_reason: 'no_open_price' | 'no_close_price' | null;
  bets: bigint;
  up_stake: bigint;
  down_stake: bigint;
  fees: bigint;
  payout: bigint;
  pool_result: bigint;
  created_at: bigint;
  settled_at: bigint | null;
}

export type BetState = 'open' | 'win' | 'loss' | 'draw' | 'void';

export interface BetRow {
  id: bigint;
  round_id: bigint;
  uid: bigint;
  side: 'up' | 'down';
  stake: bigint;
  fee: bigint;
  payout_ppm: bigint;
  state: BetState;
  payout: bigint | null;
  request_id: string | null;
  created_at: bigint;
  settled_at: bigint | null;
}

/** A bet with the round it belongs to (the trader's lists). */
export type BetWithRoundRow = BetRow & {
  symbol: string;
  period: bigint;
  number: bigint;
  open_at: bigint;
  close_at: bigint;
  round_state: StoredRoundState;
  price_scale: bigint;
  open_price: bigint | null;
  close_price: bigint | null;
  outcome: 'up' | 'down' | 'flat' | null;
};

export interface NewRound {
  symbol: string;
  period: number;
  number: number;
  open_at: number;
  close_at: number;
  state: 'pending' | 'open';
  price_scale: number;
  open_price: bigint | null;
  open_index_at: number | null;
  source: string | null;
  created_at: number;
}

export interface HouseRow {
  symbol: string;
  period: bigint;
  rounds: bigint;
  bets: bigint;
  staked: bigint;
  paid: bigint;
  fees: bigint;
  pool: bigint;
}

export interface RoundFilter {
  symbol?: string;
  period?: number;
  state?: StoredRoundState;
  joined: boolean;
  from?: number;
  to?: number;
}

const BET_WITH_ROUND = `SELECT b.*, r.symbol, r.period, r.number, r.open_at, r.close_at, r.state AS round_state,
  r.price_scale, r.open_price, r.close_price, r.outcome
  FROM option_bets b JOIN option_rounds r ON r.id = b.round_id`;

/**
 * A settled bet's state and payout as a function of its side's result (`@up`, `@down`) and its own terms: the
 * settlement rule (`settleOptionBet`) in SQL, for writing a round's bets in one statement. The win's profit is
 * floor(stake × ppm / 10^6), computed as (stake div 10^6) × ppm + (stake mod 10^6) × ppm div 10^6 so no intermediate
 * product leaves 64 bits. The service checks the written totals against the rule's.
 */
const SIDE_RESULT = "CASE side WHEN 'up' THEN @up ELSE @down END";
const SETTLED_PAYOUT = `CASE ${SIDE_RESULT}
  WHEN 'win' THEN stake + (stake / 1000000) * payout_ppm + (stake % 1000000) * payout_ppm / 1000000
  WHEN 'loss' THEN 0 WHEN 'draw' THEN stake ELSE stake + fee END`;

/** SQL for the options tables; nothing outside this module touches them. */
export function createOptionsRepo(db: Db) {
  const q = {
    pairs: db.prepare<[], PairRow>('SELECT * FROM option_pairs ORDER BY sort, symbol'),
    upsertPair: db.prepare<Omit<PairRow, 'created_at'> & { created_at: number }>(
      `INSERT INTO option_pairs (symbol, base, quote, price_scale, enabled, sort, days, open_minute, close_minute,
         created_at, updated_at)
       VALUES (@symbol, @base, @quote, @price_scale, @enabled, @sort, @days, @open_minute, @close_minute, @created_at,
         @updated_at)
       ON CONFLICT (symbol) DO UPDATE SET enabled = excluded.enabled, sort = excluded.sort, days = excluded.days,
         open_minute = excluded.open_minute, close_minute = excluded.close_minute, updated_at = excluded.updated_at`,
    ),
    periods: db.prepare<[], PeriodRow>('SELECT * FROM option_periods ORDER BY seconds').safeIntegers(true),
    upsertPeriod: db.prepare<{
      seconds: number;
      payout_ppm: number;
      fee_ppm: number;
      min_stake: bigint;
      max_stake: bigint;
      round_cap: bigint;
      enabled: number;
      updated_at: number;
    }>(
      `INSERT INTO option_periods (seconds, payout_ppm, fee_ppm, min_stake, max_stake, round_cap, enabled, updated_at)
       VALUES (@seconds, @payout_ppm, @fee_ppm, @min_stake, @max_stake, @round_cap, @enabled, @updated_at)
       ON CONFLICT (seconds) DO UPDATE SET payout_ppm = excluded.payout_ppm, fee_ppm = excluded.fee_ppm,
         min_stake = excluded.min_stake, max_stake = excluded.max_stake, round_cap = excluded.round_cap,
         enabled = excluded.enabled, updated_at = excluded.updated_at`,
    ),

    // ---- the series ----
    insertPoint: db.prepare<[string, number, bigint, number, string]>(
      'INSERT OR IGNORE INTO option_index (symbol, at, price, index_at, source) VALUES (?, ?, ?, ?, ?)',
    ),
    point: db
      .prepare<[string, number], PointRow>('SELECT * FROM option_index WHERE symbol = ? AND at = ?')
      .safeIntegers(true),
    points: db
      .prepare<[string, number, number, number], PointRow>(
        'SELECT * FROM option_index WHERE symbol = ? AND at >= ? AND at <= ? ORDER BY at LIMIT ?',
      )
      .safeIntegers(true),
    pointsBefore: db
      .prepare<[string, number, number], PointRow>(
        'SELECT * FROM option_index WHERE symbol = ? AND at < ? ORDER BY at DESC LIMIT ?',
      )
      .safeIntegers(true),
    latestPoint: db
      .prepare<[string], PointRow>('SELECT * FROM option_index WHERE symbol = ? ORDER BY at DESC LIMIT 1')
      .safeIntegers(true),
    // Old points go, except those a round with bets was settled from (every bet stays checkable).
    prunePoints: db.prepare<{ symbol: string; before: number }>(
      `DELETE FROM option_index WHERE symbol = @symbol AND at < @before
         AND at NOT IN (SELECT open_at FROM option_rounds WHERE symbol = @symbol AND bets > 0 AND open_at < @before)
         AND at NOT IN (SELECT close_at FROM option_rounds WHERE symbol = @symbol AND bets > 0 AND close_at < @before)`,
    ),
    pruneRounds: db.prepare<[number]>(
      "DELETE FROM option_rounds WHERE bets = 0 AND close_at < ? AND state IN ('settled', 'void')",
    ),

    // ---- rounds ----
    roundById: db.prepare<[number], RoundRow>('SELECT * FROM option_rounds WHERE id = ?').safeIntegers(true),
    round: db
      .prepare<[string, number, number], RoundRow>(
        'SELECT * FROM option_rounds WHERE symbol = ? AND period = ? AND number = ?',
      )
      .safeIntegers(true),
    insertRound: db.prepare<NewRound>(
      `INSERT INTO option_rounds (symbol, period, number, open_at, close_at, state, price_scale, open_price,
         open_index_at, source, created_at)
       VALUES (@symbol, @period, @number, @open_at, @close_at, @state, @price_scale, @open_price, @open_index_at,
         @source, @created_at)`,
    ),
    dueToSettle: db
      .prepare<[number], RoundRow>(
        "SELECT * FROM option_rounds WHERE state IN ('pending', 'open') AND close_at <= ? ORDER BY close_at, id",
      )
      .safeIntegers(true),
    dueToOpen: db
      .prepare<[number], RoundRow>(
        "SELECT * FROM option_rounds WHERE state = 'pending' AND open_at <= ? ORDER BY open_at, id",
      )
      .safeIntegers(true),
    openRound: db.prepare<[bigint, number, string, number]>(
      "UPDATE option_rounds SET state = 'open', open_price = ?, open_index_at = ?, source = ? WHERE id = ? AND state = 'pending'",
    ),
    finishRound: db.prepare<{
      id: number;
      state: 'settled' | 'void';
      open_price: bigint | null;
      open_index_at: number | null;
      close_price: bigint | null;
      close_index_at: number | null;
      source: string | null;
      outcome: string | null;
      void_reason: string | null;
      payout: bigint;
      fees: bigint;
      pool_result: bigint;
      settled_at: number;
    }>(
      `UPDATE option_rounds SET state = @state, open_price = @open_price, open_index_at = @open_index_at,
         close_price = @close_price, close_index_at = @close_index_at, source = @source, outcome = @outcome,
         void_reason = @void_reason, payout = @payout, fees = @fees, pool_result = @pool_result,
         settled_at = @settled_at
       WHERE id = @id AND state IN ('pending', 'open')`,
    ),
    addToRound: db.prepare<[bigint, bigint, bigint, number]>(
      'UPDATE option_rounds SET bets = bets + 1, up_stake = up_stake + ?, down_stake = down_stake + ?, fees = fees + ? WHERE id = ?',
    ),
    history: db
      .prepare<[string, number, number, number], RoundRow>(
        'SELECT * FROM option_rounds WHERE symbol = ? AND period = ? AND open_at < ? ORDER BY open_at DESC LIMIT ?',
      )
      .safeIntegers(true),
    finished: db
      .prepare<{ symbol: string; period: number; from: number; to: number; after: number; limit: number }, RoundRow>(
        `SELECT * FROM option_rounds WHERE symbol = @symbol AND period = @period AND open_at >= @from AND open_at < @to
           AND state IN ('settled', 'void') AND id > @after ORDER BY id LIMIT @limit`,
      )
      .safeIntegers(true),

    // ---- bets ----
    betOf: db
      .prepare<[number, number], BetRow>('SELECT * FROM option_bets WHERE round_id = ? AND uid = ?')
      .safeIntegers(true),
    insertBet: db.prepare<{
      round_id: number;
      uid: number;
      side: string;
      stake: bigint;
      fee: bigint;
      payout_ppm: number;
      request_id: string | null;
      created_at: number;
    }>(
      `INSERT INTO option_bets (round_id, uid, side, stake, fee, payout_ppm, request_id, created_at)
       VALUES (@round_id, @uid, @side, @stake, @fee, @payout_ppm, @request_id, @created_at)`,
    ),
    betsOfRound: db
      .prepare<[number], BetRow>('SELECT * FROM option_bets WHERE round_id = ? ORDER BY id')
      .safeIntegers(true),
    // What settling needs of a round's open bets, as arrays (a round may hold 100,000: no row objects).
    openBetsOfRound: db
      .prepare<[number], [bigint, 'up' | 'down', bigint, bigint, bigint]>(
        "SELECT id, side, stake, fee, payout_ppm FROM option_bets WHERE round_id = ? AND state = 'open' ORDER BY id",
      )
      .raw(true)
      .safeIntegers(true),
    settleRoundBets: db.prepare<{ round: number; up: BetState; down: BetState; at: number }>(
      `UPDATE option_bets SET state = ${SIDE_RESULT}, payout = ${SETTLED_PAYOUT}, settled_at = @at
       WHERE round_id = @round AND state = 'open'`,
    ),
    settledTotals: db
      .prepare<[number], { state: BetState; bets: bigint; paid: bigint }>(
        'SELECT state, COUNT(*) AS bets, SUM(payout) AS paid FROM option_bets WHERE round_id = ? GROUP BY state',
      )
      .safeIntegers(true),
    betWithRound: db.prepare<[number], BetWithRoundRow>(`${BET_WITH_ROUND} WHERE b.id = ?`).safeIntegers(true),
    // A bet is open exactly while its round is unfinished (a round's bets settle with it): the few unfinished rounds,
    // then the user's bet in each by (round, uid) — no index of open bets to rewrite when 100,000 of them settle.
    // CROSS JOIN keeps that order (without it the planner reads all the user's bets, or every bet, instead).
    openBets: db
      .prepare<[number], BetWithRoundRow>(
        `SELECT b.*, r.symbol, r.period, r.number, r.open_at, r.close_at, r.state AS round_state, r.price_scale,
           r.open_price, r.close_price, r.outcome
         FROM option_rounds r CROSS JOIN option_bets b ON b.round_id = r.id AND b.uid = ?
         WHERE r.state IN ('pending', 'open') AND b.state = 'open' ORDER BY r.open_at, b.id`,
      )
      .safeIntegers(true),
    userHistory: db
      .prepare<{ uid: number; symbol: string | null; since: number; limit: number; offset: number }, BetWithRoundRow>(
        `${BET_WITH_ROUND} WHERE b.uid = @uid AND b.state <> 'open' AND b.created_at >= @since
           AND (@symbol IS NULL OR r.symbol = @symbol)
         ORDER BY b.id DESC LIMIT @limit OFFSET @offset`,
      )
      .safeIntegers(true),
    userHistoryCount: db
      .prepare<{ uid: number; symbol: string | null; since: number }, number>(
        `SELECT COUNT(*) FROM option_bets b JOIN option_rounds r ON r.id = b.round_id
         WHERE b.uid = @uid AND b.state <> 'open' AND b.created_at >= @since AND (@symbol IS NULL OR r.symbol = @symbol)`,
      )
      .pluck(),
    openStakes: db
      .prepare<[], bigint | null>(
        `SELECT SUM(b.stake + b.fee) FROM option_rounds r CROSS JOIN option_bets b ON b.round_id = r.id
         WHERE r.state IN ('pending', 'open') AND b.state = 'open'`,
      )
      .pluck()
      .safeIntegers(true),
    house: db
      .prepare<[number, number], HouseRow>(
        `SELECT symbol, period, COUNT(*) AS rounds, SUM(bets) AS bets, SUM(up_stake + down_stake) AS staked,
           SUM(payout) AS paid, SUM(CASE WHEN state = 'void' THEN 0 ELSE fees END) AS fees, SUM(pool_result) AS pool
         FROM option_rounds WHERE bets > 0 AND settled_at >= ? AND settled_at < ?
         GROUP BY symbol, period ORDER BY symbol, period`,
      )
      .safeIntegers(true),
  };

  return {
    pairs: () => q.pairs.all(),
    upsertPair: (row: Omit<PairRow, 'created_at'> & { created_at: number }) => q.upsertPair.run(row),
    periods: () => q.periods.all(),
    upsertPeriod: (row: Parameters<typeof q.upsertPeriod.run>[0]) => q.upsertPeriod.run(row),

    insertPoint: (symbol: string, at: number, price: bigint, indexAt: number, source: string) =>
      q.insertPoint.run(symbol, at, price, indexAt, source).changes > 0,
    point: (symbol: string, at: number) => q.point.get(symbol, at),
    points: (symbol: string, from: number, to: number, limit: number) => q.points.all(symbol, from, to, limit),
    pointsBefore: (symbol: string, before: number, limit: number) => q.pointsBefore.all(symbol, before, limit),
    latestPoint: (symbol: string) => q.latestPoint.get(symbol),
    prune: (symbols: readonly string[], before: number) => {
      let points = 0;
      for (const symbol of symbols) points += q.prunePoints.run({ symbol, before }).changes;
      return { points, rounds: q.pruneRounds.run(before).changes };
    },

    roundById: (id: number) => q.roundById.get(id),
    round: (symbol: string, period: number, number: number) => q.round.get(symbol, period, number),
    insertRound: (round: NewRound) => Number(q.insertRound.run(round).lastInsertRowid),
    dueToSettle: (at: number) => q.dueToSettle.all(at),
    dueToOpen: (at: number) => q.dueToOpen.all(at),
    openRound: (id: number, price: bigint, indexAt: number, source: string) =>
      q.openRound.run(price, indexAt, source, id).changes === 1,
    finishRound: (row: Parameters<typeof q.finishRound.run>[0]) => q.finishRound.run(row).changes === 1,
    addToRound: (id: number, side: 'up' | 'down', stake: bigint, fee: bigint) =>
      q.addToRound.run(side === 'up' ? stake : 0n, side === 'down' ? stake : 0n, fee, id),
    history: (symbol: string, period: number, before: number, limit: number) =>
      q.history.all(symbol, period, before, limit),
    finished: (args: { symbol: string; period: number; from: number; to: number; after: number; limit: number }) =>
      q.finished.all(args),
    rounds: (filter: RoundFilter, limit: number, offset: number): { list: RoundRow[]; total: number } => {
      const where: string[] = [];
      const params: Record<string, unknown> = {};
      if (filter.symbol !== undefined) {
        where.push('symbol = @symbol');
        params.symbol = filter.symbol;
      }
      if (filter.period !== undefined) {
        where.push('period = @period');
        params.period = filter.period;
      }
      if (filter.state !== undefined) {
        where.push('state = @state');
        params.state = filter.state;
      }
      if (filter.joined) where.push('bets > 0');
      if (filter.from !== undefined) {
        where.push('open_at >= @from');
        params.from = filter.from;
      }
      if (filter.to !== undefined) {
        where.push('open_at < @to');
        params.to = filter.to;
      }
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const list = db
        .prepare<Record<string, unknown>, RoundRow>(
          `SELECT * FROM option_rounds ${clause} ORDER BY open_at DESC, id DESC LIMIT @limit OFFSET @offset`,
        )
        .safeIntegers(true)
        .all({ ...params, limit, offset });
      const total = db
        .prepare<Record<string, unknown>, number>(`SELECT COUNT(*) FROM option_rounds ${clause}`)
        .pluck()
        .get(params);
      return { list, total: total ?? 0 };
    },

    betOf: (roundId: number, uid: number) => q.betOf.get(roundId, uid),
    insertBet: (row: Parameters<typeof q.insertBet.run>[0]) => Number(q.insertBet.run(row).lastInsertRowid),
    betsOfRound: (roundId: number) => q.betsOfRound.all(roundId),
    /** A round's open bets for settling, one at a time (nothing kept): [id, side, stake, fee, payout ppm] each. */
    openBetsOfRound: (roundId: number) => q.openBetsOfRound.iterate(roundId),
    /**
     * Writes the result of every open bet of a round in one statement, each side's result given (the settlement
     * rule's payout in SQL, {@link SETTLED_PAYOUT}); returns how many bets changed.
     */
    settleRoundBets: (roundId: number, up: BetState, down: BetState, at: number) =>
      q.settleRoundBets.run({ round: roundId, up, down, at }).changes,
    /** A round's bets by state: how many, and the sum of their payouts. */
    settledTotals: (roundId: number) => q.settledTotals.all(roundId),
    betWithRound: (id: number) => q.betWithRound.get(id),
    openBets: (uid: number) => q.openBets.all(uid),
    userHistory: (uid: number, symbol: string | null, since: number, limit: number, offset: number) => ({
      list: q.userHistory.all({ uid, symbol, since, limit, offset }),
      total: q.userHistoryCount.get({ uid, symbol, since }) ?? 0,
    }),
    openStakes: () => q.openStakes.get() ?? 0n,
    house: (from: number, to: number) => q.house.all(from, to),
  };
}

export type OptionsRepo = ReturnType<typeof createOptionsRepo>;
