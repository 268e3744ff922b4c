import { z } from 'zod';
import { IdentityState, FundPassword, TotpCode } from './account';
import { DecimalString, err, Id, PageQuery, paged, Timestamp, wholeNumber } from './common';
import { RequestId } from './wallet';

/**
 * C2C (P2P) fiat trading: payment methods, merchants and their security deposit, advertisements, orders with an
 * escrow, order chat, appeals and the operators' rulings. Amounts are decimal strings: crypto quantities at the
 * asset's C2C precision, fiat amounts and prices with two decimals.
 */

export const C2C_FIAT_CURRENCIES = ['CNY', 'USD', 'EUR', 'HKD'] as const;
export const C2CFiatCode = z.enum(C2C_FIAT_CURRENCIES, err('INVALID_PARAMS'));
export type C2CFiatCode = z.infer<typeof C2CFiatCode>;
/** Decimals of fiat amounts and prices. */
export const C2C_FIAT_DECIMALS = 2;

export const C2C_PAYMENT_TYPES = ['alipay', 'wechat', 'bank', 'paypal'] as const;
export const C2CPaymentType = z.enum(C2C_PAYMENT_TYPES, err('PAYMENT_METHOD_NOT_ALLOWED'));
export type C2CPaymentType = z.infer<typeof C2CPaymentType>;
/** Payment types that can carry a QR code image (scanned by the payer). */
export const C2C_QR_PAYMENT_TYPES: readonly C2CPaymentType[] = ['alipay', 'wechat'];

/** The ad owner's side: a `sell` ad sells crypto (users buy from it), a `buy` ad buys crypto (users sell to it). */
export const C2C_AD_SIDES = ['buy', 'sell'] as const;
export const C2CAdSide = z.enum(C2C_AD_SIDES, err('INVALID_PARAMS'));
export type C2CAdSide = z.infer<typeof C2CAdSide>;

export const C2C_PRICE_TYPES = ['fixed', 'floating'] as const;
export const C2CPriceType = z.enum(C2C_PRICE_TYPES, err('INVALID_PARAMS'));
export type C2CPriceType = z.infer<typeof C2CPriceType>;

export const C2C_AD_STATUSES = ['listed', 'withdrawn'] as const;
export type C2CAdStatus = (typeof C2C_AD_STATUSES)[number];

/** Payment time limits an ad may choose, in minutes (15 by default). */
export const C2C_PAY_MINUTES = [10, 15, 20, 30, 45, 60] as const;
export const C2C_DEFAULT_PAY_MINUTES = 15;
export const C2C_MAX_AD_METHODS = 5;
export const C2C_MAX_PAYMENT_METHODS = 10;
export const C2C_TERMS_MAX = 500;
export const C2C_MESSAGE_MAX = 1000;
export const C2C_APPEAL_REASON_MAX = 1000;
export const C2C_EVIDENCE_MAX = 5;
export const C2C_IMAGE_MAX_BYTES = 3 * 1024 * 1024;

/**
 * Order states (spec §4): waiting for payment, paid and waiting for release, under appeal, timed out (cancelled by
 * the payment timer, still appealable by the buyer for a window while the escrow stays held), completed, cancelled.
 */
export const C2C_ORDER_STATES = ['unpaid', 'paid', 'appeal', 'timed_out', 'completed', 'cancelled'] as const;
export const C2COrderState = z.enum(C2C_ORDER_STATES);
export type C2COrderState = z.infer<typeof C2COrderState>;
export const C2C_FINAL_STATES: readonly C2COrderState[] = ['completed', 'cancelled'];

export const C2C_MERCHANT_STATUSES = ['none', 'pending', 'active', 'rejected', 'resigning', 'resigned'] as const;
export const C2CMerchantStatus = z.enum(C2C_MERCHANT_STATUSES);
export type C2CMerchantStatus = z.infer<typeof C2CMerchantStatus>;

