import type { Db } from '../../db/database';

/** Every integer column is read as bigint (money may exceed 2^53); ids and times are turned back with `Number`. */
type Int = bigint;

export interface ProductRow {
  id: Int;
  asset: string;
  kind: 'flexible' | 'fixed';
  term_days: Int | null;
  apr_ppm: Int;
  min_amount: Int;
  max_per_user: Int | null;
  quota: Int | null;
  interest_budget: Int | null;
  status: 'active' | 'paused';
  sort: Int;
  subscribed: Int;
  interest_paid: Int;
  created_at: Int;
  updated_at: Int;
}

export interface PositionRow {
  id: Int;
  product_id: Int;
  uid: Int;
  asset: string;
  kind: 'flexible' | 'fixed';
  term_days: Int | null;
  apr_ppm: Int;
  subscribed: Int;
  principal: Int;
  interest_paid: Int;
  forfeited: Int;
  returned: Int;
  carry: Int;
  accrual_start: Int;
  maturity_at: Int | null;
  paid_through: Int;
  last_return: Int | null;
  state: 'not_yet' | 'earned' | 'early' | 'revoked';
  request_id: string | null;
  created_at: Int;
  closed_at: Int | null;
}

export interface ReturnRow {
  position_id: Int;
  day: Int;
  uid: Int;
  asset: string;
  principal: Int;
  apr_ppm: Int;
  amount: Int;
  state: 'earned' | 'revoked';
  paid_at: Int;
  kind: 'flexible' | 'fixed';
  term_days: Int | null;
}

export interface RedemptionRow {
  id: Int;
  position_id: Int;
  uid: Int;
  asset: string;
  kind: 'redeem' | 'maturity' | 'early' | 'revoke';
  principal: Int;
  forfeited: Int;
  returned: Int;
  reason: string | null;
  operator_id: Int | null;
  created_at: Int;
  product_kind: 'flexible' | 'fixed';
  term_days: Int | null;
}

export interface ProductFigures {
  product_id: Int;
  holders: Int;
  open_positions: Int;
}

interface Page {
  limit: number;
  offset: number;
}
interface UserFilter {
  uid: number;
  state: string;
}
interface AdminFilter {
  product: number;
  uid: number;
  state: string;
}

export type NewProduct = Omit<ProductRow, 'id' | 'subscribed' | 'interest_paid'>;

