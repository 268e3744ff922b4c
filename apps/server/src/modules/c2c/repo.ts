import type { C2COrderState, C2CPaymentType } from '@bourse/contract';
import type { Db } from '../../db/database';

export interface PaymentMethodRow {
  id: number;
  uid: number;
  type: C2CPaymentType;
  holder: string;
  account: string;
  account_key: string;
  bank_name: string | null;
  branch: string | null;
  qr_path: string | null;
  qr_mime: string | null;
  status: 'active' | 'deleted';
  created_at: number;
  deleted_at: number | null;
}

export type MerchantStatusValue = 'pending' | 'active' | 'rejected' | 'resigning' | 'resigned';
export type DepositStatusValue = 'processing' | 'paid' | 'returning' | 'refunded';

export interface MerchantRow {
  uid: number;
  status: MerchantStatusValue;
  deposit_status: DepositStatusValue;
  deposit_asset: string;
  deposit_required: bigint;
  deposit_forfeited: bigint;
  bot: number;
  applied_at: number;
  decided_at: number | null;
  decided_by: number | null;
  reject_reason: string | null;
  paid_at: number | null;
  resigned_at: number | null;
  refunded_at: number | null;
}

export interface DepositEventRow {
  id: number;
  uid: number;
  kind: 'pay' | 'top_up' | 'penalty' | 'refund';
  asset: string;
  amount: bigint;
  order_id: number | null;
  created_at: number;
}