/** Security deposit (spec §4): under review (processing), paid, returning (resigned, waiting for open orders), refunded. */
export const C2C_DEPOSIT_STATUSES = ['processing', 'paid', 'returning', 'refunded'] as const;
export const C2CDepositStatus = z.enum(C2C_DEPOSIT_STATUSES);
export type C2CDepositStatus = z.infer<typeof C2CDepositStatus>;

/** What an operator's ruling on an appeal may give as its reason, by outcome. */
export const C2C_RULING_REASONS = {
  release: ['buyer_paid', 'seller_unresponsive'],
  return: ['buyer_not_paid', 'payment_refunded', 'buyer_unresponsive'],
} as const;
export const C2C_RULING_REASON_CODES = [...C2C_RULING_REASONS.release, ...C2C_RULING_REASONS.return] as const;
export type C2CRulingReason = (typeof C2C_RULING_REASON_CODES)[number];

export const C2C_CANCEL_KINDS = ['buyer', 'timeout', 'operator'] as const;
export type C2CCancelKind = (typeof C2C_CANCEL_KINDS)[number];

// ---- common pieces ----

const FiatAmount = z
  .string(err('AMOUNT_INVALID'))
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, err('AMOUNT_PRECISION'))
  .describe('fiat amount with at most two decimals, e.g. "500.00"');
const Quantity = z
  .string(err('AMOUNT_INVALID'))
  .trim()
  .regex(/^\d{1,16}(\.\d{1,8})?$/, err('AMOUNT_INVALID'))
  .describe('crypto quantity as a decimal string');
const Asset = z
  .string(err('ASSET_NOT_FOUND'))
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/, err('ASSET_NOT_FOUND'));
const Version = wholeNumber({ min: 1 })
  .optional()
  .describe('the order version the client saw: a changed order answers ORDER_STATE_CHANGED instead of acting');

export const C2CMerchantStats = z.object({
  nickname: z.string(),
  merchant: z.boolean(),
  completedOrders: z.number().int().describe('completed orders in the last 30 days'),
  completionRate: z.string().nullable().describe('percent with two decimals, last 30 days; null before any order'),
  avgReleaseSeconds: z.number().int().nullable().describe('average time from "paid" to release, as the seller'),
  avgPaySeconds: z.number().int().nullable().describe('average time from order to "paid", as the buyer'),
});
export type C2CMerchantStats = z.infer<typeof C2CMerchantStats>;

// ---- configuration ----

export const C2CAssetInfo = z.object({
  code: z.string(),
  precision: z.number().int().describe('decimals of a C2C quantity'),
});
export const C2CFiatInfo = z.object({
  code: C2CFiatCode,
  rate: DecimalString.describe('units of this currency per USDT (the reference for floating prices)'),
});
export const C2CConfig = z.object({
  assets: z.array(C2CAssetInfo),
  fiats: z.array(C2CFiatInfo),
  paymentTypes: z.array(C2CPaymentType),
  payMinutes: z.array(z.number().int()),
  defaultPayMinutes: z.number().int(),
  deposit: z.object({ asset: z.string(), amount: DecimalString }),
  freeCancelsPerDay: z.number().int(),
  penaltyPercent: z.number().int(),
  releaseMinutes: z.number().int().describe('after "paid", the seller has this long before an appeal opens itself'),
  appealWindowMinutes: z.number().int().describe('after a payment timeout the buyer may still appeal for this long'),
  floatMin: z.string().describe('lowest floating ratio, percent'),
  floatMax: z.string(),
  maxOpenOrders: z.number().int(),
});
export type C2CConfig = z.infer<typeof C2CConfig>;

// ---- payment methods ----

const Holder = z
  .string(err('PAYMENT_NAME_MISMATCH'))
  .trim()
  .min(1, err('PAYMENT_NAME_MISMATCH'))
  .max(60, err('PAYMENT_NAME_MISMATCH'));
