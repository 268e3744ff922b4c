import { z } from 'zod';
import type { Lang } from '../lang';
import { DecimalString, err, PageQuery, paged, Timestamp, wholeNumber } from './common';

/**
 * Spot markets, market data and orders. Symbols are `BASE_QUOTE` (e.g. `BTC_USDT`); the app shows `BTC/USDT`.
 * Prices and quantities are decimal strings at the market's precision.
 */

export const MarketSymbol = z
  .string(err('MARKET_NOT_FOUND'))
  .regex(/^[A-Z0-9]{2,10}_[A-Z0-9]{2,10}$/, err('MARKET_NOT_FOUND'))
  .describe('market symbol, e.g. BTC_USDT');

export const MARKET_CATEGORIES = ['main', 'layer1', 'payments', 'meme', 'platform'] as const;
export const MarketCategory = z.enum(MARKET_CATEGORIES);
export type MarketCategory = z.infer<typeof MarketCategory>;

export const SpotMarket = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  category: MarketCategory,
  /** Decimals of a price (the tick is 10^-pricePrecision or a multiple). */
  pricePrecision: z.number().int(),
  quantityPrecision: z.number().int(),
  tickSize: DecimalString,
  stepSize: DecimalString,
  minNotional: DecimalString.describe('smallest order value in the quote asset'),
  makerFee: DecimalString.describe('fee rate, e.g. "0.001" = 0.1%'),
  takerFee: DecimalString,
  priceBandLow: DecimalString.describe(
    'a limit price may be as low as this fraction of the last traded price, e.g. "0.2"; "0" = no lower bound',
  ),
  priceBandHigh: DecimalString.describe(
    'a limit price may be as high as this multiple of the last traded price, e.g. "5"; "0" = no upper bound',
  ),
  status: z.enum(['open', 'closed']),
  hot: z.boolean(),
  sort: z.number().int(),
});
export type SpotMarket = z.infer<typeof SpotMarket>;

/** Rolling 24-hour statistics of a market. */
export const Ticker = z.object({
  symbol: z.string(),
  last: DecimalString,
  open: DecimalString.describe('price 24 h ago'),
  high: DecimalString,
  low: DecimalString,
  volume: DecimalString.describe('base asset traded in 24 h'),
  quoteVolume: DecimalString,
  change: z.string().describe('last − open, may be negative'),
  changePercent: z.string().describe('percent with two decimals, e.g. "-1.25"'),
  bid: DecimalString.nullable(),
  ask: DecimalString.nullable(),
  ts: Timestamp,
});
export type Ticker = z.infer<typeof Ticker>;

export const MarketWithTicker = z.object({ market: SpotMarket, ticker: Ticker });
export type MarketWithTicker = z.infer<typeof MarketWithTicker>;

export const AssetCategory = z.object({
  id: MarketCategory,
  name: z.string().describe('in the request language'),
  symbols: z.array(z.string()),
});
export type AssetCategory = z.infer<typeof AssetCategory>;

/** `/api/common/homeList`: what the home page shows under the banners. */
export const HomeList = z.object({
  hot: z.array(MarketWithTicker),
  gainers: z.array(MarketWithTicker),
  losers: z.array(MarketWithTicker),
  volume: z.array(MarketWithTicker),
});
export type HomeList = z.infer<typeof HomeList>;

export const SymbolQuery = z.object({ symbol: MarketSymbol });

/** A price level: [price, quantity]. */
export const DepthLevel = z.tuple([DecimalString, DecimalString]);
export type DepthLevel = z.infer<typeof DepthLevel>;

export const DepthQuery = z.object({
  symbol: MarketSymbol,
  type: wholeNumber({ min: 0, max: 3 })
    .default(0)
    .describe('aggregation: 0 = tick, 1 = 10 ticks, 2 = 100 ticks, 3 = 1000 ticks'),
  limit: wholeNumber({ min: 1, max: 200 }).default(20),
});

