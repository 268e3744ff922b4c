import { z } from 'zod';
import { DecimalString, err, PageQuery, SignedDecimalString, Timestamp, wholeNumber } from './common';
import { Candle, DepthFrame, KlinePeriod, MarketSymbol, PublicTrade, Ticker } from './spot';

/**
 * Perpetual contracts (USDT-margined, linear): contracts and their risk tiers, the caller's positions, orders, fills,
 * closes and funding payments, and the live frames of the swap channels. Symbols are `BASE_USDT` like spot. Sizes are
 * whole **lots** (a lot is `contractSize` of the base asset); prices are decimal strings at the contract's price
 * precision; money is USDT (decimal strings, 8 decimals at most); rates are decimal fractions ("0.0001" = 0.01%).
 */

export const SwapSymbol = MarketSymbol;

export const MARGIN_MODES = ['cross', 'isolated'] as const;
export const MarginMode = z.enum(MARGIN_MODES, err('INVALID_PARAMS'));
export type MarginMode = z.infer<typeof MarginMode>;

export const POSITION_SIDES = ['long', 'short'] as const;
export const PositionSide = z.enum(POSITION_SIDES);
export type PositionSide = z.infer<typeof PositionSide>;

/** Whole lots: a JSON integer or digits. */
export const Lots = wholeNumber({ min: 1, max: 100_000_000, error: 'ORDER_AMOUNT_OUT_OF_RANGE' });

// ---- contracts -----------------------------------------------------------------------------------------------

/** One maintenance tier: positions whose notional is below `below` (and above the previous tier's). */
export const RiskTier = z.object({
  tier: z.number().int().describe('1 for the first tier'),
  floor: DecimalString.describe('notional from which the tier applies (USDT)'),
  below: DecimalString.describe('notional below which the tier applies (USDT); the largest position at its leverage'),
  mmr: DecimalString.describe('maintenance margin rate, e.g. "0.004" = 0.4%'),
  maxLeverage: z.number().int(),
  deduction: DecimalString.describe('maintenance amount (cum): MM = notional × MMR − deduction'),
});
export type RiskTier = z.infer<typeof RiskTier>;

export const SwapContract = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  pricePrecision: z.number().int(),
  tickSize: DecimalString,
  /** Base asset per lot, e.g. "0.001" BTC. */
  contractSize: DecimalString,
  /** Decimals of a base quantity (lots × contractSize). */
  sizePrecision: z.number().int(),
  minLots: z.number().int(),
  maxLotsPerOrder: z.number().int(),
  maxLeverage: z.number().int(),
  makerFee: SignedDecimalString.describe('fee rate; negative = rebate'),
  takerFee: DecimalString,
  liquidationFee: DecimalString.describe('charged on liquidated notional, capped at what is left above bankruptcy'),
  liquidationBuffer: DecimalString.describe('an account in liquidation stays in it until equity ≥ MM × (1 + buffer)'),
  wholeLiquidationBelow: DecimalString.describe('positions of at most this notional (USDT) are liquidated whole'),
  maintenanceBasis: z.enum(['entry', 'mark']).describe('maintenance measured on the entry notional or at the mark'),
  fundingIntervalMs: z.number().int(),
  interestRate: DecimalString.describe('interest component per funding interval, e.g. "0.0001"'),
  premiumClamp: DecimalString,
  fundingCap: DecimalString.describe('the funding rate is capped at ± this'),
  priceBand: DecimalString.describe(
    'a buy may not be priced above mark × (1 + band), a sell not below mark × (1 − band); market orders stop there',
  ),
  openInterestLimit: z.number().int().describe('most lots open on one side (0: no limit)'),
  status: z.enum(['open', 'closed']),
  hot: z.boolean(),
  sort: z.number().int(),
  tiers: z.array(RiskTier),
});
export type SwapContract = z.infer<typeof SwapContract>;

