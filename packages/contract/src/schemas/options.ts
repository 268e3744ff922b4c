import { z } from 'zod';
import { DecimalString, err, PageQuery, paged, SignedDecimalString, Timestamp, wholeNumber } from './common';
import { Candle, MarketSymbol } from './spot';

/**
 * Up/down options ("second contracts"): per pair and period a continuous sequence of numbered rounds on exact
 * period boundaries. A trader joins the next round before its open instant, betting that the index will be higher
 * ("up") or lower ("down") at its close than at its open. Open and close prices are the public 1-second index
 * series at those instants, so every result can be recomputed by anyone (docs/options.md).
 *
 * Amounts are decimal strings of the settlement asset (USDT); prices are decimal strings at the pair's price
 * precision; ratios are decimal strings ("0.8" = 80%); times are ms since the epoch; periods are whole seconds.
 */

export const OPTION_SIDES = ['up', 'down'] as const;
export const OptionSide = z.enum(OPTION_SIDES, err('INVALID_PARAMS'));
export type OptionSide = z.infer<typeof OptionSide>;

/** How the index moved over a round: close above, below or equal to open. */
export const OPTION_OUTCOMES = ['up', 'down', 'flat'] as const;
export const OptionOutcome = z.enum(OPTION_OUTCOMES);
export type OptionOutcome = z.infer<typeof OptionOutcome>;

/**
 * A round: `pending` (joinable until its open instant) → `in_progress` (open price fixed) → `settling` (its close
 * instant has passed, settlement is being written) → `settled` (each bet won, lost or drew); `void` when the series
 * has no price at its open or close instant (every stake and fee refunded).
 */
export const OPTION_ROUND_STATES = ['pending', 'in_progress', 'settling', 'settled', 'void'] as const;
export const OptionRoundState = z.enum(OPTION_ROUND_STATES);
export type OptionRoundState = z.infer<typeof OptionRoundState>;

/** A bet: `open` until its round settles, then win / loss / draw, or void (refunded). */
export const OPTION_BET_STATES = ['open', 'win', 'loss', 'draw', 'void'] as const;
export const OptionBetState = z.enum(OPTION_BET_STATES);
export type OptionBetState = z.infer<typeof OptionBetState>;

export const OPTION_VOID_REASONS = ['no_open_price', 'no_close_price'] as const;
export const OptionVoidReason = z.enum(OPTION_VOID_REASONS);
export type OptionVoidReason = z.infer<typeof OptionVoidReason>;

/** A round length in whole seconds (the demo periods: 30, 60, 180, 300). */
export const OPTION_PERIOD_MIN = 10;
export const OPTION_PERIOD_MAX = 86_400;
export const OptionPeriodSeconds = wholeNumber({
  min: OPTION_PERIOD_MIN,
  max: OPTION_PERIOD_MAX,
  error: 'OPTION_PERIOD_CLOSED',
}).describe('round length in seconds');

/** Longest stretch of the series one call returns (seconds). */
export const OPTION_SERIES_MAX_SECONDS = 3600;

/** Market hours, UTC: open on the listed weekdays (0 = Sunday) from `openMinute` until `closeMinute` of the day. */
export const OptionHours = z.object({
  openMinute: z.number().int().min(0).max(1439).describe('minutes after 00:00 UTC'),
  closeMinute: z.number().int().min(1).max(1440).describe('minutes after 00:00 UTC, exclusive; 1440 = midnight'),
  days: z.array(z.number().int().min(0).max(6)).max(7).describe('weekdays, 0 = Sunday'),
});
export type OptionHours = z.infer<typeof OptionHours>;

export const OptionPeriod = z.object({
  period: z.number().int().describe('seconds'),
  payoutRatio: DecimalString.describe('a win pays amount × (1 + ratio), e.g. "0.8"'),
  feeRate: DecimalString.describe('fee charged on the amount at join, e.g. "0.001"; "0" = none'),
  minAmount: DecimalString,
  maxAmount: DecimalString,
  roundCap: DecimalString.describe('total amount one round of one pair accepts ("prize pool")'),
  enabled: z.boolean(),
});
export type OptionPeriod = z.infer<typeof OptionPeriod>;

