import { z } from 'zod';
import { DecimalString, err, Id, PageQuery, paged, Timestamp, wholeNumber } from './common';
import { CHECKIN_STREAK_DAYS, PARTNER_DAYS } from '../constants';
import { CoinCode, RequestId, WalletAmount } from './wallet';

/**
 * Rewards (product key `rewards`): the reward pool operators fund, daily check-in, the provably fair mystery box,
 * invitations with rebates from invitees' trading fees, and the partner data. Rules: RULEBOOK "Rewards"; server:
 * apps/server/src/modules/rewards/README.md; docs/rewards.md.
 */

/** A share of a fee or a probability, as a percentage with at most 4 decimals ("12.5" = 12.5%). */
export const PercentString = z
  .string(err('INVALID_PARAMS'))
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, err('INVALID_PARAMS'))
  .describe('a percentage with at most 4 decimals, e.g. "12.5" = 12.5%');

// ---- check-in --------------------------------------------------------------------------------------------------

/** Days in a streak's cycle: day 7 pays double, then the calendar starts again at day 1 (the streak goes on). */
export const CHECKIN_CYCLE = CHECKIN_STREAK_DAYS;

export const CheckinDay = z.object({
  day: z.number().int().describe('1–7: the place in the current 7-day cycle'),
  amount: DecimalString.describe('what checking in on that day pays'),
  double: z.boolean().describe('day 7 of a streak pays double'),
  claimed: z.boolean(),
  today: z.boolean(),
});
export type CheckinDay = z.infer<typeof CheckinDay>;

export const CheckinState = z.object({
  asset: z.string(),
  /** The UTC day (its start, ms) the server counts as today. */
  today: Timestamp,
  checkedToday: z.boolean(),
  /** Consecutive days checked in, ending today or yesterday (0 after a missed day). */
  streak: z.number().int(),
  calendar: z.array(CheckinDay),
  /** When the next claim opens (the next UTC midnight when checked in today, otherwise now). */
  nextAt: Timestamp,
  /** Whether the pool can pay today's reward. */
  poolOk: z.boolean(),
  history: z.array(z.object({ day: Timestamp, streak: z.number().int(), amount: DecimalString })),
});
export type CheckinState = z.infer<typeof CheckinState>;

export const CheckinBody = z.object({ requestId: RequestId });

export const CheckinResult = z.object({
  asset: z.string(),
  amount: DecimalString,
  streak: z.number().int(),
  day: z.number().int().describe('1–7 in the cycle'),
  double: z.boolean(),
  at: Timestamp,
});
export type CheckinResult = z.infer<typeof CheckinResult>;

// ---- mystery box -----------------------------------------------------------------------------------------------

export const BOX_STATUSES = ['active', 'paused'] as const;
export type BoxStatus = (typeof BOX_STATUSES)[number];

export const BoxPrize = z.object({
  index: z.number().int().describe('its place in the table (what a draw maps onto)'),
  asset: z.string(),
  amount: DecimalString.describe('0: nothing this time'),
  odds: DecimalString.describe('percentage; the table adds up to 100'),
});
export type BoxPrize = z.infer<typeof BoxPrize>;

export const MysteryBox = z.object({
  id: z.number().int(),
  name: z.string(),
  priceAsset: z.string(),
  price: DecimalString,
  prizes: z.array(BoxPrize),
  status: z.enum(BOX_STATUSES),
  /** Prize budget left, by asset (a box stops when a prize it could draw no longer fits). */
  budgetLeft: z.array(z.object({ asset: z.string(), amount: DecimalString })),
  soldOut: z.boolean(),
  opened: z.number().int(),
});
export type MysteryBox = z.infer<typeof MysteryBox>;

/** What the signed-in user pays for each box on sale: the list price less their membership's box discount. */
export const BoxPrice = z.object({
  boxId: z.number().int(),
  priceAsset: z.string(),
  listPrice: DecimalString,
  price: DecimalString.describe('what opening the box charges this user now'),
  discountPpm: z.number().int().describe('the user’s box discount, parts per million of the price'),
});
export type BoxPrice = z.infer<typeof BoxPrice>;

/** The user's seed pair: the hash of the server seed is published before any draw it decides. */
export const BoxFairness = z.object({
  serverSeedHash: z.string().describe('sha256(serverSeed), hex'),
  clientSeed: z.string(),
  nonce: z.number().int().describe('the nonce of the next draw'),
});
export type BoxFairness = z.infer<typeof BoxFairness>;

