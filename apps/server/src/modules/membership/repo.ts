import type { Db } from '../../db/database';

type Int = bigint;

export interface LevelRow {
  level: Int;
  name: string;
  hold_amount: Int;
  price: Int;
  days: Int;
  spot_ppm: Int;
  futures_ppm: Int;
  box_ppm: Int;
  withdraw_limit: Int | null;
}

export interface MemberRow {
  uid: Int;
  held_level: Int;
  holdings: Int;
  evaluated_at: Int | null;
  bought_level: Int;
  bought_until: Int | null;
}

export interface PurchaseRow {
  id: Int;
  uid: Int;
  level: Int;
  asset: string;
  price: Int;
  from_at: Int;
  until_at: Int;
  at: Int;
}

export interface BenefitRow {
  id: Int;
  uid: Int;
  kind: 'spot_fee' | 'futures_fee' | 'box';
  level: Int;
  asset: string;
  amount: Int;
  reference: string;
  at: Int;
}

/** SQL for the membership tables; nothing outside this module touches them. */
export function createMembershipRepo(db: Db) {
  const big = <P extends unknown[], R>(sql: string) => db.prepare<P, R>(sql).safeIntegers(true);
  const q = {
    setting: db.prepare<[string], string>('SELECT value FROM membership_settings WHERE key = ?').pluck(),
    putSetting: db.prepare<[string, string]>(
      `INSERT INTO membership_settings (key, value) VALUES (?, ?)
       ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    ),
    levels: big<[], LevelRow>('SELECT * FROM membership_levels ORDER BY level'),
    clearLevels: db.prepare('DELETE FROM membership_levels'),
    insertLevel: db.prepare<Omit<LevelRow, 'level'> & { level: number }>(
      `INSERT INTO membership_levels (level, name, hold_amount, price, days, spot_ppm, futures_ppm, box_ppm, withdraw_limit)
       VALUES (@level, @name, @hold_amount, @price, @days, @spot_ppm, @futures_ppm, @box_ppm, @withdraw_limit)`,
    ),
    members: big<[], MemberRow>('SELECT * FROM membership_members'),
    member: big<[number], MemberRow>('SELECT * FROM membership_members WHERE uid = ?'),
    ensureMember: db.prepare<[number]>('INSERT OR IGNORE INTO membership_members (uid) VALUES (?)'),
    setHeld: db.prepare<[number, bigint, number, number]>(
      'UPDATE membership_members SET held_level = ?, holdings = ?, evaluated_at = ? WHERE uid = ?',
    ),
    setBought: db.prepare<[number, number, number]>(
      'UPDATE membership_members SET bought_level = ?, bought_until = ? WHERE uid = ?',
    ),
    insertPurchase: db.prepare<[number, number, string, bigint, number, number, number]>(
      `INSERT INTO membership_purchases (uid, level, asset, price, from_at, until_at, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    purchase: big<[number], PurchaseRow>('SELECT * FROM membership_purchases WHERE id = ?'),
    purchases: big<[number], PurchaseRow>('SELECT * FROM membership_purchases WHERE uid = ? ORDER BY id DESC LIMIT 50'),
    revenue: big<[], { asset: string; amount: Int }>(
      'SELECT asset, SUM(price) AS amount FROM membership_purchases GROUP BY asset ORDER BY asset',
    ),
    insertBenefit: db.prepare<[number, string, number, string, bigint, string, number]>(
      `INSERT INTO membership_benefits (uid, kind, level, asset, amount, reference, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    benefits: big<[number], BenefitRow>('SELECT * FROM membership_benefits WHERE uid = ? ORDER BY id DESC LIMIT 50'),
    benefitTotals: big<[number], { kind: BenefitRow['kind']; asset: string; amount: Int; n: Int }>(
      `SELECT kind, asset, SUM(amount) AS amount, COUNT(*) AS n FROM membership_benefits WHERE uid = ?
       GROUP BY kind, asset ORDER BY kind, asset`,
    ),
    savedByAsset: big<[number], { asset: string; amount: Int }>(
      'SELECT asset, SUM(amount) AS amount FROM membership_benefits WHERE uid = ? GROUP BY asset ORDER BY asset',
    ),
  };
  return {
    setting: (key: string): string | undefined => q.setting.get(key),
    putSetting: (key: string, value: string) => q.putSetting.run(key, value),
    levels: () => q.levels.all(),
    replaceLevels(rows: (Omit<LevelRow, 'level'> & { level: number })[]) {
      q.clearLevels.run();
      for (const row of rows) q.insertLevel.run(row);
    },
    members: () => q.members.all(),
    member: (uid: number) => q.member.get(uid),
    ensureMember: (uid: number) => q.ensureMember.run(uid),
    setHeld: (uid: number, level: number, holdings: bigint, at: number) => q.setHeld.run(level, holdings, at, uid),
    setBought: (uid: number, level: number, until: number) => q.setBought.run(level, until, uid),
    insertPurchase: (p: {
      uid: number;
      level: number;
      asset: string;
      price: bigint;
      from: number;
      until: number;
      at: number;
    }) => Number(q.insertPurchase.run(p.uid, p.level, p.asset, p.price, p.from, p.until, p.at).lastInsertRowid),
    purchase: (id: number) => q.purchase.get(id),
    purchases: (uid: number) => q.purchases.all(uid),
    revenue: () => q.revenue.all(),
    insertBenefit: (b: {
      uid: number;
      kind: BenefitRow['kind'];
      level: number;
      asset: string;
      amount: bigint;
      reference: string;
      at: number;
    }) => q.insertBenefit.run(b.uid, b.kind, b.level, b.asset, b.amount, b.reference, b.at),
    benefits: (uid: number) => q.benefits.all(uid),
    benefitTotals: (uid: number) => q.benefitTotals.all(uid),
    savedByAsset: (uid: number) => q.savedByAsset.all(uid),
  };
}

export type MembershipRepo = ReturnType<typeof createMembershipRepo>;