export const OptionPair = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  pricePrecision: z.number().int(),
  enabled: z.boolean(),
  sort: z.number().int(),
  hours: OptionHours,
  open: z.boolean().describe('within market hours now'),
  index: DecimalString.nullable().describe('the newest value of the series'),
  indexAt: Timestamp.nullable(),
});
export type OptionPair = z.infer<typeof OptionPair>;

/** What the options page needs to start: pairs, periods and their terms, the settlement asset. */
export const OptionsConfig = z.object({
  asset: z.string().describe('the settlement asset, held in the options wallet'),
  amountPrecision: z.number().int().describe('decimals an amount may have'),
  pairs: z.array(OptionPair),
  periods: z.array(OptionPeriod),
  serverTime: Timestamp,
});
export type OptionsConfig = z.infer<typeof OptionsConfig>;

export const OptionRound = z.object({
  /** Null for a round nobody has joined yet and that has not opened (it exists only as a number). */
  id: z.number().int().nullable(),
  symbol: z.string(),
  period: z.number().int(),
  number: z.number().int().describe('openAt / period: rounds are numbered by their open instant'),
  openAt: Timestamp,
  closeAt: Timestamp,
  state: OptionRoundState,
  openPrice: DecimalString.nullable(),
  /** When the index behind the open price was taken (at or just after `openAt`). */
  openIndexAt: Timestamp.nullable(),
  closePrice: DecimalString.nullable(),
  closeIndexAt: Timestamp.nullable(),
  source: z.string().nullable().describe('the index source: simulator, ccxt…'),
  outcome: OptionOutcome.nullable(),
  voidReason: OptionVoidReason.nullable(),
  bets: z.number().int(),
  upAmount: DecimalString,
  downAmount: DecimalString,
  /** Paid back to traders at settlement (stakes and winnings; refunds of a void round). */
  payout: DecimalString,
  fees: DecimalString,
  /** The options pool's change: the losers' stakes minus the winners' profits. */
  poolResult: SignedDecimalString,
  settledAt: Timestamp.nullable(),
});
export type OptionRound = z.infer<typeof OptionRound>;

/** One period of a pair right now: the round in progress and the next one (joinable until it opens). */
export const OptionPeriodRounds = z.object({
  period: z.number().int(),
  current: OptionRound.nullable(),
  next: OptionRound,
});
export type OptionPeriodRounds = z.infer<typeof OptionPeriodRounds>;

/** `option-ticker` {symbol}, each second; also `GET /api/common/option/current`. */
export const OptionTicker = z.object({
  symbol: z.string(),
  price: DecimalString.nullable().describe('the newest value of the series'),
  at: Timestamp.nullable().describe('the second that value belongs to'),
  serverTime: Timestamp.describe('the server clock when sent: countdowns run from it'),
  open: z.boolean().describe('within market hours'),
  periods: z.array(OptionPeriodRounds),
});
export type OptionTicker = z.infer<typeof OptionTicker>;

/** `option-kline` {symbol}: the newest 1-second candle of the index (open = the previous second's value). */
export const OptionKlineFrame = z.object({ symbol: z.string(), candle: Candle });
export type OptionKlineFrame = z.infer<typeof OptionKlineFrame>;

export const OptionSeriesPoint = z.object({
  t: Timestamp.describe('the second (a multiple of 1000)'),
  price: DecimalString,
  indexAt: Timestamp.describe('when the index was taken'),
  source: z.string(),
});
export type OptionSeriesPoint = z.infer<typeof OptionSeriesPoint>;

export const OptionSeries = z.object({
  symbol: z.string(),
  pricePrecision: z.number().int(),
  from: Timestamp,
  to: Timestamp,
  points: z.array(OptionSeriesPoint).describe('ascending; a second without a point had no recorded index'),
});
export type OptionSeries = z.infer<typeof OptionSeries>;

