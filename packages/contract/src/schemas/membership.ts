import { z } from 'zod';
import { DecimalString, err, PageQuery, paged, Timestamp, wholeNumber } from './common';
import { PercentString } from './rewards';
import { CoinCode, RequestId, WalletAmount } from './wallet';

/**
 * Membership (product key `membership`): levels with benefits — trading-fee discounts the trading modules apply,
 * a higher 24-hour withdrawal limit, a mystery-box discount — reached by holding the platform token (evaluated on
 * the scheduler) or bought for a number of days. Server: apps/server/src/modules/membership/README.md;
 * docs/membership.md.
 */

export const MEMBER_SOURCES = ['none', 'holdings', 'purchase'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];

export const MemberBenefits = z.object({
  spotDiscount: PercentString.describe('off the spot trading fee, in %'),
  futuresDiscount: PercentString.describe('off the futures trading fee, in %'),
  boxDiscount: PercentString.describe('off the mystery-box price, in %'),
  withdrawLimit: DecimalString.nullable().describe('24-hour withdrawal limit in USDT value; null: no limit'),
});
export type MemberBenefits = z.infer<typeof MemberBenefits>;

export const MemberLevel = z.object({
  level: z.number().int().describe('1, 2, 3…; 0 is a regular account'),
  name: z.string(),
  /** Holding at least this much of the hold asset (all wallets, frozen included) reaches the level. */
  holdAmount: DecimalString,
  /** Price in USDT for `days` days; null: not for sale. */
  price: DecimalString.nullable(),
  days: z.number().int(),
  benefits: MemberBenefits,
});
export type MemberLevel = z.infer<typeof MemberLevel>;

export const MembershipOverview = z.object({
  holdAsset: z.string(),
  levels: z.array(MemberLevel),
  /** What a regular account gets (level 0). */
  base: MemberBenefits,
  level: z.number().int().describe('the level in force: the higher of the held and the bought one'),
  source: z.enum(MEMBER_SOURCES),
  heldLevel: z.number().int(),
  /** The holdings as the scheduler last counted them, and when. */
  holdings: DecimalString,
  evaluatedAt: Timestamp.nullable(),
  boughtLevel: z.number().int(),
  boughtUntil: Timestamp.nullable(),
  /** The next level by holdings and what is still missing; null at the top. */
  next: z.object({ level: z.number().int(), name: z.string(), missing: DecimalString }).nullable(),
  progress: z.number().describe('0–100: the way from the held level to the next by holdings'),
});
export type MembershipOverview = z.infer<typeof MembershipOverview>;

export const MembershipBuyBody = z.object({
  level: wholeNumber({ min: 1, max: 100, error: 'MEMBER_LEVEL_NOT_FOUND' }),
  requestId: RequestId,
});

export const MembershipPurchase = z.object({
  id: z.number().int(),
  level: z.number().int(),
  name: z.string(),
  asset: z.string(),
  price: DecimalString,
  from: Timestamp,
  until: Timestamp,
  at: Timestamp,
});
export type MembershipPurchase = z.infer<typeof MembershipPurchase>;

export const BENEFIT_KINDS = ['spot_fee', 'futures_fee', 'box'] as const;
export type BenefitKind = (typeof BENEFIT_KINDS)[number];

export const BenefitRecord = z.object({
  id: z.number().int(),
  kind: z.enum(BENEFIT_KINDS),
  level: z.number().int(),
  asset: z.string(),
  amount: DecimalString.describe('what the benefit saved, in the asset'),
  reference: z.string(),
  at: Timestamp,
});
export type BenefitRecord = z.infer<typeof BenefitRecord>;

/** The benefits a member received, from the records the fee and box discounts left (`/pages/member/shou`). */
export const BenefitsReceived = z.object({
  totals: z.array(
    z.object({ kind: z.enum(BENEFIT_KINDS), asset: z.string(), amount: DecimalString, count: z.number().int() }),
  ),
  withdraw: z.object({
    limit: DecimalString.nullable(),
    used: DecimalString.describe('USDT value withdrawn in the last 24 hours'),
  }),
  purchases: z.array(MembershipPurchase),
  records: z.array(BenefitRecord).describe('the newest 50'),
});
export type BenefitsReceived = z.infer<typeof BenefitsReceived>;

// ---- operators -------------------------------------------------------------------------------------------------

const LimitInput = z
  .string(err('INVALID_PARAMS'))
  .trim()
  .regex(/^(\d{1,20}(\.\d{1,8})?)?$/, err('INVALID_PARAMS'))
  .describe('USDT; empty: no limit');

export const MemberLevelInput = z.object({
  name: z.string(err('INVALID_PARAMS')).trim().min(1, err('INVALID_PARAMS')).max(30, err('INVALID_PARAMS')),
  holdAmount: WalletAmount,
  price: WalletAmount.describe('USDT; 0: not for sale'),
  days: wholeNumber({ min: 1, max: 3650 }),
  spotDiscount: PercentString,
  futuresDiscount: PercentString,
  boxDiscount: PercentString,
  withdrawLimit: LimitInput,
});

export const MembershipSettingsBody = z.object({
  holdAsset: CoinCode,
  baseWithdrawLimit: LimitInput,
  levels: z.array(MemberLevelInput).min(1, err('MEMBER_LEVELS_INVALID')).max(12, err('MEMBER_LEVELS_INVALID')),
});

export const AdminMemberLevel = MemberLevel.extend({ members: z.number().int() });
export const MembershipSettings = z.object({
  holdAsset: z.string(),
  base: MemberBenefits,
  levels: z.array(AdminMemberLevel),
  revenue: z.array(z.object({ asset: z.string(), amount: DecimalString })),
});
export type MembershipSettings = z.infer<typeof MembershipSettings>;

export const AdminMember = z.object({
  uid: z.number().int(),
  account: z.string(),
  level: z.number().int(),
  source: z.enum(MEMBER_SOURCES),
  heldLevel: z.number().int(),
  holdings: DecimalString,
  boughtLevel: z.number().int(),
  boughtUntil: Timestamp.nullable(),
  saved: z.array(z.object({ asset: z.string(), amount: DecimalString })),
});
export type AdminMember = z.infer<typeof AdminMember>;
export const AdminMembersQuery = PageQuery;
export const PagedAdminMembers = paged(AdminMember);