const AccountText = z.string(err('INVALID_PARAMS')).trim().min(2, err('INVALID_PARAMS')).max(80, err('INVALID_PARAMS'));
const BankText = z.string(err('INVALID_PARAMS')).trim().max(80, err('INVALID_PARAMS'));

/** The text fields of a new payment method (multipart: a QR image may come with it, file field `qr`). */
export const C2CPaymentMethodFields = z.object({
  type: C2CPaymentType,
  holder: Holder.describe('the account holder; must be the verified name'),
  account: AccountText.describe('Alipay account, WeChat ID, card number or PayPal email'),
  bankName: BankText.optional(),
  branch: BankText.optional(),
});
export type C2CPaymentMethodFields = z.infer<typeof C2CPaymentMethodFields>;

export const C2CPaymentMethod = z.object({
  id: z.number().int(),
  type: C2CPaymentType,
  holder: z.string(),
  account: z.string(),
  bankName: z.string().nullable(),
  branch: z.string().nullable(),
  hasQr: z.boolean(),
  createdAt: Timestamp,
});
export type C2CPaymentMethod = z.infer<typeof C2CPaymentMethod>;
export const C2CDeletePaymentBody = z.object({ id: Id });

// ---- merchants ----

export const C2CMerchantDeposit = z.object({
  asset: z.string(),
  required: DecimalString,
  held: DecimalString.describe('what the deposit hold holds now'),
  forfeited: DecimalString.describe('lost to cancellation penalties so far'),
  status: C2CDepositStatus.nullable(),
  paidAt: Timestamp.nullable(),
  refundedAt: Timestamp.nullable(),
});
export const C2CMerchantInfo = z.object({
  status: C2CMerchantStatus,
  nickname: z.string().nullable(),
  rejectReason: z.string().nullable(),
  deposit: C2CMerchantDeposit,
  requirements: z.object({
    verified: z.boolean(),
    nickname: z.boolean(),
    paymentMethod: z.boolean(),
    balance: DecimalString.describe('the deposit asset available in the fiat wallet'),
  }),
  cancelsToday: z.number().int(),
  freeCancelsPerDay: z.number().int(),
  /** What the next cancellation would forfeit (null while it is still free). */
  nextCancelPenalty: DecimalString.nullable(),
  openOrders: z.number().int(),
  stats: C2CMerchantStats.nullable(),
  appliedAt: Timestamp.nullable(),
  approvedAt: Timestamp.nullable(),
});
export type C2CMerchantInfo = z.infer<typeof C2CMerchantInfo>;

export const C2CMerchantApplyBody = z.object({
  nickname: z.string().trim().optional().describe('sets the account nickname first when given'),
  requestId: RequestId,
});
export const C2CRequestOnlyBody = z.object({ requestId: RequestId });

// ---- advertisements ----

export const C2CAdInput = z.object({
  side: C2CAdSide,
  asset: Asset,
  fiat: C2CFiatCode,
  priceType: C2CPriceType,
  fixedPrice: FiatAmount.optional().describe('for a fixed price'),
  floatRatio: z
    .string(err('INVALID_PARAMS'))
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, err('INVALID_PARAMS'))
    .optional()
    .describe('for a floating price: percent of the reference price, e.g. "101.5"'),
  total: Quantity.describe('crypto to sell or buy in all'),
  minAmount: FiatAmount.describe('smallest order, fiat'),
  maxAmount: FiatAmount.describe('largest order, fiat'),
  paymentMethodIds: z.array(Id).min(1, err('AD_PAYMENT_METHODS')).max(C2C_MAX_AD_METHODS, err('AD_PAYMENT_METHODS')),
  payMinutes: wholeNumber({ min: 1, max: 1440 }).default(C2C_DEFAULT_PAY_MINUTES),
  terms: z.string(err('INVALID_PARAMS')).trim().max(C2C_TERMS_MAX, err('INVALID_PARAMS')).default(''),
  list: z.boolean().default(true).describe('list at once (a sell ad holds its amount from the fiat wallet)'),
  requestId: RequestId,
});
export type C2CAdInput = z.infer<typeof C2CAdInput>;
export const C2CAdUpdateBody = C2CAdInput.omit({ list: true }).extend({ id: Id });
export const C2CAdIdBody = z.object({ id: Id, requestId: RequestId });