/** A bet as anyone may see it once its round is over (no user). */
export const OptionPublicBet = z.object({
  id: z.number().int(),
  side: OptionSide,
  amount: DecimalString,
  fee: DecimalString,
  payoutRatio: DecimalString,
  state: OptionBetState,
  payout: DecimalString.nullable(),
});
export type OptionPublicBet = z.infer<typeof OptionPublicBet>;

export const OptionRoundDetail = z.object({
  round: OptionRound,
  /** Empty until the round is settled or void. */
  bets: z.array(OptionPublicBet),
  /** The series from open to close (only the two instants for rounds longer than an hour). */
  series: OptionSeries,
});
export type OptionRoundDetail = z.infer<typeof OptionRoundDetail>;

/** A finished round with its bets: what the verification page and `scripts/verify-options` recompute. */
export const OptionVerifyItem = z.object({ round: OptionRound, bets: z.array(OptionPublicBet) });
export type OptionVerifyItem = z.infer<typeof OptionVerifyItem>;
export const OptionVerifyPage = z.object({
  items: z.array(OptionVerifyItem),
  /** Pass as `after` for the next page; null at the end of the range. */
  next: z.number().int().nullable(),
});
export type OptionVerifyPage = z.infer<typeof OptionVerifyPage>;

/** The caller's bet, with its round. */
export const OptionBet = z.object({
  id: z.number().int(),
  roundId: z.number().int(),
  symbol: z.string(),
  period: z.number().int(),
  number: z.number().int(),
  side: OptionSide,
  amount: DecimalString,
  fee: DecimalString,
  payoutRatio: DecimalString,
  state: OptionBetState,
  /** What came back at settlement (null while open). */
  payout: DecimalString.nullable(),
  /** payout − amount − fee (null while open). */
  profit: SignedDecimalString.nullable(),
  /** When the round opens: the bet's estimated open time while it waits. */
  openAt: Timestamp,
  closeAt: Timestamp,
  roundState: OptionRoundState,
  openPrice: DecimalString.nullable(),
  closePrice: DecimalString.nullable(),
  outcome: OptionOutcome.nullable(),
  createdAt: Timestamp,
  settledAt: Timestamp.nullable(),
});
export type OptionBet = z.infer<typeof OptionBet>;

export const OptionBalance = z.object({
  asset: z.string(),
  available: DecimalString,
  frozen: DecimalString,
});
export type OptionBalance = z.infer<typeof OptionBalance>;

// ---- requests -------------------------------------------------------------------------------------------------------

export const OptionSymbolQuery = z.object({ symbol: MarketSymbol });

export const OptionJoinBody = z.object({
  symbol: MarketSymbol,
  period: OptionPeriodSeconds,
  /** The round's number: a bet is placed in the round the trader saw, or refused. */
  round: wholeNumber({ min: 1, error: 'OPTION_ROUND_NOT_OPEN' }),
  side: OptionSide,
  amount: DecimalString,
  requestId: z.string().min(1).max(64).optional(),
});
export type OptionJoinBody = z.infer<typeof OptionJoinBody>;

export const OptionRoundsQuery = z.object({
  symbol: MarketSymbol,
  period: OptionPeriodSeconds,
  /** Rounds opening before this instant (ms); omit for the newest. */
  before: wholeNumber({ min: 0 }).optional(),
  limit: wholeNumber({ min: 1, max: 100 }).default(20),
});

export const OptionVerifyQuery = z.object({
  symbol: MarketSymbol,
  period: OptionPeriodSeconds,
  from: wholeNumber({ min: 0 }).describe('rounds opening at or after this instant (ms)'),
  to: wholeNumber({ min: 0 }).describe('rounds opening before this instant (ms)'),
  after: wholeNumber({ min: 0 }).optional().describe('the `next` of the previous page'),
  limit: wholeNumber({ min: 1, max: 200 }).default(100),
});

export const OptionSeriesQuery = z.object({
  symbol: MarketSymbol,
  from: wholeNumber({ min: 0 }),
  to: wholeNumber({ min: 0 }).describe(`inclusive; at most ${OPTION_SERIES_MAX_SECONDS} s after from`),
});