/** SQL for the wealth tables; nothing outside this module touches them. */
export function createWealthRepo(db: Db) {
  const big = <P extends unknown[], R>(sql: string) => db.prepare<P, R>(sql).safeIntegers(true);
  const q = {
    products: big<[], ProductRow>('SELECT * FROM wealth_products ORDER BY sort, id'),
    product: big<[number], ProductRow>('SELECT * FROM wealth_products WHERE id = ?'),
    insertProduct: db.prepare<NewProduct>(
      `INSERT INTO wealth_products (asset, kind, term_days, apr_ppm, min_amount, max_per_user, quota, interest_budget,
         status, sort, created_at, updated_at)
       VALUES (@asset, @kind, @term_days, @apr_ppm, @min_amount, @max_per_user, @quota, @interest_budget, @status,
         @sort, @created_at, @updated_at)`,
    ),
    updateProduct: db.prepare<
      Pick<
        ProductRow,
        | 'id'
        | 'apr_ppm'
        | 'min_amount'
        | 'max_per_user'
        | 'quota'
        | 'interest_budget'
        | 'status'
        | 'sort'
        | 'updated_at'
      >
    >(
      `UPDATE wealth_products SET apr_ppm = @apr_ppm, min_amount = @min_amount, max_per_user = @max_per_user,
         quota = @quota, interest_budget = @interest_budget, status = @status, sort = @sort, updated_at = @updated_at
       WHERE id = @id`,
    ),
    addSubscribed: db.prepare<[bigint, number]>('UPDATE wealth_products SET subscribed = subscribed + ? WHERE id = ?'),
    addInterest: db.prepare<[bigint, number]>(
      'UPDATE wealth_products SET interest_paid = interest_paid + ? WHERE id = ?',
    ),
    figures: big<[], ProductFigures>(
      `SELECT product_id, COUNT(DISTINCT uid) AS holders, COUNT(*) AS open_positions
       FROM wealth_positions WHERE state = 'not_yet' GROUP BY product_id`,
    ),
    userHeld: big<[number, number], { held: Int | null }>(
      "SELECT SUM(principal) AS held FROM wealth_positions WHERE product_id = ? AND uid = ? AND state = 'not_yet'",
    ),
    insertPosition: db.prepare<
      Omit<
        PositionRow,
        'id' | 'interest_paid' | 'forfeited' | 'returned' | 'carry' | 'last_return' | 'state' | 'closed_at'
      >
    >(
      `INSERT INTO wealth_positions (product_id, uid, asset, kind, term_days, apr_ppm, subscribed, principal,
         accrual_start, maturity_at, paid_through, request_id, created_at)
       VALUES (@product_id, @uid, @asset, @kind, @term_days, @apr_ppm, @subscribed, @principal, @accrual_start,
         @maturity_at, @paid_through, @request_id, @created_at)`,
    ),
    position: big<[number], PositionRow>('SELECT * FROM wealth_positions WHERE id = ?'),
    /** Open positions that earn for the day starting at `day`: accruing by then, not matured before its end. */
    accruing: big<[{ day: number; end: number }], PositionRow>(
      `SELECT * FROM wealth_positions
       WHERE state = 'not_yet' AND accrual_start <= @day AND paid_through < @day
         AND (maturity_at IS NULL OR maturity_at >= @end)
       ORDER BY id`,
    ),
    maturing: big<[number], PositionRow>(
      "SELECT * FROM wealth_positions WHERE state = 'not_yet' AND maturity_at <= ? ORDER BY id",
    ),
    openOfProduct: big<[number], PositionRow>(
      "SELECT * FROM wealth_positions WHERE state = 'not_yet' AND product_id = ?",
    ),
    openPositions: big<[], PositionRow>("SELECT * FROM wealth_positions WHERE state = 'not_yet'"),
    paid: db.prepare<[bigint, bigint, number, bigint, number]>(
      `UPDATE wealth_positions SET interest_paid = interest_paid + ?, carry = ?, paid_through = ?, last_return = ?
       WHERE id = ?`,
    ),
    reducePrincipal: db.prepare<[bigint, bigint, number]>(
      'UPDATE wealth_positions SET principal = principal - ?, returned = returned + ? WHERE id = ?',
    ),
    close: db.prepare<[string, bigint, bigint, number, number]>(
      `UPDATE wealth_positions SET state = ?, forfeited = forfeited + ?, returned = returned + ?, principal = 0,
         closed_at = ?
       WHERE id = ? AND state = 'not_yet'`,
    ),
    insertReturn: db.prepare<Omit<ReturnRow, 'state' | 'kind' | 'term_days'>>(
      `INSERT INTO wealth_returns (position_id, day, uid, asset, principal, apr_ppm, amount, paid_at)
       VALUES (@position_id, @day, @uid, @asset, @principal, @apr_ppm, @amount, @paid_at)`,
    ),
    revokeReturns: db.prepare<[number]>("UPDATE wealth_returns SET state = 'revoked' WHERE position_id = ?"),
    insertRedemption: db.prepare<Omit<RedemptionRow, 'id' | 'product_kind' | 'term_days'>>(
      `INSERT INTO wealth_redemptions (position_id, uid, asset, kind, principal, forfeited, returned, reason,
         operator_id, created_at)
       VALUES (@position_id, @uid, @asset, @kind, @principal, @forfeited, @returned, @reason, @operator_id,
         @created_at)`,
    ),
    redemption: big<[number], RedemptionRow>(
      `SELECT r.*, p.kind AS product_kind, p.term_days FROM wealth_redemptions r
       JOIN wealth_positions p ON p.id = r.position_id WHERE r.id = ?`,
    ),
    userPositions: big<[UserFilter & Page], PositionRow>(
      `SELECT * FROM wealth_positions
       WHERE uid = @uid AND (@state = '' OR (@state = 'open' AND state = 'not_yet')
         OR (@state = 'closed' AND state <> 'not_yet'))
       ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    userPositionCount: db
      .prepare<[UserFilter], number>(
        `SELECT COUNT(*) FROM wealth_positions
         WHERE uid = @uid AND (@state = '' OR (@state = 'open' AND state = 'not_yet')
           OR (@state = 'closed' AND state <> 'not_yet'))`,
      )
      .pluck(),
    userReturns: big<[{ uid: number; position: number } & Page], ReturnRow>(
      `SELECT r.*, p.kind, p.term_days FROM wealth_returns r JOIN wealth_positions p ON p.id = r.position_id
       WHERE r.uid = @uid AND (@position = 0 OR r.position_id = @position)
       ORDER BY r.day DESC, r.position_id DESC LIMIT @limit OFFSET @offset`,
    ),
    userReturnCount: db
      .prepare<[{ uid: number; position: number }], number>(
        'SELECT COUNT(*) FROM wealth_returns WHERE uid = @uid AND (@position = 0 OR position_id = @position)',
      )
      .pluck(),
    userRedemptions: big<[number, number, number], RedemptionRow>(
      `SELECT r.*, p.kind AS product_kind, p.term_days FROM wealth_redemptions r
       JOIN wealth_positions p ON p.id = r.position_id
       WHERE r.uid = ? ORDER BY r.id DESC LIMIT ? OFFSET ?`,
    ),
    userRedemptionCount: db.prepare<[number], number>('SELECT COUNT(*) FROM wealth_redemptions WHERE uid = ?').pluck(),
    userHeldByAsset: big<[number], { asset: string; principal: Int }>(
      `SELECT asset, SUM(principal) AS principal FROM wealth_positions WHERE uid = ? AND state = 'not_yet'
       GROUP BY asset`,
    ),
    userEarnedByAsset: big<[number], { asset: string; earned: Int }>(
      "SELECT asset, SUM(amount) AS earned FROM wealth_returns WHERE uid = ? AND state = 'earned' GROUP BY asset",
    ),
    userLastDay: big<[{ uid: number }], { asset: string; amount: Int }>(
      `SELECT asset, SUM(amount) AS amount FROM wealth_returns
       WHERE uid = @uid AND state = 'earned' AND day = (SELECT MAX(day) FROM wealth_returns WHERE uid = @uid)
       GROUP BY asset`,
    ),
    userOpenCount: db
      .prepare<[number], number>("SELECT COUNT(*) FROM wealth_positions WHERE uid = ? AND state = 'not_yet'")
      .pluck(),
    adminPositions: big<[AdminFilter & Page], PositionRow>(
      `SELECT * FROM wealth_positions
       WHERE (@product = 0 OR product_id = @product) AND (@uid = 0 OR uid = @uid) AND (@state = '' OR state = @state)
       ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    adminPositionCount: db
      .prepare<[AdminFilter], number>(
        `SELECT COUNT(*) FROM wealth_positions
         WHERE (@product = 0 OR product_id = @product) AND (@uid = 0 OR uid = @uid) AND (@state = '' OR state = @state)`,
      )
      .pluck(),
    lastDay: big<[], { day: Int | null }>('SELECT MAX(day) AS day FROM wealth_returns'),
  };

  return {
    products: () => q.products.all(),
    product: (id: number) => q.product.get(id),
    insertProduct: (row: NewProduct) => Number(q.insertProduct.run(row).lastInsertRowid),
    updateProduct: (row: Parameters<typeof q.updateProduct.run>[0]) => q.updateProduct.run(row),
    addSubscribed: (productId: number, delta: bigint) => q.addSubscribed.run(delta, productId),
    addInterest: (productId: number, delta: bigint) => q.addInterest.run(delta, productId),
    figures: () => new Map(q.figures.all().map((f) => [Number(f.product_id), f])),
    userHeld: (productId: number, uid: number) => q.userHeld.get(productId, uid)?.held ?? 0n,
    insertPosition: (row: Parameters<typeof q.insertPosition.run>[0]) =>
      Number(q.insertPosition.run(row).lastInsertRowid),
    position: (id: number) => q.position.get(id),
    accruing: (day: number, end: number) => q.accruing.all({ day, end }),
    maturing: (at: number) => q.maturing.all(at),
    openOfProduct: (productId: number) => q.openOfProduct.all(productId),
    openPositions: () => q.openPositions.all(),
    markPaid: (id: number, amount: bigint, carry: bigint, day: number) => q.paid.run(amount, carry, day, amount, id),
    reducePrincipal: (id: number, amount: bigint) => q.reducePrincipal.run(amount, amount, id),
    close: (id: number, state: PositionRow['state'], forfeited: bigint, returned: bigint, at: number) =>
      q.close.run(state, forfeited, returned, at, id).changes === 1,
    insertReturn: (row: Parameters<typeof q.insertReturn.run>[0]) => q.insertReturn.run(row),
    revokeReturns: (positionId: number) => q.revokeReturns.run(positionId),
    insertRedemption: (row: Parameters<typeof q.insertRedemption.run>[0]) =>
      Number(q.insertRedemption.run(row).lastInsertRowid),
    redemption: (id: number) => q.redemption.get(id),
    userPositions: (uid: number, state: '' | 'open' | 'closed', limit: number, offset: number) => ({
      rows: q.userPositions.all({ uid, state, limit, offset }),
      total: q.userPositionCount.get({ uid, state }) ?? 0,
    }),
    userReturns: (uid: number, position: number, limit: number, offset: number) => ({
      rows: q.userReturns.all({ uid, position, limit, offset }),
      total: q.userReturnCount.get({ uid, position }) ?? 0,
    }),
    userRedemptions: (uid: number, limit: number, offset: number) => ({
      rows: q.userRedemptions.all(uid, limit, offset),
      total: q.userRedemptionCount.get(uid) ?? 0,
    }),
    userSummary: (uid: number) => ({
      held: q.userHeldByAsset.all(uid),
      earned: q.userEarnedByAsset.all(uid),
      lastDay: q.userLastDay.all({ uid }),
      open: q.userOpenCount.get(uid) ?? 0,
    }),
    adminPositions: (product: number, uid: number, state: string, limit: number, offset: number) => ({
      rows: q.adminPositions.all({ product, uid, state, limit, offset }),
      total: q.adminPositionCount.get({ product, uid, state }) ?? 0,
    }),
    lastDay: () => {
      const day = q.lastDay.get()?.day;
      return day === null || day === undefined ? null : Number(day);
    },
  };
}

export type WealthRepo = ReturnType<typeof createWealthRepo>;