export const C2CAd = z.object({
  id: z.number().int(),
  side: C2CAdSide,
  asset: z.string(),
  fiat: C2CFiatCode,
  priceType: C2CPriceType,
  fixedPrice: DecimalString.nullable(),
  floatRatio: z.string().nullable(),
  price: DecimalString.nullable().describe('the price now (null: no reference price right now)'),
  total: DecimalString,
  remaining: DecimalString.describe('not yet taken by orders'),
  minAmount: DecimalString,
  maxAmount: DecimalString,
  /** The largest order possible now: the maximum, or less when the remainder is worth less. */
  availableMax: DecimalString.nullable(),
  paymentTypes: z.array(C2CPaymentType),
  payMinutes: z.number().int(),
  terms: z.string(),
  status: z.enum(C2C_AD_STATUSES),
  /** Listed, but the remainder is below the per-order minimum: not offered. */
  exhausted: z.boolean(),
  merchant: C2CMerchantStats.extend({ uid: z.number().int() }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type C2CAd = z.infer<typeof C2CAd>;
/** The owner's view adds which of their payment methods the ad uses. */
export const C2CMyAd = C2CAd.extend({ paymentMethodIds: z.array(z.number().int()), openOrders: z.number().int() });
export type C2CMyAd = z.infer<typeof C2CMyAd>;

/** The offers: `trade` is the user's own side (buy → merchants' sell ads, cheapest first). */
export const C2COffersQuery = z.object({
  trade: z.enum(['buy', 'sell']).default('buy'),
  asset: Asset.default('USDT'),
  fiat: C2CFiatCode.default('CNY'),
  amount: FiatAmount.optional().describe('only ads that take an order of this fiat amount'),
  payment: C2CPaymentType.optional(),
  ...PageQuery.shape,
});
export const C2CPagedAds = paged(C2CAd);

/** Quick buy/sell: the best offer for an amount and a payment type, and what the order would be. */
export const C2CQuoteQuery = z.object({
  trade: z.enum(['buy', 'sell']),
  asset: Asset.default('USDT'),
  fiat: C2CFiatCode.default('CNY'),
  amount: FiatAmount.optional(),
  quantity: Quantity.optional(),
  payment: C2CPaymentType.optional(),
});
export const C2CQuote = z.object({
  ad: C2CAd.nullable().describe('null: no offer takes this amount'),
  price: DecimalString.nullable(),
  quantity: DecimalString.nullable(),
  amount: DecimalString.nullable(),
});
export type C2CQuote = z.infer<typeof C2CQuote>;

// ---- orders ----

export const C2CCreateOrderBody = z.object({
  adId: Id,
  amount: FiatAmount.optional().describe('fiat to pay or receive (or give `quantity`)'),
  quantity: Quantity.optional(),
  paymentMethodId: Id.optional().describe('selling to a buy ad: your payment method the merchant pays to'),
  requestId: RequestId,
});
export const C2CPayBody = z.object({
  id: Id,
  paymentMethodId: Id.describe('which of the seller’s payment methods you paid to'),
  version: Version,
});
export const C2CCancelBody = z.object({
  id: Id,
  notPaid: z.boolean().default(false).describe('after "paid" or during an appeal: the buyer states "I have not paid"'),
  acceptPenalty: z.boolean().default(false).describe('a merchant accepts the penalty of a third cancellation'),
  version: Version,
});
export const C2CReleaseBody = z.object({
  id: Id,
  fundPassword: FundPassword,
  twoFactorCode: TotpCode.optional().describe('six-digit authenticator code; required when two-factor is on'),
  version: Version,
  requestId: RequestId,
});
export const C2COrderIdBody = z.object({ id: Id, version: Version });
/** Text fields of an appeal (multipart; images in file fields `image1`…`image3`). */
export const C2CAppealFields = z.object({
  id: Id,
  reason: z
    .string(err('APPEAL_TOO_SHORT'))
    .trim()
    .min(10, err('APPEAL_TOO_SHORT'))
    .max(C2C_APPEAL_REASON_MAX, err('INVALID_PARAMS')),
});
export const C2CEvidenceFields = z.object({
  id: Id,
  note: z.string().trim().max(200, err('INVALID_PARAMS')).optional(),
});
export const C2CChatBody = z.object({
  id: Id,
  body: z
    .string(err('INVALID_PARAMS'))
    .trim()
    .min(1, err('INVALID_PARAMS'))
    .max(C2C_MESSAGE_MAX, err('INVALID_PARAMS')),
});
export const C2COrderImageParams = z.object({ id: Id, file: Id });
export const C2COrdersQuery = z.object({
  tab: z.enum(['open', 'done', 'all']).default('all'),
  ...PageQuery.shape,
});

/** A payment method as the counterparty sees it in an order (kept as it was when the order was made). */
export const C2COrderPaymentMethod = z.object({
  id: z.number().int(),
  type: C2CPaymentType,
  holder: z.string(),
  account: z.string(),
  bankName: z.string().nullable(),
  branch: z.string().nullable(),
  hasQr: z.boolean(),
});
export type C2COrderPaymentMethod = z.infer<typeof C2COrderPaymentMethod>;

export const C2CAppealEvidence = z.object({
  id: z.number().int(),
  by: z.enum(['buyer', 'seller']),
  note: z.string().nullable(),
  createdAt: Timestamp,
});
export const C2CAppealView = z.object({
  id: z.number().int(),
  openedBy: z.enum(['buyer', 'seller', 'system']),
  reason: z.string(),
  status: z.enum(['open', 'withdrawn', 'conceded', 'ruled']),
  fromState: z.enum(['paid', 'timed_out']),
  ruling: z.enum(['release', 'return']).nullable(),
  reasonCode: z.string().nullable(),
  note: z.string().nullable(),
  penalty: DecimalString.nullable(),
  createdAt: Timestamp,
  closedAt: Timestamp.nullable(),
  evidence: z.array(C2CAppealEvidence),
});
export type C2CAppealView = z.infer<typeof C2CAppealView>;

export const C2COrder = z.object({
  id: z.number().int(),
  no: z.string().describe('order number shown to users'),
  adId: z.number().int(),
  role: z.enum(['buyer', 'seller']).describe('the caller’s side'),
  asset: z.string(),
  fiat: C2CFiatCode,
  price: DecimalString,
  quantity: DecimalString,
  amount: DecimalString.describe('fiat the buyer pays'),
  state: C2COrderState,
  version: z.number().int(),
  counterparty: C2CMerchantStats,
  paymentMethods: z.array(C2COrderPaymentMethod).describe('where the buyer pays (the seller’s accounts)'),
  paidMethodId: z.number().int().nullable(),
  payBy: Timestamp.nullable(),
  releaseBy: Timestamp.nullable(),
  appealUntil: Timestamp.nullable().describe('timed out: the buyer may appeal until then'),
  createdAt: Timestamp,
  paidAt: Timestamp.nullable(),
  finishedAt: Timestamp.nullable(),
  cancelKind: z.enum(C2C_CANCEL_KINDS).nullable(),
  terms: z.string(),
  appeal: C2CAppealView.nullable(),
  actions: z.object({
    pay: z.boolean(),
    cancel: z.boolean(),
    release: z.boolean(),
    appeal: z.boolean(),
    withdrawAppeal: z.boolean(),
    evidence: z.boolean(),
    chat: z.boolean(),
  }),
  /** Cancelling now costs this much of the caller's merchant deposit (null: free). */
  cancelPenalty: z.object({ amount: DecimalString, asset: z.string() }).nullable(),
  serverTime: Timestamp,
});
export type C2COrder = z.infer<typeof C2COrder>;
export const C2CPagedOrders = paged(C2COrder);

export const C2CMessage = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  author: z.enum(['buyer', 'seller', 'system']),
  body: z.string(),
  hasImage: z.boolean(),
  createdAt: Timestamp,
});
export type C2CMessage = z.infer<typeof C2CMessage>;
export const C2CMessagesQuery = z.object({ after: wholeNumber({ min: 0 }).default(0) });
export const C2CMessagesParams = z.object({ id: Id });

export const C2C_NOTIFICATION_KINDS = [
  'created',
  'paid',
  'released',
  'cancelled',
  'timed_out',
  'appeal',
  'appeal_withdrawn',
  'ruled',
  'message',
] as const;
export const C2CNotification = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  kind: z.enum(C2C_NOTIFICATION_KINDS),
  createdAt: Timestamp,
  read: z.boolean(),
});
export type C2CNotification = z.infer<typeof C2CNotification>;
export const C2CNotifications = z.object({ list: z.array(C2CNotification), unread: z.number().int() });