export const OptionKlineQuery = z.object({
  symbol: MarketSymbol,
  /** Candles before this second (ms); omit for the newest. */
  before: wholeNumber({ min: 0 }).optional(),
  limit: wholeNumber({ min: 1, max: 1000 }).default(300),
});

export const OptionHistoryQuery = z.object({
  symbol: MarketSymbol.optional(),
  ...PageQuery.shape,
});
export const PagedOptionBets = paged(OptionBet);
export type PagedOptionBets = z.infer<typeof PagedOptionBets>;

// ---- operators ------------------------------------------------------------------------------------------------------

export const OptionPairInput = z.object({
  symbol: MarketSymbol,
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(10_000),
  hours: OptionHours,
});
export type OptionPairInput = z.infer<typeof OptionPairInput>;

export const OptionPeriodInput = z.object({
  period: OptionPeriodSeconds,
  payoutRatio: DecimalString,
  feeRate: DecimalString,
  minAmount: DecimalString,
  maxAmount: DecimalString,
  roundCap: DecimalString,
  enabled: z.boolean(),
});
export type OptionPeriodInput = z.infer<typeof OptionPeriodInput>;

export const OptionsAdminConfig = z.object({
  asset: z.string(),
  amountPrecision: z.number().int(),
  pairs: z.array(OptionPair.extend({ createdAt: Timestamp, updatedAt: Timestamp })),
  periods: z.array(OptionPeriod.extend({ updatedAt: Timestamp })),
  /** Spot markets quoted in the settlement asset that are not option pairs yet. */
  candidates: z.array(z.string()),
});
export type OptionsAdminConfig = z.infer<typeof OptionsAdminConfig>;

export const OptionAdminRoundsQuery = z.object({
  symbol: MarketSymbol.optional(),
  period: OptionPeriodSeconds.optional(),
  state: z.enum(['pending', 'open', 'settled', 'void']).optional().describe('as stored'),
  /** Only rounds somebody joined. */
  joined: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  from: wholeNumber({ min: 0 }).optional(),
  to: wholeNumber({ min: 0 }).optional(),
  ...PageQuery.shape,
});
export const PagedOptionRounds = paged(OptionRound);
export type PagedOptionRounds = z.infer<typeof PagedOptionRounds>;

export const OptionAdminBet = OptionPublicBet.extend({ uid: z.number().int(), createdAt: Timestamp });
export type OptionAdminBet = z.infer<typeof OptionAdminBet>;
export const OptionAdminRoundDetail = z.object({
  round: OptionRound,
  bets: z.array(OptionAdminBet),
  series: OptionSeries,
});
export type OptionAdminRoundDetail = z.infer<typeof OptionAdminRoundDetail>;

export const OptionHouseQuery = z.object({
  from: wholeNumber({ min: 0 }).optional().describe('rounds settled at or after (ms); default: 24 hours ago'),
  to: wholeNumber({ min: 0 }).optional().describe('rounds settled before (ms); default: now'),
});

export const OptionHouseFigures = z.object({
  rounds: z.number().int().describe('settled or void rounds with at least one bet'),
  bets: z.number().int(),
  staked: DecimalString,
  paidOut: DecimalString,
  fees: DecimalString,
  poolResult: SignedDecimalString.describe('losers’ stakes − winners’ profits'),
  houseResult: SignedDecimalString.describe('pool result + fees'),
});
export type OptionHouseFigures = z.infer<typeof OptionHouseFigures>;

export const OptionHouseRow = OptionHouseFigures.extend({ symbol: z.string(), period: z.number().int() });
export type OptionHouseRow = z.infer<typeof OptionHouseRow>;

export const OptionHouse = z.object({
  asset: z.string(),
  from: Timestamp,
  to: Timestamp,
  rows: z.array(OptionHouseRow),
  totals: OptionHouseFigures,
  /** The `options_pool` system account in the ledger: every pool result since the start. */
  poolBalance: SignedDecimalString,
  /** Stakes and fees held for bets not settled yet. */
  openStakes: DecimalString,
});
export type OptionHouse = z.infer<typeof OptionHouse>;