/** Rolling 24 h statistics of a contract, with its mark, index and funding. Volumes are in the base asset. */
export const SwapTicker = Ticker.extend({
  mark: DecimalString,
  index: DecimalString,
  /** The rate the next funding instant would settle at from the premium samples so far (predicted). */
  fundingRate: SignedDecimalString,
  /** The rate settled at the last funding instant. */
  lastFundingRate: SignedDecimalString,
  nextFundingTime: Timestamp,
  /** Lots open (long side = short side). */
  openInterest: z.number().int(),
});
export type SwapTicker = z.infer<typeof SwapTicker>;

export const SwapContractWithTicker = z.object({ contract: SwapContract, ticker: SwapTicker });
export type SwapContractWithTicker = z.infer<typeof SwapContractWithTicker>;

export const SwapSymbolQuery = z.object({ symbol: SwapSymbol });
export const OptionalSwapSymbolQuery = z.object({ symbol: SwapSymbol.optional() });

/** Mark, index and funding of one contract (`/api/swap/mark`), also pushed on `swap-ticker`. */
export const SwapMark = z.object({
  symbol: z.string(),
  mark: DecimalString,
  index: DecimalString,
  lastPrice: DecimalString.nullable().describe('null before the first trade'),
  fundingRate: SignedDecimalString.describe('predicted for the next instant'),
  lastFundingRate: SignedDecimalString,
  nextFundingTime: Timestamp,
  fundingIntervalMs: z.number().int(),
  ts: Timestamp,
});
export type SwapMark = z.infer<typeof SwapMark>;

export const SwapDepthQuery = z.object({
  symbol: SwapSymbol,
  type: wholeNumber({ min: 0, max: 3 }).default(0).describe('aggregation: 0 = tick … 3 = 1000 ticks'),
  limit: wholeNumber({ min: 1, max: 200 }).default(20),
});

export const SwapTradesQuery = z.object({
  symbol: SwapSymbol,
  limit: wholeNumber({ min: 1, max: 100 }).default(30),
});

export const SwapKlineQuery = z.object({
  symbol: SwapSymbol,
  period: KlinePeriod.default('15m'),
  before: wholeNumber().optional(),
  limit: wholeNumber({ min: 1, max: 1000 }).default(300),
});

/** A settled funding instant of a contract. */
export const SwapFundingRate = z.object({
  symbol: z.string(),
  time: Timestamp.describe('the funding instant'),
  rate: SignedDecimalString,
  premium: SignedDecimalString.describe('average premium index of the interval'),
  mark: DecimalString.describe('the mark price payments were computed at'),
});
export type SwapFundingRate = z.infer<typeof SwapFundingRate>;

export const SwapFundingRatesQuery = z.object({ symbol: SwapSymbol, ...PageQuery.shape });

// ---- the caller's account, settings, positions ----------------------------------------------------------------

/** Leverage and margin mode of one contract for the caller, and what they may open now at the mark. */
export const SwapSettings = z.object({
  symbol: z.string(),
  leverage: z.number().int(),
  marginMode: MarginMode,
  maxLeverage: z.number().int(),
  /** Margin mode can change only without a position or open orders on the contract. */
  modeLocked: z.boolean(),
  /** Leverage can change only without open (non reduce-only) orders on the contract. */
  leverageLocked: z.boolean(),
  /** Most lots a buy / sell could open at the mark with what is free now (margin + taker fee). */
  maxOpen: z.object({ buy: z.number().int(), sell: z.number().int() }),
});
export type SwapSettings = z.infer<typeof SwapSettings>;