/** A frame of the private `c2c` channel: an order changed (the caller's view of it), a chat message, a notice. */
export const C2CFrame = z.object({
  kind: z.enum(['order', 'message', 'notification']),
  orderId: z.number().int(),
  order: C2COrder.optional(),
  message: C2CMessage.optional(),
  notification: C2CNotification.optional(),
});
export type C2CFrame = z.infer<typeof C2CFrame>;

// ---- operators ----

export const C2CAdminMerchantsQuery = z.object({
  status: C2CMerchantStatus.optional(),
  ...PageQuery.shape,
});
export const C2CAdminMerchant = z.object({
  uid: z.number().int(),
  nickname: z.string().nullable(),
  status: C2CMerchantStatus,
  bot: z.boolean(),
  deposit: C2CMerchantDeposit,
  rejectReason: z.string().nullable(),
  appliedAt: Timestamp.nullable(),
  decidedAt: Timestamp.nullable(),
  identity: IdentityState,
  cancelsToday: z.number().int(),
  stats: C2CMerchantStats,
  listedAds: z.number().int(),
  openOrders: z.number().int(),
});
export type C2CAdminMerchant = z.infer<typeof C2CAdminMerchant>;
export const C2CRejectMerchantBody = z.object({
  reason: z.string(err('REJECT_REASON_REQUIRED')).trim().min(2, err('REJECT_REASON_REQUIRED')).max(200),
});
export const C2CUidParam = z.object({ uid: Id });

