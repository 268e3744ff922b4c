import { formatDecimal, pow10, type SpotFill, type SpotOrder } from '@bourse/contract';
import { formatPrice, formatQty, type Market } from './market';
import type { OrderRow, TradeRow } from './repo';
import type { FillRecord, OrderState, Trader } from './types';

/** The wire form of an order (contract `SpotOrder`). */
export function orderView(o: OrderState): SpotOrder {
  const m = o.market;
  const buy = o.side === 'buy';
  return {
    id: o.id,
    clientOrderId: o.clientOrderId,
    symbol: m.symbol,
    side: o.side,
    type: o.type,
    timeInForce: o.timeInForce,
    postOnly: o.postOnly,
    price: o.price === null ? null : formatPrice(m, o.price),
    quantity: o.quantity === null ? null : formatQty(m, o.quantity),
    quoteQuantity: o.quoteQuantity === null ? null : formatDecimal(o.quoteQuantity, m.quoteScale),
    filledQuantity: formatQty(m, o.filledQty),
    filledQuote: formatDecimal(o.filledQuote, m.quoteScale),
    avgPrice:
      o.filledQty === 0
        ? null
        : formatDecimal((o.filledQuote * pow10(m.qtyPrecision)) / BigInt(o.filledQty), m.quoteScale),
    fee: formatDecimal(o.fee, buy ? m.baseScale : m.quoteScale),
    feeAsset: buy ? m.base : m.quote,
    status: o.status,
    reason: o.reason,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

export function fillView(o: OrderState, f: FillRecord): SpotFill {
  const m = o.market;
  const buy = o.side === 'buy';
  return {
    id: f.tradeId,
    price: formatPrice(m, f.price),
    quantity: formatQty(m, f.qty),
    quote: formatDecimal(f.quote, m.quoteScale),
    fee: formatDecimal(f.fee, buy ? m.baseScale : m.quoteScale),
    feeAsset: buy ? m.base : m.quote,
    role: f.role,
    ts: f.ts,
  };
}

/** A stored order as the desk's state (used for reads and to rebuild the books). */
export function orderFromRow(row: OrderRow, market: Market, trader: Trader): OrderState {
  return {
    id: Number(row.id),
    market,
    trader,
    clientOrderId: row.client_order_id,
    side: row.side,
    type: row.type,
    timeInForce: row.time_in_force,
    postOnly: row.post_only === 1n,
    stp: row.stp as OrderState['stp'],
    price: row.price === null ? null : Number(row.price),
    quantity: row.quantity === null ? null : Number(row.quantity),
    quoteQuantity: row.quote_quantity,
    filledQty: Number(row.filled_qty),
    filledQuote: row.filled_quote,
    quoteExact: row.quote_exact,
    fee: row.fee,
    frozen: row.frozen,
    status: row.status,
    reason: row.reason,
    seq: Number(row.seq),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** One stored trade as a fill of the given order. */
export function fillFromTrade(order: OrderState, t: TradeRow): FillRecord {
  const buy = order.side === 'buy';
  const maker = Number(t.maker_order_id) === order.id;
  return {
    tradeId: Number(t.id),
    price: Number(t.price),
    qty: Number(t.qty),
    quote: buy ? t.buyer_quote : t.seller_quote,
    fee: buy ? t.buyer_fee : t.seller_fee,
    role: maker ? 'maker' : 'taker',
    ts: Number(t.ts),
  };
}