/** The contract wallet seen by the futures desk (USDT). */
export const SwapAccount = z.object({
  asset: z.string(),
  /** Ledger balance of the contract wallet's main pot (available + held by orders). */
  walletBalance: DecimalString,
  available: DecimalString.describe('not held by orders'),
  frozen: DecimalString.describe('held by open orders (margin + fee)'),
  /** What new orders can use: available − cross initial margin + cross unrealized loss − unpaid loss. */
  free: DecimalString,
  /** Cross losses the wallet could not pay yet (repaid first from later gains). */
  unpaidLoss: DecimalString,
  unrealizedPnl: SignedDecimalString.describe('all open positions at the mark'),
  crossEquity: SignedDecimalString,
  crossInitialMargin: DecimalString,
  crossMaintenanceMargin: DecimalString,
  /** MM / equity of the cross account as a percent (null: no cross position, or equity ≤ 0). */
  crossMarginRatio: DecimalString.nullable(),
  isolatedMargin: DecimalString.describe('Σ margin of isolated positions'),
  /** Wallet + isolated margins + unrealized PnL − unpaid. */
  equity: SignedDecimalString,
  openPositions: z.number().int(),
  /** Transfers out of the contract wallet are refused while a position is open (spec §5). */
  transferLocked: z.boolean(),
});
export type SwapAccount = z.infer<typeof SwapAccount>;

export const SWAP_CLOSE_KINDS = ['manual', 'liquidation', 'take_profit', 'stop_loss', 'system'] as const;
export const SwapCloseKind = z.enum(SWAP_CLOSE_KINDS);
export type SwapCloseKind = z.infer<typeof SwapCloseKind>;

export const SwapPosition = z.object({
  id: z.number().int(),
  symbol: z.string(),
  side: PositionSide,
  marginMode: MarginMode,
  leverage: z.number().int(),
  lots: z.number().int().describe('open lots (0 once closed)'),
  size: DecimalString.describe('base quantity: lots × contract size'),
  entryPrice: DecimalString.describe('exact average entry, shown with 4 more decimals than the tick'),
  markPrice: DecimalString,
  liquidationPrice: DecimalString.nullable().describe('null: no positive price liquidates it ("--")'),
  bankruptcyPrice: DecimalString.nullable(),
  notional: DecimalString.describe('lots × size × mark'),
  /** Isolated: the position's margin pot; cross: its initial margin. */
  margin: DecimalString,
  initialMargin: DecimalString,
  maintenanceMargin: DecimalString,
  /** MM / equity of its pool as a percent; null when equity ≤ 0. */
  marginRatio: DecimalString.nullable(),
  unrealizedPnl: SignedDecimalString,
  /** uPnL / initial margin as a percent with two decimals. */
  roe: SignedDecimalString,
  realizedPnl: SignedDecimalString.describe('realized by this position’s closes so far (before fees)'),
  fees: DecimalString.describe('trading and liquidation fees paid by this position'),
  funding: SignedDecimalString.describe('funding received (+) or paid (−) by this position'),
  /** ADL indicator: 0 (not in profit) or 1–5 lights by quintile of the profitable queue. */
  adl: z.number().int().min(0).max(5),
  takeProfit: DecimalString.nullable(),
  stopLoss: DecimalString.nullable(),
  /** Most margin that can be removed now (isolated). */
  maxRemovableMargin: DecimalString,
  inLiquidation: z.boolean(),
  status: z.enum(['open', 'closed']),
  closeKind: SwapCloseKind.nullable(),
  /** Closed positions: average exit of all closed lots. */
  exitPrice: DecimalString.nullable(),
  closedLots: z.number().int(),
  openedAt: Timestamp,
  updatedAt: Timestamp,
  closedAt: Timestamp.nullable(),
});
export type SwapPosition = z.infer<typeof SwapPosition>;

// ---- orders -----------------------------------------------------------------------------------------------------

/**
 * Contract order states (spec §4): `entrusted` resting with no fill; `partial` resting, partly filled; `trading` done,
 * and lots it opened are in a position still open; `closed` done, and the position its lots opened has since closed;
 * `complete` done, having only closed lots (a close, TP/SL or reduce-only order); `cancelled` ended without any fill.
 */
export const SWAP_ORDER_STATUSES = ['entrusted', 'partial', 'trading', 'complete', 'closed', 'cancelled'] as const;
export const SwapOrderStatus = z.enum(SWAP_ORDER_STATUSES);
export type SwapOrderStatus = z.infer<typeof SwapOrderStatus>;

