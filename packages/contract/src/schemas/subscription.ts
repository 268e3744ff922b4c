import { z } from 'zod';
import { LANGS, type Lang } from '../lang';
import { DecimalString, err, Id, PageQuery, paged, Timestamp, wholeNumber } from './common';
import { CoinCode, RequestId, WalletAmount } from './wallet';

/**
 * New-coin subscription (`/pages/purchase/purchase`): users commit the quote coin during a window; when it ends each
 * gets tokens pro rata to the commitment (never more than the commitment buys), pays for them, and the rest is
 * refunded. Server: apps/server/src/modules/subscription/README.md.
 */

/**
 * A project's phase: `upcoming` (window not open), `open` (commitments taken), `calculating` (window over,
 * allocation not yet made), `settled` (tokens delivered, the rest refunded), `cancelled` (an operator called it off:
 * every commitment refunded).
 */
export const SUBSCRIPTION_PHASES = ['upcoming', 'open', 'calculating', 'settled', 'cancelled'] as const;
export type SubscriptionPhase = (typeof SUBSCRIPTION_PHASES)[number];

/**
 * An application's state: `pending` (committed, held until the window ends), `allocated` (settled: tokens delivered,
 * cost charged, excess refunded), `withdrawn` (the user took it back during the window), `refunded` (the project was
 * cancelled).
 */
export const SUBSCRIPTION_APPLICATION_STATES = ['pending', 'allocated', 'withdrawn', 'refunded'] as const;
export type SubscriptionApplicationState = (typeof SUBSCRIPTION_APPLICATION_STATES)[number];

/** A text in each language of the app (the operator writes all five). */
export const LocalizedText = z.object(
  Object.fromEntries(
    LANGS.map((lang) => [lang, z.string(err('INVALID_PARAMS')).trim().max(1000, err('INVALID_PARAMS'))]),
  ) as Record<Lang, z.ZodString>,
);
export type LocalizedText = z.infer<typeof LocalizedText>;

export const SubscriptionProject = z.object({
  id: z.number().int(),
  token: z.string().describe('the new coin'),
  tokenName: z.string(),
  quote: z.string().describe('the coin committed and paid, e.g. USDT'),
  price: DecimalString.describe('quote per token'),
  supply: DecimalString.describe('tokens on sale'),
  startsAt: Timestamp,
  endsAt: Timestamp,
  minCommit: DecimalString.describe('smallest commitment per user, in the quote coin'),
  maxCommit: DecimalString.describe('largest commitment per user, in the quote coin'),
  phase: z.enum(SUBSCRIPTION_PHASES),
  paused: z.boolean(),
  committed: DecimalString.describe('total committed by pending and allocated applications'),
  applicants: z.number().int(),
  /** committed ÷ (supply × price), e.g. "3.52" = 352% subscribed; rounded down to 2 decimals. */
  subscribedRatio: DecimalString,
  allocated: DecimalString.describe('tokens delivered (settled projects)'),
  raised: DecimalString.describe('quote paid for them (settled projects)'),
  intro: z.string().describe('in the caller’s language'),
  settledAt: Timestamp.nullable(),
  /** The spot market the token trades on once listed (e.g. NOVA_USDT), else null. */
  market: z.string().nullable(),
});
export type SubscriptionProject = z.infer<typeof SubscriptionProject>;

export const SubscriptionApplication = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  token: z.string(),
  quote: z.string(),
  price: DecimalString,
  committed: DecimalString.describe('held in the spot wallet while pending'),
  state: z.enum(SUBSCRIPTION_APPLICATION_STATES),
  allocation: DecimalString.nullable().describe('tokens delivered'),
  cost: DecimalString.nullable().describe('quote charged for them'),
  refund: DecimalString.nullable().describe('quote given back'),
  createdAt: Timestamp,
  settledAt: Timestamp.nullable(),
});
export type SubscriptionApplication = z.infer<typeof SubscriptionApplication>;

export const SubscriptionApplyBody = z.object({
  projectId: Id,
  amount: WalletAmount.describe('the quote coin to commit'),
  requestId: RequestId,
});
export type SubscriptionApplyBody = z.infer<typeof SubscriptionApplyBody>;

export const SubscriptionWithdrawBody = z.object({ applicationId: Id, requestId: RequestId });

export const SubscriptionApplicationsQuery = z.object({ projectId: Id.optional(), ...PageQuery.shape });
export const PagedSubscriptionApplications = paged(SubscriptionApplication);

// ---- operators ----

const ProjectTimes = {
  startsAt: wholeNumber({ min: 0 }).describe('ms since the epoch'),
  endsAt: wholeNumber({ min: 0 }).describe('ms since the epoch'),
};

export const SubscriptionProjectInput = z.object({
  token: CoinCode,
  tokenName: z.string(err('INVALID_PARAMS')).trim().min(1, err('INVALID_PARAMS')).max(40, err('INVALID_PARAMS')),
  displayPrecision: wholeNumber({ min: 0, max: 8 }).default(4),
  quote: CoinCode.default('USDT'),
  price: DecimalString,
  supply: DecimalString,
  ...ProjectTimes,
  minCommit: DecimalString,
  maxCommit: DecimalString,
  intro: LocalizedText,
  paused: z.boolean().default(false),
});
export type SubscriptionProjectInput = z.input<typeof SubscriptionProjectInput>;
/** The same after validation (defaults filled in, times as numbers). */
export type SubscriptionProjectValues = z.output<typeof SubscriptionProjectInput>;

/**
 * Changes: before the window opens every term may change; afterwards only the pause, the intro and a later end
 * (a window is never shortened under the applicants).
 */
export const SubscriptionProjectUpdate = z.object({
  tokenName: z
    .string(err('INVALID_PARAMS'))
    .trim()
    .min(1, err('INVALID_PARAMS'))
    .max(40, err('INVALID_PARAMS'))
    .optional(),
  price: DecimalString.optional(),
  supply: DecimalString.optional(),
  startsAt: ProjectTimes.startsAt.optional(),
  endsAt: ProjectTimes.endsAt.optional(),
  minCommit: DecimalString.optional(),
  maxCommit: DecimalString.optional(),
  intro: LocalizedText.optional(),
  paused: z.boolean().optional(),
});
export type SubscriptionProjectUpdate = z.infer<typeof SubscriptionProjectUpdate>;

export const AdminSubscriptionProject = SubscriptionProject.omit({ intro: true }).extend({
  intro: LocalizedText,
  displayPrecision: z.number().int(),
  refunded: DecimalString.describe('quote refunded (settled or cancelled)'),
  pendingApplications: z.number().int().describe('applications still to settle'),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type AdminSubscriptionProject = z.infer<typeof AdminSubscriptionProject>;

export const AdminSubscriptionApplication = SubscriptionApplication.extend({ uid: z.number().int() });
export type AdminSubscriptionApplication = z.infer<typeof AdminSubscriptionApplication>;

export const AdminSubscriptionApplicationsQuery = z.object({
  uid: wholeNumber({ min: 1 }).optional(),
  ...PageQuery.shape,
});
export const PagedAdminSubscriptionApplications = paged(AdminSubscriptionApplication);
