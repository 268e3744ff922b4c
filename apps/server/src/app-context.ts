import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/events';
import type { Transactions } from './lib/tx';
import type { FileStore } from './lib/uploads';
import type { AccountService } from './modules/account/service';
import type { Chain } from './modules/chain/chain';
import type { OperatorService } from './modules/admin/service';
import type { ContentService } from './modules/content/service';
import type { LedgerService } from './modules/ledger/service';
import type { MarketService } from './modules/market/service';
import type { WalletService } from './modules/wallet/service';
import type { Notifier } from './modules/notify/notifier';
import type { SecurityService } from './modules/security/service';
import type { SpotService } from './modules/spot/service';
import type { Hub } from './ws/hub';

/** The Fastify instance routes are declared on: zod schemas type the handlers. */
export type Router = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Everything a module may use, built once in boot order by app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Every write runs in `tx.run`; `tx.afterCommit` for what must wait until the data is durable. */
  tx: Transactions;
  log: Logger;
  clock: Clock;
  events: EventBus;
  notifier: Notifier;
  hub: Hub;
  accounts: AccountService;
  operators: OperatorService;
  ledger: LedgerService;
  /** The blockchain adapter (the simulated chain by default). */
  chain: Chain;
  /** Deposits, withdrawals, transfers, flash transfers; `addTransferGuard`, `usePriceSource` for other modules. */
  wallet: WalletService;
  content: ContentService;
  /** Uploaded files (identity photos, avatars), outside the web root under config.uploadsDir. */
  uploads: FileStore;
  /** Two-factor, identity (`requireVerified`), login devices, newcomer tasks. */
  security: SecurityService;
  /** Spot markets, orders and books; `onTrades`, `useTickers`, `recentTrades` for market data (modules/spot/README.md). */
  spot: SpotService;
  /** Index prices, candles, tickers, live events and the market makers (modules/market/README.md). */
  market: MarketService;
}
