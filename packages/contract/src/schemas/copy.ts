import { z } from 'zod';
import { COPY_MAX_PAIRS } from '../constants';
import { DecimalString, err, SignedDecimalString, Timestamp, wholeNumber } from './common';
import { SwapPosition } from './perp';
import { RequestId } from './wallet';

/**
 * Copy trading (the spec's "documentary"): leaders whose perpetual fills are copied by followers, profit share with
 * a high-water mark, and the compensate mode that covers part of followers' net losses from the leader's escrow.
 * Money is USDT in the contract wallet (decimal strings); ratios are fractions ("0.1" = 10%).
 */

/** Profit share at most 30% (RULEBOOK). */
export const COPY_MAX_PROFIT_SHARE = '0.3';

export const CopyLeaderMode = z.enum(['ordinary', 'compensate'], err('INVALID_PARAMS'));
export type CopyLeaderMode = z.infer<typeof CopyLeaderMode>;

export const CopyApplicationStatus = z.enum(['pending', 'approved', 'rejected']);
export type CopyApplicationStatus = z.infer<typeof CopyApplicationStatus>;

/** A trading record summary (the applicant's futures history, the leader's stats) over a window. */
export const CopyStats = z.object({
  days: z.number().int(),
  /** Net realised PnL (after fees) over the window. */
  pnl: SignedDecimalString,
  /** pnl / margin committed by the closed positions, as a percent with two decimals. */
  roi: SignedDecimalString,
  /** Share of closed positions with a positive net PnL, as a percent with two decimals. */
  winRate: DecimalString,
  closedPositions: z.number().int(),
  /** Largest fall of the cumulative-PnL equity curve from a peak, as a percent with two decimals. */
  maxDrawdown: DecimalString,
  followers: z.number().int(),
  /** Margin of the followers' open copied positions (USDT). */
  aum: DecimalString,
});
export type CopyStats = z.infer<typeof CopyStats>;

export const CopyLeaderSettings = z.object({
  mode: CopyLeaderMode,
  profitShare: DecimalString.describe('fraction of followers’ realised profit above the high-water mark, ≤ 0.3'),
  minCopyAmount: DecimalString.describe('a follower’s amount must exceed it; 0 = no minimum'),
  compensationRatio: DecimalString.describe('compensate mode: fraction of a follower’s net period loss covered'),
  perTradeCap: DecimalString.describe('most margin one copied open may use (0 = no cap)'),
  totalCap: DecimalString.describe('most margin a follower’s open copies may hold at once (0 = no cap)'),
  symbols: z.array(z.string()).max(COPY_MAX_PAIRS).describe('the pairs copied (up to 6)'),
});
export type CopyLeaderSettings = z.infer<typeof CopyLeaderSettings>;

/** A leader as the traders list and the detail page show them. */
export const CopyLeader = z.object({
  uid: z.number().int(),
  nickname: z.string(),
  since: Timestamp,
  mode: CopyLeaderMode,
  profitShare: DecimalString,
  minCopyAmount: DecimalString,
  compensationRatio: DecimalString,
  symbols: z.array(z.string()),
  /** Compensate mode: the escrowed compensation balance. */
  escrow: DecimalString,
  demo: z.boolean(),
  stats: CopyStats,
});
export type CopyLeader = z.infer<typeof CopyLeader>;

export const CopyTradersQuery = z.object({
  days: z.enum(['7', '30', '90']).default('30').transform(Number),
  sort: z.enum(['roi', 'pnl', 'followers', 'winRate']).default('roi'),
});

export const CopyLeaderIdParam = z.object({ uid: wholeNumber({ min: 1 }) });

export const CopyCurvePoint = z.object({ t: Timestamp, pnl: SignedDecimalString });

export const CopyLeaderDetail = z.object({
  leader: CopyLeader,
  /** 7, 30 and 90-day figures. */
  periods: z.array(CopyStats),
  /** Cumulative net PnL after each close (90 days). */
  curve: z.array(CopyCurvePoint),
  positions: z.array(SwapPosition),
  history: z.array(SwapPosition),
});
export type CopyLeaderDetail = z.infer<typeof CopyLeaderDetail>;

export const CopyApplyBody = z.object({ agree: z.boolean() });

export const CopyApplication = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  nickname: z.string(),
  status: CopyApplicationStatus,
  reason: z.string().nullable(),
  /** The applicant's futures record over 90 days when they applied. */
  history: CopyStats,
  createdAt: Timestamp,
  reviewedAt: Timestamp.nullable(),
});
export type CopyApplication = z.infer<typeof CopyApplication>;

export const CopySettingsBody = z.object({
  mode: CopyLeaderMode,
  profitShare: DecimalString,
  minCopyAmount: DecimalString,
  compensationRatio: DecimalString,
  perTradeCap: DecimalString,
  totalCap: DecimalString,
});

export const CopyPairsBody = z.object({ symbols: z.array(z.string().max(20)).max(20) });

export const CopyEscrowBody = z.object({
  direction: z.enum(['in', 'out'], err('INVALID_PARAMS')),
  amount: DecimalString,
  requestId: RequestId,
});

/** The caller's own copy-trading state: as a leader (application, settings, escrow) and the threshold. */
export const CopyMe = z.object({
  application: CopyApplication.nullable(),
  leader: CopyLeader.nullable(),
  settings: CopyLeaderSettings.nullable(),
  /** Settings and escrow transfers are locked while followers hold positions. */
  locked: z.boolean(),
  escrowThreshold: DecimalString,
  /** Pairs a leader may choose. */
  availableSymbols: z.array(z.string()),
  /** The caller's 90-day futures record (shown on the application). */
  history: CopyStats,
});
export type CopyMe = z.infer<typeof CopyMe>;