export const BoxDraw = z.object({
  id: z.number().int(),
  boxId: z.number().int(),
  boxName: z.string(),
  priceAsset: z.string(),
  price: DecimalString,
  prize: BoxPrize,
  serverSeedHash: z.string(),
  /** Revealed once the seed pair is rotated; null while it still decides draws. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`), hex: its first 13 hex digits give the roll. */
  hmac: z.string().nullable().describe('shown with the revealed seed'),
  roll: z.number().int().describe('0–999999: the draw on the odds in millionths'),
  at: Timestamp,
});
export type BoxDraw = z.infer<typeof BoxDraw>;

export const BoxOpenBody = z.object({ boxId: Id, requestId: RequestId });

export const BoxSeedBody = z.object({
  clientSeed: z
    .string(err('BOX_CLIENT_SEED_INVALID'))
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, err('BOX_CLIENT_SEED_INVALID'))
    .optional(),
});

export const BoxSeedRotation = z.object({
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    draws: z.number().int().describe('draws the revealed seed decided (nonces 0…draws−1)'),
  }),
  next: BoxFairness,
});
export type BoxSeedRotation = z.infer<typeof BoxSeedRotation>;

export const BoxWin = z.object({
  account: z.string().describe('masked'),
  boxName: z.string(),
  asset: z.string(),
  amount: DecimalString,
  at: Timestamp,
});
export type BoxWin = z.infer<typeof BoxWin>;

export const BoxRankRow = z.object({
  rank: z.number().int(),
  account: z.string().describe('masked'),
  opened: z.number().int(),
  wins: z.number().int().describe('draws with a prize above zero'),
});
export type BoxRankRow = z.infer<typeof BoxRankRow>;

export const BoxDrawsQuery = PageQuery;
export const PagedBoxDraws = paged(BoxDraw);

// ---- invitations and partners ----------------------------------------------------------------------------------

export const REBATE_PRODUCTS = ['spot', 'futures'] as const;
export type RebateProduct = (typeof REBATE_PRODUCTS)[number];

export const AssetAmount = z.object({ asset: z.string(), amount: DecimalString });
export type AssetAmount = z.infer<typeof AssetAmount>;

export const Invitee = z.object({
  account: z.string().describe('masked'),
  level: z.union([z.literal(1), z.literal(2)]).describe('1: invited by me; 2: invited by one of mine (team)'),
  registeredAt: Timestamp,
  rebates: z.array(AssetAmount).describe('what their fees paid me'),
});
export type Invitee = z.infer<typeof Invitee>;

export const RebateShares = z.object({
  spot: z.object({ level1: PercentString, level2: PercentString }),
  futures: z.object({ level1: PercentString, level2: PercentString }),
});
export type RebateShares = z.infer<typeof RebateShares>;

export const InviteSummary = z.object({
  code: z.string(),
  /** The registration path with the code, for the link and the poster's QR code (the app adds its origin). */
  path: z.string(),
  invitees: z.number().int(),
  team: z.number().int(),
  rebates: z.array(AssetAmount),
  shares: RebateShares,
  list: z.array(Invitee).describe('the newest 100, level 1 first'),
});
export type InviteSummary = z.infer<typeof InviteSummary>;

export const PartnerDay = z.object({
  day: Timestamp.describe('the UTC day’s start'),
  newInvitees: z.number().int(),
  /** Fees the team paid that day, by asset. */
  fees: z.array(AssetAmount),
  rebates: z.array(AssetAmount),
});
export type PartnerDay = z.infer<typeof PartnerDay>;

export const PartnerData = z.object({
  from: Timestamp,
  to: Timestamp,
  invitees: z.number().int(),
  team: z.number().int(),
  activeTraders: z.number().int().describe('invitees (both levels) who paid a fee in the window'),
  fees: z.array(AssetAmount),
  rebates: z.array(AssetAmount),
  days: z.array(PartnerDay).describe(`every day of the last ${PARTNER_DAYS}, oldest first`),
});
export type PartnerData = z.infer<typeof PartnerData>;

// ---- operators -------------------------------------------------------------------------------------------------

export const RewardPoolBalance = z.object({
  asset: z.string(),
  available: DecimalString,
  funded: DecimalString.describe('everything operators put in'),
  paid: DecimalString.describe('everything rewards took out'),
});
export type RewardPoolBalance = z.infer<typeof RewardPoolBalance>;

export const RewardPoolFundBody = z.object({ asset: CoinCode, amount: WalletAmount });

