import type { OrderSide, PublicTrade, SpotMarket } from '@bourse/contract';

/**
 * What the market module needs from spot trading, in the shape the spot module announces it (its `TradeEvent`
 * satisfies `MarketTrade`). `spot-adapter.ts` builds this from the spot service; tests may fake it.
 */
export interface MarketTrade {
  readonly id: number;
  readonly symbol: string;
  /** Price units (10^-pricePrecision quote) and quantity units (10^-quantityPrecision base). */
  readonly priceUnits: number;
  readonly qtyUnits: number;
  /** Quote value in the quote asset's ledger units (10^-scale). */
  readonly quoteUnits: bigint;
  readonly takerSide: OrderSide;
  readonly ts: number;
  readonly takerOrderId?: number;
}

export interface SpotFeed {
  /** Every spot market, open or closed (contract form). */
  markets(): SpotMarket[];
  /** Trades after they are committed, in batches, in id order. */
  onTrades(listener: (trades: readonly MarketTrade[]) => void): void;
  /** Newest first. */
  recentTrades(symbol: string, limit: number): PublicTrade[];
  /** Trades of a market with id above `afterId`, oldest first (recovery of candles after a restart). */
  tradesSince(symbol: string, afterId: number, limit: number): MarketTrade[];
  /** Best bid and ask as decimal strings, null for an empty side. */
  bestBidAsk(symbol: string): { bid: string | null; ask: string | null };
}

/** A resting order of a market maker, as the bots track it. */
export interface BotOrder {
  id: number;
  side: OrderSide;
  /** Price units. */
  price: number;
  /** Open quantity units. */
  remaining: number;
}

export interface BotOrderInput {
  symbol: string;
  side: OrderSide;
  type: 'limit' | 'market';
  /** Price units (limit orders). */
  price?: number;
  /** Quantity units. */
  quantity: number;
  timeInForce?: 'GTC' | 'IOC';
  postOnly?: boolean;
}

/** What the market makers need: orders for a named system owner, and their open orders. */
export interface SpotDesk {
  /** Places an order for the system owner once it is durable; rejects with a DomainError when refused. */
  place(owner: string, input: BotOrderInput): Promise<void>;
  cancel(owner: string, orderId: number): Promise<void>;
  /** Cancels every resting order of the owner (the bots were switched off). */
  cancelAll(owner: string): Promise<void>;
  /** The owner's resting orders in a market (from memory, cheap). */
  openOrders(owner: string, symbol: string): BotOrder[];
}