export const Depth = z.object({
  symbol: z.string(),
  /** Sequence of the book's last change; diffs on the live channel continue from it. */
  seq: z.number().int(),
  bids: z.array(DepthLevel).describe('best (highest) first'),
  asks: z.array(DepthLevel).describe('best (lowest) first'),
  ts: Timestamp,
});
export type Depth = z.infer<typeof Depth>;

export const PublicTrade = z.object({
  id: z.number().int(),
  price: DecimalString,
  quantity: DecimalString,
  /** The taker's side: buy means the price was lifted. */
  side: z.enum(['buy', 'sell']),
  ts: Timestamp,
});
export type PublicTrade = z.infer<typeof PublicTrade>;

export const HistoryTradesQuery = z.object({
  symbol: MarketSymbol,
  type: z.enum(['spot', 'swap']).default('spot'),
  limit: wholeNumber({ min: 1, max: 100 }).default(30),
});

export const KLINE_PERIODS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export const KlinePeriod = z.enum(KLINE_PERIODS);
export type KlinePeriod = z.infer<typeof KlinePeriod>;

export const Candle = z.object({
  t: Timestamp.describe('open time of the period'),
  o: DecimalString,
  h: DecimalString,
  l: DecimalString,
  c: DecimalString,
  v: DecimalString.describe('base volume'),
  qv: DecimalString.describe('quote volume'),
});
export type Candle = z.infer<typeof Candle>;

export const KlineQuery = z.object({
  symbol: MarketSymbol,
  period: KlinePeriod.default('15m'),
  /** Candles opening before this time (ms); omit for the newest. */
  before: wholeNumber().optional(),
  limit: wholeNumber({ min: 1, max: 1000 }).default(300),
});

export const MARKET_EVENT_TYPES = [
  'rise5m',
  'fall5m',
  'largeBuy',
  'largeSell',
  'abnormalRise',
  'abnormalFall',
] as const;
export const MarketEventType = z.enum(MARKET_EVENT_TYPES);
export type MarketEventType = z.infer<typeof MarketEventType>;

/** The live events of spec §2: 5-minute gain/decline, large buy/sell, abnormal gain/decline. */
export const MarketEvent = z.object({
  id: z.number().int(),
  symbol: z.string(),
  type: MarketEventType,
  /** Percent for price moves (e.g. "3.20"), quote amount for large trades. */
  value: z.string(),
  price: DecimalString,
  ts: Timestamp,
});
export type MarketEvent = z.infer<typeof MarketEvent>;

export const MarketEventsQuery = z.object({
  symbol: MarketSymbol.optional(),
  limit: wholeNumber({ min: 1, max: 100 }).default(30),
});

// ---- orders -----------------------------------------------------------------------------------------------------

export const ORDER_SIDES = ['buy', 'sell'] as const;
export const OrderSide = z.enum(ORDER_SIDES, err('INVALID_PARAMS'));
export type OrderSide = z.infer<typeof OrderSide>;

export const ORDER_TYPES = ['limit', 'market'] as const;
export const OrderType = z.enum(ORDER_TYPES, err('INVALID_PARAMS'));

export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
export const TimeInForce = z.enum(TIME_IN_FORCE, err('INVALID_PARAMS'));

/** Who loses when an order would trade with another order of the same user. */
export const SELF_TRADE_MODES = ['cancel_taker', 'cancel_maker', 'cancel_both'] as const;
export const SelfTradeMode = z.enum(SELF_TRADE_MODES, err('INVALID_PARAMS'));

export const NewSpotOrderBody = z
  .object({
    symbol: MarketSymbol,
    side: OrderSide,
    type: OrderType,
    price: DecimalString.optional().describe('limit orders'),
    quantity: DecimalString.optional().describe(
      'base quantity; limit orders and market sells, or market buys by quantity',
    ),
    quoteQuantity: DecimalString.optional().describe('market buys by amount of the quote asset'),
    timeInForce: TimeInForce.default('GTC'),
    postOnly: z.boolean().default(false),
    selfTrade: SelfTradeMode.default('cancel_taker'),
    clientOrderId: z
      .string()
      .max(36)
      .optional()
      .describe('the caller’s own id and the request id: the same order sent again is answered with the first result'),
  })
  .refine((b) => b.type === 'market' || b.price !== undefined, { ...err('INVALID_PARAMS'), path: ['price'] })
  .refine(
    (b) => b.quantity !== undefined || (b.type === 'market' && b.side === 'buy' && b.quoteQuantity !== undefined),
    {
      ...err('ORDER_AMOUNT_OUT_OF_RANGE'),
      path: ['quantity'],
    },
  );