export const C2C_DEPOSIT_EVENT_KINDS = ['pay', 'top_up', 'penalty', 'refund'] as const;
export const C2CDepositEvent = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  nickname: z.string().nullable(),
  kind: z.enum(C2C_DEPOSIT_EVENT_KINDS),
  asset: z.string(),
  amount: DecimalString,
  orderId: z.number().int().nullable(),
  createdAt: Timestamp,
});
export const C2CDepositEventsQuery = z.object({
  uid: Id.optional(),
  kind: z.enum(C2C_DEPOSIT_EVENT_KINDS).optional(),
  ...PageQuery.shape,
});

export const C2CAdminAdsQuery = z.object({
  status: z.enum(C2C_AD_STATUSES).optional(),
  uid: Id.optional(),
  ...PageQuery.shape,
});
export const C2CAdminAd = C2CMyAd;
export const C2CTakeDownBody = z.object({
  reason: z.string(err('REJECT_REASON_REQUIRED')).trim().min(2, err('REJECT_REASON_REQUIRED')).max(200),
});

export const C2CAdminOrdersQuery = z.object({
  state: C2COrderState.optional(),
  uid: Id.optional(),
  ...PageQuery.shape,
});
export const C2CAdminOrder = z.object({
  id: z.number().int(),
  no: z.string(),
  adId: z.number().int(),
  asset: z.string(),
  fiat: C2CFiatCode,
  price: DecimalString,
  quantity: DecimalString,
  amount: DecimalString,
  state: C2COrderState,
  version: z.number().int(),
  buyer: z.object({ uid: z.number().int(), nickname: z.string(), merchant: z.boolean() }),
  seller: z.object({ uid: z.number().int(), nickname: z.string(), merchant: z.boolean() }),
  createdAt: Timestamp,
  paidAt: Timestamp.nullable(),
  finishedAt: Timestamp.nullable(),
  payBy: Timestamp.nullable(),
  releaseBy: Timestamp.nullable(),
  appealUntil: Timestamp.nullable(),
  cancelKind: z.enum(C2C_CANCEL_KINDS).nullable(),
  escrowHeld: DecimalString.describe('what the escrow hold escrow:<id> holds now'),
});
export type C2CAdminOrder = z.infer<typeof C2CAdminOrder>;

