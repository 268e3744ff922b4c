import { z } from 'zod';
import { DecimalString, err, Id, PageQuery, paged, Timestamp, wholeNumber } from './common';
import { CoinCode, RequestId, WalletAmount } from './wallet';

/**
 * Wealth products ("financial", spec §2): flexible (redeem any time) and fixed-term (principal back at maturity).
 * Rules: RULEBOOK "Wealth, subscription, loans, mining"; server: apps/server/src/modules/wealth/README.md.
 */

export const WEALTH_KINDS = ['flexible', 'fixed'] as const;
export type WealthKind = (typeof WEALTH_KINDS)[number];

/** A product takes subscriptions while `active`; `paused` stops new ones (open holdings keep earning). */
export const WEALTH_PRODUCT_STATUSES = ['active', 'paused'] as const;
export type WealthProductStatus = (typeof WEALTH_PRODUCT_STATUSES)[number];

/**
 * The return state of a holding (spec §4 "Wealth return"): `not_yet` — open, returns still to come; `earned` — closed
 * with its returns (a fixed term matured, or a flexible holding redeemed); `early` — a fixed term redeemed before
 * maturity: the principal minus the rewards already paid came back; `revoked` — an operator ended it (principal back
 * in full, the rewards paid are kept).
 */
export const WEALTH_RETURN_STATES = ['not_yet', 'earned', 'early', 'revoked'] as const;
export type WealthReturnState = (typeof WEALTH_RETURN_STATES)[number];

/** One day's return: `earned` (paid), or `revoked` — paid, then taken back by an early redemption. */
export const WEALTH_DAILY_STATES = ['earned', 'revoked'] as const;

export const WEALTH_REDEMPTION_KINDS = ['redeem', 'maturity', 'early', 'revoke'] as const;
export type WealthRedemptionKind = (typeof WEALTH_REDEMPTION_KINDS)[number];

/** An annual rate as a fraction: "0.055" is 5.5% a year (at most 6 decimals, at most 10 = 1000%). */
export const AprString = z
  .string(err('INVALID_PARAMS'))
  .regex(/^\d{1,2}(\.\d{1,6})?$/, err('INVALID_PARAMS'))
  .describe('annual rate as a fraction, e.g. "0.055" = 5.5% (at most 6 decimals)');

export const WealthProduct = z.object({
  id: z.number().int(),
  asset: z.string(),
  kind: z.enum(WEALTH_KINDS),
  termDays: z.number().int().nullable().describe('fixed term in days; null for flexible'),
  apr: DecimalString.describe('annual rate as a fraction ("0.055" = 5.5%)'),
  minAmount: DecimalString.describe('smallest subscription'),
  maxPerUser: DecimalString.nullable().describe('most one user may hold in this product; null: no limit'),
  quota: DecimalString.nullable().describe('most all users together may hold; null: no limit'),
  subscribed: DecimalString.describe('principal held in the product now'),
  left: DecimalString.nullable().describe('quota − subscribed; null without a quota'),
  status: z.enum(WEALTH_PRODUCT_STATUSES),
  /** Quota or interest budget used up: no subscription fits. */
  soldOut: z.boolean(),
  /** If one subscribed now: returns accrue from this instant (the start of the next accrual day)… */
  accrualStartsAt: Timestamp,
  /** …the first return is paid at this instant (the end of that day)… */
  firstReturnAt: Timestamp,
  /** …and a fixed term ends here (principal released); null for flexible. */
  maturityAt: Timestamp.nullable(),
  sort: z.number().int(),
});
export type WealthProduct = z.infer<typeof WealthProduct>;

export const WealthPosition = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  asset: z.string(),
  kind: z.enum(WEALTH_KINDS),
  termDays: z.number().int().nullable(),
  apr: DecimalString.describe('fixed: the rate locked at subscription; flexible: the product’s rate now'),
  principal: DecimalString.describe('held now (locked in the spot wallet); 0 once closed'),
  subscribed: DecimalString.describe('what was subscribed'),
  interestPaid: DecimalString.describe('every return paid so far (early: before it was taken back)'),
  forfeited: DecimalString.describe('rewards taken back from the principal by an early redemption'),
  returned: DecimalString.describe('principal given back so far'),
  state: z.enum(WEALTH_RETURN_STATES),
  subscribedAt: Timestamp,
  accrualStartsAt: Timestamp,
  maturityAt: Timestamp.nullable(),
  nextReturnAt: Timestamp.nullable().describe('when the next daily return is due; null once closed'),
  lastReturn: DecimalString.nullable().describe('the newest daily return'),
  closedAt: Timestamp.nullable(),
});
export type WealthPosition = z.infer<typeof WealthPosition>;

export const WealthReturn = z.object({
  positionId: z.number().int(),
  asset: z.string(),
  kind: z.enum(WEALTH_KINDS),
  termDays: z.number().int().nullable(),
  day: Timestamp.describe('start of the accrual day it pays for'),
  principal: DecimalString,
  apr: DecimalString,
  amount: DecimalString,
  state: z.enum(WEALTH_DAILY_STATES),
  paidAt: Timestamp,
});
export type WealthReturn = z.infer<typeof WealthReturn>;