export const CopyFollowMode = z.enum(['fixed', 'ratio'], err('INVALID_PARAMS'));

export const CopyFollowBody = z.object({
  leaderUid: wholeNumber({ min: 1 }),
  mode: CopyFollowMode,
  /** fixed: margin (USDT) per copied open; ratio: the most margin the copies may hold. Above the leader's minimum. */
  amount: DecimalString,
  /** ratio mode: copies open the leader's lots × ratio. */
  ratio: DecimalString.optional(),
  agree: z.boolean(),
  requestId: RequestId,
});

export const CopyUnfollowBody = z.object({
  leaderUid: wholeNumber({ min: 1 }),
  confirm: z.boolean(),
  requestId: RequestId,
});

export const CopyFollowStatus = z.enum(['following', 'stopped']);

export const CopyFollow = z.object({
  id: z.number().int(),
  leaderUid: z.number().int(),
  leaderNickname: z.string(),
  followerUid: z.number().int(),
  followerNickname: z.string(),
  status: CopyFollowStatus,
  mode: CopyFollowMode,
  amount: DecimalString,
  ratio: DecimalString,
  /** Net realised PnL of the copies (after fees), before profit share and compensation. */
  realizedPnl: SignedDecimalString,
  /** Profit share paid to the leader so far. */
  sharePaid: DecimalString,
  /** Compensation received from the leader's escrow so far. */
  compensation: DecimalString,
  /** Copied positions still open: symbol, side, lots. */
  open: z.array(z.object({ symbol: z.string(), side: z.enum(['long', 'short']), lots: z.number().int() })),
  /** Margin of the open copies. */
  margin: DecimalString,
  createdAt: Timestamp,
  stoppedAt: Timestamp.nullable(),
});
export type CopyFollow = z.infer<typeof CopyFollow>;

export const CopyRecordKind = z.enum(['open', 'close', 'skip', 'profit_share', 'compensation', 'flag']);

/** One line of a relationship's record: a copied open or close, a skip with its reason, a settlement. */
export const CopyRecord = z.object({
  id: z.number().int(),
  followId: z.number().int(),
  leaderUid: z.number().int(),
  followerUid: z.number().int(),
  kind: CopyRecordKind,
  symbol: z.string().nullable(),
  side: z.enum(['buy', 'sell']).nullable(),
  /** The leader's fill price and lots that this line copies. */
  leaderPrice: DecimalString.nullable(),
  leaderLots: z.number().int().nullable(),
  lots: z.number().int().nullable(),
  price: DecimalString.nullable().describe('the copy’s average fill price'),
  amount: SignedDecimalString.nullable().describe('realised PnL of a close; a settlement’s amount'),
  /** skip: funds, per_trade_cap, total_cap, min_lot, slippage, pair, error; flag: leverage, margin_mode. */
  reason: z.string().nullable(),
  orderId: z.number().int().nullable(),
  ts: Timestamp,
});
export type CopyRecord = z.infer<typeof CopyRecord>;

export const CopyRecordsQuery = z.object({
  leaderUid: wholeNumber({ min: 1 }).optional(),
  followId: wholeNumber({ min: 1 }).optional(),
  role: z.enum(['follower', 'leader']).default('follower'),
  page: wholeNumber({ min: 1 }).default(1),
  size: wholeNumber({ min: 1, max: 100 }).default(20),
});

export const PagedCopyRecords = z.object({
  list: z.array(CopyRecord),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/** The leader's order management: their open positions and each follower with their copies. */
export const CopyLeaderBook = z.object({
  positions: z.array(SwapPosition),
  followers: z.array(CopyFollow),
  escrow: DecimalString,
  locked: z.boolean(),
});
export type CopyLeaderBook = z.infer<typeof CopyLeaderBook>;

// ---- operators ---------------------------------------------------------------------------------------------------

export const CopyApplicationsQuery = z.object({
  status: CopyApplicationStatus.optional(),
});

export const CopyReviewBody = z.object({
  approve: z.boolean(),
  reason: z.string().max(200).optional(),
});

export const CopyAdminLeader = CopyLeader.extend({
  settings: CopyLeaderSettings,
  locked: z.boolean(),
  activeFollowers: z.number().int(),
});
export type CopyAdminLeader = z.infer<typeof CopyAdminLeader>;

export const CopySettlement = z.object({
  id: z.number().int(),
  followId: z.number().int(),
  leaderUid: z.number().int(),
  followerUid: z.number().int(),
  /** weekly or unfollow */
  trigger: z.enum(['weekly', 'unfollow']),
  periodPnl: SignedDecimalString,
  profitShare: DecimalString,
  compensation: DecimalString,
  highWaterMark: SignedDecimalString,
  ts: Timestamp,
});
export type CopySettlement = z.infer<typeof CopySettlement>;

export const CopyAdminSettings = z.object({
  escrowThreshold: DecimalString.describe('compensate mode needs an escrow above this (USDT)'),
});
export type CopyAdminSettings = z.infer<typeof CopyAdminSettings>;

export const CopyPageQuery = z.object({
  page: wholeNumber({ min: 1 }).default(1),
  size: wholeNumber({ min: 1, max: 100 }).default(20),
});

export const PagedCopySettlements = z.object({
  list: z.array(CopySettlement),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