export const C2COrderEvent = z.object({
  version: z.number().int(),
  action: z.string(),
  from: C2COrderState,
  to: C2COrderState,
  actor: z.enum(['buyer', 'seller', 'system', 'operator']),
  actorId: z.number().int().nullable(),
  note: z.string().nullable(),
  at: Timestamp,
});
export const C2CPartyHistory = z.object({
  uid: z.number().int(),
  nickname: z.string(),
  merchant: z.boolean(),
  identity: IdentityState,
  email: z.string().nullable(),
  stats: C2CMerchantStats,
  orders: z.object({
    total: z.number().int(),
    completed: z.number().int(),
    cancelled: z.number().int(),
    appeals: z.number().int(),
  }),
  recent: z.array(
    z.object({
      id: z.number().int(),
      role: z.enum(['buyer', 'seller']),
      state: C2COrderState,
      amount: DecimalString,
      fiat: C2CFiatCode,
      createdAt: Timestamp,
    }),
  ),
});
export const C2CAdminOrderDetail = z.object({
  order: C2CAdminOrder,
  terms: z.string(),
  paymentMethods: z.array(C2COrderPaymentMethod),
  paidMethodId: z.number().int().nullable(),
  events: z.array(C2COrderEvent),
  messages: z.array(C2CMessage),
  appeals: z.array(C2CAppealView),
  buyer: C2CPartyHistory,
  seller: C2CPartyHistory,
});
export type C2CAdminOrderDetail = z.infer<typeof C2CAdminOrderDetail>;

export const C2CAppealsQuery = z.object({
  status: z.enum(['open', 'closed']).default('open'),
  ...PageQuery.shape,
});
export const C2CAdminAppeal = z.object({
  appeal: C2CAppealView,
  order: C2CAdminOrder,
});
export const C2CRuleBody = z.object({
  outcome: z.enum(['release', 'return']),
  reasonCode: z.enum(C2C_RULING_REASON_CODES, err('RULING_REASON_INVALID')),
  note: z.string().trim().max(500).default(''),
});

export const C2CSettings = z.object({
  assets: z.array(C2CAssetInfo).min(1),
  fiats: z.array(C2CFiatInfo).min(1),
  depositAsset: Asset,
  depositAmount: DecimalString,
  releaseMinutes: z.number().int().min(1).max(1440),
  appealWindowMinutes: z.number().int().min(1).max(1440),
  floatMin: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/),
  floatMax: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/),
  maxOpenOrders: z.number().int().min(1).max(50),
  freeCancelsPerDay: z.number().int().min(0).max(20),
  penaltyPercent: z.number().int().min(0).max(100),
});
export type C2CSettings = z.infer<typeof C2CSettings>;
export const C2CStats = z.object({
  merchants: z.record(z.string(), z.number().int()),
  orders: z.record(z.string(), z.number().int()),
  openAppeals: z.number().int(),
  escrow: z.array(z.object({ asset: z.string(), held: DecimalString, orders: z.number().int() })),
});