export const WealthRedemption = z.object({
  id: z.number().int(),
  positionId: z.number().int(),
  asset: z.string(),
  kind: z.enum(WEALTH_REDEMPTION_KINDS),
  productKind: z.enum(WEALTH_KINDS),
  termDays: z.number().int().nullable(),
  principal: DecimalString.describe('principal released from the hold'),
  forfeited: DecimalString.describe('rewards taken back (early redemption)'),
  returned: DecimalString.describe('what became available: principal − forfeited'),
  createdAt: Timestamp,
});
export type WealthRedemption = z.infer<typeof WealthRedemption>;

/** The caller's holdings per asset. */
export const WealthSummary = z.object({
  assets: z.array(
    z.object({
      asset: z.string(),
      principal: DecimalString.describe('held in open positions'),
      earned: DecimalString.describe('returns kept so far (taken-back ones excluded)'),
      lastDay: DecimalString.describe('returns of the newest accrual day'),
    }),
  ),
  open: z.number().int().describe('open holdings'),
});
export type WealthSummary = z.infer<typeof WealthSummary>;

export const WealthSubscribeBody = z.object({
  productId: Id,
  amount: WalletAmount,
  requestId: RequestId,
});
export type WealthSubscribeBody = z.infer<typeof WealthSubscribeBody>;

export const WealthRedeemBody = z.object({
  positionId: Id,
  amount: WalletAmount.optional().describe('flexible only: part of the principal; absent = all'),
  early: z.boolean().optional().describe('fixed before maturity: the user accepts losing the rewards paid'),
  requestId: RequestId,
});
export type WealthRedeemBody = z.infer<typeof WealthRedeemBody>;

export const WealthPositionsQuery = z.object({
  state: z.enum(['open', 'closed'], err('INVALID_PARAMS')).optional(),
  ...PageQuery.shape,
});
export const WealthReturnsQuery = z.object({ positionId: Id.optional(), ...PageQuery.shape });
export const WealthRedemptionsQuery = PageQuery;

export const PagedWealthPositions = paged(WealthPosition);
export const PagedWealthReturns = paged(WealthReturn);
export const PagedWealthRedemptions = paged(WealthRedemption);

// ---- operators ----

const OptionalAmount = DecimalString.nullable();

export const WealthProductInput = z.object({
  asset: CoinCode,
  kind: z.enum(WEALTH_KINDS, err('INVALID_PARAMS')),
  termDays: wholeNumber({ min: 1, max: 3650 }).nullable().default(null),
  apr: AprString,
  minAmount: DecimalString,
  maxPerUser: OptionalAmount.default(null),
  quota: OptionalAmount.default(null),
  interestBudget: OptionalAmount.default(null),
  status: z.enum(WEALTH_PRODUCT_STATUSES, err('INVALID_PARAMS')).default('active'),
  sort: wholeNumber({ min: -1_000_000, max: 1_000_000 }).default(0),
});
export type WealthProductInput = z.input<typeof WealthProductInput>;
/** The same after validation (defaults filled in). */
export type WealthProductValues = z.output<typeof WealthProductInput>;

/** What may change on a product (its asset, kind and term are fixed; a fixed term’s new rate applies to new holdings). */
export const WealthProductUpdate = z.object({
  apr: AprString.optional(),
  minAmount: DecimalString.optional(),
  maxPerUser: OptionalAmount.optional(),
  quota: OptionalAmount.optional(),
  interestBudget: OptionalAmount.optional(),
  status: z.enum(WEALTH_PRODUCT_STATUSES, err('INVALID_PARAMS')).optional(),
  sort: wholeNumber({ min: -1_000_000, max: 1_000_000 }).optional(),
});
export type WealthProductUpdate = z.infer<typeof WealthProductUpdate>;

export const AdminWealthProduct = WealthProduct.extend({
  interestBudget: DecimalString.nullable().describe('the most interest the product commits to pay; null: no limit'),
  interestPaid: DecimalString.describe('returns paid and kept'),
  interestOwed: DecimalString.describe('fixed: returns still due to maturity on open holdings; flexible: 0'),
  dailyInterest: DecimalString.describe('what the next accrual day pays on the open holdings'),
  budgetLeft: DecimalString.nullable(),
  holders: z.number().int(),
  openPositions: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type AdminWealthProduct = z.infer<typeof AdminWealthProduct>;

export const AdminWealthPosition = WealthPosition.extend({ uid: z.number().int() });
export type AdminWealthPosition = z.infer<typeof AdminWealthPosition>;

export const AdminWealthPositionsQuery = z.object({
  productId: Id.optional(),
  uid: wholeNumber({ min: 1 }).optional(),
  state: z.enum(WEALTH_RETURN_STATES, err('INVALID_PARAMS')).optional(),
  ...PageQuery.shape,
});
export const PagedAdminWealthPositions = paged(AdminWealthPosition);

/** Per asset, what the exchange owes wealth customers and what it paid. */
export const WealthTotals = z.object({
  assets: z.array(
    z.object({
      asset: z.string(),
      principal: DecimalString.describe('principal held for users (locked in their spot wallets)'),
      interestPaid: DecimalString,
      interestOwed: DecimalString.describe('fixed-term returns still due to maturity'),
      dailyInterest: DecimalString.describe('what the next accrual day pays'),
      holders: z.number().int(),
    }),
  ),
  /** The last accrual day that was paid (start of the day), null before the first. */
  lastAccrualDay: Timestamp.nullable(),
});
export type WealthTotals = z.infer<typeof WealthTotals>;

export const WealthRevokeBody = z.object({
  reason: z.string(err('INVALID_PARAMS')).trim().min(1, err('INVALID_PARAMS')).max(200, err('INVALID_PARAMS')),
});
