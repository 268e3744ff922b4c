import type { SpotService } from '../spot';
import { EquityFunding } from './funding';
import { type MarketDeps, MarketService, type MarketSettings } from './service';
import { spotDesk, spotFeed, useMarketTickers } from './spot-adapter';

/**
 * Builds the market module and connects it to its neighbours: the spot module's trade feed, book tops and desk,
 * its ticker hook (symbolList, homeList and balance valuations then use these tickers), and the ledger's treasury
 * for funding the market makers (equity → market-maker capital).
 */
export function createMarketService(deps: MarketDeps & { spot: SpotService }, settings: MarketSettings): MarketService {
  const market = new MarketService(deps, settings);
  const funding = new EquityFunding({ tx: deps.tx, ledger: deps.ledger, log: deps.log });
  market.attach({ feed: spotFeed(deps.spot), desk: spotDesk(deps.spot) }, (requests) => funding.fund(requests));
  useMarketTickers(deps.spot, (symbol) => market.data.ticker(symbol));
  return market;
}
