/**
 * The vocabulary of the matching engine: commands in, execution reports out.
 *
 * Units: every price is an integer number of 10^-priceScale quote units, every quantity an integer number of
 * 10^-qtyScale base units (see {@link MarketSpec}). They travel as JS numbers and must be safe integers; the engine
 * rejects anything else. Amounts that can outgrow 2^53 (notional, fees) are bigint.
 */

export type Side = 'buy' | 'sell';

/**
 * - `limit`: good-till-cancelled; matches what it can, rests the remainder.
 * - `market`: takes liquidity until filled or the book runs out (or, with a protection price, until the next price
 *   is beyond it), the remainder expires. A buy may give a quote budget (`quoteQty`) instead of a base quantity.
 * - `ioc`: immediate-or-cancel limit; the unfilled remainder expires.
 * - `fok`: fill-or-kill limit; fills completely at once or is rejected with no change to the book.
 * - `post_only`: a limit order that must rest; rejected if any part of it would take liquidity.
 */
export type OrderType = 'limit' | 'market' | 'ioc' | 'fok' | 'post_only';

/**
 * Self-trade prevention, decided by the incoming (taker) order when the next maker in priority has the same owner.
 * - `none`: the two orders trade.
 * - `cancel_taker`: the taker's remainder expires; the maker stays.
 * - `cancel_maker`: the maker is removed from the book; the taker continues.
 * - `cancel_both`: the maker is removed and the taker's remainder expires.
 */
export type StpMode = 'none' | 'cancel_taker' | 'cancel_maker' | 'cancel_both';

/** The trading rules of one market. All fields are integers. */
export interface MarketSpec {
  /** Prices are integers in units of 10^-priceScale quote. */
  readonly priceScale: number;
  /** Quantities are integers in units of 10^-qtyScale base. */
  readonly qtyScale: number;
  /** Every limit price is a multiple of this (price units). */
  readonly tickSize: number;
  /** Every quantity is a multiple of this (quantity units). */
  readonly stepSize: number;
  /**
   * Smallest notional of a priced order and smallest quote budget of a market buy, in price units (10^-priceScale
   * quote). A priced order needs price × qty / 10^qtyScale ≥ minNotional. 0 disables the check.
   */
  readonly minNotional: number;
}

export interface PlaceOrder {
  readonly kind: 'place';
  /** Chosen by the caller (the server's order id); must not be resting already. */
  readonly id: number;
  /** The account that owns the order; self-trade prevention compares it. */
  readonly owner: number;
  readonly side: Side;
  readonly type: OrderType;
  /**
   * Limit price in price units. For `market`: 0 for none, or the worst price it may trade at (price protection: a
   * buy takes no ask above it, a sell no bid below it; what it cannot fill there expires).
   */
  readonly price: number;
  /** Base quantity in quantity units; 0 for a market buy that gives `quoteQty` instead. */
  readonly qty: number;
  /** Market buys only: spend at most this much quote, in price units (10^-priceScale quote). */
  readonly quoteQty?: number;
  readonly stp: StpMode;
}

export interface CancelOrder {
  readonly kind: 'cancel';
  readonly id: number;
}

/** Moves a resting order to a new price. It goes to the back of the queue there and may trade if it crosses. */
export interface MoveOrder {
  readonly kind: 'move';
  readonly id: number;
  readonly price: number;
}

/** Takes `by` off a resting order's open quantity, keeping its place in the queue; reducing it to zero cancels it. */
export interface ReduceOrder {
  readonly kind: 'reduce';
  readonly id: number;
  readonly by: number;
}

/**
 * Puts an order back on the book without matching, as when rebuilding the book from open orders at start. `seq` is
 * its time priority (the sequence number the engine reported when it came to rest); within a price level orders sit
 * in ascending `seq`.
 */
export interface RestoreOrder {
  readonly kind: 'restore';
  readonly id: number;
  readonly owner: number;
  readonly side: Side;
  readonly price: number;
  readonly qty: number;
  readonly seq: number;
  readonly stp: StpMode;
  readonly postOnly: boolean;
}

export type Command = PlaceOrder | CancelOrder | MoveOrder | ReduceOrder | RestoreOrder;
export type CommandKind = Command['kind'];