/** Why the exchange placed an order, or `order` for one the user placed. */
export const SWAP_ORDER_KINDS = ['order', 'close', 'take_profit', 'stop_loss', 'liquidation', 'adl', 'system'] as const;
export const SwapOrderKind = z.enum(SWAP_ORDER_KINDS);
export type SwapOrderKind = z.infer<typeof SwapOrderKind>;

export const SWAP_TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;

export const NewSwapOrderBody = z
  .object({
    symbol: SwapSymbol,
    side: z.enum(['buy', 'sell'], err('INVALID_PARAMS')),
    type: z.enum(['limit', 'market'], err('INVALID_PARAMS')),
    price: DecimalString.optional().describe('limit orders'),
    lots: Lots,
    timeInForce: z.enum(SWAP_TIME_IN_FORCE, err('INVALID_PARAMS')).default('GTC'),
    postOnly: z.boolean().default(false),
    /** Only reduce the opposite position; never grows or flips it. */
    reduceOnly: z.boolean().default(false),
    /** Attached take-profit / stop-loss: set on the position once the order opens it (mark-triggered). */
    takeProfit: DecimalString.optional(),
    stopLoss: DecimalString.optional(),
    clientOrderId: z
      .string()
      .max(36)
      .optional()
      .describe('the caller’s own id and the request id: the same order sent again is answered with the first result'),
  })
  .refine((b) => b.type === 'market' || b.price !== undefined, { ...err('INVALID_PARAMS'), path: ['price'] });
export type NewSwapOrderBody = z.infer<typeof NewSwapOrderBody>;

