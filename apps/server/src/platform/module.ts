import type { ProductKey } from '@bourse/contract';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Router } from '../http/router';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/events';
import type { Notifier } from '../lib/notifier';
import type { Transactions } from '../lib/tx';
import type { FileStore } from '../lib/uploads';
import type { JobDefinition } from './jobs';
import type { Hub } from '../ws/hub';
import type { AccessResolvers } from '../http/routes';

/**
 * The services modules offer each other, by module name. Each module adds its own entry from its `index.ts`
 * (declaration merging), so `kit.use('wallet')` is typed without this file knowing the wallet.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Services {}

/** Each module's slice of the configuration, by module name (declaration merging, like `Services`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleConfig {}

export type ModuleName = keyof Services;

/** What every module is built from: the shared infrastructure, never another module's tables or connection. */
export interface Platform {
  config: Config;
  /** Every write runs in `tx.run`; `tx.afterCommit` for what must wait until the data is durable. */
  tx: Transactions;
  clock: Clock;
  log: Logger;
  events: EventBus;
  hub: Hub;
  notifier: Notifier;
  /** Uploaded files (identity photos, avatars), outside the web root. */
  uploads: FileStore;
  /** Where the route layer asks who a token belongs to; the account and admin modules provide the answers. */
  access: AccessResolvers;
  /** Review queues operators work (the dashboard counts them); modules add theirs in `create`. */
  queues: ReviewQueue[];
  /** What each trading product did since an instant (the dashboard's volume and fee revenue); added in `create`. */
  activity: ProductActivity[];
}

/** An amount of an asset, in its ledger units. */
export interface AssetAmount {
  asset: string;
  amount: bigint;
}

/**
 * A trading product's activity since an instant, read from the product's own records: how many trades (fills,
 * settled bets, completed orders), their volume and the fees the exchange charged, each by the asset it is counted in.
 */
export interface ProductActivity {
  product: ProductKey;
  since(at: number): { trades: number; volume: AssetAmount[]; fees: AssetAmount[] };
}

/** A queue operators work, and how many items wait in it now. */
export interface ReviewQueue {
  key: string;
  /** The permission that works it. */
  permission: string;
  pending(): number;
}

/** What a module's factory receives. */
export interface ModuleKit extends Platform {
  /**
   * The database connection, for this module's own tables only (a test fails when a module's SQL names another
   * module's table). Not on the platform: no other module and no route can reach it through the kit.
   */
  db: Db;
  /** The service of a module listed before this one (boot order is the list in modules/index.ts). */
  use<N extends ModuleName>(name: N): Services[N];
}

export interface SeedContext {
  demoData: boolean;
  /** Another module's service (any module: every one is built before seeding starts). */
  use<M extends ModuleName>(name: M): Services[M];
}

/** Everything a module declares about itself. The app boots from the ordered list of these (modules/index.ts). */
export interface ModuleManifest<N extends ModuleName = ModuleName> {
  readonly name: N;
  /** The products this module makes available (a product no module provides is closed). */
  readonly provides?: readonly ProductKey[];
  /**
   * Reads the module's settings from the environment (validated; throw an Error naming the variable when a value is
   * wrong). The result is `config[name]`.
   */
  readonly config?: N extends keyof ModuleConfig ? (env: NodeJS.ProcessEnv) => ModuleConfig[N] : never;
  /** Builds the module's service from the platform and the services of earlier modules. */
  create(kit: ModuleKit): Services[N];
  /** Public and user routes (each declared in the contract with its access). */
  routes?(app: Router, service: Services[N], platform: Platform): void;
  /** Operator routes (each declared in the contract with the permission it needs). */
  operatorRoutes?(app: Router, service: Services[N], platform: Platform): void;
  /** Registers the live channels the module offers on `/ws`. */
  channels?(service: Services[N], hub: Hub): void;
  /**
   * The module's time-driven rules (`platform/jobs.ts`, docs/scheduler.md): registered with the scheduler once every
   * module is built, each run once per slot, caught up after downtime by its policy. No module calls setInterval.
   */
  jobs?(service: Services[N], platform: Platform): readonly JobDefinition[];
  /**
   * First-start data, run in list order before the server listens; idempotent. Configuration a fresh install needs
   * always; demo data only when `demoData` (DEMO_DATA, on by default).
   */
  seed?(service: Services[N], context: SeedContext): Promise<void> | void;
  /** Work that starts once the server listens and stops when it closes (what repeats in time is a job, above). */
  start?(service: Services[N]): Promise<void> | void;
  stop?(service: Services[N]): Promise<void> | void;
}

/** Declares a module; keeps the literal name for the types built from it. */
export function defineModule<N extends ModuleName>(manifest: ModuleManifest<N>): ModuleManifest<N> {
  return manifest;
}