export interface AdRow {
  id: number;
  uid: number;
  side: 'buy' | 'sell';
  asset: string;
  fiat: string;
  price_type: 'fixed' | 'floating';
  fixed_price: bigint | null;
  float_ratio: bigint | null;
  total: bigint;
  remaining: bigint;
  min_amount: bigint;
  max_amount: bigint;
  methods: string;
  pay_minutes: number;
  terms: string;
  status: 'listed' | 'withdrawn';
  taken_down_reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface OrderRow {
  id: number;
  ad_id: number;
  maker_uid: number;
  taker_uid: number;
  buyer_uid: number;
  seller_uid: number;
  asset: string;
  fiat: string;
  price: bigint;
  quantity: bigint;
  amount: bigint;
  state: C2COrderState;
  version: number;
  deadline: number | null;
  pay_by: number | null;
  release_by: number | null;
  appeal_until: number | null;
  payment_methods: string;
  paid_method_id: number | null;
  terms: string;
  appeal_from: 'paid' | 'timed_out' | null;
  cancel_kind: 'buyer' | 'timeout' | 'operator' | null;
  created_at: number;
  paid_at: number | null;
  finished_at: number | null;
}

export interface OrderEventRow {
  id: number;
  order_id: number;
  version: number;
  action: string;
  from_state: C2COrderState;
  to_state: C2COrderState;
  actor: 'buyer' | 'seller' | 'system' | 'operator';
  actor_id: number | null;
  note: string | null;
  at: number;
}

export interface MessageRow {
  id: number;
  order_id: number;
  author: 'buyer' | 'seller' | 'system';
  author_uid: number | null;
  body: string;
  image_path: string | null;
  image_mime: string | null;
  created_at: number;
}

export interface AppealRow {
  id: number;
  order_id: number;
  opened_by: 'buyer' | 'seller' | 'system';
  opened_uid: number | null;
  reason: string;
  from_state: 'paid' | 'timed_out';
  status: 'open' | 'withdrawn' | 'conceded' | 'ruled';
  ruling: 'release' | 'return' | null;
  reason_code: string | null;
  note: string | null;
  operator_id: number | null;
  penalty: bigint | null;
  created_at: number;
  closed_at: number | null;
}

export interface EvidenceRow {
  id: number;
  appeal_id: number;
  order_id: number;
  by_role: 'buyer' | 'seller';
  uid: number;
  note: string | null;
  image_path: string;
  image_mime: string;
  created_at: number;
}

export interface NotificationRow {
  id: number;
  uid: number;
  order_id: number;
  kind: string;
  created_at: number;
  read_at: number | null;
}

/** The changes a transition writes to its order row (besides state and version). */
export interface OrderChange {
  state: C2COrderState;
  deadline: number | null;
  pay_by: number | null;
  release_by: number | null;
  appeal_until: number | null;
  paid_method_id: number | null;
  appeal_from: 'paid' | 'timed_out' | null;
  cancel_kind: 'buyer' | 'timeout' | 'operator' | null;
  paid_at: number | null;
  finished_at: number | null;
}

const NON_FINAL = "('unpaid', 'paid', 'appeal', 'timed_out')";

/** Columns read as bigint (money); every other integer column of a safe-integer read becomes a number again. */
const MONEY = new Set([
  'deposit_required',
  'deposit_forfeited',
  'amount',
  'fixed_price',
  'float_ratio',
  'total',
  'remaining',
  'min_amount',
  'max_amount',
  'price',
  'quantity',
  'penalty',
  'held',
]);

function fix<T>(row: T | undefined): T | undefined {
  if (!row) return row;
  const out = row as Record<string, unknown>;
  for (const key of Object.keys(out)) {
    const value = out[key];
    if (typeof value === 'bigint' && !MONEY.has(key)) out[key] = Number(value);
  }
  return row;
}

function fixAll<T>(rows: T[]): T[] {
  for (const row of rows) fix(row);
  return rows;
}

/** SQL for the C2C tables; nothing outside this module touches them. */
export function createC2CRepo(db: Db) {
  const big = <T extends { safeIntegers(on?: boolean): T }>(s: T) => s.safeIntegers(true);
  const q = {
    setting: db.prepare<[string], { value: string }>('SELECT value FROM c2c_settings WHERE key = ?'),
    putSetting: db.prepare<[string, string, number]>(
      `INSERT INTO c2c_settings (key, value, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    ),

    methodsOf: db.prepare<[number], PaymentMethodRow>(
      "SELECT * FROM c2c_payment_methods WHERE uid = ? AND status = 'active' ORDER BY id",
    ),
    method: db.prepare<[number], PaymentMethodRow>('SELECT * FROM c2c_payment_methods WHERE id = ?'),
    methodByKey: db.prepare<[string, string], PaymentMethodRow>(
      "SELECT * FROM c2c_payment_methods WHERE type = ? AND account_key = ? AND status = 'active'",
    ),
    insertMethod: db.prepare(
      `INSERT INTO c2c_payment_methods (uid, type, holder, account, account_key, bank_name, branch, qr_path, qr_mime,
         created_at)
       VALUES (@uid, @type, @holder, @account, @account_key, @bank_name, @branch, @qr_path, @qr_mime, @created_at)`,
    ),
    deleteMethod: db.prepare<[number, number]>(
      "UPDATE c2c_payment_methods SET status = 'deleted', deleted_at = ? WHERE id = ? AND status = 'active'",
    ),

    merchant: big(db.prepare<[number], MerchantRow>('SELECT * FROM c2c_merchants WHERE uid = ?')),
    insertMerchant: db.prepare(
      `INSERT INTO c2c_merchants (uid, status, deposit_status, deposit_asset, deposit_required, bot, applied_at,
         paid_at)
       VALUES (@uid, 'pending', 'processing', @asset, @required, @bot, @now, @now)
       ON CONFLICT(uid) DO UPDATE SET status = 'pending', deposit_status = 'processing',
         deposit_asset = excluded.deposit_asset, deposit_required = excluded.deposit_required,
         deposit_forfeited = 0, applied_at = excluded.applied_at, paid_at = excluded.paid_at, decided_at = NULL,
         decided_by = NULL, reject_reason = NULL, resigned_at = NULL, refunded_at = NULL`,
    ),
    setMerchant: db.prepare(
      `UPDATE c2c_merchants SET status = @status, deposit_status = @deposit_status, decided_at = @decided_at,
         decided_by = @decided_by, reject_reason = @reject_reason, resigned_at = @resigned_at,
         refunded_at = @refunded_at
       WHERE uid = @uid AND status = @from`,
    ),
    addForfeit: db.prepare<[bigint, number]>(
      'UPDATE c2c_merchants SET deposit_forfeited = deposit_forfeited + ? WHERE uid = ?',
    ),
    merchantsByStatus: big(
      db.prepare<[string | null, string | null, number, number], MerchantRow>(
        `SELECT * FROM c2c_merchants WHERE (? IS NULL OR status = ?)
         ORDER BY CASE status WHEN 'pending' THEN 0 ELSE 1 END, CASE status WHEN 'pending' THEN applied_at ELSE -applied_at END
         LIMIT ? OFFSET ?`,
      ),
    ),
    merchantCount: db
      .prepare<[string | null, string | null], number>(
        'SELECT COUNT(*) FROM c2c_merchants WHERE (? IS NULL OR status = ?)',
      )
      .pluck(),
    merchantCounts: db.prepare<[], { status: string; n: number }>(
      'SELECT status, COUNT(*) AS n FROM c2c_merchants GROUP BY status',
    ),
    botMerchants: big(db.prepare<[], MerchantRow>("SELECT * FROM c2c_merchants WHERE bot = 1 AND status = 'active'")),
    resigning: big(db.prepare<[], MerchantRow>("SELECT * FROM c2c_merchants WHERE status = 'resigning'")),
    pendingMerchants: db.prepare<[], number>("SELECT COUNT(*) FROM c2c_merchants WHERE status = 'pending'").pluck(),

    insertDepositEvent: db.prepare(
      `INSERT INTO c2c_deposit_events (uid, kind, asset, amount, order_id, created_at)
       VALUES (@uid, @kind, @asset, @amount, @order_id, @created_at)`,
    ),
    depositEvents: big(
      db.prepare<[number | null, number | null, string | null, string | null, number, number], DepositEventRow>(
        `SELECT * FROM c2c_deposit_events WHERE (? IS NULL OR uid = ?) AND (? IS NULL OR kind = ?)
         ORDER BY id DESC LIMIT ? OFFSET ?`,
      ),
    ),
    depositEventCount: db
      .prepare<[number | null, number | null, string | null, string | null], number>(
        'SELECT COUNT(*) FROM c2c_deposit_events WHERE (? IS NULL OR uid = ?) AND (? IS NULL OR kind = ?)',
      )
      .pluck(),

    ad: big(db.prepare<[number], AdRow>('SELECT * FROM c2c_ads WHERE id = ?')),
    adsOf: big(db.prepare<[number], AdRow>('SELECT * FROM c2c_ads WHERE uid = ? ORDER BY id DESC')),
    listedAds: big(
      db.prepare<[string, string, string], AdRow>(
        "SELECT * FROM c2c_ads WHERE status = 'listed' AND side = ? AND asset = ? AND fiat = ?",
      ),
    ),
    listedAdsOf: big(db.prepare<[number], AdRow>("SELECT * FROM c2c_ads WHERE uid = ? AND status = 'listed'")),
    allAds: big(
      db.prepare<[string | null, string | null, number | null, number | null, number, number], AdRow>(
        `SELECT * FROM c2c_ads WHERE (? IS NULL OR status = ?) AND (? IS NULL OR uid = ?)
         ORDER BY id DESC LIMIT ? OFFSET ?`,
      ),
    ),
    adCount: db
      .prepare<[string | null, string | null, number | null, number | null], number>(
        'SELECT COUNT(*) FROM c2c_ads WHERE (? IS NULL OR status = ?) AND (? IS NULL OR uid = ?)',
      )
      .pluck(),
    insertAd: db.prepare(
      `INSERT INTO c2c_ads (uid, side, asset, fiat, price_type, fixed_price, float_ratio, total, remaining, min_amount,
         max_amount, methods, pay_minutes, terms, status, created_at, updated_at)
       VALUES (@uid, @side, @asset, @fiat, @price_type, @fixed_price, @float_ratio, @total, @total, @min_amount,
         @max_amount, @methods, @pay_minutes, @terms, 'withdrawn', @now, @now)`,
    ),
    updateAd: db.prepare(
      `UPDATE c2c_ads SET side = @side, asset = @asset, fiat = @fiat, price_type = @price_type,
         fixed_price = @fixed_price, float_ratio = @float_ratio, total = @total, remaining = @remaining,
         min_amount = @min_amount, max_amount = @max_amount, methods = @methods, pay_minutes = @pay_minutes,
         terms = @terms, updated_at = @now
       WHERE id = @id AND status = 'withdrawn'`,
    ),
    setAdStatus: db.prepare<[string, string | null, number, number, string]>(
      'UPDATE c2c_ads SET status = ?, taken_down_reason = ?, updated_at = ? WHERE id = ? AND status = ?',
    ),
    adRemaining: db.prepare<[bigint, number, number]>('UPDATE c2c_ads SET remaining = ?, updated_at = ? WHERE id = ?'),
    adGrow: db.prepare<[bigint, bigint, number, number]>(
      'UPDATE c2c_ads SET total = total + ?, remaining = remaining + ?, updated_at = ? WHERE id = ?',
    ),
    adsUsingMethod: db
      .prepare<[number, string], number>(
        "SELECT COUNT(*) FROM c2c_ads WHERE uid = ? AND status = 'listed' AND EXISTS (SELECT 1 FROM json_each(methods) WHERE value = CAST(? AS INTEGER))",
      )
      .pluck(),
    listedAdCount: db
      .prepare<[number], number>("SELECT COUNT(*) FROM c2c_ads WHERE uid = ? AND status = 'listed'")
      .pluck(),

    order: big(db.prepare<[number], OrderRow>('SELECT * FROM c2c_orders WHERE id = ?')),
    insertOrder: db.prepare(
      `INSERT INTO c2c_orders (ad_id, maker_uid, taker_uid, buyer_uid, seller_uid, asset, fiat, price, quantity, amount,
         state, deadline, pay_by, payment_methods, terms, created_at)
       VALUES (@ad_id, @maker_uid, @taker_uid, @buyer_uid, @seller_uid, @asset, @fiat, @price, @quantity, @amount,
         'unpaid', @pay_by, @pay_by, @payment_methods, @terms, @created_at)`,
    ),
    transition: db.prepare(
      `UPDATE c2c_orders SET state = @state, version = version + 1, deadline = @deadline, pay_by = @pay_by,
         release_by = @release_by, appeal_until = @appeal_until, paid_method_id = @paid_method_id,
         appeal_from = @appeal_from, cancel_kind = @cancel_kind, paid_at = @paid_at, finished_at = @finished_at
       WHERE id = @id AND version = @version`,
    ),
    due: db
      .prepare<[number, number], number>(
        'SELECT id FROM c2c_orders WHERE deadline IS NOT NULL AND deadline <= ? ORDER BY deadline, id LIMIT ?',
      )
      .pluck(),
    ordersOf: big(
      db.prepare<{ uid: number; open: number; done: number; limit: number; offset: number }, OrderRow>(
        `SELECT * FROM c2c_orders WHERE (buyer_uid = @uid OR seller_uid = @uid)
           AND (@open = 0 OR state IN ${NON_FINAL}) AND (@done = 0 OR state NOT IN ${NON_FINAL})
         ORDER BY id DESC LIMIT @limit OFFSET @offset`,
      ),
    ),
    orderCountOf: db
      .prepare<{ uid: number; open: number; done: number }, number>(
        `SELECT COUNT(*) FROM c2c_orders WHERE (buyer_uid = @uid OR seller_uid = @uid)
           AND (@open = 0 OR state IN ${NON_FINAL}) AND (@done = 0 OR state NOT IN ${NON_FINAL})`,
      )
      .pluck(),
    openOrdersAsTaker: db
      .prepare<[number], number>(`SELECT COUNT(*) FROM c2c_orders WHERE taker_uid = ? AND state IN ${NON_FINAL}`)
      .pluck(),
    openOrdersOf: db
      .prepare<[number, number], number>(
        `SELECT COUNT(*) FROM c2c_orders WHERE (buyer_uid = ? OR seller_uid = ?) AND state IN ${NON_FINAL}`,
      )
      .pluck(),
    openOrdersOfAd: db
      .prepare<[number], number>(`SELECT COUNT(*) FROM c2c_orders WHERE ad_id = ? AND state IN ${NON_FINAL}`)
      .pluck(),
    allOrders: big(
      db.prepare<{ state: string | null; uid: number | null; limit: number; offset: number }, OrderRow>(
        `SELECT * FROM c2c_orders WHERE (@state IS NULL OR state = @state)
           AND (@uid IS NULL OR buyer_uid = @uid OR seller_uid = @uid)
         ORDER BY id DESC LIMIT @limit OFFSET @offset`,
      ),
    ),
    allOrderCount: db
      .prepare<{ state: string | null; uid: number | null }, number>(
        `SELECT COUNT(*) FROM c2c_orders WHERE (@state IS NULL OR state = @state)
           AND (@uid IS NULL OR buyer_uid = @uid OR seller_uid = @uid)`,
      )
      .pluck(),
    orderCounts: db.prepare<[], { state: string; n: number }>(
      'SELECT state, COUNT(*) AS n FROM c2c_orders GROUP BY state',
    ),
    escrowByAsset: big(
      db.prepare<[], { asset: string; held: bigint; orders: number }>(
        `SELECT asset, SUM(quantity) AS held, COUNT(*) AS orders FROM c2c_orders WHERE state IN ${NON_FINAL}
         GROUP BY asset ORDER BY asset`,
      ),
    ),
    nonFinalIds: db.prepare<[], number>(`SELECT id FROM c2c_orders WHERE state IN ${NON_FINAL}`).pluck(),
    botOrders: big(
      db.prepare<[], OrderRow>(
        `SELECT o.* FROM c2c_orders o WHERE o.state IN ('unpaid', 'paid', 'appeal')
           AND (o.buyer_uid IN (SELECT uid FROM c2c_merchants WHERE bot = 1)
             OR o.seller_uid IN (SELECT uid FROM c2c_merchants WHERE bot = 1))
         ORDER BY o.id LIMIT 200`,
      ),
    ),
    stats: db.prepare<
      [number, number, number, number, number, number],
      { completed: number; faults: number; release_ms: number | null; pay_ms: number | null }
    >(
      `SELECT
         (SELECT COUNT(*) FROM c2c_orders WHERE (buyer_uid = ? OR seller_uid = ?) AND state = 'completed'
            AND finished_at >= ?) AS completed,
         (SELECT COUNT(*) FROM c2c_cancellations WHERE uid = ? AND at >= ?) AS faults,
         (SELECT AVG(finished_at - paid_at) FROM c2c_orders WHERE seller_uid = ? AND state = 'completed'
            AND paid_at IS NOT NULL) AS release_ms,
         NULL AS pay_ms`,
    ),
    payStats: db
      .prepare<[number], number | null>(
        'SELECT AVG(paid_at - created_at) FROM c2c_orders WHERE buyer_uid = ? AND paid_at IS NOT NULL',
      )
      .pluck(),
    historyCounts: db.prepare<
      [number, number, number, number, number, number],
      { total: number; completed: number; cancelled: number; appeals: number }
    >(
      `SELECT
         (SELECT COUNT(*) FROM c2c_orders WHERE buyer_uid = ? OR seller_uid = ?) AS total,
         (SELECT COUNT(*) FROM c2c_orders WHERE (buyer_uid = ? OR seller_uid = ?) AND state = 'completed') AS completed,
         (SELECT COUNT(*) FROM c2c_orders WHERE (buyer_uid = ? OR seller_uid = ?) AND state = 'cancelled') AS cancelled,
         0 AS appeals`,
    ),
    appealCountOf: db
      .prepare<[number, number], number>(
        `SELECT COUNT(*) FROM c2c_appeals a JOIN c2c_orders o ON o.id = a.order_id
         WHERE o.buyer_uid = ? OR o.seller_uid = ?`,
      )
      .pluck(),

    insertEvent: db.prepare(
      `INSERT INTO c2c_order_events (order_id, version, action, from_state, to_state, actor, actor_id, note, at)
       VALUES (@order_id, @version, @action, @from_state, @to_state, @actor, @actor_id, @note, @at)`,
    ),
    events: db.prepare<[number], OrderEventRow>('SELECT * FROM c2c_order_events WHERE order_id = ? ORDER BY version'),
    lastEvent: db.prepare<[number], OrderEventRow>(
      'SELECT * FROM c2c_order_events WHERE order_id = ? ORDER BY version DESC LIMIT 1',
    ),
    finalEvents: db.prepare<[], { order_id: number; n: number }>(
      "SELECT order_id, COUNT(*) AS n FROM c2c_order_events WHERE to_state IN ('completed', 'cancelled') GROUP BY order_id",
    ),

    insertMessage: db.prepare(
      `INSERT INTO c2c_messages (order_id, author, author_uid, body, image_path, image_mime, created_at)
       VALUES (@order_id, @author, @author_uid, @body, @image_path, @image_mime, @created_at)`,
    ),
    message: db.prepare<[number], MessageRow>('SELECT * FROM c2c_messages WHERE id = ?'),
    messages: db.prepare<[number, number], MessageRow>(
      'SELECT * FROM c2c_messages WHERE order_id = ? AND id > ? ORDER BY id LIMIT 500',
    ),

    insertAppeal: db.prepare(
      `INSERT INTO c2c_appeals (order_id, opened_by, opened_uid, reason, from_state, created_at)
       VALUES (@order_id, @opened_by, @opened_uid, @reason, @from_state, @created_at)`,
    ),
    openAppeal: big(
      db.prepare<[number], AppealRow>("SELECT * FROM c2c_appeals WHERE order_id = ? AND status = 'open'"),
    ),
    appeal: big(db.prepare<[number], AppealRow>('SELECT * FROM c2c_appeals WHERE id = ?')),
    appealsOf: big(db.prepare<[number], AppealRow>('SELECT * FROM c2c_appeals WHERE order_id = ? ORDER BY id')),
    latestAppeal: big(
      db.prepare<[number], AppealRow>('SELECT * FROM c2c_appeals WHERE order_id = ? ORDER BY id DESC LIMIT 1'),
    ),
    closeAppeal: db.prepare(
      `UPDATE c2c_appeals SET status = @status, ruling = @ruling, reason_code = @reason_code, note = @note,
         operator_id = @operator_id, penalty = @penalty, closed_at = @closed_at
       WHERE id = @id AND status = 'open'`,
    ),
    appealQueue: big(
      db.prepare<[number, number], AppealRow>(
        "SELECT * FROM c2c_appeals WHERE status = 'open' ORDER BY id LIMIT ? OFFSET ?",
      ),
    ),
    closedAppeals: big(
      db.prepare<[number, number], AppealRow>(
        "SELECT * FROM c2c_appeals WHERE status <> 'open' ORDER BY closed_at DESC, id DESC LIMIT ? OFFSET ?",
      ),
    ),
    appealCount: db
      .prepare<[number], number>("SELECT COUNT(*) FROM c2c_appeals WHERE (status = 'open') = (? = 1)")
      .pluck(),

    insertEvidence: db.prepare(
      `INSERT INTO c2c_evidence (appeal_id, order_id, by_role, uid, note, image_path, image_mime, created_at)
       VALUES (@appeal_id, @order_id, @by_role, @uid, @note, @image_path, @image_mime, @created_at)`,
    ),
    evidenceOf: db.prepare<[number], EvidenceRow>('SELECT * FROM c2c_evidence WHERE appeal_id = ? ORDER BY id'),
    evidence: db.prepare<[number], EvidenceRow>('SELECT * FROM c2c_evidence WHERE id = ?'),
    evidenceCount: db
      .prepare<[number, string], number>('SELECT COUNT(*) FROM c2c_evidence WHERE order_id = ? AND by_role = ?')
      .pluck(),

    cancelsOn: db
      .prepare<[number, string], number>('SELECT COUNT(*) FROM c2c_cancellations WHERE uid = ? AND day = ?')
      .pluck(),
    insertCancel: db.prepare(
      'INSERT INTO c2c_cancellations (order_id, uid, day, penalty, at) VALUES (@order_id, @uid, @day, @penalty, @at)',
    ),

    insertNotification: db.prepare(
      'INSERT INTO c2c_notifications (uid, order_id, kind, created_at) VALUES (?, ?, ?, ?)',
    ),
    notifications: db.prepare<[number], NotificationRow>(
      'SELECT * FROM c2c_notifications WHERE uid = ? ORDER BY id DESC LIMIT 50',
    ),
    unread: db
      .prepare<[number], number>('SELECT COUNT(*) FROM c2c_notifications WHERE uid = ? AND read_at IS NULL')
      .pluck(),
    readAll: db.prepare<[number, number]>('UPDATE c2c_notifications SET read_at = ? WHERE uid = ? AND read_at IS NULL'),
    notification: db.prepare<[number], NotificationRow>('SELECT * FROM c2c_notifications WHERE id = ?'),

    lang: db.prepare<[number], string>('SELECT lang FROM c2c_user_langs WHERE uid = ?').pluck(),
    putLang: db.prepare<[number, string]>(
      'INSERT INTO c2c_user_langs (uid, lang) VALUES (?, ?) ON CONFLICT(uid) DO UPDATE SET lang = excluded.lang',
    ),
  };

  return {
    setting: (key: string) => q.setting.get(key)?.value,
    putSetting: (key: string, value: string, now: number) => q.putSetting.run(key, value, now),

    methodsOf: (uid: number) => q.methodsOf.all(uid),
    method: (id: number) => q.method.get(id),
    methodByKey: (type: string, key: string) => q.methodByKey.get(type, key),
    insertMethod: (row: Omit<PaymentMethodRow, 'id' | 'status' | 'deleted_at'>) =>
      Number(q.insertMethod.run(row).lastInsertRowid),
    deleteMethod: (id: number, now: number) => q.deleteMethod.run(now, id).changes > 0,

    merchant: (uid: number) => fix(q.merchant.get(uid)),
    insertMerchant: (row: { uid: number; asset: string; required: bigint; bot: number; now: number }) =>
      q.insertMerchant.run(row),
    setMerchant: (row: {
      uid: number;
      from: MerchantStatusValue;
      status: MerchantStatusValue;
      deposit_status: DepositStatusValue;
      decided_at: number | null;
      decided_by: number | null;
      reject_reason: string | null;
      resigned_at: number | null;
      refunded_at: number | null;
    }) => q.setMerchant.run(row).changes > 0,
    addForfeit: (uid: number, amount: bigint) => q.addForfeit.run(amount, uid),
    merchants: (status: string | null, limit: number, offset: number) =>
      fixAll(q.merchantsByStatus.all(status, status, limit, offset)),
    merchantCount: (status: string | null) => q.merchantCount.get(status, status) ?? 0,
    merchantCounts: () => q.merchantCounts.all(),
    botMerchants: () => fixAll(q.botMerchants.all()),
    resigning: () => fixAll(q.resigning.all()),
    pendingMerchants: () => q.pendingMerchants.get() ?? 0,

    insertDepositEvent: (row: Omit<DepositEventRow, 'id'>) => q.insertDepositEvent.run(row),
    depositEvents: (uid: number | null, kind: string | null, limit: number, offset: number) =>
      fixAll(q.depositEvents.all(uid, uid, kind, kind, limit, offset)),
    depositEventCount: (uid: number | null, kind: string | null) => q.depositEventCount.get(uid, uid, kind, kind) ?? 0,

    ad: (id: number) => fix(q.ad.get(id)),
    adsOf: (uid: number) => fixAll(q.adsOf.all(uid)),
    listedAds: (side: 'buy' | 'sell', asset: string, fiat: string) => fixAll(q.listedAds.all(side, asset, fiat)),
    listedAdsOf: (uid: number) => fixAll(q.listedAdsOf.all(uid)),
    allAds: (status: string | null, uid: number | null, limit: number, offset: number) =>
      fixAll(q.allAds.all(status, status, uid, uid, limit, offset)),
    adCount: (status: string | null, uid: number | null) => q.adCount.get(status, status, uid, uid) ?? 0,
    insertAd: (row: {
      uid: number;
      side: string;
      asset: string;
      fiat: string;
      price_type: string;
      fixed_price: bigint | null;
      float_ratio: bigint | null;
      total: bigint;
      min_amount: bigint;
      max_amount: bigint;
      methods: string;
      pay_minutes: number;
      terms: string;
      now: number;
    }) => Number(q.insertAd.run(row).lastInsertRowid),
    updateAd: (row: {
      id: number;
      side: string;
      asset: string;
      fiat: string;
      price_type: string;
      fixed_price: bigint | null;
      float_ratio: bigint | null;
      total: bigint;
      remaining: bigint;
      min_amount: bigint;
      max_amount: bigint;
      methods: string;
      pay_minutes: number;
      terms: string;
      now: number;
    }) => q.updateAd.run(row).changes > 0,
    setAdStatus: (id: number, from: string, to: string, reason: string | null, now: number) =>
      q.setAdStatus.run(to, reason, now, id, from).changes > 0,
    setAdRemaining: (id: number, remaining: bigint, now: number) => q.adRemaining.run(remaining, now, id),
    growAd: (id: number, amount: bigint, now: number) => q.adGrow.run(amount, amount, now, id),
    adsUsingMethod: (uid: number, methodId: number) => q.adsUsingMethod.get(uid, String(methodId)) ?? 0,
    listedAdCount: (uid: number) => q.listedAdCount.get(uid) ?? 0,

    order: (id: number) => fix(q.order.get(id)),
    insertOrder: (row: {
      ad_id: number;
      maker_uid: number;
      taker_uid: number;
      buyer_uid: number;
      seller_uid: number;
      asset: string;
      fiat: string;
      price: bigint;
      quantity: bigint;
      amount: bigint;
      pay_by: number;
      payment_methods: string;
      terms: string;
      created_at: number;
    }) => Number(q.insertOrder.run(row).lastInsertRowid),
    /** Compare-and-set on the version the transition read: false when the order changed meanwhile. */
    transition: (id: number, version: number, change: OrderChange) =>
      q.transition.run({ ...change, id, version }).changes > 0,
    due: (at: number, limit: number) => q.due.all(at, limit),
    ordersOf: (uid: number, tab: 'open' | 'done' | 'all', limit: number, offset: number) =>
      fixAll(q.ordersOf.all({ uid, open: tab === 'open' ? 1 : 0, done: tab === 'done' ? 1 : 0, limit, offset })),
    orderCountOf: (uid: number, tab: 'open' | 'done' | 'all') =>
      q.orderCountOf.get({ uid, open: tab === 'open' ? 1 : 0, done: tab === 'done' ? 1 : 0 }) ?? 0,
    openOrdersAsTaker: (uid: number) => q.openOrdersAsTaker.get(uid) ?? 0,
    openOrdersOf: (uid: number) => q.openOrdersOf.get(uid, uid) ?? 0,
    openOrdersOfAd: (adId: number) => q.openOrdersOfAd.get(adId) ?? 0,
    allOrders: (state: string | null, uid: number | null, limit: number, offset: number) =>
      fixAll(q.allOrders.all({ state, uid, limit, offset })),
    allOrderCount: (state: string | null, uid: number | null) => q.allOrderCount.get({ state, uid }) ?? 0,
    orderCounts: () => q.orderCounts.all(),
    escrowByAsset: () => fixAll(q.escrowByAsset.all()),
    nonFinalIds: () => q.nonFinalIds.all(),
    botOrders: () => fixAll(q.botOrders.all()),
    stats: (uid: number, since: number) => {
      const row = q.stats.get(uid, uid, since, uid, since, uid);
      return { ...row, pay_ms: q.payStats.get(uid) ?? null };
    },
    historyCounts: (uid: number) => ({
      ...(q.historyCounts.get(uid, uid, uid, uid, uid, uid) ?? { total: 0, completed: 0, cancelled: 0 }),
      appeals: q.appealCountOf.get(uid, uid) ?? 0,
    }),

    insertEvent: (row: Omit<OrderEventRow, 'id'>) => q.insertEvent.run(row),
    events: (orderId: number) => q.events.all(orderId),
    lastEvent: (orderId: number) => q.lastEvent.get(orderId),
    finalEvents: () => q.finalEvents.all(),

    insertMessage: (row: Omit<MessageRow, 'id'>) => Number(q.insertMessage.run(row).lastInsertRowid),
    message: (id: number) => q.message.get(id),
    messages: (orderId: number, after: number) => q.messages.all(orderId, after),

    insertAppeal: (row: {
      order_id: number;
      opened_by: string;
      opened_uid: number | null;
      reason: string;
      from_state: string;
      created_at: number;
    }) => Number(q.insertAppeal.run(row).lastInsertRowid),
    openAppeal: (orderId: number) => fix(q.openAppeal.get(orderId)),
    appeal: (id: number) => fix(q.appeal.get(id)),
    appealsOf: (orderId: number) => fixAll(q.appealsOf.all(orderId)),
    latestAppeal: (orderId: number) => fix(q.latestAppeal.get(orderId)),
    closeAppeal: (row: {
      id: number;
      status: 'withdrawn' | 'conceded' | 'ruled';
      ruling: 'release' | 'return' | null;
      reason_code: string | null;
      note: string | null;
      operator_id: number | null;
      penalty: bigint | null;
      closed_at: number;
    }) => q.closeAppeal.run(row).changes > 0,
    appealQueue: (limit: number, offset: number) => fixAll(q.appealQueue.all(limit, offset)),
    closedAppeals: (limit: number, offset: number) => fixAll(q.closedAppeals.all(limit, offset)),
    appealCount: (open: boolean) => q.appealCount.get(open ? 1 : 0) ?? 0,

    insertEvidence: (row: Omit<EvidenceRow, 'id'>) => Number(q.insertEvidence.run(row).lastInsertRowid),
    evidenceOf: (appealId: number) => q.evidenceOf.all(appealId),
    evidence: (id: number) => q.evidence.get(id),
    evidenceCount: (orderId: number, role: 'buyer' | 'seller') => q.evidenceCount.get(orderId, role) ?? 0,

    cancelsOn: (uid: number, day: string) => q.cancelsOn.get(uid, day) ?? 0,
    insertCancel: (row: { order_id: number; uid: number; day: string; penalty: bigint; at: number }) =>
      q.insertCancel.run(row),

    insertNotification: (uid: number, orderId: number, kind: string, at: number) =>
      Number(q.insertNotification.run(uid, orderId, kind, at).lastInsertRowid),
    notification: (id: number) => q.notification.get(id),
    notifications: (uid: number) => q.notifications.all(uid),
    unread: (uid: number) => q.unread.get(uid) ?? 0,
    readAll: (uid: number, at: number) => q.readAll.run(at, uid).changes,

    lang: (uid: number) => q.lang.get(uid),
    putLang: (uid: number, lang: string) => q.putLang.run(uid, lang),
  };
}

export type C2CRepo = ReturnType<typeof createC2CRepo>;