export type NewSpotOrderBody = z.infer<typeof NewSpotOrderBody>;

export const SPOT_ORDER_STATUSES = ['open', 'partial', 'filled', 'cancelled', 'expired'] as const;
export const SpotOrderStatus = z.enum(SPOT_ORDER_STATUSES);
export type SpotOrderStatus = z.infer<typeof SpotOrderStatus>;

export const SpotOrder = z.object({
  id: z.number().int(),
  clientOrderId: z.string().nullable(),
  symbol: z.string(),
  side: OrderSide,
  type: OrderType,
  timeInForce: TimeInForce,
  postOnly: z.boolean(),
  price: DecimalString.nullable().describe('null for market orders'),
  quantity: DecimalString.nullable().describe('ordered base quantity; null for market buys by amount'),
  quoteQuantity: DecimalString.nullable(),
  filledQuantity: DecimalString,
  filledQuote: DecimalString.describe('value traded, in the quote asset'),
  avgPrice: DecimalString.nullable(),
  fee: DecimalString,
  feeAsset: z.string().describe('buyers pay in the base asset, sellers in the quote asset'),
  status: SpotOrderStatus,
  /** Why an order ended without filling: cancelled by the user, by self-trade prevention, IOC/market remainder… */
  reason: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type SpotOrder = z.infer<typeof SpotOrder>;

export const SpotFill = z.object({
  id: z.number().int(),
  price: DecimalString,
  quantity: DecimalString,
  quote: DecimalString,
  fee: DecimalString,
  feeAsset: z.string(),
  role: z.enum(['maker', 'taker']),
  ts: Timestamp,
});
export type SpotFill = z.infer<typeof SpotFill>;

export const SpotOrderDetail = z.object({ order: SpotOrder, fills: z.array(SpotFill) });

export const OpenOrdersQuery = z.object({
  symbol: MarketSymbol.optional(),
  side: OrderSide.optional(),
  ...PageQuery.shape,
});

export const OrderHistoryQuery = z.object({
  symbol: MarketSymbol.optional(),
  side: OrderSide.optional(),
  status: z.enum(['filled', 'cancelled', 'expired']).optional(),
  /** Within the last 3 months (spec §9); older is not served. */
  from: wholeNumber().optional(),
  to: wholeNumber().optional(),
  ...PageQuery.shape,
});

export const PagedSpotOrders = paged(SpotOrder);

// ---- favorites --------------------------------------------------------------------------------------------------

export const FavoriteType = z.enum(['spot', 'swap']).default('spot');
export const FavoriteTypeQuery = z.object({ type: FavoriteType });
export const FavoriteBody = z.object({ symbol: MarketSymbol, type: FavoriteType });
export const FavoriteRemoveQuery = z.object({ symbol: MarketSymbol, type: FavoriteType });

// ---- live channel payloads -------------------------------------------------------------------------------------

/** `ticker` (no parameters): every market's ticker as it changes, plus market events as they happen. */
export const TickerFrame = z.object({ tickers: z.array(Ticker), events: z.array(MarketEvent) });
export type TickerFrame = z.infer<typeof TickerFrame>;

/** `spot-ticker` {symbol}: that market's ticker and the public trades since the last frame. */
export const SpotTickerFrame = z.object({ ticker: Ticker, trades: z.array(PublicTrade) });
export type SpotTickerFrame = z.infer<typeof SpotTickerFrame>;

/**
 * `spot-depth` {symbol}: first a snapshot (`type: 'snapshot'`, full levels), then diffs with changed levels only
 * (quantity "0" removes a level). A diff's `prevSeq` equals the previous frame's `seq`; on a gap, fetch a new
 * snapshot (getDepth) and drop diffs up to its seq.
 */
export const DepthFrame = z.object({
  type: z.enum(['snapshot', 'diff']),
  symbol: z.string(),
  seq: z.number().int(),
  prevSeq: z.number().int(),
  bids: z.array(DepthLevel),
  asks: z.array(DepthLevel),
  ts: Timestamp,
});
export type DepthFrame = z.infer<typeof DepthFrame>;

/** `spot-kline` {symbol, period}: the current candle each time it changes; `kline` {period}: every market's. */
export const KlineFrame = z.object({ symbol: z.string(), period: KlinePeriod, candle: Candle });
export type KlineFrame = z.infer<typeof KlineFrame>;

/** `kline` {period}: the markets whose current candle changed since the last frame (the snapshot: every market). */
export const KlineListFrame = z.array(KlineFrame);
export type KlineListFrame = z.infer<typeof KlineListFrame>;

/** `spot-entrust-order` (private): an open order changed; `spot history-order` (private): an order finished. */
export const OrderFrame = z.object({ order: SpotOrder, fills: z.array(SpotFill) });
export type OrderFrame = z.infer<typeof OrderFrame>;

// ---- market configuration (operator) and category names ---------------------------------------------------------

/** What `/api/common/assetCateList` calls each category, per language. */
export const MARKET_CATEGORY_NAMES: Readonly<Record<MarketCategory, Readonly<Record<Lang, string>>>> = {
  main: { en: 'Main', zh_CN: '主流币', zh_HK: '主流幣', es: 'Principales', fr: 'Principales' },
  layer1: { en: 'Layer 1', zh_CN: '公链', zh_HK: '公鏈', es: 'Capa 1', fr: 'Couche 1' },
  payments: { en: 'Payments', zh_CN: '支付', zh_HK: '支付', es: 'Pagos', fr: 'Paiements' },
  meme: { en: 'Meme', zh_CN: 'Meme币', zh_HK: 'Meme幣', es: 'Meme', fr: 'Mèmes' },
  platform: { en: 'Platform', zh_CN: '平台币', zh_HK: '平台幣', es: 'Plataforma', fr: 'Plateforme' },
};

/** Decimals of a price or quantity: at most the scale of the asset it is counted in (8 for the default assets). */
const Precision = z
  .number(err('INVALID_PARAMS'))
  .int(err('INVALID_PARAMS'))
  .min(0, err('INVALID_PARAMS'))
  .max(8, err('INVALID_PARAMS'));

/** The operator's definition of a new spot market. Precisions are fixed once the market exists. */
export const SpotMarketInput = z.object({
  base: z.string().regex(/^[A-Z0-9]{2,10}$/, err('ASSET_NOT_FOUND')),
  quote: z.string().regex(/^[A-Z0-9]{2,10}$/, err('ASSET_NOT_FOUND')),
  category: MarketCategory,
  pricePrecision: Precision,
  quantityPrecision: Precision,
  tickSize: DecimalString,
  stepSize: DecimalString,
  minNotional: DecimalString,
  makerFee: DecimalString,
  takerFee: DecimalString,
  priceBandLow: DecimalString.default('0.2'),
  priceBandHigh: DecimalString.default('5'),
  status: z.enum(['open', 'closed']).default('open'),
  hot: z.boolean().default(false),
  sort: z.number().int().default(0),
});
export type SpotMarketInput = z.input<typeof SpotMarketInput>;

/** What the operator may change on an existing market (tick and step only while open orders still fit them). */
export const SpotMarketUpdate = z.object({
  category: MarketCategory.optional(),
  tickSize: DecimalString.optional(),
  stepSize: DecimalString.optional(),
  minNotional: DecimalString.optional(),
  makerFee: DecimalString.optional(),
  takerFee: DecimalString.optional(),
  priceBandLow: DecimalString.optional(),
  priceBandHigh: DecimalString.optional(),
  status: z.enum(['open', 'closed']).optional(),
  hot: z.boolean().optional(),
  sort: z.number().int().optional(),
});
export type SpotMarketUpdate = z.infer<typeof SpotMarketUpdate>;