export const RewardSettings = z.object({
  checkin: z.object({ asset: z.string(), amount: DecimalString }),
  rebates: RebateShares,
});
export type RewardSettings = z.infer<typeof RewardSettings>;

export const RewardSettingsBody = z.object({
  checkin: z.object({ asset: CoinCode, amount: WalletAmount }),
  rebates: RebateShares,
});

export const BoxPrizeInput = z.object({ asset: CoinCode, amount: WalletAmount, odds: PercentString });

export const BoxInput = z.object({
  name: z.string(err('INVALID_PARAMS')).trim().min(1, err('INVALID_PARAMS')).max(40, err('INVALID_PARAMS')),
  priceAsset: CoinCode,
  price: WalletAmount,
  prizes: z.array(BoxPrizeInput).min(1, err('BOX_PRIZES_INVALID')).max(20, err('BOX_PRIZES_INVALID')),
  /** The most its prizes may pay out, by asset (every prize asset needs one). */
  budget: z.array(z.object({ asset: CoinCode, amount: WalletAmount })).max(20, err('INVALID_PARAMS')),
  status: z.enum(BOX_STATUSES, err('INVALID_PARAMS')),
});

export const AdminBox = MysteryBox.extend({
  budget: z.array(AssetAmount),
  paid: z.array(AssetAmount),
  revenue: DecimalString.describe('what buyers paid, in the price asset'),
});
export type AdminBox = z.infer<typeof AdminBox>;

export const AdminRebateRow = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  fromUid: z.number().int(),
  level: z.number().int(),
  product: z.string(),
  asset: z.string(),
  fee: DecimalString,
  amount: DecimalString,
  at: Timestamp,
});
export const AdminRebatesQuery = PageQuery;
export const PagedAdminRebates = paged(AdminRebateRow);

// ---- newcomer rewards ------------------------------------------------------------------------------------------

export const NEWCOMER_REWARD_TASKS = ['identity', 'twoFactor', 'deposit', 'trade'] as const;
export type NewcomerRewardTask = (typeof NEWCOMER_REWARD_TASKS)[number];

/** A newcomer task with its reward: done from the account's real state, claimed once, paid from the reward pool. */
export const NewcomerReward = z.object({
  task: z.enum(NEWCOMER_REWARD_TASKS),
  done: z.boolean(),
  asset: z.string(),
  amount: DecimalString.describe('0: this task pays nothing now'),
  claimed: z.boolean(),
  claimedAt: Timestamp.nullable(),
  /** Whether a claim would be paid now (done, unclaimed, in time, budget and pool enough). */
  claimable: z.boolean(),
  budgetLeft: z.boolean().describe('whether the task’s budget can still pay its reward'),
});
export type NewcomerReward = z.infer<typeof NewcomerReward>;

export const NewcomerRewards = z.object({
  tasks: z.array(NewcomerReward),
  done: z.number().int(),
  total: z.number().int(),
  /** Rewards can be claimed until this instant (registration + the operator’s days). */
  deadline: Timestamp,
  days: z.number().int(),
});
export type NewcomerRewards = z.infer<typeof NewcomerRewards>;

export const NewcomerClaimBody = z.object({
  task: z.enum(NEWCOMER_REWARD_TASKS, err('NOT_FOUND')),
  requestId: RequestId,
});

export const NewcomerClaimResult = z.object({
  task: z.enum(NEWCOMER_REWARD_TASKS),
  asset: z.string(),
  amount: DecimalString,
  at: Timestamp,
});
export type NewcomerClaimResult = z.infer<typeof NewcomerClaimResult>;

export const AdminNewcomerTask = z.object({
  task: z.enum(NEWCOMER_REWARD_TASKS),
  asset: z.string(),
  amount: DecimalString,
  budget: DecimalString,
  paid: DecimalString,
  claims: z.number().int(),
});
export type AdminNewcomerTask = z.infer<typeof AdminNewcomerTask>;

export const NewcomerSettings = z.object({ days: z.number().int(), tasks: z.array(AdminNewcomerTask) });
export type NewcomerSettings = z.infer<typeof NewcomerSettings>;

export const NewcomerSettingsBody = z.object({
  days: wholeNumber({ min: 1, max: 365 }),
  tasks: z
    .array(
      z.object({
        task: z.enum(NEWCOMER_REWARD_TASKS, err('INVALID_PARAMS')),
        asset: CoinCode,
        amount: WalletAmount,
        budget: WalletAmount,
      }),
    )
    .min(1, err('INVALID_PARAMS'))
    .max(NEWCOMER_REWARD_TASKS.length, err('INVALID_PARAMS')),
});
