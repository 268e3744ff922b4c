import type { Db } from '../../db/database';

/** Money and ratios are read as bigint; ids and times are turned back with `Number`. */
type Int = bigint;

export interface ApplicationRow {
  id: Int;
  uid: Int;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  history: string;
  created_at: Int;
  reviewed_at: Int | null;
  reviewer: Int | null;
}

export interface LeaderRow {
  uid: Int;
  mode: 'ordinary' | 'compensate';
  profit_share_ppm: Int;
  min_copy: Int;
  compensation_ppm: Int;
  per_trade_cap: Int;
  total_cap: Int;
  symbols: string;
  demo: Int;
  since: Int;
}

export interface FollowRow {
  id: Int;
  leader_uid: Int;
  follower_uid: Int;
  status: 'following' | 'stopped';
  mode: 'fixed' | 'ratio';
  amount: Int;
  ratio_ppm: Int;
  realized: Int;
  settled_realized: Int;
  share_paid: Int;
  compensation: Int;
  high_water: Int;
  created_at: Int;
  stopped_at: Int | null;
}

export interface CopyPositionRow {
  follow_id: Int;
  symbol: string;
  side: 'long' | 'short';
  lots: Int;
  margin: Int;
}

export interface RecordRow {
  id: Int;
  follow_id: Int;
  leader_uid: Int;
  follower_uid: Int;
  kind: 'open' | 'close' | 'skip' | 'profit_share' | 'compensation' | 'flag';
  symbol: string | null;
  side: 'buy' | 'sell' | null;
  leader_price: string | null;
  leader_lots: Int | null;
  lots: Int | null;
  price: string | null;
  amount: Int | null;
  reason: string | null;
  order_id: Int | null;
  ts: Int;
}

export interface SettlementRow {
  id: Int;
  follow_id: Int;
  leader_uid: Int;
  follower_uid: Int;
  trigger: 'weekly' | 'unfollow';
  period: string;
  period_pnl: Int;
  profit_share: Int;
  compensation: Int;
  high_water: Int;
  ts: Int;
}

export type NewRecord = Omit<RecordRow, 'id' | 'leader_price' | 'price' | 'symbol' | 'side' | 'reason'> & {
  symbol?: string | null;
  side?: 'buy' | 'sell' | null;
  leader_price?: string | null;
  price?: string | null;
  reason?: string | null;
};