export const SwapOrder = z.object({
  id: z.number().int(),
  clientOrderId: z.string().nullable(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  /** open: may open or add (one-way mode: it closes an opposite position first); close: reduce-only. */
  action: z.enum(['open', 'close']),
  kind: SwapOrderKind,
  type: z.enum(['limit', 'market']),
  timeInForce: z.enum(SWAP_TIME_IN_FORCE),
  postOnly: z.boolean(),
  reduceOnly: z.boolean(),
  price: DecimalString.nullable(),
  lots: z.number().int(),
  filledLots: z.number().int(),
  avgPrice: DecimalString.nullable(),
  /** price × lots × contract size (market orders: at the average fill, once filled). */
  orderValue: DecimalString.nullable(),
  filledValue: DecimalString,
  /** What the order holds now (margin + fee of its unfilled lots); 0 once done. */
  frozen: DecimalString,
  fee: DecimalString,
  realizedPnl: SignedDecimalString,
  leverage: z.number().int(),
  marginMode: MarginMode,
  takeProfit: DecimalString.nullable(),
  stopLoss: DecimalString.nullable(),
  status: SwapOrderStatus,
  /** Why it ended with a part unfilled: user, unfilled (IOC/market rest), fok, post_only, self_trade, liquidation, system… */
  reason: z.string().nullable(),
  /** The position its fills went into (opened or closed). */
  positionId: z.number().int().nullable(),
  /** How the lots it closed were closed (null: it closed none). */
  closeKind: SwapCloseKind.nullable(),
  /** Set by the caller of the service API (copy trading: `copy:<leaderId>`); null for the app. */
  source: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type SwapOrder = z.infer<typeof SwapOrder>;

export const SwapFill = z.object({
  id: z.number().int(),
  tradeId: z.number().int(),
  orderId: z.number().int().nullable(),
  positionId: z.number().int().nullable(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  price: DecimalString,
  lots: z.number().int(),
  value: DecimalString,
  fee: SignedDecimalString,
  realizedPnl: SignedDecimalString,
  role: z.enum(['maker', 'taker']),
  /** trade: a book fill; liquidation: a liquidation IOC fill; takeover: to the insurance fund; adl: auto-deleverage. */
  kind: z.enum(['trade', 'liquidation', 'takeover', 'adl']),
  ts: Timestamp,
});
export type SwapFill = z.infer<typeof SwapFill>;

export const SwapOrderDetail = z.object({ order: SwapOrder, fills: z.array(SwapFill) });
export type SwapOrderDetail = z.infer<typeof SwapOrderDetail>;

/** One close of (part of) a position: by the user, a TP/SL trigger, a liquidation or the system (ADL, delisting). */
export const SwapClose = z.object({
  id: z.number().int(),
  positionId: z.number().int(),
  orderId: z.number().int().nullable(),
  symbol: z.string(),
  side: PositionSide.describe('the side of the position closed'),
  lots: z.number().int(),
  entryPrice: DecimalString,
  exitPrice: DecimalString,
  realizedPnl: SignedDecimalString.describe('before fees'),
  fee: DecimalString,
  kind: SwapCloseKind,
  /** The close took the rest of the position. */
  final: z.boolean(),
  ts: Timestamp,
});
export type SwapClose = z.infer<typeof SwapClose>;

export const SwapFundingPayment = z.object({
  id: z.number().int(),
  positionId: z.number().int(),
  symbol: z.string(),
  side: PositionSide,
  lots: z.number().int(),
  mark: DecimalString,
  rate: SignedDecimalString,
  amount: SignedDecimalString.describe('received (+) or paid (−)'),
  time: Timestamp.describe('the funding instant'),
});
export type SwapFundingPayment = z.infer<typeof SwapFundingPayment>;

export const SwapPositionDetail = z.object({
  position: SwapPosition,
  orders: z.array(SwapOrder),
  fills: z.array(SwapFill),
  closes: z.array(SwapClose),
  funding: z.array(SwapFundingPayment),
});
export type SwapPositionDetail = z.infer<typeof SwapPositionDetail>;

// ---- requests -----------------------------------------------------------------------------------------------------

export const SwapListQuery = z.object({ symbol: SwapSymbol.optional(), ...PageQuery.shape });

export const SwapOrderHistoryQuery = z.object({
  symbol: SwapSymbol.optional(),
  status: z.enum(['trading', 'complete', 'closed', 'cancelled']).optional(),
  /** Within the last 3 months (spec §9). */
  from: wholeNumber().optional(),
  to: wholeNumber().optional(),
  ...PageQuery.shape,
});

export const SwapCancelBody = z.object({ id: z.number().int().positive() });
export const SwapCancelAllBody = z.object({ symbol: SwapSymbol.optional() });
export const SwapCancelAllResult = z.object({ cancelled: z.number().int() });

/** Close by lots (spec §5: whole, ≥ 1, ≤ open lots; absent = all), reduce-only, at market or a limit. */
export const SwapCloseBody = z
  .object({
    symbol: SwapSymbol,
    lots: z.union([z.number(), z.string()]).optional().describe('whole lots, 1 to the open lots; absent: all'),
    type: z.enum(['limit', 'market'], err('INVALID_PARAMS')).default('market'),
    price: DecimalString.optional(),
    clientOrderId: z.string().max(36).optional(),
  })
  .refine((b) => b.type === 'market' || b.price !== undefined, { ...err('INVALID_PARAMS'), path: ['price'] });
export type SwapCloseBody = z.infer<typeof SwapCloseBody>;

export const SwapCloseAllBody = z.object({ symbol: SwapSymbol.optional(), requestId: z.string().max(64).optional() });
export const SwapCloseAllResult = z.object({ orders: z.array(SwapOrder) });

export const SwapLeverageBody = z.object({
  symbol: SwapSymbol,
  leverage: wholeNumber({ min: 1, max: 1000, error: 'LEVERAGE_INVALID' }),
  requestId: z.string().max(64).optional(),
});
export const SwapMarginModeBody = z.object({ symbol: SwapSymbol, marginMode: MarginMode });

export const SwapMarginBody = z.object({
  symbol: SwapSymbol,
  action: z.enum(['add', 'remove'], err('INVALID_PARAMS')),
  amount: DecimalString,
  requestId: z.string().max(64).optional(),
});

/** Position TP/SL: a price sets it, null clears it, absent leaves it. */
export const SwapTpSlBody = z.object({
  symbol: SwapSymbol,
  takeProfit: DecimalString.nullable().optional(),
  stopLoss: DecimalString.nullable().optional(),
});

/** What an order would cost before it is sent (nothing is held). */
export const SwapPreviewBody = z.object({
  symbol: SwapSymbol,
  side: z.enum(['buy', 'sell'], err('INVALID_PARAMS')),
  type: z.enum(['limit', 'market'], err('INVALID_PARAMS')).default('limit'),
  price: DecimalString.optional(),
  lots: wholeNumber({ min: 0, max: 100_000_000, error: 'ORDER_AMOUNT_OUT_OF_RANGE' }).default(0),
  reduceOnly: z.boolean().default(false),
  /** What-if leverage and margin mode (default: my settings on the contract). */
  leverage: wholeNumber({ min: 1, max: 1000, error: 'LEVERAGE_INVALID' }).optional(),
  marginMode: MarginMode.optional(),
});
export const SwapPreview = z.object({
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  lots: z.number().int(),
  /** The price the figures use: the limit, or for a market order the mark. */
  price: DecimalString,
  orderValue: DecimalString,
  margin: DecimalString.describe('initial margin of the lots at the leverage'),
  fee: DecimalString.describe('taker fee of the lots'),
  /** What the order would hold: margin + fee (0 for reduce-only). */
  cost: DecimalString,
  /** Estimated liquidation price of the position after the order fills at `price` (null: "--"). */
  liquidationPrice: DecimalString.nullable(),
  /** Most lots a buy / a sell could open at `price` with what is free now (one-way: an opposite position's lots included). */
  maxLots: z.object({ buy: z.number().int(), sell: z.number().int() }),
  free: DecimalString,
  leverage: z.number().int(),
  marginMode: MarginMode,
});
export type SwapPreview = z.infer<typeof SwapPreview>;

// ---- operator ---------------------------------------------------------------------------------------------------

export const RiskTierInput = z.object({
  below: DecimalString.describe('notional bound (USDT), ascending'),
  mmr: DecimalString,
  maxLeverage: wholeNumber({ min: 1, max: 200 }),
});
export type RiskTierInput = z.infer<typeof RiskTierInput>;

export const SwapContractInput = z.object({
  base: z.string().regex(/^[A-Z0-9]{2,10}$/, err('ASSET_NOT_FOUND')),
  quote: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/, err('ASSET_NOT_FOUND'))
    .default('USDT'),
  pricePrecision: wholeNumber({ min: 0, max: 8 }),
  tickSize: DecimalString,
  contractSize: DecimalString,
  minLots: wholeNumber({ min: 1, max: 1_000_000 }).default(1),
  maxLotsPerOrder: wholeNumber({ min: 1, max: 100_000_000 }).default(100_000),
  makerFee: SignedDecimalString.default('0.0002'),
  takerFee: DecimalString.default('0.0005'),
  liquidationFee: DecimalString.default('0.003'),
  liquidationBuffer: DecimalString.default('0.2'),
  wholeLiquidationBelow: DecimalString.default('1000'),
  maintenanceBasis: z.enum(['entry', 'mark']).default('entry'),
  fundingIntervalMinutes: wholeNumber({ min: 1, max: 24 * 60 }).default(480),
  interestRate: DecimalString.default('0.0001'),
  premiumClamp: DecimalString.default('0.0005'),
  fundingCap: DecimalString.default('0.02'),
  priceBand: DecimalString.default('0.05'),
  openInterestLimit: wholeNumber({ min: 0, max: Number.MAX_SAFE_INTEGER }).default(0),
  status: z.enum(['open', 'closed']).default('open'),
  hot: z.boolean().default(false),
  sort: z.number().int().default(0),
  tiers: z.array(RiskTierInput).min(1, err('INVALID_PARAMS')).max(20, err('INVALID_PARAMS')),
});
export type SwapContractInput = z.input<typeof SwapContractInput>;

/** What may change on an existing contract (precisions and contract size are fixed). */
export const SwapContractUpdate = z.object({
  tickSize: DecimalString.optional(),
  minLots: wholeNumber({ min: 1, max: 1_000_000 }).optional(),
  maxLotsPerOrder: wholeNumber({ min: 1, max: 100_000_000 }).optional(),
  makerFee: SignedDecimalString.optional(),
  takerFee: DecimalString.optional(),
  liquidationFee: DecimalString.optional(),
  liquidationBuffer: DecimalString.optional(),
  wholeLiquidationBelow: DecimalString.optional(),
  maintenanceBasis: z.enum(['entry', 'mark']).optional(),
  fundingIntervalMinutes: wholeNumber({ min: 1, max: 24 * 60 }).optional(),
  interestRate: DecimalString.optional(),
  premiumClamp: DecimalString.optional(),
  fundingCap: DecimalString.optional(),
  priceBand: DecimalString.optional(),
  openInterestLimit: wholeNumber({ min: 0, max: Number.MAX_SAFE_INTEGER }).optional(),
  status: z.enum(['open', 'closed']).optional(),
  hot: z.boolean().optional(),
  sort: z.number().int().optional(),
});
export type SwapContractUpdate = z.infer<typeof SwapContractUpdate>;

export const SwapTiersBody = z.object({
  tiers: z.array(RiskTierInput).min(1, err('INVALID_PARAMS')).max(20, err('INVALID_PARAMS')),
});

export const SwapInsuranceQuery = z.object({
  before: wholeNumber({ min: 1 }).optional().describe('the `next` of the previous page'),
  limit: wholeNumber({ min: 1, max: 100 }).default(50),
});
export const SwapInsuranceLine = z.object({
  entryId: z.number().int(),
  reason: z.string(),
  reference: z.string(),
  amount: SignedDecimalString,
  balanceAfter: SignedDecimalString,
  ts: Timestamp,
});
export const SwapInsurance = z.object({
  asset: z.string(),
  balance: SignedDecimalString,
  /** What the fund holds in positions it took over and has not unwound yet. */
  positions: z.array(
    z.object({ symbol: z.string(), side: PositionSide, lots: z.number().int(), upnl: SignedDecimalString }),
  ),
  lines: z.array(SwapInsuranceLine),
  next: z.number().int().nullable(),
});
export type SwapInsurance = z.infer<typeof SwapInsurance>;
export const SwapInsuranceTopUpBody = z.object({ amount: DecimalString, note: z.string().max(200).optional() });

export const SwapAdminListQuery = z.object({
  symbol: SwapSymbol.optional(),
  uid: wholeNumber({ min: 1 }).optional(),
  ...PageQuery.shape,
});

export const SwapLiquidation = z.object({
  id: z.number().int(),
  uid: z.number().int().nullable(),
  owner: z.string().describe('user uid or system owner name'),
  symbol: z.string(),
  positionId: z.number().int().nullable(),
  pool: MarginMode,
  step: z.number().int(),
  action: z.enum(['cancel_orders', 'close']),
  side: PositionSide.nullable(),
  lots: z.number().int(),
  mark: DecimalString,
  bankruptcyPrice: DecimalString.nullable(),
  limitPrice: DecimalString.nullable(),
  bookLots: z.number().int(),
  bookValue: DecimalString,
  fundLots: z.number().int(),
  adlLots: z.number().int(),
  fee: DecimalString,
  equity: SignedDecimalString,
  maintenance: DecimalString,
  ts: Timestamp,
});
export type SwapLiquidation = z.infer<typeof SwapLiquidation>;

export const SwapAdlEvent = z.object({
  id: z.number().int(),
  liquidationId: z.number().int(),
  uid: z.number().int().nullable(),
  owner: z.string(),
  symbol: z.string(),
  positionId: z.number().int(),
  side: PositionSide,
  lots: z.number().int(),
  price: DecimalString.describe('the bankrupt position’s price the lots closed at'),
  realizedPnl: SignedDecimalString,
  ts: Timestamp,
});
export type SwapAdlEvent = z.infer<typeof SwapAdlEvent>;

export const SwapFundingRound = SwapFundingRate.extend({
  longLots: z.number().int(),
  payers: z.number().int(),
  receivers: z.number().int(),
  paid: DecimalString,
  received: DecimalString,
  /** The insurance fund's side: rounding dust − shortfall + haircut. */
  fund: SignedDecimalString,
});
export type SwapFundingRound = z.infer<typeof SwapFundingRound>;

export const SwapOpenInterest = z.object({
  symbol: z.string(),
  mark: DecimalString,
  longLots: z.number().int(),
  shortLots: z.number().int(),
  value: DecimalString.describe('open lots × size × mark'),
  positions: z.number().int(),
  users: z.number().int(),
  limit: z.number().int(),
});
export type SwapOpenInterest = z.infer<typeof SwapOpenInterest>;

export const SwapAdminPosition = SwapPosition.extend({
  uid: z.number().int().nullable(),
  owner: z.string(),
});
export type SwapAdminPosition = z.infer<typeof SwapAdminPosition>;

export const SwapStats = z.object({
  commit: z.object({ batches: z.number().int(), commands: z.number().int(), queued: z.number().int() }),
  sweep: z.object({
    runs: z.number().int(),
    lastMs: z.number(),
    maxMs: z.number(),
    positions: z.number().int(),
    lastChecked: z.number().int(),
    /** Of the last sweep: re-keying the accounts changed since the sweep before in the liquidation indexes, ms. */
    lastRekeyMs: z.number(),
    /** Of the last sweep: finding the pools at risk (index) and deciding each one (exact check, plan), ms. */
    lastFindMs: z.number(),
    /** Of the last sweep: carrying the decisions out (orders, ledger, records), ms. */
    lastSettleMs: z.number(),
    liquidations: z.number().int(),
  }),
  insolvencies: z.number().int(),
});
export type SwapStats = z.infer<typeof SwapStats>;

// ---- live channel payloads -------------------------------------------------------------------------------------

/** `swap-ticker` {symbol}: the contract's ticker (with mark, index, funding) and the public trades since the last frame. */
export const SwapTickerFrame = z.object({ ticker: SwapTicker, trades: z.array(PublicTrade) });
export type SwapTickerFrame = z.infer<typeof SwapTickerFrame>;

/** `swap-kline` {symbol, period}: the current candle each time it changes (volumes in the base asset). */
export const SwapKlineFrame = z.object({ symbol: z.string(), period: KlinePeriod, candle: Candle });
export type SwapKlineFrame = z.infer<typeof SwapKlineFrame>;

/**
 * `swap-depth` {symbol}: a snapshot (`type: 'snapshot'`) on subscribing, then diffs of the changed levels (quantity
 * "0" removes a level; quantities are lots) with `prevSeq` = the previous frame's `seq`; on a gap, fetch
 * `/api/swap/depth` again and drop diffs up to its seq. Same shape as spot-depth.
 */
export const SwapDepthFrame = DepthFrame;
export type SwapDepthFrame = z.infer<typeof SwapDepthFrame>;

/** `swap-entrust-order` (private): one of my orders changed, with the fills it got in that change. */
export const SwapOrderFrame = z.object({ order: SwapOrder, fills: z.array(SwapFill) });
export type SwapOrderFrame = z.infer<typeof SwapOrderFrame>;

/**
 * `swap-positions` (private): every open position of mine with live mark, PnL, ROE and liquidation price, and my
 * account figures; pushed on subscribing, when a position changes and each second while any is open. `closed` names
 * positions that closed since the last frame.
 */
export const SwapPositionsFrame = z.object({
  positions: z.array(SwapPosition),
  account: SwapAccount,
  closed: z.array(SwapPosition),
});
export type SwapPositionsFrame = z.infer<typeof SwapPositionsFrame>;

/** `swap history-order` (private): one of my orders finished (its final state), or a close record. */
export const SwapHistoryFrame = z.object({ order: SwapOrder.nullable(), close: SwapClose.nullable() });
export type SwapHistoryFrame = z.infer<typeof SwapHistoryFrame>;
