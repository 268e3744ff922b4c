import type { OrderSide, SpotOrderStatus } from '@bourse/contract';
import type { StpMode } from '@bourse/engine';
import type { Market } from './market';

/** Who owns an order: a user, or a named system owner (a market maker). */
export type OrderOwner = { kind: 'user'; uid: number } | { kind: 'system'; name: string };

/** An owner as the engine and the ledger see it. */
export interface Trader {
  /** The engine's owner number: the uid, or 2^52 + the system owner's id. */
  readonly owner: number;
  readonly uid: number | null;
  readonly systemName: string | null;
}

/** System owners' engine numbers start here, far above any uid and still a safe integer. */
export const SYSTEM_OWNER_BASE = 2 ** 52;

/**
 * An order as the desk tracks it: the taker while it is being placed, and every resting order (open or partial),
 * kept in memory beside the engine's book and written through to `spot_orders`.
 */
export interface OrderState {
  readonly id: number;
  readonly market: Market;
  readonly trader: Trader;
  readonly clientOrderId: string | null;
  readonly side: OrderSide;
  readonly type: 'limit' | 'market';
  readonly timeInForce: 'GTC' | 'IOC' | 'FOK';
  readonly postOnly: boolean;
  readonly stp: StpMode;
  /** Price units; null for market orders. */
  readonly price: number | null;
  /** Quantity units; null for market buys by amount. */
  readonly quantity: number | null;
  /** Market buys by amount: the budget in quote ledger units. */
  readonly quoteQuantity: bigint | null;
  filledQty: number;
  /** Quote ledger units paid (buy) or received before fee (sell). */
  filledQuote: bigint;
  /** Σ price × qty of its fills in notional units (see money.ts). */
  quoteExact: bigint;
  /** Base units (buy) or quote units (sell). */
  fee: bigint;
  /** Still frozen for this order: quote for a buy, base for a sell (ledger units). */
  frozen: bigint;
  status: SpotOrderStatus;
  reason: string | null;
  /** Time priority on the book. */
  seq: number;
  readonly createdAt: number;
  updatedAt: number;
}

/** One side of a fill as the order that took part sees it (raw units; formatted only when sent). */
export interface FillRecord {
  readonly tradeId: number;
  readonly price: number;
  readonly qty: number;
  /** Quote ledger units this order paid (buy) or received before fee (sell). */
  readonly quote: bigint;
  readonly fee: bigint;
  readonly role: 'maker' | 'taker';
  readonly ts: number;
}

/** A trade as the desk records it: written at the end of its batch, announced once committed. */
export interface TradeRecord {
  readonly id: number;
  readonly market: Market;
  /** Price and quantity units. */
  readonly price: number;
  readonly qty: number;
  /** Quote ledger units the buyer paid and the seller received before fee (they differ by rounding dust only). */
  readonly buyerQuote: bigint;
  readonly sellerQuote: bigint;
  readonly buyerFee: bigint;
  readonly sellerFee: bigint;
  readonly takerSide: OrderSide;
  readonly maker: OrderState;
  readonly taker: OrderState;
  readonly ts: number;
}

/** A trade as announced to other modules after it is committed (market data, rewards). */
export interface TradeEvent {
  readonly id: number;
  readonly symbol: string;
  readonly marketId: number;
  /** Decimal strings as on the wire. */
  readonly price: string;
  readonly quantity: string;
  /** Quote value (what the seller received before fee), decimal string in the quote asset. */
  readonly quote: string;
  /** The same as integers: price units (10^-pricePrecision), quantity units (10^-qtyPrecision), quote ledger units. */
  readonly priceUnits: number;
  readonly qtyUnits: number;
  readonly quoteUnits: bigint;
  /** The taker's side: buy means the price was lifted. */
  readonly takerSide: OrderSide;
  readonly ts: number;
  readonly makerOrderId: number;
  readonly takerOrderId: number;
  readonly maker: OrderOwner;
  readonly taker: OrderOwner;
  /** Fees charged: the buyer's in the base asset, the seller's in the quote asset (ledger units). */
  readonly buyerFee: bigint;
  readonly sellerFee: bigint;
}

export type TradeListener = (trades: readonly TradeEvent[]) => void;

export function ownerOf(trader: Trader): OrderOwner {
  return trader.uid !== null ? { kind: 'user', uid: trader.uid } : { kind: 'system', name: trader.systemName ?? '' };
}