export function createCopyRepo(db: Db) {
  const big = <P extends unknown[], R>(sql: string) => db.prepare<P, R>(sql).safeIntegers(true);
  const q = {
    setting: db.prepare<[string], string>('SELECT value FROM copy_settings WHERE key = ?').pluck(),
    putSetting: db.prepare<[string, string]>(
      'INSERT INTO copy_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    ),
    insertApplication: db.prepare<[number, string, number]>(
      "INSERT INTO copy_applications (uid, status, history, created_at) VALUES (?, 'pending', ?, ?)",
    ),
    application: big<[number], ApplicationRow>('SELECT * FROM copy_applications WHERE id = ?'),
    lastApplication: big<[number], ApplicationRow>(
      'SELECT * FROM copy_applications WHERE uid = ? ORDER BY id DESC LIMIT 1',
    ),
    applications: big<[], ApplicationRow>('SELECT * FROM copy_applications ORDER BY id DESC LIMIT 500'),
    applicationsByStatus: big<[string], ApplicationRow>(
      'SELECT * FROM copy_applications WHERE status = ? ORDER BY id DESC LIMIT 500',
    ),
    countPending: db.prepare<[], number>("SELECT COUNT(*) FROM copy_applications WHERE status = 'pending'").pluck(),
    reviewApplication: db.prepare<[string, string | null, number, number, number]>(
      "UPDATE copy_applications SET status = ?, reason = ?, reviewed_at = ?, reviewer = ? WHERE id = ? AND status = 'pending'",
    ),
    insertLeader: db.prepare<[number, string, number, number]>(
      `INSERT INTO copy_leaders (uid, mode, profit_share_ppm, min_copy, compensation_ppm, per_trade_cap, total_cap,
        symbols, demo, since) VALUES (?, 'ordinary', 100000, 0, 0, 0, 0, ?, ?, ?)`,
    ),
    leader: big<[number], LeaderRow>('SELECT * FROM copy_leaders WHERE uid = ?'),
    leaders: big<[], LeaderRow>('SELECT * FROM copy_leaders ORDER BY since'),
    updateLeader: db.prepare<{
      uid: number;
      mode: string;
      profit_share_ppm: bigint;
      min_copy: bigint;
      compensation_ppm: bigint;
      per_trade_cap: bigint;
      total_cap: bigint;
    }>(
      `UPDATE copy_leaders SET mode = @mode, profit_share_ppm = @profit_share_ppm, min_copy = @min_copy,
        compensation_ppm = @compensation_ppm, per_trade_cap = @per_trade_cap, total_cap = @total_cap WHERE uid = @uid`,
    ),
    setSymbols: db.prepare<[string, number]>('UPDATE copy_leaders SET symbols = ? WHERE uid = ?'),
    insertFollow: db.prepare<[number, number, string, bigint, bigint, number]>(
      `INSERT INTO copy_follows (leader_uid, follower_uid, status, mode, amount, ratio_ppm, created_at)
       VALUES (?, ?, 'following', ?, ?, ?, ?)`,
    ),
    follow: big<[number], FollowRow>('SELECT * FROM copy_follows WHERE id = ?'),
    activeFollow: big<[number, number], FollowRow>(
      "SELECT * FROM copy_follows WHERE leader_uid = ? AND follower_uid = ? AND status = 'following'",
    ),
    followsOfFollower: big<[number], FollowRow>('SELECT * FROM copy_follows WHERE follower_uid = ? ORDER BY id DESC'),
    activeFollowsOfLeader: big<[number], FollowRow>(
      "SELECT * FROM copy_follows WHERE leader_uid = ? AND status = 'following' ORDER BY id",
    ),
    activeFollows: big<[], FollowRow>("SELECT * FROM copy_follows WHERE status = 'following' ORDER BY id"),
    addRealized: db.prepare<[bigint, number]>('UPDATE copy_follows SET realized = realized + ? WHERE id = ?'),
    settleFollow: db.prepare<[bigint, bigint, bigint, bigint, number]>(
      `UPDATE copy_follows SET settled_realized = ?, share_paid = share_paid + ?, compensation = compensation + ?,
        high_water = ? WHERE id = ?`,
    ),
    stopFollow: db.prepare<[number, number]>("UPDATE copy_follows SET status = 'stopped', stopped_at = ? WHERE id = ?"),
    positions: big<[number], CopyPositionRow>('SELECT * FROM copy_positions WHERE follow_id = ? AND lots > 0'),
    position: big<[number, string], CopyPositionRow>('SELECT * FROM copy_positions WHERE follow_id = ? AND symbol = ?'),
    putPosition: db.prepare<[number, string, string, bigint, bigint]>(
      `INSERT INTO copy_positions (follow_id, symbol, side, lots, margin) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(follow_id, symbol) DO UPDATE SET side = excluded.side, lots = excluded.lots, margin = excluded.margin`,
    ),
    openMarginOfLeader: big<[number], Int>(
      `SELECT COALESCE(SUM(p.margin), 0) FROM copy_positions p JOIN copy_follows f ON f.id = p.follow_id
       WHERE f.leader_uid = ? AND f.status = 'following' AND p.lots > 0`,
    ).pluck(),
    leaderHasOpenCopies: db
      .prepare<[number], number>(
        `SELECT COUNT(*) FROM copy_positions p JOIN copy_follows f ON f.id = p.follow_id
         WHERE f.leader_uid = ? AND p.lots > 0`,
      )
      .pluck(),
    leaderPosition: big<[number, string], { side: 'long' | 'short'; lots: Int }>(
      'SELECT side, lots FROM copy_leader_positions WHERE leader_uid = ? AND symbol = ?',
    ),
    putLeaderPosition: db.prepare<[number, string, string, number]>(
      `INSERT INTO copy_leader_positions (leader_uid, symbol, side, lots) VALUES (?, ?, ?, ?)
       ON CONFLICT(leader_uid, symbol) DO UPDATE SET side = excluded.side, lots = excluded.lots`,
    ),
    insertRecord: db.prepare<NewRecord & Record<string, unknown>>(
      `INSERT INTO copy_records (follow_id, leader_uid, follower_uid, kind, symbol, side, leader_price, leader_lots, lots,
        price, amount, reason, order_id, ts) VALUES (@follow_id, @leader_uid, @follower_uid, @kind, @symbol, @side,
        @leader_price, @leader_lots, @lots, @price, @amount, @reason, @order_id, @ts)`,
    ),
    recordsOfFollow: big<[number, number, number], RecordRow>(
      'SELECT * FROM copy_records WHERE follow_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    ),
    countOfFollow: db.prepare<[number], number>('SELECT COUNT(*) FROM copy_records WHERE follow_id = ?').pluck(),
    recordsOfFollower: big<[number, number, number], RecordRow>(
      'SELECT * FROM copy_records WHERE follower_uid = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    ),
    countOfFollower: db.prepare<[number], number>('SELECT COUNT(*) FROM copy_records WHERE follower_uid = ?').pluck(),
    recordsOfLeader: big<[number, number, number], RecordRow>(
      'SELECT * FROM copy_records WHERE leader_uid = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    ),
    countOfLeader: db.prepare<[number], number>('SELECT COUNT(*) FROM copy_records WHERE leader_uid = ?').pluck(),
    allRecords: big<[], RecordRow>('SELECT * FROM copy_records ORDER BY id'),
    insertSettlement: db.prepare<[number, number, number, string, string, bigint, bigint, bigint, bigint, number]>(
      `INSERT INTO copy_settlements (follow_id, leader_uid, follower_uid, trigger, period, period_pnl, profit_share,
        compensation, high_water, ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    settlementExists: db
      .prepare<[number, string], number>('SELECT COUNT(*) FROM copy_settlements WHERE follow_id = ? AND period = ?')
      .pluck(),
    settlements: big<[number, number], SettlementRow>(
      'SELECT * FROM copy_settlements ORDER BY id DESC LIMIT ? OFFSET ?',
    ),
    countSettlements: db.prepare<[], number>('SELECT COUNT(*) FROM copy_settlements').pluck(),
    allSettlements: big<[], SettlementRow>('SELECT * FROM copy_settlements ORDER BY id'),
  };
  return {
    setting: (key: string) => q.setting.get(key),
    putSetting: (key: string, value: string) => void q.putSetting.run(key, value),
    insertApplication: (uid: number, history: string, at: number) =>
      Number(q.insertApplication.run(uid, history, at).lastInsertRowid),
    application: (id: number) => q.application.get(id),
    lastApplication: (uid: number) => q.lastApplication.get(uid),
    applications: (status?: string) => (status ? q.applicationsByStatus.all(status) : q.applications.all()),
    countPending: () => q.countPending.get() ?? 0,
    reviewApplication: (id: number, status: string, reason: string | null, at: number, reviewer: number) =>
      q.reviewApplication.run(status, reason, at, reviewer, id).changes === 1,
    insertLeader: (uid: number, symbols: string[], demo: boolean, at: number) =>
      void q.insertLeader.run(uid, JSON.stringify(symbols), demo ? 1 : 0, at),
    leader: (uid: number) => q.leader.get(uid),
    leaders: () => q.leaders.all(),
    updateLeader: (row: Parameters<typeof q.updateLeader.run>[0]) => void q.updateLeader.run(row),
    setSymbols: (uid: number, symbols: string[]) => void q.setSymbols.run(JSON.stringify(symbols), uid),
    insertFollow: (leader: number, follower: number, mode: string, amount: bigint, ratioPpm: bigint, at: number) =>
      Number(q.insertFollow.run(leader, follower, mode, amount, ratioPpm, at).lastInsertRowid),
    follow: (id: number) => q.follow.get(id),
    activeFollow: (leader: number, follower: number) => q.activeFollow.get(leader, follower),
    followsOfFollower: (uid: number) => q.followsOfFollower.all(uid),
    activeFollowsOfLeader: (uid: number) => q.activeFollowsOfLeader.all(uid),
    activeFollows: () => q.activeFollows.all(),
    addRealized: (id: number, amount: bigint) => void q.addRealized.run(amount, id),
    settleFollow: (id: number, settledRealized: bigint, share: bigint, compensation: bigint, highWater: bigint) =>
      void q.settleFollow.run(settledRealized, share, compensation, highWater, id),
    stopFollow: (id: number, at: number) => void q.stopFollow.run(at, id),
    positions: (followId: number) => q.positions.all(followId),
    position: (followId: number, symbol: string) => q.position.get(followId, symbol),
    putPosition: (followId: number, symbol: string, side: string, lots: bigint, margin: bigint) =>
      void q.putPosition.run(followId, symbol, side, lots, margin),
    openMarginOfLeader: (uid: number) => q.openMarginOfLeader.get(uid) ?? 0n,
    leaderHasOpenCopies: (uid: number) => (q.leaderHasOpenCopies.get(uid) ?? 0) > 0,
    leaderPosition: (uid: number, symbol: string) => q.leaderPosition.get(uid, symbol),
    putLeaderPosition: (uid: number, symbol: string, side: string, lots: number) =>
      void q.putLeaderPosition.run(uid, symbol, side, lots),
    insertRecord: (r: NewRecord) =>
      void q.insertRecord.run({
        symbol: null,
        side: null,
        leader_price: null,
        price: null,
        reason: null,
        ...r,
      }),
    records: (by: { followId?: number; follower?: number; leader?: number }, limit: number, offset: number) => {
      if (by.followId !== undefined) {
        return {
          rows: q.recordsOfFollow.all(by.followId, limit, offset),
          total: q.countOfFollow.get(by.followId) ?? 0,
        };
      }
      if (by.leader !== undefined) {
        return { rows: q.recordsOfLeader.all(by.leader, limit, offset), total: q.countOfLeader.get(by.leader) ?? 0 };
      }
      const uid = by.follower ?? 0;
      return { rows: q.recordsOfFollower.all(uid, limit, offset), total: q.countOfFollower.get(uid) ?? 0 };
    },
    allRecords: () => q.allRecords.all(),
    insertSettlement: (s: Omit<SettlementRow, 'id'>) =>
      void q.insertSettlement.run(
        Number(s.follow_id),
        Number(s.leader_uid),
        Number(s.follower_uid),
        s.trigger,
        s.period,
        s.period_pnl,
        s.profit_share,
        s.compensation,
        s.high_water,
        Number(s.ts),
      ),
    settlementExists: (followId: number, period: string) => (q.settlementExists.get(followId, period) ?? 0) > 0,
    settlements: (limit: number, offset: number) => ({
      rows: q.settlements.all(limit, offset),
      total: q.countSettlements.get() ?? 0,
    }),
    allSettlements: () => q.allSettlements.all(),
  };
}

export type CopyRepo = ReturnType<typeof createCopyRepo>;
