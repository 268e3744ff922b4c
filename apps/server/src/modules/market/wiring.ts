import type { AccountService } from '../account/service';
import type { SpotService } from '../spot/service';
import type { WalletService } from '../wallet/service';
import { ChainFunding } from './funding';
import { type MarketDeps, MarketService, type MarketSettings } from './service';
import { spotDesk, spotFeed, useMarketTickers } from './spot-adapter';

/**
 * Builds the market module and connects it to its neighbours: the spot module's trade feed, book tops and desk,
 * its ticker hook (symbolList, homeList and balance valuations then use these tickers), and the wallet's deposit
 * path for funding the market makers.
 */
export function createMarketService(
  deps: MarketDeps & { spot: SpotService; accounts: AccountService; wallet: WalletService; chainBlockMs: number },
  settings: MarketSettings,
): MarketService {
  const market = new MarketService(deps, settings);
  const funding = new ChainFunding({
    tx: deps.tx,
    ledger: deps.ledger,
    log: deps.log,
    accounts: deps.accounts,
    wallet: deps.wallet,
    autoMining: deps.chainBlockMs > 0,
  });
  market.attach({ feed: spotFeed(deps.spot), desk: spotDesk(deps.spot) }, (requests) => funding.fund(requests));
  useMarketTickers(deps.spot, (symbol) => market.data.ticker(symbol));
  return market;
}
