import { formatDecimal, type OrderSide, parseDecimal, type Ticker } from '@bourse/contract';
import type { SpotService } from '../spot';
import type { OrderOwner } from '../spot';
import type { BotOrder, SpotDesk, SpotFeed } from './ports';

/** The spot module's service as the market-data side sees it (see modules/spot/README.md). */
export function spotFeed(spot: SpotService): SpotFeed {
  return {
    markets: () => spot.markets(),
    onTrades: (listener) => spot.onTrades(listener),
    recentTrades: (symbol, limit) =>
      spot.recentTrades(symbol, limit).map((t) => ({
        id: t.id,
        price: t.price,
        quantity: t.quantity,
        side: t.takerSide,
        ts: t.ts,
      })),
    tradesSince: (symbol, afterId, limit) => spot.tradesSince(symbol, afterId, limit),
    bestBidAsk: (symbol) => spot.bookTop(symbol),
  };
}

/** Orders of the market makers' system owners through the spot desk, in price and quantity units. */
export function spotDesk(spot: SpotService): SpotDesk {
  const owners = new Map<string, OrderOwner>();
  const ownerOf = (name: string): OrderOwner => {
    let owner = owners.get(name);
    if (!owner) owners.set(name, (owner = spot.systemOwner(name)));
    return owner;
  };
  return {
    async place(owner, input) {
      const market = spot.market(input.symbol);
      await spot.placeOrder(ownerOf(owner), {
        symbol: input.symbol,
        side: input.side,
        type: input.type,
        price: input.price === undefined ? undefined : formatDecimal(BigInt(input.price), market.pricePrecision),
        quantity: formatDecimal(BigInt(input.quantity), market.quantityPrecision),
        timeInForce: input.timeInForce ?? 'GTC',
        postOnly: input.postOnly ?? false,
        selfTrade: 'cancel_taker',
      });
    },
    async cancel(owner, orderId) {
      await spot.cancelOrder(ownerOf(owner), orderId);
    },
    async cancelAll(owner) {
      if (spot.restingOrders(ownerOf(owner)).length > 0) await spot.cancelAll(ownerOf(owner));
    },
    openOrders(owner, symbol): BotOrder[] {
      const market = spot.market(symbol);
      return spot.restingOrders(ownerOf(owner), symbol).flatMap((o) => {
        if (o.price === null || o.quantity === null) return [];
        const quantity = parseDecimal(o.quantity, market.quantityPrecision);
        const filled = parseDecimal(o.filledQuantity, market.quantityPrecision);
        const side: OrderSide = o.side;
        return [
          {
            id: o.id,
            side,
            price: Number(parseDecimal(o.price, market.pricePrecision)),
            remaining: Number(quantity - filled),
          },
        ];
      });
    },
  };
}

/** Registers the market module's tickers as the spot module's ticker source (symbolList, homeList, valuations). */
export function useMarketTickers(spot: SpotService, ticker: (symbol: string) => Ticker): void {
  spot.useTickers({ ticker });
}