export type RejectReason =
  /** An id or owner that is not a non-negative safe integer, or an unknown side, type or STP mode. */
  | 'INVALID_PARAMETER'
  /** A price that is not a positive safe integer. */
  | 'INVALID_PRICE'
  /** A quantity (or quote budget, or reduction) that is not a positive safe integer, or given where it may not be. */
  | 'INVALID_QUANTITY'
  | 'PRICE_TICK_INVALID'
  | 'QUANTITY_STEP_INVALID'
  | 'BELOW_MIN_NOTIONAL'
  | 'POST_ONLY_WOULD_TAKE'
  /** A market order met an empty opposite side. */
  | 'NO_LIQUIDITY'
  | 'FOK_NOT_FILLED'
  | 'ORDER_NOT_FOUND'
  | 'DUPLICATE_ID'
  /** Resting it would push the total at its price level past 2^53 - 1 units. */
  | 'QUANTITY_TOO_LARGE'
  /** A restored order would cross the opposite side of the book. */
  | 'WOULD_CROSS';

/** Why part of an accepted order left without trading. */
export type ExpireReason =
  /** The unfilled remainder of an IOC or market order. */
  | 'UNFILLED'
  /** Self-trade prevention cancelled the taker (`cancel_taker` or `cancel_both`). */
  | 'SELF_TRADE';

/** One trade between a resting maker and the incoming taker. */
export interface Fill {
  readonly makerId: number;
  readonly makerOwner: number;
  readonly takerId: number;
  readonly takerOwner: number;
  readonly takerSide: Side;
  readonly makerSide: Side;
  /** The maker's price, in price units. */
  readonly price: number;
  /** Base quantity traded, in quantity units. */
  readonly qty: number;
  /** price × qty exactly, in units of 10^-(priceScale + qtyScale) quote. */
  readonly quote: bigint;
  /** The maker's open quantity after this fill; 0 means it left the book. */
  readonly makerRemaining: number;
}

/** A resting order taken off the book other than by a fill (self-trade prevention). */
export interface RemovedOrder {
  readonly id: number;
  readonly owner: number;
  readonly side: Side;
  readonly price: number;
  /** Its open quantity at removal. */
  readonly qty: number;
}

/**
 * What one command did. The engine reuses a single report object per book: it is valid until the next command.
 * Copy what you keep ({@link copyReport}).
 */
export interface ExecutionReport {
  /**
   * The command's sequence number in this book: every command but `restore` takes the next one, accepted or not. A
   * resting order's time priority is the seq of the command that placed or last moved it. An accepted `restore`
   * reports the restored order's seq.
   */
  readonly seq: number;
  readonly command: CommandKind;
  readonly accepted: boolean;
  readonly reason: RejectReason | null;
  /** The order the command was about, and (when known) its owner, side and price after the command. */
  readonly orderId: number;
  readonly owner: number;
  readonly side: Side;
  readonly price: number;
  /** Base quantity the order traded as taker during this command. */
  readonly filledQty: number;
  /** Open quantity the order has on the book after this command; 0 if it is not resting. */
  readonly restingQty: number;
  /** Taker quantity that expired without trading (IOC/market remainder, self-trade prevention). */
  readonly expiredQty: number;
  readonly expireReason: ExpireReason | null;
  /** Quantity taken off the book by a cancel or reduce. */
  readonly cancelledQty: number;
  /** Trades in execution order. */
  readonly fills: readonly Fill[];
  /** Makers removed by self-trade prevention. */
  readonly stpRemoved: readonly RemovedOrder[];
}

/** A snapshot entry of an order on the book. */
export interface RestingOrder {
  readonly id: number;
  readonly owner: number;
  readonly side: Side;
  readonly price: number;
  /** Open quantity. */
  readonly qty: number;
  /** Time priority: lower is earlier within a price level. */
  readonly seq: number;
  readonly stp: StpMode;
  readonly postOnly: boolean;
}

export interface DepthLevel {
  readonly price: number;
  readonly qty: number;
  readonly orders: number;
}

export interface Depth {
  /** The book's sequence number when the depth was taken. */
  readonly seq: number;
  /** Best first. */
  readonly bids: DepthLevel[];
  /** Best first. */
  readonly asks: DepthLevel[];
}

/** A price level whose aggregated quantity changed; qty 0 means the level is gone. */
export interface LevelChange {
  readonly side: Side;
  readonly price: number;
  readonly qty: number;
}

/**
 * The levels that changed over a range of commands, each once with its quantity after `toSeq`. Consecutive diffs
 * chain: a diff's `fromSeq` is the previous diff's `toSeq` + 1, so a subscriber can detect a gap (Binance's U/u).
 */
export interface DepthDiff {
  readonly fromSeq: number;
  readonly toSeq: number;
  readonly changes: LevelChange[];
}
