import {
  type Candle,
  KLINE_PERIODS,
  type KlinePeriod,
  KlinePeriod as KlinePeriodSchema,
  type MarginMode,
  type NewSwapOrderBody,
  type PublicTrade,
  parseDecimal,
  DecimalError,
  type SwapAccount,
  type SwapClose,
  type SwapCloseKind,
  type SwapContract,
  type SwapContractInput,
  type SwapContractUpdate,
  type SwapFill,
  type SwapFundingPayment,
  type SwapMark,
  type SwapOrder,
  type SwapOrderKind,
  type SwapPosition,
  type SwapPreview,
  type SwapSettings,
  type SwapTicker,
  type RiskTierInput,
  type SwapAdminPosition,
  type SwapFundingRound,
  type SwapLiquidation,
  type SwapAdlEvent,
  type SwapOpenInterest,
  type SwapInsurance,
  type SwapStats,
} from '@bourse/contract';
import {
  adlCapacity,
  adlIndicators,
  adlScore,
  allocateAdl,
  applyCrossPnl,
  applyFill,
  averagePremium,
  bankruptcyPrice,
  bankruptcyValue,
  checkCloseLots,
  checkLeverageChange,
  checkTpSl,
  crossPool,
  entryPrice,
  fundingRate,
  initialMargin,
  initialMarginFor,
  insuranceTakeoverLots,
  isolatedCloseMoney,
  isolatedPool,
  isLiquidatable,
  boundaryPrice,
  type MarkedPosition,
  type LiquidationDecision,
  liquidationPrice,
  lotsNotional,
  maintenanceMargin,
  type MarginPool,
  markPrice,
  maxOpenLots,
  maxRemovableMargin,
  movingBasis,
  basisSample,
  notionalCapForLeverage,
  type Position,
  type PositionSide,
  planLiquidation,
  poolRisk,
  premiumSample,
  rankAdl,
  type AdlEntry,
  reduceOnlyLots,
  returnOnEquity,
  settleFunding,
  settleLiquidationClose,
  sideOf,
  unrealizedPnl,
  marginRatio,
  type Ratio,
  type ExecutionReport,
  type OrderType,
} from '@bourse/engine';
import { divRound, fee as feeFor, formatDecimal, RATE_ONE } from '@bourse/money';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { DomainError, fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { JobDefinition } from '../../platform/jobs';
import type { Hub } from '../../ws/hub';
import type { FeeCharge, FeeService } from '../fees';
import { type AccountRef, type LedgerService, type Leg, SYSTEM, system, user } from '../ledger';
import {
  configFromRow,
  contractView,
  formatMoney,
  formatPercent,
  formatPrice,
  formatRatioPrice,
  formatSize,
  MONEY_SCALE,
  parseTiers,
  rowFromInput,
  rowWithUpdate,
  SETTLEMENT_ASSET,
  tiersToJson,
  tierViews,
} from './contract';
import type { CandleRow, CloseRow, FillRow, OrderRow, PerpRepo, PositionRow, TradeRow } from './repo';
import { num } from './repo';
import { PendingRows } from './rows';
import {
  AccountState,
  ContractRuntime,
  holderOf,
  isolatedSub,
  OrderState,
  PositionState,
  SYSTEM_OWNER_BASE,
} from './state';

/** The index reader: the market module's index of a symbol, 8 decimals. */
export interface IndexReader {
  read(symbol: string): { price: bigint; scale: number; ts: number } | null;
}

export interface PerpDeps {
  repo: PerpRepo;
  tx: Transactions;
  clock: Clock;
  log: Logger;
  hub: Hub;
  ledger: LedgerService;
  fees: FeeService;
  index: IndexReader;
}

export interface PerpSettings {
  /** Leverage of a contract the user never set. */
  defaultLeverage: number;
}

const PRODUCT = 'futures' as const;
const SECOND = 1000;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** The clearing account: the other side of realized PnL (zero-sum over all positions), fronting unpaid losses. */
export const CLEARING = 'perp_clearing';
/** The market maker's system owner (system capital quoting around the mark). */
export const MARKET_MAKER = 'perp_mm';
/** Engine order ids of the market maker's in-memory quotes start here. */
const MM_ORDER_BASE = 2 ** 50;
const BASIS_SAMPLES = 60;
/** The insurance fund unwinds what it took over: each run, per contract, at most this notional (USDT)… */
const UNWIND_NOTIONAL_USDT = 50_000n;
/** …by an IOC into the book no worse than the mark by this much (parts per million): 1%. */
const UNWIND_SLIPPAGE_PPM = 10_000n;
const UNWIND_EVERY_MS = 10 * SECOND;
/**
 * How often the positions' ADL lights are ranked again: a ranking of every user position (a sort per contract and
 * side) is a display, not a rule — ADL itself ranks the opposite side when it runs — so it need not be redone each
 * second.
 */
const ADL_LIGHTS_EVERY_MS = 5 * SECOND;
const PERIOD_MS: Record<KlinePeriod, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': DAY,
  '1w': 7 * DAY,
};

/** Account refs' keys, made once per ref object (the service keeps its refs: a fill names the same few each time). */
const refKeys = new WeakMap<AccountRef, string>();
function refKey(ref: AccountRef): string {
  let key = refKeys.get(ref);
  if (key === undefined) refKeys.set(ref, (key = JSON.stringify(ref)));
  return key;
}

/** A book trade's journal entry while its two sides are applied: their legs, and the fees they charged. */
interface TradeEntry {
  legs: Legs;
  charges: FeeCharge[];
}

/** A leg list that merges legs of the same account, bucket and holder, and drops zeros. */
class Legs {
  /** A trade names a handful of accounts: a short list searched by the ref's key beats a map keyed by strings. */
  private readonly legs: Leg[] = [];
  private readonly keys: string[] = [];
  add(account: AccountRef, amount: bigint, bucket: 'available' | 'frozen' = 'available', holder?: string): this {
    if (amount === 0n) return this;
    const key = refKey(account);
    for (let i = 0; i < this.legs.length; i++) {
      const leg = this.legs[i] as Leg;
      if (this.keys[i] === key && leg.bucket === bucket && leg.holder === holder) {
        leg.amount += amount;
        return this;
      }
    }
    this.legs.push(holder ? { account, bucket, amount, holder } : { account, bucket, amount });
    this.keys.push(key);
    return this;
  }
  /** What the available legs of this ref add up to so far. */
  available(account: AccountRef): bigint {
    const key = refKey(account);
    let sum = 0n;
    for (let i = 0; i < this.legs.length; i++) {
      const leg = this.legs[i] as Leg;
      if (this.keys[i] === key && (leg.bucket ?? 'available') === 'available') sum += leg.amount;
    }
    return sum;
  }
  list(): Leg[] {
    return this.legs.filter((l) => l.amount !== 0n);
  }
}

interface PlaceInput {
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price: bigint | null;
  lots: bigint;
  tif: 'GTC' | 'IOC' | 'FOK';
  postOnly: boolean;
  reduceOnly: boolean;
  kind: SwapOrderKind;
  clientOrderId: string | null;
  tp: bigint | null;
  sl: bigint | null;
  /** Liquidation closes: the bankruptcy price of the chunk (fills settle with settleLiquidationClose). */
  liquidation?: { bp: Ratio; pool: () => { pool: MarginPool; index: number } } | undefined;
  /** Who placed it through the service API (copy trading: `copy:<leaderUid>`); null for the app. */
  source?: string | null;
  /** Self-trade group: the book never matches two orders of one group (default: the account itself). */
  stpKey?: number;
}

/** A user order's fill, told to the service API's listeners once its transaction committed (copy trading). */
export interface PerpUserFill {
  uid: number;
  orderId: number;
  source: string | null;
  kind: SwapOrderKind;
  symbol: string;
  side: 'buy' | 'sell';
  /** The whole order's lots (a resting order fills in parts). */
  orderLots: number;
  /** The fill's price (the contract's price precision). */
  price: string;
  lots: number;
  openedLots: number;
  closedLots: number;
  /** Realized PnL and fee of this fill (USDT, 8 decimals). */
  realizedPnl: bigint;
  fee: bigint;
  /** The position after the fill (lots 0: flat). */
  positionSide: 'long' | 'short' | null;
  positionLots: number;
  leverage: number;
  marginMode: MarginMode;
  ts: number;
}

/** A user's leverage or margin mode changed on a contract (copy trading mirrors it). */
export interface PerpSettingsChange {
  uid: number;
  symbol: string;
  leverage: number;
  marginMode: MarginMode;
}

/** An order placed by another module for a user (copy trading's copies). */
export interface PerpServiceOrder {
  symbol: string;
  side: 'buy' | 'sell';
  lots: number;
  /** IOC limit (the contract's price precision); null: a market order. */
  limitPrice: string | null;
  reduceOnly: boolean;
  source: string;
  /** Self-trade group (the leader's uid for a copy: it never matches the leader's own orders). */
  stpKey: number;
}

/** A candle at `t` in which nothing traded: flat at the close of the candle before it. */
function flatCandle(before: CandleRow, t: number): CandleRow {
  return { ...before, t, o: before.c, h: before.c, l: before.c, v: 0n, qv: 0n, n: 0 };
}

/** What an order's view shows of it. */
type OrderViewFields = Pick<
  OrderState,
  | 'id'
  | 'clientOrderId'
  | 'rt'
  | 'side'
  | 'kind'
  | 'type'
  | 'tif'
  | 'postOnly'
  | 'reduceOnly'
  | 'price'
  | 'lots'
  | 'filledLots'
  | 'filledValue'
  | 'frozen'
  | 'fee'
  | 'realized'
  | 'leverage'
  | 'mode'
  | 'tp'
  | 'sl'
  | 'status'
  | 'reason'
  | 'positionId'
  | 'closeKind'
  | 'source'
  | 'createdAt'
  | 'updatedAt'
>;

/** A command queued for the group commit, with its caller's promise. */
interface PerpCommand {
  run: () => unknown;
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
}

/** Thrown inside the batch transaction to roll it back when one command failed after it changed the state. */
class CommandFailed extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super('a perp command failed after it changed the state');
  }
}

export class PerpService {
  private readonly repo: PerpRepo;
  private readonly bySymbol = new Map<string, ContractRuntime>();
  private readonly byId = new Map<number, ContractRuntime>();
  private readonly accounts = new Map<number, AccountState>();
  private ids = { o: 0, p: 0, t: 0, f: 0, c: 0, l: 0, a: 0, fp: 0 };
  private mmOrderId = MM_ORDER_BASE;
  private readonly sweepStats = {
    runs: 0,
    lastMs: 0,
    maxMs: 0,
    positions: 0,
    lastChecked: 0,
    lastRekeyMs: 0,
    lastFindMs: 0,
    lastSettleMs: 0,
    liquidations: 0,
  };
  /** Accounts whose liquidation keys may be stale (a position, order, margin or wallet changed): re-keyed at the sweep. */
  private readonly riskDirty = new Set<AccountState>();
  /** When the ADL lights were last ranked (`tick`). */
  private adlRankedAt = Number.NEGATIVE_INFINITY;
  /** Accounts with a pool in liquidation (hysteresis: checked each sweep until they recover). */
  private readonly liquidating = new Set<AccountState>();
  /** Group commit: commands queued by the routes, run together on the next turn of the event loop. */
  private commandQueue: PerpCommand[] = [];
  private flushScheduled = false;
  /** True while a queued command runs (in the batch's transaction, without a savepoint of its own). */
  private inCommand = false;
  /** The running command has changed the in-memory state: a failure rolls the batch back and rebuilds it. */
  private commandMutated = false;
  private readonly commitStats = { batches: 0, commands: 0 };
  /** Counts `load()` runs: a rollback rebuilds every runtime object, so a sweep gathers its pools again. */
  private generation = 0;
  private insolvencies = 0;
  /** Users whose positions changed since the last positions frame. */
  private readonly dirtyUsers = new Set<number>();
  private readonly closedForFrame = new Map<number, SwapPosition[]>();
  /** Trades since the last ticker frame, by contract (formatted only when someone subscribed). */
  private pendingTrades = new Map<
    number,
    { id: number; price: bigint; lots: bigint; side: 'buy' | 'sell'; ts: number }[]
  >();
  private readonly fillListeners: {
    listener: (fill: PerpUserFill) => void;
    wants: (uid: number, source: string | null) => boolean;
  }[] = [];
  /** Rows of the current transaction, written just before it commits. */
  private readonly rows: PendingRows;
  private rowsScheduled = false;
  private readonly settingsListeners: ((change: PerpSettingsChange) => void)[] = [];

  constructor(
    private readonly deps: PerpDeps,
    private readonly settings: PerpSettings,
  ) {
    this.repo = deps.repo;
    this.rows = new PendingRows(deps.repo, () => deps.clock.now());
    deps.ledger.declareSystemAccount(CLEARING, { type: 'equity', negative: true });
    // Orders, fills and closes written after the last flush of their lookups before a stop get their rows now.
    deps.tx.run(() => deps.repo.catchUpHistory());
    this.load();
  }

  /** Replaces the index reader (tests set prices themselves). */
  useIndex(index: IndexReader): void {
    this.deps.index = index;
  }

  // ---- loading ---------------------------------------------------------------------------------------------------

  private get marginScale(): number {
    return this.deps.ledger.hasAsset(SETTLEMENT_ASSET) ? this.deps.ledger.asset(SETTLEMENT_ASSET).scale : MONEY_SCALE;
  }

  /** Builds the in-memory state from the tables (at start, and after a transaction rolled back). */
  load(): void {
    this.generation++;
    // What waited to be written belonged to the transaction that rolled back.
    this.rows.clear();
    this.rowsScheduled = false;
    this.bySymbol.clear();
    this.byId.clear();
    this.accounts.clear();
    this.riskDirty.clear();
    this.liquidating.clear();
    for (const row of this.repo.contracts()) {
      const rt = new ContractRuntime(configFromRow(row, this.marginScale));
      this.bySymbol.set(rt.c.symbol, rt);
      this.byId.set(rt.c.id, rt);
      const last = this.repo.lastFundingRate(rt.c.id);
      rt.lastFundingRate = last ? last.rate : 0n;
      rt.lastPrice = this.repo.lastTradePrice(rt.c.id);
    }
    for (const row of this.repo.accounts()) {
      const a = this.account(Number(row.owner));
      a.unpaid = row.unpaid_loss;
      a.crossInLiquidation = row.cross_in_liquidation === 1n;
      a.crossCloses = Number(row.cross_closes);
      a.written = { unpaid: a.unpaid, crossInLiquidation: a.crossInLiquidation, crossCloses: a.crossCloses };
    }
    for (const row of this.repo.openPositions()) {
      const rt = this.byId.get(Number(row.contract_id));
      if (!rt) continue;
      const a = this.account(Number(row.owner));
      const p: Position = {
        contract: rt.c.engine,
        side: row.side,
        lots: row.lots,
        cost: row.cost,
        leverage: Number(row.leverage),
        mode: row.margin_mode,
        margin: row.margin,
      };
      const ps = new PositionState(Number(row.id), a, rt, p, Number(row.opened_at), Number(row.updated_at));
      ps.stored = true;
      ps.realized = row.realized_pnl;
      ps.fees = row.fees;
      ps.funding = row.funding;
      ps.closedLots = row.closed_lots;
      ps.closedValue = row.closed_value;
      ps.openedLots = row.opened_lots;
      ps.openedValue = row.opened_value;
      ps.tp = row.take_profit;
      ps.sl = row.stop_loss;
      ps.inLiquidation = row.in_liquidation === 1n;
      ps.liqCloses = Number(row.liquidation_closes);
      ps.isNew = false;
      this.attach(ps);
    }
    for (const row of this.repo.restingOrders()) {
      const rt = this.byId.get(Number(row.contract_id));
      if (!rt) continue;
      const o = this.orderFromRow(row, rt);
      o.account.rest(o);
      rt.book.apply({
        kind: 'restore',
        id: o.id,
        owner: o.account.owner,
        side: o.side,
        price: Number(o.price),
        qty: Number(o.open),
        seq: o.seq,
        stp: 'cancel_taker',
        postOnly: o.postOnly,
      });
    }
    for (const a of this.accounts.values()) if (a.positions.size > 0) this.riskDirty.add(a);
    const ids = this.repo.maxIds();
    this.ids = {
      o: num(ids?.o ?? 0),
      p: num(ids?.p ?? 0),
      t: num(ids?.t ?? 0),
      f: num(ids?.f ?? 0),
      c: num(ids?.c ?? 0),
      l: num(ids?.l ?? 0),
      a: num(ids?.a ?? 0),
      fp: num(ids?.fp ?? 0),
    };
  }

  private orderFromRow(row: OrderRow, rt: ContractRuntime): OrderState {
    const o = new OrderState(
      Number(row.id),
      this.account(Number(row.owner)),
      rt,
      row.side,
      row.kind as SwapOrderKind,
      row.type,
      row.tif as 'GTC' | 'IOC' | 'FOK',
      row.post_only === 1n,
      row.reduce_only === 1n,
      row.price,
      row.lots,
      Number(row.leverage),
      row.margin_mode,
      row.client_order_id,
      row.source,
      Number(row.stp_key),
      Number(row.created_at),
      Number(row.updated_at),
    );
    o.filledLots = row.filled_lots;
    o.filledValue = row.filled_value;
    o.frozen = row.frozen;
    o.holdPerLot = row.hold_per_lot;
    o.fee = row.fee;
    o.realized = row.realized_pnl;
    o.openedLots = row.opened_lots;
    o.closedLots = row.closed_lots;
    o.status = row.status as OrderState['status'];
    o.writtenStatus = o.status;
    o.reason = row.reason;
    o.positionId = row.position_id === null ? null : Number(row.position_id);
    o.closeKind = row.close_kind as SwapCloseKind | null;
    o.seq = Number(row.seq);
    o.tp = row.take_profit;
    o.sl = row.stop_loss;
    o.isNew = false;
    return o;
  }

  private attach(ps: PositionState): void {
    ps.account.positions.set(ps.rt.c.id, ps);
    ps.rt.positions.set(ps.id, ps);
    if (ps.p.side === 'long') ps.rt.longLots += ps.p.lots;
    else ps.rt.shortLots += ps.p.lots;
  }

  private detach(ps: PositionState): void {
    ps.account.positions.delete(ps.rt.c.id);
    ps.rt.positions.delete(ps.id);
    ps.rt.liq.delete(ps.id);
    this.riskDirty.add(ps.account);
    if (ps.p.side === 'long') ps.rt.longLots -= ps.p.lots;
    else ps.rt.shortLots -= ps.p.lots;
  }

  private setLots(ps: PositionState, next: Position): void {
    if (ps.p.side === 'long') ps.rt.longLots += next.lots - ps.p.lots;
    else ps.rt.shortLots += next.lots - ps.p.lots;
    ps.p = next;
  }

  /**
   * Runs `fn` in one transaction; when it fails the in-memory state is rebuilt from the tables (nothing changed).
   * Inside a queued command it runs in the command's unit: `refusable` says that `fn` may still refuse before it
   * marks the point from which it has changed the state (`changing()`); otherwise entering it is that point.
   */
  private run<T>(fn: () => T, refusable = false): T {
    if (this.inCommand) {
      if (!refusable) this.commandMutated = true;
      return fn();
    }
    const { tx } = this.deps;
    // Nested in someone else's transaction: what waits to be written goes first, so that a rollback of this
    // savepoint, which rebuilds the state from the tables, finds the work done before it there.
    if (tx.active) this.writeRows();
    return tx.run(() => {
      tx.afterRollback(() => this.load());
      return fn();
    });
  }

  /** The running command has changed the in-memory state: from here on a failure rolls its whole batch back. */
  private changing(): void {
    if (this.inCommand) this.commandMutated = true;
  }

  /** Rows are waiting: they are written just before the transaction commits. */
  private rowsChanged(): void {
    if (this.rowsScheduled) return;
    const { tx } = this.deps;
    // Outside a transaction (not a path the service takes) a row is written at once, as a statement would be.
    if (!tx.active) {
      this.rows.write();
      return;
    }
    this.rowsScheduled = true;
    tx.beforeCommit(() => this.writeRows());
  }

  private writeRows(): void {
    this.rowsScheduled = false;
    this.rows.write();
  }

  /**
   * Group commit for the routes' commands (orders, cancels, closes): the commands that arrive while one turn of the
   * event loop runs are executed together in ONE transaction on the next turn. The answers are given once the batch
   * has committed: an acknowledged command is durable, and the cost of the commit is shared by the batch. Direct
   * calls (jobs, tests) run at once, as before.
   *
   * Commands run without a savepoint each (`tx.unit`, as the spot desk's): they check everything before they change
   * anything, and their rows wait in memory until the batch commits, so a refused command is undone by its units'
   * undo hooks (its ledger holds) and has written nothing — which is verified (`tx.changes()`), not assumed. A
   * command that fails after it changed the state (a refusal after a book moved, a bug) rolls the whole batch back:
   * the state is rebuilt from the tables and the batch runs again without that command, which alone gets its error.
   */
  submit<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.commandQueue.push({ run, resolve: resolve as (value: never) => void, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flushCommands());
      }
    });
  }

  /** Runs the queued commands in one transaction (normally the event loop calls it). */
  flushCommands(): void {
    this.flushScheduled = false;
    let jobs = this.commandQueue;
    this.commandQueue = [];
    // Each round either commits or drops the one command that failed, so this ends.
    while (jobs.length > 0) jobs = this.runBatch(jobs);
  }

  /** Runs one batch; returns the commands to run again (all but a failed one) when it had to be rolled back. */
  private runBatch(jobs: PerpCommand[]): PerpCommand[] {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    const { tx } = this.deps;
    try {
      tx.run(() => {
        tx.afterRollback(() => this.load());
        for (let i = 0; i < jobs.length; i++) {
          const job = jobs[i] as PerpCommand;
          this.commandMutated = false;
          const written = tx.changes();
          this.inCommand = true;
          try {
            outcomes.push({ ok: true, value: tx.unit(job.run) });
          } catch (error) {
            // A refusal has changed nothing and written nothing: that is what lets it go without a savepoint.
            if (this.commandMutated || tx.changes() !== written) throw new CommandFailed(i, error);
            outcomes.push({ ok: false, error });
          } finally {
            this.inCommand = false;
          }
        }
      });
    } catch (error) {
      if (error instanceof CommandFailed) {
        // Rolled back and rebuilt (`load`): the others run again without it; it alone answers its error.
        if (!(error.error instanceof DomainError)) {
          this.deps.log.error({ err: error.error }, 'a perp command failed; its batch runs again without it');
        }
        (jobs[error.index] as PerpCommand).reject(error.error);
        return jobs.filter((_, i) => i !== error.index);
      }
      // The batch did not commit (a disk error): nothing it did stands; every command answers that.
      this.deps.log.error({ err: error }, 'perp batch failed to commit; state rebuilt from the database');
      for (const job of jobs) job.reject(new DomainError('SYSTEM_BUSY'));
      return [];
    }
    this.commitStats.batches++;
    this.commitStats.commands += jobs.length;
    jobs.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) job.resolve(outcome.value as never);
      else job.reject(outcome?.error);
    });
    return [];
  }

  // ---- accounts ---------------------------------------------------------------------------------------------------

  private account(owner: number): AccountState {
    let a = this.accounts.get(owner);
    if (!a) {
      if (owner >= SYSTEM_OWNER_BASE) {
        const name = this.systemName(owner);
        a = new AccountState(owner, null, name, system(name, SETTLEMENT_ASSET, 'contract'));
      } else a = new AccountState(owner, owner, null, user(owner, 'contract', SETTLEMENT_ASSET));
      this.accounts.set(owner, a);
    }
    return a;
  }

  private systemNames = new Map<number, string>();
  private systemName(owner: number): string {
    const id = owner - SYSTEM_OWNER_BASE;
    if (this.systemNames.size === 0 || !this.systemNames.has(id)) {
      for (const r of this.repo.systemOwners()) this.systemNames.set(Number(r.id), r.name);
    }
    const name = this.systemNames.get(id);
    if (!name) throw new Error(`unknown perp system owner ${owner}`);
    return name;
  }

  private systemAccount(name: string): AccountState {
    const id = this.repo.systemOwnerId(name);
    this.systemNames.set(id, name);
    return this.account(SYSTEM_OWNER_BASE + id);
  }

  private get fund(): AccountState {
    return this.systemAccount(SYSTEM.insuranceFund);
  }

  /** The clearing and fee accounts: one ref object each, so the ledger and `Legs` find them by identity. */
  private readonly clearing: AccountRef = system(CLEARING, SETTLEMENT_ASSET, 'contract');
  private readonly feeAccount: AccountRef = system(SYSTEM.fees, SETTLEMENT_ASSET, 'contract');

  private sub(a: AccountState, symbol: string): AccountRef {
    return { ...a.main, sub: isolatedSub(symbol) };
  }

  private available(a: AccountState): bigint {
    return this.deps.ledger.balance(a.main).available;
  }

  private saveAccount(a: AccountState): void {
    this.riskDirty.add(a);
    this.rows.account(a);
    this.rowsChanged();
  }

  /** The user's whole-wallet figures for the desk. */
  private figures(a: AccountState) {
    const bal = this.deps.ledger.balance(a.main);
    let crossIm = 0n;
    let crossMm = 0n;
    let crossUpnl = 0n;
    let upnl = 0n;
    let isolated = 0n;
    for (const ps of a.positions.values()) {
      const mark = this.markOf(ps.rt);
      const u = unrealizedPnl(ps.p, mark);
      upnl += u;
      if (ps.p.mode === 'cross') {
        crossIm += initialMargin(ps.p);
        crossMm += maintenanceMargin(ps.p, mark);
        crossUpnl += u;
      } else isolated += ps.p.margin;
    }
    const free = bal.available - crossIm + (crossUpnl < 0n ? crossUpnl : 0n) - a.unpaid;
    const crossEquity = bal.available - a.unpaid + crossUpnl;
    return { bal, crossIm, crossMm, crossUpnl, upnl, isolated, free: free > 0n ? free : 0n, crossEquity };
  }

  /** Transfers out of the contract wallet wait until no position is open (spec §5; the wallet's guard). */
  hasOpenPosition(uid: number): boolean {
    const a = this.accounts.get(uid);
    return a !== undefined && a.positions.size > 0;
  }

  /**
   * The user's contract wallet moved outside the desk (an operator's adjustment): the account is keyed again in the
   * liquidation index by its new slack before the next sweep, which would otherwise look for it where it was.
   */
  balanceChanged(uid: number): void {
    const a = this.accounts.get(uid);
    if (a !== undefined && a.positions.size > 0) this.riskDirty.add(a);
  }

  // ---- contracts ---------------------------------------------------------------------------------------------------

  private rt(symbol: string): ContractRuntime {
    const rt = this.bySymbol.get(symbol);
    if (!rt) fail('MARKET_NOT_FOUND');
    return rt;
  }

  private indexOf(rt: ContractRuntime): bigint | null {
    const read = this.deps.index.read(rt.c.symbol);
    if (!read || read.price <= 0n) return rt.index;
    const shift = read.scale - rt.c.pricePrecision;
    const price = shift >= 0 ? read.price / 10n ** BigInt(shift) : read.price * 10n ** BigInt(-shift);
    return price > 0n ? price : rt.index;
  }

  /** The mark (computed each second); before the first, the index or the last price. */
  private markOf(rt: ContractRuntime): bigint {
    return rt.mark ?? rt.index ?? this.indexOf(rt) ?? rt.lastPrice ?? rt.c.tick;
  }

  private nextFunding(rt: ContractRuntime, now: number): number {
    const i = rt.c.engine.funding.intervalMs;
    return Math.floor(now / i) * i + i;
  }

  /** Recomputes index and mark of every contract (each second). */
  refreshMarks(now: number): void {
    for (const rt of this.bySymbol.values()) {
      const index = this.indexOf(rt);
      if (index === null) continue;
      rt.index = index;
      const bid = rt.book.bestBid();
      const ask = rt.book.bestAsk();
      if (bid !== undefined && ask !== undefined) {
        rt.basis.push(basisSample(BigInt(bid), BigInt(ask), index));
        if (rt.basis.length > BASIS_SAMPLES) rt.basis.shift();
      }
      const interval = rt.c.engine.funding.intervalMs;
      rt.mark = markPrice({
        index,
        lastFundingRate: rt.lastFundingRate,
        timeToFundingMs: this.nextFunding(rt, now) - now,
        intervalMs: interval,
        basis: movingBasis(rt.basis),
        lastPrice: rt.lastPrice ?? index,
      });
      rt.markTs = now;
    }
  }

  contracts(): { contract: SwapContract; ticker: SwapTicker }[] {
    return [...this.bySymbol.values()]
      .sort((a, b) => a.c.sort - b.c.sort || a.c.id - b.c.id)
      .map((rt) => ({ contract: contractView(rt.c), ticker: this.ticker(rt) }));
  }

  contract(symbol: string): { contract: SwapContract; ticker: SwapTicker } {
    const rt = this.rt(symbol);
    return { contract: contractView(rt.c), ticker: this.ticker(rt) };
  }

  tickers(): SwapTicker[] {
    return [...this.bySymbol.values()].map((rt) => this.ticker(rt));
  }

  private predictedRate(rt: ContractRuntime, now: number): bigint {
    const i = rt.c.engine.funding.intervalMs;
    const start = Math.floor(now / i) * i;
    const samples = this.repo
      .samplesBetween(rt.c.id, start, now)
      .map((s) => s.premium)
      .filter((p): p is bigint => p !== null);
    return fundingRate(rt.c.engine, averagePremium(samples));
  }

  ticker(rt: ContractRuntime): SwapTicker {
    const now = this.deps.clock.now();
    const mark = this.markOf(rt);
    const candles = this.repo.candlesSince(rt.c.id, '1m', now - DAY);
    const last = rt.lastPrice ?? mark;
    const open = candles[0]?.o ?? last;
    let high = last;
    let low = last;
    let lots = 0n;
    let value = 0n;
    for (const k of candles) {
      if (k.h > high) high = k.h;
      if (k.l < low) low = k.l;
      lots += k.v;
      value += k.qv;
    }
    const change = last - open;
    const pct = open > 0n ? (change * 10_000n) / open : 0n;
    const bid = rt.book.bestBid();
    const ask = rt.book.bestAsk();
    return {
      symbol: rt.c.symbol,
      last: formatPrice(rt.c, last),
      open: formatPrice(rt.c, open),
      high: formatPrice(rt.c, high),
      low: formatPrice(rt.c, low),
      volume: formatSize(rt.c, lots),
      quoteVolume: formatMoney(value),
      change: formatDecimal(change, rt.c.pricePrecision),
      changePercent: formatDecimal(pct, 2, 2),
      bid: bid === undefined ? null : formatPrice(rt.c, BigInt(bid)),
      ask: ask === undefined ? null : formatPrice(rt.c, BigInt(ask)),
      ts: now,
      mark: formatPrice(rt.c, mark),
      index: formatPrice(rt.c, rt.index ?? mark),
      fundingRate: formatDecimal(this.predictedRate(rt, now), 12),
      lastFundingRate: formatDecimal(rt.lastFundingRate, 12),
      nextFundingTime: this.nextFunding(rt, now),
      openInterest: Number(rt.longLots),
    };
  }

  mark(symbol: string): SwapMark {
    const rt = this.rt(symbol);
    const now = this.deps.clock.now();
    const mark = this.markOf(rt);
    return {
      symbol,
      mark: formatPrice(rt.c, mark),
      index: formatPrice(rt.c, rt.index ?? mark),
      lastPrice: rt.lastPrice === null ? null : formatPrice(rt.c, rt.lastPrice),
      fundingRate: formatDecimal(this.predictedRate(rt, now), 12),
      lastFundingRate: formatDecimal(rt.lastFundingRate, 12),
      nextFundingTime: this.nextFunding(rt, now),
      fundingIntervalMs: rt.c.engine.funding.intervalMs,
      ts: now,
    };
  }

  depth(symbol: string, type: number, limit: number) {
    const rt = this.rt(symbol);
    const step = 10n ** BigInt(type) * rt.c.tick;
    const d = rt.book.depth(type === 0 ? limit : 1000);
    const agg = (levels: { price: number; qty: number }[], down: boolean): [string, string][] => {
      const out: [bigint, bigint][] = [];
      for (const l of levels) {
        const p = BigInt(l.price);
        const key = type === 0 ? p : down ? (p / step) * step : ((p + step - 1n) / step) * step;
        const prev = out[out.length - 1];
        if (prev && prev[0] === key) prev[1] += BigInt(l.qty);
        else out.push([key, BigInt(l.qty)]);
      }
      return out.slice(0, limit).map(([p, q]) => [formatPrice(rt.c, p), q.toString()]);
    };
    return {
      symbol,
      seq: rt.depthSeq,
      bids: agg(d.bids, true),
      asks: agg(d.asks, false),
      ts: this.deps.clock.now(),
    };
  }

  trades(symbol: string, limit: number): PublicTrade[] {
    const rt = this.rt(symbol);
    return this.repo.recentTrades(rt.c.id, limit).map((t) => this.publicTrade(rt, t));
  }

  private publicTrade(rt: ContractRuntime, t: TradeRow): PublicTrade {
    return {
      id: t.id,
      price: formatPrice(rt.c, t.price),
      quantity: formatSize(rt.c, t.lots),
      side: t.taker_side,
      ts: t.ts,
    };
  }

  kline(symbol: string, period: KlinePeriod, before: number | undefined, limit: number): Candle[] {
    const rt = this.rt(symbol);
    const ms = PERIOD_MS[period];
    const end = before ?? this.deps.clock.now() + ms;
    const from = end - ms * (limit + 1);
    const rows = this.repo.candlesSince(rt.c.id, '1m', from);
    const out = new Map<number, CandleRow>();
    for (const k of rows) {
      if (k.t >= end) continue;
      const t = Math.floor(k.t / ms) * ms;
      const c = out.get(t);
      if (!c) out.set(t, { ...k, t });
      else {
        if (k.h > c.h) c.h = k.h;
        if (k.l < c.l) c.l = k.l;
        c.c = k.c;
        c.v += k.v;
        c.qv += k.qv;
      }
    }
    // A period nobody traded in is a flat candle at the close before it (as the spot chart shows), from the first
    // traded period in range up to the current one: the chart has no holes, and its last candle is the live one.
    const first = [...out.keys()][0];
    if (first === undefined) return [];
    const last = Math.floor(Math.min(end - 1, this.deps.clock.now()) / ms) * ms;
    const filled: CandleRow[] = [];
    let previous: CandleRow | undefined;
    for (let t = first; t <= last; t += ms) {
      const c = out.get(t) ?? (previous && flatCandle(previous, t));
      if (!c) continue;
      filled.push(c);
      previous = c;
    }
    return filled.slice(-limit).map((k) => this.candleView(rt, k));
  }

  private candleView(rt: ContractRuntime, k: CandleRow): Candle {
    return {
      t: k.t,
      o: formatPrice(rt.c, k.o),
      h: formatPrice(rt.c, k.h),
      l: formatPrice(rt.c, k.l),
      c: formatPrice(rt.c, k.c),
      v: formatSize(rt.c, k.v),
      qv: formatMoney(k.qv),
    };
  }

  fundingRates(symbol: string, page: number, size: number) {
    const rt = this.rt(symbol);
    const { rows, total } = this.repo.fundingRates(rt.c.id, size, (page - 1) * size);
    return { list: rows.map((r) => this.fundingRateView(rt, r)), total, page, size };
  }

  private fundingRateView(rt: ContractRuntime, r: { time: unknown; rate: bigint; premium: bigint; mark: bigint }) {
    return {
      symbol: rt.c.symbol,
      time: Number(r.time),
      rate: formatDecimal(r.rate, 12),
      premium: formatDecimal(r.premium, 12),
      mark: formatPrice(rt.c, r.mark),
    };
  }

  riskTiers(symbol: string) {
    return tierViews(this.rt(symbol).c);
  }

  // ---- settings ----------------------------------------------------------------------------------------------------

  private setting(a: AccountState, rt: ContractRuntime): { leverage: number; mode: MarginMode } {
    let s = a.settings.get(rt.c.id);
    if (!s) {
      const row = this.repo.setting(a.owner, rt.c.id);
      s = row
        ? { leverage: Number(row.leverage), mode: row.margin_mode }
        : { leverage: Math.min(this.settings.defaultLeverage, rt.c.engine.maxLeverage), mode: 'cross' };
      a.settings.set(rt.c.id, s);
    }
    return s;
  }

  settingsOf(uid: number, symbol: string): SwapSettings {
    const rt = this.rt(symbol);
    const a = this.account(uid);
    const s = this.setting(a, rt);
    const mark = this.markOf(rt);
    const hasOrders = [...a.orders.values()].some((o) => o.rt === rt);
    return {
      symbol,
      leverage: s.leverage,
      marginMode: s.mode,
      maxLeverage: rt.c.engine.maxLeverage,
      modeLocked: a.positions.has(rt.c.id) || hasOrders,
      leverageLocked: [...a.orders.values()].some((o) => o.rt === rt && !o.reduceOnly),
      maxOpen: {
        buy: Number(this.maxLots(a, rt, 'buy', mark, s.leverage)),
        sell: Number(this.maxLots(a, rt, 'sell', mark, s.leverage)),
      },
    };
  }

  private maxLots(a: AccountState, rt: ContractRuntime, side: 'buy' | 'sell', price: bigint, leverage: number): bigint {
    const pos = a.positions.get(rt.c.id)?.p ?? null;
    const free = this.figures(a).free;
    const feePpm = this.deps.fees.rate(a.uid, PRODUCT, rt.c.engine.takerFeePpm);
    const open = maxOpenLots(rt.c.engine, { price, leverage, available: free, feePpm, side, position: pos });
    const closing = pos && pos.side !== sideOf(side) ? pos.lots : 0n;
    const total = open + closing;
    return total > rt.c.maxLots ? rt.c.maxLots : total;
  }

  setLeverage(uid: number, symbol: string, leverage: number, claim?: () => void): SwapSettings {
    const rt = this.rt(symbol);
    const a = this.account(uid);
    if (!Number.isInteger(leverage) || leverage < 1 || leverage > rt.c.engine.maxLeverage) {
      fail('LEVERAGE_INVALID', { max: rt.c.engine.maxLeverage });
    }
    if ([...a.orders.values()].some((o) => o.rt === rt && !o.reduceOnly)) fail('LEVERAGE_LOCKED');
    const ps = a.positions.get(rt.c.id);
    const s = this.setting(a, rt);
    const mark = this.markOf(rt);
    const check = checkLeverageChange(ps?.p ?? null, leverage, mark, this.figures(a).free, rt.c.engine);
    if (!check.ok) {
      if (check.reason === 'MARGIN_INSUFFICIENT') fail('MARGIN_TOPUP_REQUIRED');
      fail(check.reason);
    }
    this.run(() => {
      claim?.();
      if (ps) {
        const now = this.deps.clock.now();
        if (check.marginDelta !== 0n) {
          const legs = new Legs().add(a.main, -check.marginDelta).add(this.sub(a, rt.c.symbol), check.marginDelta);
          this.deps.ledger.post({
            reference: `perp:leverage:${ps.id}:${now}:${leverage}`,
            reason: 'futures.margin',
            legs: legs.list(),
          });
        }
        ps.p = { ...ps.p, leverage, margin: ps.p.margin + check.marginDelta };
        ps.updatedAt = now;
        this.savePosition(ps);
        this.touch(a);
      }
      a.settings.set(rt.c.id, { leverage, mode: s.mode });
      this.repo.upsertSetting(a.owner, rt.c.id, leverage, s.mode);
      this.tellSettings(uid, symbol, leverage, s.mode);
    });
    return this.settingsOf(uid, symbol);
  }

  setMarginMode(uid: number, symbol: string, mode: MarginMode): SwapSettings {
    const rt = this.rt(symbol);
    const a = this.account(uid);
    const s = this.setting(a, rt);
    if (s.mode !== mode) {
      if (a.positions.has(rt.c.id) || [...a.orders.values()].some((o) => o.rt === rt)) fail('MARGIN_MODE_LOCKED');
      this.run(() => {
        a.settings.set(rt.c.id, { leverage: s.leverage, mode });
        this.repo.upsertSetting(a.owner, rt.c.id, s.leverage, mode);
        this.tellSettings(uid, symbol, s.leverage, mode);
      });
    }
    return this.settingsOf(uid, symbol);
  }

  // ---- the service API for other modules (copy trading) ---------------------------------------------------------

  /**
   * Tells `listener` of every user order's fill that `wants` (asked at the fill, by the order's owner and source:
   * the event is built only for a fill someone wants), after the fill's transaction committed.
   */
  onUserFill(
    listener: (fill: PerpUserFill) => void,
    wants: (uid: number, source: string | null) => boolean = () => true,
  ): void {
    this.fillListeners.push({ listener, wants });
  }

  /** Tells `listener` of every leverage or margin-mode change, after it committed. */
  onSettingsChange(listener: (change: PerpSettingsChange) => void): void {
    this.settingsListeners.push(listener);
  }

  private tellFill(o: OrderState, f: FillRow, openedLots: bigint, closedLots: bigint): void {
    const uid = o.account.uid as number;
    const listeners = this.fillListeners.filter((l) => l.wants(uid, o.source));
    if (listeners.length === 0) return;
    const ps = o.account.positions.get(o.rt.c.id);
    const event: PerpUserFill = {
      uid,
      orderId: o.id,
      source: o.source,
      kind: o.kind,
      symbol: o.rt.c.symbol,
      side: o.side,
      orderLots: Number(o.lots),
      price: formatPrice(o.rt.c, f.price),
      lots: Number(f.lots),
      openedLots: Number(openedLots),
      closedLots: Number(closedLots),
      realizedPnl: f.realized_pnl,
      fee: f.fee,
      positionSide: ps ? ps.p.side : null,
      positionLots: ps ? Number(ps.p.lots) : 0,
      leverage: ps ? ps.p.leverage : o.leverage,
      marginMode: ps ? ps.p.mode : o.mode,
      ts: Number(f.ts),
    };
    this.deps.tx.afterCommit(() => {
      for (const l of listeners) l.listener(event);
    });
  }

  private tellSettings(uid: number, symbol: string, leverage: number, marginMode: MarginMode): void {
    if (this.settingsListeners.length === 0) return;
    this.deps.tx.afterCommit(() => {
      for (const listener of this.settingsListeners) listener({ uid, symbol, leverage, marginMode });
    });
  }

  /**
   * Places an IOC (or market) order for a user on another module's behalf: checked like an app order, tagged with
   * its source and self-trade group. The limit is pulled back so it never crosses the user's own resting orders.
   */
  placeServiceOrder(uid: number, input: PerpServiceOrder): SwapOrder {
    const rt = this.rt(input.symbol);
    if (rt.c.status !== 'open') fail('PAIR_CLOSED');
    const a = this.account(uid);
    let price = input.limitPrice === null ? null : this.parsePrice(rt, input.limitPrice);
    const own = [...a.orders.values()].filter((o) => o.rt === rt && o.side !== input.side && o.price !== null);
    for (const o of own) {
      const p = o.price as bigint;
      if (input.side === 'buy' && (price === null || p <= price)) price = p - rt.c.tick;
      if (input.side === 'sell' && (price === null || p >= price)) price = p + rt.c.tick;
    }
    if (price !== null && price <= 0n) fail('NO_LIQUIDITY');
    const o = this.place(a, rt, {
      side: input.side,
      type: price === null ? 'market' : 'limit',
      price,
      lots: BigInt(input.lots),
      tif: 'IOC',
      postOnly: false,
      reduceOnly: input.reduceOnly,
      kind: 'order',
      clientOrderId: null,
      tp: null,
      sl: null,
      source: input.source,
      stpKey: input.stpKey,
    });
    return this.orderView(o);
  }

  /** A user's open position on a contract (null: flat). */
  openPosition(uid: number, symbol: string): SwapPosition | null {
    const rt = this.rt(symbol);
    const ps = this.accounts.get(uid)?.positions.get(rt.c.id);
    return ps ? this.positionView(ps) : null;
  }

  /** What a user may still commit to new orders (USDT, 8 decimals). */
  freeMargin(uid: number): bigint {
    return this.figures(this.account(uid)).free;
  }

  // ---- orders ------------------------------------------------------------------------------------------------------

  private parsePrice(rt: ContractRuntime, value: string): bigint {
    let p: bigint;
    try {
      p = parseDecimal(value, rt.c.pricePrecision);
    } catch (e) {
      if (e instanceof DecimalError) fail('PRICE_TICK_INVALID', { tick: formatPrice(rt.c, rt.c.tick) });
      throw e;
    }
    if (p <= 0n) fail('INVALID_PARAMS');
    if (p % rt.c.tick !== 0n) fail('PRICE_TICK_INVALID', { tick: formatPrice(rt.c, rt.c.tick) });
    return p;
  }

  /** The band around the mark: [lowest sell, highest buy], on the tick. */
  private band(rt: ContractRuntime): { low: bigint; high: bigint } {
    const mark = this.markOf(rt);
    const tick = rt.c.tick;
    const high = ((mark * (RATE_ONE + rt.c.priceBand)) / RATE_ONE / tick) * tick;
    const lowRaw = divRound(mark * (RATE_ONE - rt.c.priceBand), RATE_ONE, 'ceil');
    const low = ((lowRaw + tick - 1n) / tick) * tick;
    return { low: low > 0n ? low : tick, high };
  }

  /** A client order id already taken: by a row, or by an order of this transaction whose row waits. */
  private clientOrderIdUsed(uid: number, clientOrderId: string): boolean {
    return this.rows.hasClientOrderId(uid, clientOrderId) || this.repo.clientOrderIdUsed(uid, clientOrderId);
  }

  /** Places a user's order (the route's checks, then one transaction). */
  placeUserOrder(uid: number, body: NewSwapOrderBody, claim?: () => void): SwapOrder {
    const rt = this.rt(body.symbol);
    if (rt.c.status !== 'open') fail('PAIR_CLOSED');
    const a = this.account(uid);
    const lots = BigInt(body.lots);
    const price = body.type === 'limit' && body.price !== undefined ? this.parsePrice(rt, body.price) : null;
    const tp = body.takeProfit === undefined ? null : this.parsePrice(rt, body.takeProfit);
    const sl = body.stopLoss === undefined ? null : this.parsePrice(rt, body.stopLoss);
    if (body.clientOrderId && this.clientOrderIdUsed(uid, body.clientOrderId)) fail('CLIENT_ORDER_ID_USED');
    const order = this.place(
      a,
      rt,
      {
        side: body.side,
        type: body.type,
        price,
        lots,
        tif: body.timeInForce,
        postOnly: body.postOnly,
        reduceOnly: body.reduceOnly,
        kind: 'order',
        clientOrderId: body.clientOrderId ?? null,
        tp,
        sl,
      },
      claim,
    );
    return this.orderView(order);
  }

  /**
   * Checks then places an order for an account: every refusal happens before anything is written. Holds margin +
   * taker fee of the lots (reduce-only: nothing), matches, settles each fill in the same transaction.
   */
  private place(a: AccountState, rt: ContractRuntime, input: PlaceInput, claim?: () => void): OrderState {
    const c = rt.c;
    const isUser = a.uid !== null;
    if (isUser && (input.lots < c.minLots || input.lots > c.maxLots)) {
      fail('ORDER_AMOUNT_OUT_OF_RANGE', { min: Number(c.minLots), max: Number(c.maxLots) });
    }
    const band = this.band(rt);
    if (input.price !== null && input.kind !== 'liquidation' && isUser) {
      if ((input.side === 'buy' && input.price > band.high) || (input.side === 'sell' && input.price < band.low)) {
        fail('PRICE_OUT_OF_LIMIT', { min: formatPrice(c, band.low), max: formatPrice(c, band.high) });
      }
    }
    const s = this.setting(a, rt);
    const ps = a.positions.get(c.id) ?? null;
    const mode = ps?.p.mode ?? s.mode;
    const leverage = ps?.p.leverage ?? s.leverage;
    if (input.reduceOnly) {
      const max = reduceOnlyLots(ps?.p ?? null, input.side, input.lots);
      let reserved = 0n;
      for (const o of a.reduceOnly) if (o.rt === rt && o.side === input.side) reserved += o.open;
      if (max < input.lots || (ps && reserved + input.lots > ps.p.lots)) fail('REDUCE_ONLY_REJECTED');
    }
    // Worst price the order can fill at, for what it holds: a buy its limit (market: the band's top); a sell the
    // best bid it may take or its limit (makers fill at their own price).
    const bestBid = rt.book.bestBid();
    const bestAsk = rt.book.bestAsk();
    if (input.type === 'market' && (input.side === 'buy' ? bestAsk : bestBid) === undefined) fail('NO_LIQUIDITY');
    const limit = input.price ?? (input.side === 'buy' ? band.high : band.low);
    const holdPrice =
      input.side === 'buy' ? limit : bestBid !== undefined && BigInt(bestBid) > limit ? BigInt(bestBid) : limit;
    const takerPpm = isUser ? this.deps.fees.rate(a.uid, PRODUCT, c.engine.takerFeePpm) : 0;
    let holdPerLot = 0n;
    let hold = 0n;
    if (isUser && !input.reduceOnly) {
      const value = lotsNotional(c.engine, holdPrice, 1n);
      holdPerLot = initialMarginFor(value, leverage) + feeFor(value, takerPpm > 0 ? takerPpm : 0);
      hold = holdPerLot * input.lots;
      const opening = ps && ps.p.side !== sideOf(input.side) ? input.lots - ps.p.lots : input.lots;
      if (opening > 0n) {
        const sameSide = ps && ps.p.side === sideOf(input.side) ? ps.p.cost : 0n;
        // Σ lotsNotional(price, open lots) of the resting orders that open on this side (all at their limit).
        const resting = a.openingOf(c.id, input.side) * c.engine.lotValue;
        if (
          sameSide + resting + lotsNotional(c.engine, holdPrice, opening) >=
          notionalCapForLeverage(c.engine, leverage)
        ) {
          fail('POSITION_TOO_LARGE');
        }
        if (c.oiLimit > 0n) {
          const sideLots = sideOf(input.side) === 'long' ? rt.longLots : rt.shortLots;
          if (sideLots + opening > c.oiLimit) fail('OPEN_INTEREST_LIMIT');
        }
      }
      if (this.figures(a).free < hold) fail('INSUFFICIENT_FUNDING');
      if (input.tp !== null || input.sl !== null) {
        const err = checkTpSl(c.engine, {
          side: sideOf(input.side),
          entry: input.price ?? this.markOf(rt),
          lastPrice: this.markOf(rt),
          takeProfit: input.tp,
          stopLoss: input.sl,
        });
        if (err) fail(err === 'INVALID_PRICE' ? 'INVALID_PARAMS' : err);
      }
    }
    const now = this.deps.clock.now();
    return this.run(() => {
      // The id is taken once the book has accepted the order: a refusal leaves the counters as they were.
      const id = isUser ? this.ids.o + 1 : this.mmOrderId + 1;
      const o = new OrderState(
        id,
        a,
        rt,
        input.side,
        input.kind,
        input.type,
        input.tif,
        input.postOnly,
        input.reduceOnly,
        input.price,
        input.lots,
        leverage,
        mode,
        input.clientOrderId,
        input.source ?? null,
        input.stpKey ?? a.owner,
        now,
        now,
      );
      o.holdPerLot = holdPerLot;
      o.tp = input.tp;
      o.sl = input.sl;
      if (hold > 0n) {
        this.deps.ledger.hold({
          reference: `${holderOf(id)}:hold`,
          reason: 'futures.order',
          account: a.main,
          holder: holderOf(id),
          amount: hold,
          // A user order's id is new: above every order id written (ids.o follows the table).
          fresh: isUser,
        });
        o.frozen = hold;
      }
      const type: OrderType =
        input.type === 'market'
          ? 'market'
          : input.postOnly
            ? 'post_only'
            : input.tif === 'IOC'
              ? 'ioc'
              : input.tif === 'FOK'
                ? 'fok'
                : 'limit';
      const report = rt.book.apply({
        kind: 'place',
        id,
        // The self-trade group (a copy: its leader's); only IOC copies set another, and they never rest.
        owner: o.stpKey,
        side: input.side,
        type,
        price: Number(input.type === 'market' ? limit : input.price),
        qty: Number(input.lots),
        stp: 'cancel_taker',
      });
      if (!report.accepted) {
        const reason = report.reason;
        if (reason === 'POST_ONLY_WOULD_TAKE' || reason === 'FOK_NOT_FILLED' || reason === 'NO_LIQUIDITY') fail(reason);
        if (reason === 'PRICE_TICK_INVALID') fail('PRICE_TICK_INVALID');
        fail('INVALID_PARAMS', { detail: String(reason) });
      }
      // From here on the book has changed: nothing below refuses (a failure rolls everything back).
      this.changing();
      if (isUser) this.ids.o = id;
      else this.mmOrderId = id;
      claim?.();
      if (isUser) this.saveOrder(o);
      this.afterReport(rt, o, report, input.liquidation);
      return o;
    }, true);
  }

  /** Settles every fill of a report, then the order's own end state. */
  private afterReport(
    rt: ContractRuntime,
    o: OrderState,
    report: ExecutionReport,
    liquidation?: PlaceInput['liquidation'],
  ): void {
    const fills = report.fills.map((f) => ({ ...f }));
    const resting = report.restingQty;
    const expired = report.expiredQty;
    const stpRemoved = report.stpRemoved.map((r) => ({ ...r }));
    o.seq = report.seq;
    if (fills.length > 0 || stpRemoved.length > 0 || resting > 0) this.markDepth(rt);
    for (const f of fills) {
      const maker = this.findOrder(rt, f.makerId, f.makerOwner);
      this.settleTrade(rt, o, maker, BigInt(f.price), BigInt(f.qty), f.makerRemaining === 0, liquidation);
    }
    for (const r of stpRemoved) {
      const maker = this.findOrder(rt, r.id, r.owner);
      if (maker) this.finishOrder(maker, 'self_trade');
    }
    if (resting > 0) {
      o.account.rest(o);
      o.status = o.filledLots > 0n ? 'partial' : 'entrusted';
      this.saveOrder(o);
      this.pushOrder(o);
    } else {
      this.finishOrder(o, expired > 0 ? (report.expireReason === 'SELF_TRADE' ? 'self_trade' : 'unfilled') : null);
    }
  }

  private findOrder(_rt: ContractRuntime, id: number, owner: number): OrderState | undefined {
    return this.accounts.get(owner)?.orders.get(id) ?? undefined;
  }

  /** An order left the book (filled, cancelled, expired): release what it still holds and record its final state. */
  private finishOrder(o: OrderState, reason: string | null): void {
    o.account.unrest(o);
    if (o.frozen > 0n) {
      this.deps.ledger.release({
        reference: `${holderOf(o.id)}:release`,
        reason: 'futures.order',
        holder: holderOf(o.id),
        amount: o.frozen,
      });
      o.frozen = 0n;
    }
    if (o.filledLots === 0n) o.status = 'cancelled';
    else if (o.openedLots > 0n) {
      const ps = o.positionId === null ? undefined : o.account.positions.get(o.rt.c.id);
      o.status = ps && ps.id === o.positionId ? 'trading' : 'closed';
    } else o.status = 'complete';
    if (reason !== null) o.reason = reason;
    o.updatedAt = this.deps.clock.now();
    if (o.account.uid !== null) {
      this.saveOrder(o);
      this.pushOrder(o, true);
    }
  }

  private cancelOrder(o: OrderState, reason: string): void {
    const report = o.rt.book.apply({ kind: 'cancel', id: o.id });
    if (report.accepted) this.markDepth(o.rt);
    this.finishOrder(o, reason);
  }

  cancel(uid: number, id: number): SwapOrder {
    const a = this.account(uid);
    const o = a.orders.get(id);
    if (!o) {
      // An order of this batch is not in the table yet.
      const owner = this.rows.orderOwner(id) ?? this.repo.orderById(id)?.owner;
      if (owner === undefined || Number(owner) !== uid) fail('ORDER_NOT_FOUND');
      fail('ORDER_NOT_REVOCABLE');
    }
    this.run(() => this.cancelOrder(o, 'user'));
    return this.orderView(o);
  }

  cancelAll(uid: number, symbol?: string): { cancelled: number } {
    const a = this.account(uid);
    const rt = symbol === undefined ? null : this.rt(symbol);
    const list = [...a.orders.values()].filter((o) => rt === null || o.rt === rt);
    if (list.length > 0) this.run(() => list.forEach((o) => this.cancelOrder(o, 'user')));
    return { cancelled: list.length };
  }

  // ---- fills and money ---------------------------------------------------------------------------------------------

  private closeKindOf(kind: SwapOrderKind): SwapCloseKind {
    if (kind === 'take_profit') return 'take_profit';
    if (kind === 'stop_loss') return 'stop_loss';
    if (kind === 'liquidation') return 'liquidation';
    if (kind === 'adl' || kind === 'system') return 'system';
    return 'manual';
  }

  /** One book trade: both sides' positions and money, the trade and fill records, in the caller's transaction. */
  private settleTrade(
    rt: ContractRuntime,
    taker: OrderState,
    maker: OrderState | undefined,
    price: bigint,
    lots: bigint,
    makerDone: boolean,
    liquidation?: PlaceInput['liquidation'],
  ): void {
    const now = this.deps.clock.now();
    const tradeId = ++this.ids.t;
    const value = lotsNotional(rt.c.engine, price, lots);
    const makerOwner = maker?.account.owner ?? 0;
    this.insertTrade({
      id: tradeId,
      contract_id: rt.c.id,
      kind: liquidation ? 'liquidation' : 'trade',
      price,
      lots,
      value,
      taker_side: taker.side,
      maker_order_id: maker && maker.account.uid !== null ? maker.id : null,
      taker_order_id: taker.account.uid !== null ? taker.id : null,
      maker_owner: makerOwner,
      taker_owner: taker.account.owner,
      ts: now,
    });
    rt.lastPrice = price;
    this.candle(rt, now, price, lots, value);
    const list = this.pendingTrades.get(rt.c.id) ?? [];
    list.push({ id: tradeId, price, lots, side: taker.side, ts: now });
    this.pendingTrades.set(rt.c.id, list);
    // A book trade is ONE journal entry, both sides' legs merged (the fee income and the clearing once each); a
    // liquidation's two sides keep an entry each (each side's statement shows its own reason).
    const trade: TradeEntry | null = liquidation ? null : { legs: new Legs(), charges: [] };
    if (maker) {
      this.applyOrderFill(rt, maker, tradeId, price, lots, value, 'maker', null, trade);
      if (makerDone) this.finishOrder(maker, null);
      else {
        maker.status = 'partial';
        this.saveOrder(maker);
        this.pushOrder(maker);
      }
    }
    this.applyOrderFill(rt, taker, tradeId, price, lots, value, 'taker', liquidation ?? null, trade);
    if (trade) {
      const entries = trade.legs.list();
      if (entries.length > 0) {
        this.deps.ledger.post({
          reference: `perp:trade:${tradeId}`,
          reason: 'futures.trade',
          legs: entries,
          meta: { tradeId, symbol: rt.c.symbol },
          // The trade id was just allocated, above every trade written (ids.t follows the table).
          fresh: true,
        });
      }
      // After the entry: rebates are paid out of the fee income it booked.
      if (trade.charges.length > 0) this.deps.fees.charged(trade.charges);
    }
  }

  /**
   * One side of a trade: release its share of the order's hold, move the position and the money — into `trade`'s
   * legs and fee charges when given (the caller posts them, once for both sides), otherwise posted here.
   */
  private applyOrderFill(
    rt: ContractRuntime,
    o: OrderState,
    tradeId: number,
    price: bigint,
    lots: bigint,
    value: bigint,
    role: 'maker' | 'taker',
    liquidation: PlaceInput['liquidation'] | null,
    trade: TradeEntry | null = null,
  ): void {
    const a = o.account;
    const c = rt.c.engine;
    const legs = trade?.legs ?? new Legs();
    // The hold's share of these lots comes back to the wallet before the fill's money moves.
    const release = o.filledLots + lots >= o.lots ? o.frozen : o.holdPerLot * lots;
    if (release > 0n) {
      legs.add(a.main, -release, 'frozen', holderOf(o.id)).add(a.main, release);
      o.frozen -= release;
    }
    a.openChanges(o, -lots);
    o.filledLots += lots;
    o.filledValue += value;
    const closeKind = this.closeKindOf(o.kind);
    const before = a.positions.get(rt.c.id) ?? null;
    let fee = 0n;
    let realized = 0n;
    let closedLots = 0n;
    let openedLots = 0n;
    let positionId: number | null = null;
    if (liquidation) {
      // The liquidated side: settled at the chunk's bankruptcy price (fee capped, isolated pot kept).
      const { pool, index } = liquidation.pool();
      const lc = settleLiquidationClose(pool, index, liquidation.bp, lots, value);
      const ps = before as PositionState;
      fee = lc.fee;
      realized = lc.realizedPnl;
      closedLots = lots;
      if (ps.p.mode === 'cross') {
        this.crossLegs(legs, a, lc.crossPnl);
        legs.add(this.fund.main, lc.fee).add(this.clearing, -lc.realizedPnl);
      } else {
        const left = lc.remaining?.margin ?? lc.toWallet;
        legs
          .add(this.sub(a, rt.c.symbol), left - ps.p.margin)
          .add(a.main, lc.toWallet)
          .add(this.fund.main, lc.fee - lc.deficit)
          .add(this.clearing, -lc.realizedPnl);
      }
      positionId = ps.id;
      this.recordClose(ps, o.id, lots, value, lc.realizedPnl, lc.fee, 'liquidation', lc.remaining, now(this));
      this.afterPositionChange(ps, lc.remaining, lots, value, lc.realizedPnl, lc.fee, 'liquidation');
    } else {
      const ppm =
        a.uid === null ? 0 : this.deps.fees.rate(a.uid, PRODUCT, role === 'maker' ? c.makerFeePpm : c.takerFeePpm);
      const out = applyFill(
        before?.p ?? null,
        c,
        { side: o.side, lots, price },
        {
          leverage: o.leverage,
          mode: o.mode,
          feePpm: ppm < 0 ? 0 : ppm,
        },
      );
      realized = out.realizedPnl;
      closedLots = out.closedLots;
      openedLots = out.openedLots;
      fee = out.closeFee + out.openFee;
      if (out.closedLots > 0n && before) {
        const p0 = before.p;
        if (p0.mode === 'cross') {
          this.crossLegs(legs, a, out.realizedPnl - out.closeFee);
          legs.add(this.feeAccount, out.closeFee).add(this.clearing, -out.realizedPnl);
        } else {
          const iso = out.isolated as NonNullable<typeof out.isolated>;
          const keep = out.closedLots === p0.lots ? 0n : iso.keep;
          legs
            .add(this.sub(a, rt.c.symbol), keep - p0.margin)
            .add(a.main, iso.toWallet)
            .add(this.feeAccount, iso.fee)
            .add(this.fund.main, -iso.deficit)
            .add(this.clearing, -out.realizedPnl);
          if (iso.deficit > 0n) this.insolvencies++;
        }
        const remaining = out.closedLots === p0.lots ? null : (out.position as Position);
        this.recordClose(
          before,
          o.account.uid === null ? null : o.id,
          out.closedLots,
          out.closedValue,
          out.realizedPnl,
          out.closeFee,
          closeKind,
          remaining,
          now(this),
        );
        this.afterPositionChange(
          before,
          remaining,
          out.closedLots,
          out.closedValue,
          out.realizedPnl,
          out.closeFee,
          closeKind,
        );
        positionId = before.id;
      }
      if (out.openedLots > 0n) {
        const pos = out.position as Position;
        if (pos.mode === 'cross') {
          this.crossLegs(legs, a, -out.openFee);
          legs.add(this.feeAccount, out.openFee);
        } else {
          legs
            .add(a.main, -(out.marginPosted + out.openFee))
            .add(this.sub(a, rt.c.symbol), out.marginPosted)
            .add(this.feeAccount, out.openFee);
        }
        const cur = a.positions.get(rt.c.id);
        const t = now(this);
        let ps: PositionState;
        if (cur) {
          ps = cur;
          this.setLots(ps, pos);
          ps.updatedAt = t;
        } else {
          ps = new PositionState(++this.ids.p, a, rt, pos, t, t);
          this.attach(ps);
          if (o.tp !== null || o.sl !== null) {
            ps.tp = o.tp;
            ps.sl = o.sl;
          }
        }
        ps.openedLots += out.openedLots;
        ps.openedValue += out.openedValue;
        ps.fees += out.openFee;
        this.savePosition(ps);
        positionId = ps.id;
      }
    }
    o.fee += fee;
    o.realized += realized;
    o.openedLots += openedLots;
    o.closedLots += closedLots;
    if (closedLots > 0n) o.closeKind = closeKind;
    if (positionId !== null) o.positionId = positionId;
    o.updatedAt = now(this);
    const reference = trade ? `perp:trade:${tradeId}` : `perp:fill:${tradeId}:${role}`;
    if (!trade) {
      const entries = legs.list();
      if (entries.length > 0) {
        this.deps.ledger.post({
          reference,
          reason: liquidation ? 'futures.liquidation' : 'futures.trade',
          legs: entries,
          meta: { tradeId, symbol: rt.c.symbol },
        });
      }
    }
    if (a.uid !== null && fee > 0n) {
      const charge: FeeCharge = {
        uid: a.uid,
        product: PRODUCT,
        asset: SETTLEMENT_ASSET,
        amount: fee,
        account: liquidation ? this.fund.main : this.feeAccount,
        reference,
        trade: `perp:t:${tradeId}`,
        role,
        at: now(this),
      };
      if (trade) trade.charges.push(charge);
      else this.deps.fees.charged([charge]);
    }
    if (a.uid !== null) {
      const fill: FillRow = {
        id: ++this.ids.f,
        trade_id: tradeId,
        owner: a.owner,
        contract_id: rt.c.id,
        order_id: o.id,
        position_id: positionId,
        side: o.side,
        price,
        lots,
        value,
        fee,
        realized_pnl: realized,
        role,
        kind: liquidation ? 'liquidation' : 'trade',
        ts: now(this),
      };
      this.insertFill(fill);
      this.pushFill(o, fill);
      if (this.fillListeners.length > 0) this.tellFill(o, fill, openedLots, closedLots);
    }
    this.saveAccount(a);
    this.touch(a);
  }

  /** A cross account's money change: the wallet never below zero, the rest an unpaid loss the clearing fronts. */
  private crossLegs(legs: Legs, a: AccountState, amount: bigint): void {
    if (amount === 0n) return;
    const wallet = this.available(a) + this.pendingAvailable(legs, a);
    const r = applyCrossPnl(wallet < 0n ? 0n : wallet, a.unpaid, amount);
    a.unpaid = r.unpaidLoss;
    legs.add(a.main, r.walletChange).add(this.clearing, amount - r.walletChange);
  }

  private pendingAvailable(legs: Legs, a: AccountState): bigint {
    return legs.available(a.main);
  }

  private recordClose(
    ps: PositionState,
    orderId: number | null,
    lots: bigint,
    exitValue: bigint,
    realized: bigint,
    fee: bigint,
    kind: SwapCloseKind,
    remaining: Position | null,
    t: number,
  ): void {
    const entryValue = exitValue - sideSignOf(ps.p.side) * realized;
    const row: CloseRow = {
      id: ++this.ids.c,
      owner: ps.account.owner,
      position_id: ps.id,
      order_id: orderId,
      contract_id: ps.rt.c.id,
      side: ps.p.side,
      lots,
      entry_value: entryValue,
      exit_value: exitValue,
      realized_pnl: realized,
      fee,
      kind,
      final: remaining === null ? 1 : 0,
      ts: t,
    };
    this.rows.close(row);
    this.rowsChanged();
    const uid = ps.account.uid;
    if (uid !== null && this.deps.hub.online(uid)) {
      this.deps.tx.afterCommit(() =>
        this.deps.hub.publishToUser(uid, 'swap history-order', {
          toJSON: () => ({ order: null, close: this.closeView(row) }),
        }),
      );
    }
  }

  /** A position after lots of it closed: its figures, or closed whole (orders of it marked closed, TP/SL gone). */
  private afterPositionChange(
    ps: PositionState,
    remaining: Position | null,
    lots: bigint,
    exitValue: bigint,
    realized: bigint,
    fee: bigint,
    kind: SwapCloseKind,
  ): void {
    const t = now(this);
    ps.realized += realized;
    ps.fees += fee;
    ps.closedLots += lots;
    ps.closedValue += exitValue;
    ps.updatedAt = t;
    if (remaining === null) {
      this.detach(ps);
      ps.p = { ...ps.p, lots: 0n, cost: 0n, margin: 0n };
      ps.status = 'closed';
      ps.closeKind = kind;
      ps.closedAt = t;
      ps.inLiquidation = false;
      this.rowsChanged();
      if (ps.account.uid !== null) {
        const list = this.closedForFrame.get(ps.account.uid) ?? [];
        list.push(this.positionView(ps));
        this.closedForFrame.set(ps.account.uid, list);
      }
    } else this.setLots(ps, remaining);
    this.savePosition(ps);
    this.trimReduceOnly(ps.account, ps.rt);
  }

  /** Reduce-only orders never exceed the position they reduce: cut or cancel them when it shrinks. */
  private trimReduceOnly(a: AccountState, rt: ContractRuntime): void {
    const ps = a.positions.get(rt.c.id);
    let room = ps ? ps.p.lots : 0n;
    if (a.reduceOnly.size === 0) return;
    for (const o of [...a.reduceOnly]) {
      if (o.rt !== rt) continue;
      const ok = ps && sideOf(o.side) !== ps.p.side;
      if (!ok || room <= 0n) {
        this.cancelOrder(o, 'reduce_only');
        continue;
      }
      if (o.open > room) {
        const by = o.open - room;
        const r = rt.book.apply({ kind: 'reduce', id: o.id, by: Number(by) });
        if (r.accepted) {
          o.lots -= by;
          this.markDepth(rt);
          this.saveOrder(o);
        }
      }
      room -= o.open;
    }
  }

  // ---- closing -----------------------------------------------------------------------------------------------------

  /** Close by lots (spec §5): a reduce-only order at market (or a limit) for whole lots, 1 to the open lots. */
  close(
    uid: number,
    body: {
      symbol: string;
      lots?: number | string | undefined;
      type: 'limit' | 'market';
      price?: string | undefined;
      clientOrderId?: string | undefined;
    },
    claim?: () => void,
    kind: SwapOrderKind = 'close',
  ): SwapOrder {
    const rt = this.rt(body.symbol);
    if (rt.c.status !== 'open') fail('PAIR_CLOSED');
    const a = this.account(uid);
    const ps = a.positions.get(rt.c.id);
    if (!ps) fail('NO_POSITION');
    let reserved = 0n;
    for (const o of a.reduceOnly) if (o.rt === rt) reserved += o.open;
    const free = ps.p.lots - reserved;
    let lots = free;
    if (body.lots !== undefined) {
      const check = checkCloseLots(String(body.lots), ps.p.lots);
      if (!check.ok) fail(check.reason);
      if (check.lots > free) fail('CLOSE_LOTS_EXCEED_POSITION');
      lots = check.lots;
    }
    if (lots <= 0n) fail('CLOSE_LOTS_EXCEED_POSITION');
    const price = body.type === 'limit' && body.price !== undefined ? this.parsePrice(rt, body.price) : null;
    if (body.clientOrderId && this.clientOrderIdUsed(uid, body.clientOrderId)) fail('CLIENT_ORDER_ID_USED');
    const side = ps.p.side === 'long' ? 'sell' : 'buy';
    const o = this.place(
      a,
      rt,
      {
        side,
        type: body.type,
        price,
        lots,
        tif: body.type === 'market' ? 'IOC' : 'GTC',
        postOnly: false,
        reduceOnly: true,
        kind,
        clientOrderId: body.clientOrderId ?? null,
        tp: null,
        sl: null,
      },
      claim,
    );
    return this.orderView(o);
  }

  closeAll(uid: number, symbol: string | undefined, claim?: () => void): { orders: SwapOrder[] } {
    const a = this.account(uid);
    const targets = [...a.positions.values()].filter((ps) => symbol === undefined || ps.rt.c.symbol === symbol);
    if (symbol !== undefined) this.rt(symbol);
    const orders: SwapOrder[] = [];
    this.run(() => {
      claim?.();
      for (const ps of targets) {
        for (const o of [...a.orders.values()]) if (o.rt === ps.rt && o.reduceOnly) this.cancelOrder(o, 'user');
        orders.push(this.close(uid, { symbol: ps.rt.c.symbol, type: 'market' }));
      }
    });
    return { orders };
  }

  // ---- margin and TP/SL --------------------------------------------------------------------------------------------

  margin(
    uid: number,
    body: { symbol: string; action: 'add' | 'remove'; amount: string },
    claim?: () => void,
  ): SwapPosition {
    const rt = this.rt(body.symbol);
    const a = this.account(uid);
    const ps = a.positions.get(rt.c.id);
    if (!ps) fail('NO_POSITION');
    if (ps.p.mode !== 'isolated') fail('ISOLATED_ONLY');
    let amount: bigint;
    try {
      amount = parseDecimal(body.amount, this.marginScale);
    } catch (e) {
      if (e instanceof DecimalError) fail('INVALID_PARAMS');
      throw e;
    }
    if (amount <= 0n) fail('INVALID_PARAMS');
    if (body.action === 'add') {
      if (this.figures(a).free < amount) fail('INSUFFICIENT_BALANCE');
    } else if (amount > maxRemovableMargin(ps.p, this.markOf(rt))) fail('LIQUIDATION_RISK');
    const delta = body.action === 'add' ? amount : -amount;
    this.run(() => {
      claim?.();
      const t = now(this);
      this.deps.ledger.post({
        reference: `perp:margin:${ps.id}:${++this.ids.l}:${t}`,
        reason: 'futures.margin',
        legs: new Legs().add(a.main, -delta).add(this.sub(a, rt.c.symbol), delta).list(),
      });
      ps.p = { ...ps.p, margin: ps.p.margin + delta };
      ps.updatedAt = t;
      this.savePosition(ps);
      this.touch(a);
    });
    return this.positionView(ps);
  }

  tpsl(
    uid: number,
    body: { symbol: string; takeProfit?: string | null | undefined; stopLoss?: string | null | undefined },
  ): SwapPosition {
    const rt = this.rt(body.symbol);
    const a = this.account(uid);
    const ps = a.positions.get(rt.c.id);
    if (!ps) fail('NO_POSITION');
    const tp =
      body.takeProfit === undefined ? ps.tp : body.takeProfit === null ? null : this.parsePrice(rt, body.takeProfit);
    const sl = body.stopLoss === undefined ? ps.sl : body.stopLoss === null ? null : this.parsePrice(rt, body.stopLoss);
    const err = checkTpSl(rt.c.engine, {
      side: ps.p.side,
      entry: entryPrice(ps.p),
      lastPrice: this.markOf(rt),
      takeProfit: tp,
      stopLoss: sl,
    });
    if (err) fail(err === 'INVALID_PRICE' ? 'INVALID_PARAMS' : err);
    this.run(() => {
      ps.tp = tp;
      ps.sl = sl;
      ps.updatedAt = now(this);
      this.savePosition(ps);
      this.touch(a);
    });
    return this.positionView(ps);
  }

  /** Mark-triggered TP/SL: a market close of the whole position (kind take_profit / stop_loss). */
  private triggerTpSl(): void {
    for (const rt of this.bySymbol.values()) {
      const mark = rt.mark;
      if (mark === null || rt.c.status !== 'open') continue;
      for (const ps of [...rt.positions.values()]) {
        if (ps.account.uid === null || (ps.tp === null && ps.sl === null)) continue;
        const long = ps.p.side === 'long';
        const hitTp = ps.tp !== null && (long ? mark >= ps.tp : mark <= ps.tp);
        const hitSl = ps.sl !== null && (long ? mark <= ps.sl : mark >= ps.sl);
        if (!hitTp && !hitSl) continue;
        try {
          this.run(() => {
            for (const o of [...ps.account.orders.values()])
              if (o.rt === rt && o.reduceOnly) this.cancelOrder(o, 'system');
            this.close(
              ps.account.uid as number,
              { symbol: rt.c.symbol, type: 'market' },
              undefined,
              hitTp ? 'take_profit' : 'stop_loss',
            );
          });
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
        }
      }
    }
  }

  // ---- liquidation -------------------------------------------------------------------------------------------------

  private crossPoolOf(a: AccountState): { pool: MarginPool; list: PositionState[] } {
    const list = a.crossPositions();
    // crossPool's shape, without the marks map: each position beside its contract's mark.
    const positions = list.map((ps) => ({ position: ps.p, mark: this.markOf(ps.rt) }));
    return { pool: { collateral: this.available(a) - a.unpaid, positions }, list };
  }

  /**
   * Re-keys an account's pools in the contracts' liquidation indexes (`LiquidationIndex`), so that a mark move finds
   * the pools it may have made unhealthy without visiting the others:
   * - an isolated position by its liquidation price (its own margin only: no other mark enters it; exact);
   * - a cross account's positions by trigger prices that share out its slack. With f_i(P) = uPnL_i(P) − MM_i(P) and
   *   C = wallet − unpaid loss, the account is healthy while C + Σ f_i(mark_i) > 0. At the current marks m_i the
   *   slack S = C + Σ f_i(m_i) is split into shares s_i ≥ 0 (Σ s_i = S, by notional), and position i is keyed at the
   *   price where f_i falls by its share: f_i(P) ≤ f_i(m_i) − s_i. While no mark has reached its position's key,
   *   Σ f_i > Σ f_i(m_i) − S = −C: the account is healthy whatever the marks did together. A key reached means
   *   "check the account" (the exact check decides; a healthy account is keyed again at the new marks). With one
   *   position the key is its exact liquidation price (the RULEBOOK's cross rule: wallet + uPnL ≤ MM).
   * Pools in liquidation are watched apart: they are re-checked at every sweep until they recover.
   */
  private reindex(a: AccountState): void {
    if (a.uid === null) return; // the fund's and the market maker's positions are never liquidated
    let watch = false;
    let crossCount = 0;
    for (const ps of a.positions.values()) {
      if (ps.p.mode === 'cross') {
        crossCount++;
        continue;
      }
      if (ps.inLiquidation) watch = true;
      ps.rt.liq.set(ps.id, ps.p.side, liquidationPrice(isolatedPool(ps.p, this.markOf(ps.rt)), 0));
    }
    if (crossCount > 0) {
      if (a.crossInLiquidation) watch = true;
      const { pool, list } = this.crossPoolOf(a);
      const risk = poolRisk(pool);
      const slack = risk.equity - risk.maintenance;
      const weights = list.map(
        (ps, i) => ps.p.lots * ps.p.contract.lotValue * (pool.positions[i] as MarkedPosition).mark,
      );
      let total = 0n;
      for (const w of weights) total += w;
      const shares = weights.map((w) => (slack <= 0n || total === 0n ? 0n : (slack * w) / total));
      let given = 0n;
      for (const sh of shares) given += sh;
      if (slack > 0n) shares[0] = (shares[0] as bigint) + slack - given;
      list.forEach((ps, i) => {
        const f = (risk.upnl[i] as bigint) - (risk.mm[i] as bigint);
        const key = boundaryPrice(ps.p.contract, ps.p.side, ps.p.lots, ps.p.cost, (shares[i] as bigint) - f, true);
        ps.rt.liq.set(ps.id, ps.p.side, key);
      });
    }
    if (watch) this.liquidating.add(a);
    else this.liquidating.delete(a);
  }

  /**
   * The pools the marks may have made unhealthy, each given to `visit` (an isolated pool with its position, a cross
   * one with null): what the indexes crossed, and the pools in liquidation. A pool may come more than once.
   */
  private poolsAtRisk(visit: (a: AccountState, ps: PositionState | null) => void): void {
    const ids: number[] = [];
    for (const rt of this.bySymbol.values()) {
      ids.length = 0;
      for (const id of rt.liq.crossed(this.markOf(rt), ids)) {
        const ps = rt.positions.get(id);
        if (ps) visit(ps.account, ps.p.mode === 'isolated' ? ps : null);
      }
    }
    for (const a of this.liquidating) {
      if (a.crossInLiquidation) visit(a, null);
      for (const ps of a.positions.values()) if (ps.p.mode === 'isolated' && ps.inLiquidation) visit(a, ps);
    }
  }

  /**
   * The liquidation sweep at the current marks. Finding: the pools at risk from the liquidation indexes (only the
   * positions the move crossed are visited), each confirmed by the exact check and planned (`planLiquidation`).
   * Settling: every unhealthy pool goes through the rulebook's process, in one pass (one transaction, a savepoint a
   * step). A settlement may change other accounts (fills against their orders, ADL): their pools are found again
   * until none is left, so a second sweep at the same marks has nothing to do.
   */
  sweep(): number {
    const started = performance.now();
    let checked = 0;
    let handled = 0;
    let findMs = 0;
    let rekeyMs = 0;
    const rekey = (): void => {
      const t0 = performance.now();
      for (const a of this.riskDirty) this.reindex(a);
      this.riskDirty.clear();
      rekeyMs += performance.now() - t0;
    };
    const attempt = (fn: () => boolean): void => {
      try {
        if (fn()) handled++;
      } catch (e) {
        // One pool's failure (rolled back to its savepoint) never stops the others' liquidation.
        this.deps.log.error({ err: e }, 'perp liquidation step failed');
      }
    };
    // One transaction for the pass (each step a savepoint inside it): a shock commits once, not once per step.
    this.deps.tx.run(() => {
      // Each pool once per pass: an isolated one by its position, a cross one by its account.
      const seenIsolated = new Set<PositionState>();
      const seenCross = new Set<AccountState>();
      for (let round = 0; round < 20; round++) {
        // Upkeep: the accounts changed since (orders, fills, funding, the last round's settlement) are re-keyed.
        rekey();
        const found = performance.now();
        const generation = this.generation;
        // The pools due, not their decisions: each is planned again when its turn comes (an earlier pool's
        // settlement may have filled its orders), and 16,000 plans kept alive through the young generation's
        // collections cost more to copy than to make again.
        // In the order found: an isolated pool by its position, a cross one by its account (no object per pool: a
        // shock finds thousands).
        const due: (PositionState | AccountState)[] = [];
        this.poolsAtRisk((a, ps) => {
          if (ps ? seenIsolated.has(ps) : seenCross.has(a)) return;
          if (ps) seenIsolated.add(ps);
          else seenCross.add(a);
          checked++;
          if (this.decide(a, ps)) due.push(ps ?? a);
        });
        findMs += performance.now() - found;
        if (due.length === 0) break;
        for (const pool of due) {
          if (this.generation !== generation) break; // a rollback rebuilt the state: gather again
          attempt(() =>
            pool instanceof PositionState
              ? this.liquidatePool(pool.account, 'isolated', pool)
              : this.liquidatePool(pool, 'cross', null),
          );
        }
      }
    });
    const ms = performance.now() - started;
    this.sweepStats.runs++;
    this.sweepStats.lastMs = ms;
    this.sweepStats.maxMs = Math.max(this.sweepStats.maxMs, ms);
    this.sweepStats.lastChecked = checked;
    this.sweepStats.lastRekeyMs = rekeyMs;
    this.sweepStats.lastFindMs = findMs;
    this.sweepStats.lastSettleMs = ms - findMs - rekeyMs;
    this.sweepStats.liquidations += handled;
    return handled;
  }

  /** The exact check of one pool and its first decision (`planLiquidation`); null when there is nothing to do. */
  private decide(a: AccountState, iso: PositionState | null): LiquidationDecision | null {
    const { pool, list } = iso ? { pool: isolatedPool(iso.p, this.markOf(iso.rt)), list: [iso] } : this.crossPoolOf(a);
    if (list.length === 0) return null;
    const inLiq = iso ? iso.inLiquidation : a.crossInLiquidation;
    let orders = !iso && a.orders.size > 0;
    if (iso) for (const o of a.orders.values()) if (o.rt === iso.rt) orders = true;
    const d = planLiquidation(pool, {
      inLiquidation: inLiq,
      hasOpenOrders: orders,
      closesSoFar: iso ? iso.liqCloses : a.crossCloses,
    });
    if (d.action !== 'none' || inLiq) return d;
    // Healthy, yet found by the index (a filter, not a verdict): key it again at these marks.
    this.riskDirty.add(a);
    return null;
  }

  /** Full scan for tests and benches: the pools an exact check finds unhealthy at the current marks. */
  unhealthyPools(): number {
    let n = 0;
    for (const a of this.accounts.values()) {
      if (a.uid === null) continue;
      for (const ps of a.positions.values()) {
        if (ps.p.mode !== 'isolated') continue;
        if (isLiquidatable(poolRisk(isolatedPool(ps.p, this.markOf(ps.rt))), 1)) n++;
      }
      const cross = this.crossPoolOf(a);
      if (isLiquidatable(poolRisk(cross.pool), cross.list.length)) n++;
    }
    return n;
  }

  /** Runs the liquidation decisions of one pool until it is healthy or closed (each step in one transaction). */
  private liquidatePool(
    a: AccountState,
    kind: 'cross' | 'isolated',
    iso: PositionState | null,
    first?: LiquidationDecision,
  ): boolean {
    let acted = false;
    for (let step = 0; step < 20; step++) {
      const current = kind === 'isolated' ? (iso && iso.status === 'open' ? iso : null) : null;
      if (kind === 'isolated' && !current) return acted;
      const view = (): { pool: MarginPool; list: PositionState[] } =>
        kind === 'isolated'
          ? {
              pool: isolatedPool((current as PositionState).p, this.markOf((current as PositionState).rt)),
              list: [current as PositionState],
            }
          : this.crossPoolOf(a);
      const { pool, list } = view();
      if (list.length === 0) {
        a.crossInLiquidation = false;
        return acted;
      }
      const orders = [...a.orders.values()].filter((o) => kind === 'cross' || o.rt === (current as PositionState).rt);
      const inLiq = kind === 'cross' ? a.crossInLiquidation : (current as PositionState).inLiquidation;
      const closes = kind === 'cross' ? a.crossCloses : (current as PositionState).liqCloses;
      const d =
        step === 0 && first
          ? first
          : planLiquidation(pool, { inLiquidation: inLiq, hasOpenOrders: orders.length > 0, closesSoFar: closes });
      const t = now(this);
      if (d.action === 'none') {
        if (inLiq) {
          this.run(() => {
            if (kind === 'cross') {
              a.crossInLiquidation = false;
              a.crossCloses = 0;
              this.saveAccount(a);
            } else {
              const cur = current as PositionState;
              cur.inLiquidation = false;
              cur.liqCloses = 0;
              this.savePosition(cur);
            }
          });
        }
        return acted;
      }
      acted = true;
      if (d.action === 'cancel_orders') {
        this.run(() => {
          for (const o of orders) this.cancelOrder(o, 'liquidation');
          this.setLiq(a, kind, current, true, closes);
          this.repo.insertLiquidation({
            id: ++this.ids.l,
            owner: a.owner,
            contract_id: current?.rt.c.id ?? null,
            position_id: current?.id ?? null,
            pool: kind,
            step: closes,
            action: 'cancel_orders',
            side: null,
            lots: 0n,
            mark: current ? this.markOf(current.rt) : 0n,
            bankruptcy_price: null,
            limit_price: null,
            book_lots: 0n,
            book_value: 0n,
            fund_lots: 0n,
            adl_lots: 0n,
            fee: 0n,
            equity: d.risk.equity,
            maintenance: d.risk.maintenance,
            ts: t,
          });
        });
        continue;
      }
      const target = list[d.index] as PositionState;
      this.run(() =>
        this.liquidationClose(a, kind, target, d.lots, d.bankruptcyPrice, d.limitPrice, d.risk, closes, view),
      );
    }
    return acted;
  }

  private setLiq(
    a: AccountState,
    kind: 'cross' | 'isolated',
    ps: PositionState | null,
    on: boolean,
    closes: number,
  ): void {
    if (kind === 'cross') {
      a.crossInLiquidation = on;
      a.crossCloses = closes;
      this.saveAccount(a);
    } else if (ps) {
      ps.inLiquidation = on;
      ps.liqCloses = closes;
      this.savePosition(ps);
    }
  }

  /** One close step: IOC into the book at the limit, the rest to the insurance fund, what it cannot carry to ADL. */
  private liquidationClose(
    a: AccountState,
    kind: 'cross' | 'isolated',
    target: PositionState,
    lots: bigint,
    bp: Ratio,
    limitPrice: bigint | null,
    risk: { equity: bigint; maintenance: bigint },
    closes: number,
    view: () => { pool: MarginPool; list: PositionState[] },
  ): void {
    const rt = target.rt;
    const side = target.p.side;
    const mark = this.markOf(rt);
    const t = now(this);
    const liqId = ++this.ids.l;
    let bookLots = 0n;
    let bookValue = 0n;
    let feeTotal = 0n;
    const poolNow = () => {
      const v = view();
      return { pool: v.pool, index: v.list.indexOf(target) };
    };
    if (limitPrice !== null) {
      const orderSide = side === 'long' ? 'sell' : 'buy';
      const other = orderSide === 'buy' ? rt.book.bestAsk() : rt.book.bestBid();
      if (other !== undefined) {
        const o = this.place(a, rt, {
          side: orderSide,
          type: 'limit',
          price: limitPrice,
          lots,
          tif: 'IOC',
          postOnly: false,
          reduceOnly: true,
          kind: 'liquidation',
          clientOrderId: null,
          tp: null,
          sl: null,
          liquidation: { bp, pool: poolNow },
        });
        bookLots = o.filledLots;
        bookValue = o.filledValue;
        feeTotal = o.fee;
      }
    }
    let rest = lots - bookLots;
    let fundLots = 0n;
    let adlLots = 0n;
    if (rest > 0n && target.status === 'open') {
      // The insurance fund takes what it can carry at the bankruptcy price.
      const fund = this.fund;
      const fundEquity = this.fundEquity();
      fundLots = insuranceTakeoverLots(rt.c.engine, side, bp, rest, mark, fundEquity);
      if (fundLots > 0n) {
        this.transferLots(a, target, fund, fundLots, bp, 'takeover', liqId, poolNow);
        rest -= fundLots;
      }
      if (rest > 0n && target.status === 'open') {
        adlLots = this.adl(a, target, rest, bp, liqId, poolNow);
        rest -= adlLots;
        if (rest > 0n && target.status === 'open') {
          // Nobody can carry it: the fund takes it anyway (the exchange's capital is the last backstop).
          this.insolvencies++;
          this.transferLots(a, target, fund, rest, bp, 'takeover', liqId, poolNow);
          fundLots += rest;
        }
      }
    }
    this.setLiq(a, kind, target.status === 'open' ? target : null, true, closes + 1);
    if (kind === 'cross' && a.crossPositions().length === 0) {
      a.crossInLiquidation = false;
      a.crossCloses = 0;
      this.saveAccount(a);
    }
    this.repo.insertLiquidation({
      id: liqId,
      owner: a.owner,
      contract_id: rt.c.id,
      position_id: target.id,
      pool: kind,
      step: closes + 1,
      action: 'close',
      side,
      lots,
      mark,
      bankruptcy_price: formatRatioPrice(rt.c, bp.num, bp.den),
      limit_price: limitPrice,
      book_lots: bookLots,
      book_value: bookValue,
      fund_lots: fundLots,
      adl_lots: adlLots,
      fee: feeTotal,
      equity: risk.equity,
      maintenance: risk.maintenance,
      ts: t,
    });
    // A cross account left with an unpaid loss and no position: the fund pays what is owed to the clearing.
    if (a.positions.size === 0 && a.unpaid > 0n) {
      this.deps.ledger.post({
        reference: `perp:unpaid:${a.owner}:${liqId}`,
        reason: 'futures.insurance',
        legs: new Legs().add(this.fund.main, -a.unpaid).add(this.clearing, a.unpaid).list(),
      });
      a.unpaid = 0n;
      this.saveAccount(a);
    }
  }

  private fundEquity(): bigint {
    const fund = this.fund;
    let equity = this.available(fund);
    for (const ps of fund.positions.values()) equity += unrealizedPnl(ps.p, this.markOf(ps.rt));
    return equity;
  }

  /** Lots of a liquidated position moved at the bankruptcy value to a counterparty account (fund or ADL). */
  private transferLots(
    a: AccountState,
    target: PositionState,
    to: AccountState,
    lots: bigint,
    bp: Ratio,
    kind: 'takeover' | 'adl',
    liqId: number,
    poolNow: () => { pool: MarginPool; index: number },
    counterPosition?: PositionState,
  ): bigint {
    const rt = target.rt;
    const c = rt.c.engine;
    const side = target.p.side;
    const value = bankruptcyValue(c, side, bp, lots);
    const tradeId = ++this.ids.t;
    const t = now(this);
    this.insertTrade({
      id: tradeId,
      contract_id: rt.c.id,
      kind,
      price: lots > 0n ? value / (lots * c.lotValue) : 0n,
      lots,
      value,
      taker_side: side === 'long' ? 'sell' : 'buy',
      maker_order_id: null,
      taker_order_id: null,
      maker_owner: to.owner,
      taker_owner: a.owner,
      ts: t,
    });
    // The liquidated side.
    const legs = new Legs();
    const { pool, index } = poolNow();
    const lc = settleLiquidationClose(pool, index, bp, lots, value);
    if (target.p.mode === 'cross') {
      this.crossLegs(legs, a, lc.crossPnl);
      legs.add(this.fund.main, lc.fee).add(this.clearing, -lc.realizedPnl);
    } else {
      const left = lc.remaining?.margin ?? lc.toWallet;
      legs
        .add(this.sub(a, rt.c.symbol), left - target.p.margin)
        .add(a.main, lc.toWallet)
        .add(this.fund.main, lc.fee - lc.deficit)
        .add(this.clearing, -lc.realizedPnl);
    }
    this.recordClose(target, null, lots, value, lc.realizedPnl, lc.fee, 'liquidation', lc.remaining, t);
    this.afterPositionChange(target, lc.remaining, lots, value, lc.realizedPnl, lc.fee, 'liquidation');
    this.deps.ledger.post({
      reference: `perp:${kind}:${tradeId}:liquidated`,
      reason: 'futures.liquidation',
      legs: legs.list(),
      meta: { liquidationId: liqId },
    });
    if (a.uid !== null) {
      this.insertFill({
        id: ++this.ids.f,
        trade_id: tradeId,
        owner: a.owner,
        contract_id: rt.c.id,
        order_id: null,
        position_id: target.id,
        side: side === 'long' ? 'sell' : 'buy',
        price: value / (lots * c.lotValue),
        lots,
        value,
        fee: lc.fee,
        realized_pnl: lc.realizedPnl,
        role: 'taker',
        kind,
        ts: t,
      });
    }
    this.saveAccount(a);
    this.touch(a);
    // The counterparty: the fund opens/adds (its cross wallet), or an ADL position closes at that value.
    const cl = new Legs();
    const before = counterPosition ?? to.positions.get(rt.c.id) ?? null;
    const out = applyFill(
      before?.p ?? null,
      c,
      { side: side === 'long' ? 'buy' : 'sell', lots, value },
      {
        leverage: 1,
        mode: before?.p.mode ?? 'cross',
        feePpm: 0,
      },
    );
    if (out.closedLots > 0n && before) {
      if (before.p.mode === 'cross') {
        this.crossLegs(cl, to, out.realizedPnl);
        cl.add(this.clearing, -out.realizedPnl);
      } else {
        const iso = isolatedCloseMoney(before.p, out.closedLots, out.realizedPnl, 0n);
        const keep = out.closedLots === before.p.lots ? 0n : iso.keep;
        cl.add(this.sub(to, rt.c.symbol), keep - before.p.margin)
          .add(to.main, iso.toWallet)
          .add(this.fund.main, -iso.deficit)
          .add(this.clearing, -out.realizedPnl);
      }
      const remaining = out.position;
      this.recordClose(before, null, out.closedLots, out.closedValue, out.realizedPnl, 0n, 'system', remaining, t);
      this.afterPositionChange(before, remaining, out.closedLots, out.closedValue, out.realizedPnl, 0n, 'system');
      if (kind === 'adl') {
        this.repo.insertAdl({
          id: ++this.ids.a,
          liquidation_id: liqId,
          owner: to.owner,
          contract_id: rt.c.id,
          position_id: before.id,
          side: before.p.side === 'long' || remaining?.side === 'long' ? 'long' : 'short',
          lots,
          value,
          realized_pnl: out.realizedPnl,
          ts: t,
        });
      }
    }
    if (out.openedLots > 0n) {
      const pos = out.position as Position;
      const cur = to.positions.get(rt.c.id);
      if (cur) {
        this.setLots(cur, pos);
        cur.updatedAt = t;
        cur.openedLots += out.openedLots;
        cur.openedValue += out.openedValue;
        this.savePosition(cur);
      } else {
        const ps = new PositionState(++this.ids.p, to, rt, pos, t, t);
        ps.openedLots = out.openedLots;
        ps.openedValue = out.openedValue;
        this.attach(ps);
        this.savePosition(ps);
      }
    }
    const entries = cl.list();
    if (entries.length > 0) {
      this.deps.ledger.post({
        reference: `perp:${kind}:${tradeId}:counter`,
        reason: 'futures.liquidation',
        legs: entries,
      });
    }
    this.saveAccount(to);
    this.touch(to);
    return lots;
  }

  /** Auto-deleverage: opposite user positions by rank (PnL% × leverage), each up to what it can carry. */
  private adl(
    a: AccountState,
    target: PositionState,
    lots: bigint,
    bp: Ratio,
    liqId: number,
    poolNow: () => { pool: MarginPool; index: number },
  ): bigint {
    const rt = target.rt;
    const entries: AdlEntry[] = [];
    const byId = new Map<number, PositionState>();
    for (const ps of rt.positions.values()) {
      if (ps.p.side === target.p.side || ps.account.uid === null || ps.account === a) continue;
      const { pool, index } = this.poolOf(ps);
      const risk = poolRisk(pool);
      const cap = adlCapacity(pool, index, risk, target.p.side, bp);
      if (cap <= 0n) continue;
      entries.push({ id: ps.id, score: adlScore(pool, index, risk), lots: cap });
      byId.set(ps.id, ps);
    }
    const { fills } = allocateAdl(rankAdl(entries), lots);
    let done = 0n;
    for (const f of fills) {
      if (target.status !== 'open') break;
      const ps = byId.get(f.id) as PositionState;
      this.transferLots(a, target, ps.account, f.lots, bp, 'adl', liqId, poolNow, ps);
      done += f.lots;
    }
    return done;
  }

  private poolOf(ps: PositionState): { pool: MarginPool; index: number } {
    if (ps.p.mode === 'isolated') return { pool: isolatedPool(ps.p, this.markOf(ps.rt)), index: 0 };
    const { pool, list } = this.crossPoolOf(ps.account);
    return { pool, index: list.indexOf(ps) };
  }

  /** ADL lights of every position of a contract side, refreshed with the marks. */
  private refreshAdl(): void {
    for (const rt of this.bySymbol.values()) {
      for (const side of ['long', 'short'] as const) {
        const entries: AdlEntry[] = [];
        const list: PositionState[] = [];
        for (const ps of rt.positions.values()) {
          if (ps.p.side !== side || ps.account.uid === null) continue;
          const { pool, index } = this.poolOf(ps);
          entries.push({ id: ps.id, score: adlScore(pool, index, poolRisk(pool)), lots: ps.p.lots });
          list.push(ps);
        }
        const lights = adlIndicators(rankAdl(entries));
        for (const ps of list) ps.adl = lights.get(ps.id) ?? 0;
      }
    }
  }

  // ---- funding -----------------------------------------------------------------------------------------------------

  /** Each minute: a premium sample from the book's best prices against the index. */
  samplePremium(minute: number): void {
    for (const rt of this.bySymbol.values()) {
      const index = rt.index ?? this.indexOf(rt);
      if (index === null) continue;
      const bid = rt.book.bestBid();
      const ask = rt.book.bestAsk();
      const premium = bid !== undefined && ask !== undefined ? premiumSample(index, BigInt(bid), BigInt(ask)) : null;
      this.repo.upsertSample(rt.c.id, minute, premium, this.markOf(rt), index);
    }
  }

  /**
   * Settles every contract whose funding instant is `at` (a minute slot): exactly once per instant — the rate row's
   * key refuses a second settlement, and a missed instant is settled when the scheduler catches up.
   */
  settleFundingAt(at: number): void {
    for (const rt of this.bySymbol.values()) {
      const interval = rt.c.engine.funding.intervalMs;
      const last = this.repo.lastFundingRate(rt.c.id);
      // From the instant after the last one settled (or the contract's creation) up to now, each instant once.
      let next = last ? Number(last.time) + interval : Math.ceil(rt.c.createdAt / interval) * interval;
      for (let n = 0; next <= at && n < 10_000; n++, next += interval) {
        const instant = next;
        if (this.repo.fundingSettled(rt.c.id, instant)) continue;
        this.run(() => this.settleContractFunding(rt, instant));
      }
    }
  }

  private settleContractFunding(rt: ContractRuntime, at: number): void {
    const interval = rt.c.engine.funding.intervalMs;
    const samples = this.repo
      .samplesBetween(rt.c.id, at - interval, at)
      .map((s) => s.premium)
      .filter((p): p is bigint => p !== null);
    const premium = averagePremium(samples);
    const rate = fundingRate(rt.c.engine, premium);
    const sample = this.repo.sampleAtOrBefore(rt.c.id, at);
    const mark = sample?.mark ?? this.markOf(rt);
    const positions = [...rt.positions.values()].filter((ps) => ps.openedAt <= at);
    let longs = 0n;
    let shorts = 0n;
    for (const ps of positions) {
      if (ps.p.side === 'long') longs += ps.p.lots;
      else shorts += ps.p.lots;
    }
    let paid = 0n;
    let received = 0n;
    let payers = 0;
    let receivers = 0;
    let fundAmount = 0n;
    if (positions.length > 0 && longs === shorts && rate !== 0n) {
      const s = settleFunding(
        rt.c.engine,
        mark,
        rate,
        positions.map((ps) => ({
          id: ps.id,
          side: ps.p.side,
          lots: ps.p.lots,
          payable: ps.p.mode === 'isolated' ? ps.p.margin : null,
        })),
        this.available(this.fund),
      );
      const legs = new Legs();
      positions.forEach((ps, i) => {
        const amount = (s.amounts[i] as { amount: bigint }).amount;
        if (amount === 0n) return;
        if (amount < 0n) {
          paid -= amount;
          payers++;
        } else {
          received += amount;
          receivers++;
        }
        if (ps.p.mode === 'isolated') {
          legs.add(this.sub(ps.account, rt.c.symbol), amount);
          ps.p = { ...ps.p, margin: ps.p.margin + amount };
        } else this.crossLegs(legs, ps.account, amount);
        ps.funding += amount;
        ps.updatedAt = at;
        this.savePosition(ps);
        this.saveAccount(ps.account);
        this.touch(ps.account);
        if (ps.account.uid !== null) {
          this.repo.insertFundingPayment({
            id: ++this.ids.fp,
            owner: ps.account.owner,
            position_id: ps.id,
            contract_id: rt.c.id,
            side: ps.p.side,
            lots: ps.p.lots,
            mark,
            rate,
            amount,
            time: at,
          });
        }
      });
      legs.add(this.fund.main, s.insuranceFund);
      fundAmount = s.insuranceFund;
      const list = legs.list();
      if (list.length > 0) {
        this.deps.ledger.post({
          reference: `perp:funding:${rt.c.id}:${at}`,
          reason: 'futures.funding',
          legs: list,
          meta: { symbol: rt.c.symbol, time: at },
        });
      }
    }
    this.repo.insertFundingRate({
      contract_id: rt.c.id,
      time: at,
      rate,
      premium,
      mark,
      long_lots: longs,
      payers,
      receivers,
      paid,
      received,
      fund: fundAmount,
    });
    rt.lastFundingRate = rate;
  }

  // ---- the market maker ---------------------------------------------------------------------------------------------

  /** Funds the market maker and the insurance fund from the treasury once (demo capital). */
  seedCapital(mm: bigint, fund: bigint): void {
    const mmAcct = this.systemAccount(MARKET_MAKER);
    const fundAcct = this.fund;
    this.run(() => {
      const treasury = system(SYSTEM.treasury, SETTLEMENT_ASSET, 'contract');
      if (!this.deps.ledger.hasReference('perp:capital:mm')) {
        this.deps.ledger.transfer({
          reference: 'perp:capital:mm',
          reason: 'futures.capital',
          from: treasury,
          to: mmAcct.main,
          amount: mm,
        });
      }
      if (fund > 0n && !this.deps.ledger.hasReference('perp:capital:fund')) {
        this.deps.ledger.transfer({
          reference: 'perp:capital:fund',
          reason: 'futures.insurance',
          from: treasury,
          to: fundAcct.main,
          amount: fund,
        });
      }
    });
  }

  /** Re-quotes the market maker's ladder around the mark on every open contract (system capital, no holds). */
  quote(levels = 5): void {
    const mm = this.systemAccount(MARKET_MAKER);
    if (this.available(mm) <= 0n) return;
    for (const rt of this.bySymbol.values()) {
      if (rt.c.status !== 'open') continue;
      // Quotes around the index (the fair price), so the book's basis to the index stays small.
      const mark = rt.index ?? this.markOf(rt);
      const tick = rt.c.tick;
      const pos = mm.positions.get(rt.c.id);
      // A quote of about 20,000 USDT a level; skewed against the inventory it holds.
      const perLot = lotsNotional(rt.c.engine, mark, 1n);
      const base = perLot > 0n ? (20_000n * 10n ** BigInt(this.marginScale)) / perLot : 1n;
      const size = base < 1n ? 1n : base;
      const spreadTicks = (mark * 5n) / 10_000n / tick; // 5 bp from the mark
      const gap = spreadTicks < 1n ? 1n : spreadTicks;
      try {
        this.run(() => {
          for (const o of [...mm.orders.values()]) if (o.rt === rt) this.cancelOrder(o, 'requote');
          for (let i = 0n; i < BigInt(levels); i++) {
            const inv = pos ? pos.p.lots : 0n;
            const longSkew = pos && pos.p.side === 'long' ? inv : 0n;
            const shortSkew = pos && pos.p.side === 'short' ? inv : 0n;
            const bid = ((mark - gap * tick * (i + 1n)) / tick) * tick;
            const ask = ((mark + gap * tick * (i + 1n) + tick - 1n) / tick) * tick;
            const bidLots = size + (i === 0n ? shortSkew : 0n);
            const askLots = size + (i === 0n ? longSkew : 0n);
            if (bid > 0n) this.mmPlace(mm, rt, 'buy', bid, bidLots);
            this.mmPlace(mm, rt, 'sell', ask, askLots);
          }
        });
      } catch (e) {
        this.deps.log.warn({ err: e, symbol: rt.c.symbol }, 'perp market maker could not quote');
      }
    }
  }

  /** Takes the market maker's quotes off every book (a test's empty book; an operator pausing the bot). */
  pullQuotes(): void {
    const mm = this.systemAccount(MARKET_MAKER);
    this.run(() => {
      for (const o of [...mm.orders.values()]) this.cancelOrder(o, 'requote');
    });
  }

  private mmPlace(mm: AccountState, rt: ContractRuntime, side: 'buy' | 'sell', price: bigint, lots: bigint): void {
    const other = side === 'buy' ? rt.book.bestAsk() : rt.book.bestBid();
    // Quotes only rest: a level that would cross is skipped (post-only).
    if (other !== undefined && (side === 'buy' ? price >= BigInt(other) : price <= BigInt(other))) return;
    this.place(mm, rt, {
      side,
      type: 'limit',
      price,
      lots,
      tif: 'GTC',
      postOnly: true,
      reduceOnly: false,
      kind: 'system',
      clientOrderId: null,
      tp: null,
      sl: null,
    });
  }

  /**
   * The insurance fund closes the positions it took over (liquidations the book could not take) back into the book,
   * a slice at a time so that it does not crash the price it sells into: each run, per contract, a reduce-only IOC of
   * at most UNWIND_NOTIONAL_USDT, limited at the mark ∓ 1% (rounded in the fund's favour). What the book does not take
   * stays with the fund for the next run. Its PnL on the way is the fund's (the fill settles like any other).
   * Returns the lots closed.
   */
  unwindFund(): bigint {
    const fund = this.fund;
    let closed = 0n;
    for (const ps of [...fund.positions.values()]) {
      const rt = ps.rt;
      if (rt.c.status !== 'open' || ps.status !== 'open') continue;
      const side = ps.p.side === 'long' ? 'sell' : 'buy';
      if ((side === 'sell' ? rt.book.bestBid() : rt.book.bestAsk()) === undefined) continue;
      const mark = this.markOf(rt);
      const tick = rt.c.tick;
      const slip = (mark * UNWIND_SLIPPAGE_PPM) / 1_000_000n;
      const limit = side === 'sell' ? ((mark - slip + tick - 1n) / tick) * tick : ((mark + slip) / tick) * tick;
      if (limit <= 0n) continue;
      const perLot = lotsNotional(rt.c.engine, mark, 1n);
      const cap = perLot > 0n ? (UNWIND_NOTIONAL_USDT * 10n ** BigInt(this.marginScale)) / perLot : ps.p.lots;
      const lots = ps.p.lots < cap ? ps.p.lots : cap < 1n ? 1n : cap;
      try {
        const o = this.run(() =>
          this.place(fund, rt, {
            side,
            type: 'limit',
            price: limit,
            lots,
            tif: 'IOC',
            postOnly: false,
            reduceOnly: true,
            kind: 'system',
            clientOrderId: null,
            tp: null,
            sl: null,
          }),
        );
        closed += o.filledLots;
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        this.deps.log.warn({ err: e, symbol: rt.c.symbol }, 'the insurance fund could not unwind');
      }
    }
    return closed;
  }

  // ---- time ----------------------------------------------------------------------------------------------------------

  /** Each second: marks, TP/SL triggers, the liquidation sweep, the ADL lights, live frames. */
  tick(now: number): void {
    this.refreshMarks(now);
    this.openMinutes(now);
    this.triggerTpSl();
    this.sweep();
    if (now - this.adlRankedAt >= ADL_LIGHTS_EVERY_MS || now < this.adlRankedAt) {
      this.adlRankedAt = now;
      this.refreshAdl();
    }
    this.publishSecond(now);
  }

  jobs(): JobDefinition[] {
    return [
      {
        name: 'mark',
        description: 'Index and mark of each contract, TP/SL triggers and the liquidation sweep at the mark',
        everyMs: SECOND,
        catchUp: 'latest',
        run: ({ now }) => this.tick(now),
      },
      {
        name: 'premium',
        description: 'Sample each contract’s premium index (book against index) for funding',
        everyMs: MINUTE,
        catchUp: 'latest',
        run: ({ at }) => this.run(() => this.samplePremium(at)),
      },
      {
        name: 'funding',
        description: 'Settle funding at each contract’s funding instant, exactly once, caught up after downtime',
        everyMs: MINUTE,
        // Each run settles every instant since the last settled one, so a single run after downtime catches up.
        catchUp: 'latest',
        run: ({ at }) => this.settleFundingAt(at),
      },
      {
        name: 'unwind-fund',
        description: 'The insurance fund closes the positions it took over back into the book, a slice at a time',
        everyMs: UNWIND_EVERY_MS,
        catchUp: 'latest',
        run: () => {
          this.unwindFund();
        },
      },
      {
        name: 'market-maker',
        description: 'The demo market maker re-quotes a ladder around each contract’s mark (system capital)',
        everyMs: 2 * SECOND,
        catchUp: 'latest',
        run: () => this.quote(),
      },
      {
        name: 'prune',
        description: 'Forget premium samples older than two days',
        everyMs: 3_600_000,
        catchUp: 'latest',
        run: ({ at }) => this.run(() => this.repo.pruneSamples(at - 2 * DAY)),
      },
    ];
  }

  // ---- records and persistence ----------------------------------------------------------------------------------------

  /**
   * A trade in the contract's current minute. The minute's row is changed in place (it is this runtime's own: a
   * rollback rebuilds the runtime and its rows), written once at the commit, and published once per transaction.
   */
  private candle(rt: ContractRuntime, t: number, price: bigint, lots: bigint, value: bigint): void {
    const start = Math.floor(t / MINUTE) * MINUTE;
    // The contract's newest minute, read once per runtime (a rollback rebuilds the runtime, and with it this).
    const last = rt.lastMinute === undefined ? this.repo.lastCandle(rt.c.id, '1m') : rt.lastMinute;
    let row: CandleRow;
    if (last && last.t === start) {
      row = last;
      if (price > row.h) row.h = price;
      if (price < row.l) row.l = price;
      row.c = price;
      row.v += lots;
      row.qv += value;
      row.n += 1;
    } else {
      row = {
        contract_id: rt.c.id,
        period: '1m',
        t: start,
        o: price,
        h: price,
        l: price,
        c: price,
        v: lots,
        qv: value,
        n: 1,
      };
    }
    this.rows.candle(row);
    this.rowsChanged();
    rt.lastMinute = row;
    // The minutes this transaction changed, published once it commits (a minute that ended in it, then the new one).
    const queued = rt.candlesToPublish;
    if (queued === null) {
      const list = [row];
      rt.candlesToPublish = list;
      this.deps.tx.afterRollback(() => {
        if (rt.candlesToPublish === list) rt.candlesToPublish = null;
      });
      this.deps.tx.afterCommit(() => {
        rt.candlesToPublish = null;
        for (const minute of list) this.publishCandles(rt, minute);
      });
    } else if (queued[queued.length - 1] !== row) queued.push(row);
  }

  /**
   * At each new minute, the contracts that have not traded in it yet show their new candle on `swap-kline` at once,
   * flat at the last close (as spot's candle-close job does): a quiet market's chart moves on instead of waiting for
   * a trade. Nothing is written: a minute without trades has no row, and `kline` fills it the same way.
   */
  private openMinutes(now: number): void {
    const minute = Math.floor(now / MINUTE) * MINUTE;
    for (const rt of this.bySymbol.values()) {
      if (rt.openedMinute === minute) continue;
      rt.openedMinute = minute;
      const last = rt.lastMinute === undefined ? this.repo.lastCandle(rt.c.id, '1m') : rt.lastMinute;
      rt.lastMinute = last;
      if (last && last.t < minute) this.publishCandles(rt, flatCandle(last, minute));
    }
  }

  /**
   * `swap-kline` for every period with a subscriber, as the trade left it: the 1-minute candle itself, and each longer
   * period's candle = the 1-minute candles of the period before this minute (read once a minute, cached) merged with
   * this minute's — the same figures `/api/swap/kline` aggregates.
   */
  private publishCandles(rt: ContractRuntime, minute: CandleRow): void {
    const { hub } = this.deps;
    for (const period of KLINE_PERIODS) {
      const topic = `${rt.c.symbol}:${period}`;
      if (hub.subscriberCount('swap-kline', topic) === 0) continue;
      let candle = minute;
      if (period !== '1m') {
        const ms = PERIOD_MS[period];
        const start = Math.floor(minute.t / ms) * ms;
        const before = this.candlePrefix(rt, period, start, minute.t);
        candle = before
          ? {
              ...before,
              h: minute.h > before.h ? minute.h : before.h,
              l: minute.l < before.l ? minute.l : before.l,
              c: minute.c,
              v: before.v + minute.v,
              qv: before.qv + minute.qv,
              n: before.n + minute.n,
            }
          : { ...minute, t: start };
      }
      hub.publish('swap-kline', topic, { symbol: rt.c.symbol, period, candle: this.candleView(rt, candle) });
    }
  }

  /** The 1-minute candles of [start, minute) merged (null when none traded), cached until the minute changes. */
  private candlePrefix(rt: ContractRuntime, period: KlinePeriod, start: number, minute: number): CandleRow | null {
    const cached = rt.klinePrefix.get(period);
    if (cached && cached.start === start && cached.minute === minute) return cached.candle;
    let candle: CandleRow | null = null;
    for (const k of this.repo.candlesSince(rt.c.id, '1m', start)) {
      if (k.t >= minute) continue;
      if (!candle) candle = { ...k, t: start };
      else {
        if (k.h > candle.h) candle.h = k.h;
        if (k.l < candle.l) candle.l = k.l;
        candle.c = k.c;
        candle.v += k.v;
        candle.qv += k.qv;
        candle.n += k.n;
      }
    }
    rt.klinePrefix.set(period, { start, minute, candle });
    return candle;
  }

  private savePosition(ps: PositionState): void {
    this.riskDirty.add(ps.account);
    this.rows.position(ps);
    ps.isNew = false;
    this.rowsChanged();
  }

  private saveOrder(o: OrderState): void {
    if (o.account.uid === null) return;
    this.riskDirty.add(o.account);
    this.rows.order(o);
    o.isNew = false;
    this.rowsChanged();
  }

  private insertTrade(t: TradeRow): void {
    this.rows.trade(t);
    this.rowsChanged();
  }

  private insertFill(f: FillRow): void {
    this.rows.fill(f);
    this.rowsChanged();
  }

  // ---- live ------------------------------------------------------------------------------------------------------------

  private touch(a: AccountState): void {
    if (a.uid !== null) this.dirtyUsers.add(a.uid);
    this.riskDirty.add(a);
  }

  private markDepth(rt: ContractRuntime): void {
    rt.snapshotDue = true;
  }

  /**
   * The order's view as it is now, built only when a frame is serialised (the hub does that only for a user with a
   * socket subscribed): a copy of the order's fields keeps "now" until then.
   */
  private lazyOrderView(o: OrderState): () => SwapOrder {
    const copy: OrderViewFields = {
      id: o.id,
      clientOrderId: o.clientOrderId,
      rt: o.rt,
      side: o.side,
      kind: o.kind,
      type: o.type,
      tif: o.tif,
      postOnly: o.postOnly,
      reduceOnly: o.reduceOnly,
      price: o.price,
      lots: o.lots,
      filledLots: o.filledLots,
      filledValue: o.filledValue,
      frozen: o.frozen,
      fee: o.fee,
      realized: o.realized,
      leverage: o.leverage,
      mode: o.mode,
      tp: o.tp,
      sl: o.sl,
      status: o.status,
      reason: o.reason,
      positionId: o.positionId,
      closeKind: o.closeKind,
      source: o.source,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
    };
    let view: SwapOrder | undefined;
    return () => (view ??= this.orderView(copy));
  }

  private pushOrder(o: OrderState, finished = false): void {
    const uid = o.account.uid;
    if (uid === null || !this.deps.hub.online(uid)) return;
    const view = this.lazyOrderView(o);
    this.deps.tx.afterCommit(() => {
      this.deps.hub.publishToUser(uid, 'swap-entrust-order', { toJSON: () => ({ order: view(), fills: [] }) });
      if (finished) {
        this.deps.hub.publishToUser(uid, 'swap history-order', { toJSON: () => ({ order: view(), close: null }) });
      }
    });
  }

  private pushFill(o: OrderState, fill: FillRow): void {
    const uid = o.account.uid as number;
    if (!this.deps.hub.online(uid)) return;
    const view = this.lazyOrderView(o);
    this.deps.tx.afterCommit(() =>
      this.deps.hub.publishToUser(uid, 'swap-entrust-order', {
        toJSON: () => ({ order: view(), fills: [this.fillView(fill)] }),
      }),
    );
  }

  private publishSecond(now: number): void {
    const { hub } = this.deps;
    for (const rt of this.bySymbol.values()) {
      const pending = this.pendingTrades.get(rt.c.id) ?? [];
      this.pendingTrades.delete(rt.c.id);
      if (hub.subscriberCount('swap-ticker', rt.c.symbol) > 0) {
        const trades: PublicTrade[] = pending.map((t) => ({
          id: t.id,
          price: formatPrice(rt.c, t.price),
          quantity: formatSize(rt.c, t.lots),
          side: t.side,
          ts: t.ts,
        }));
        hub.publish('swap-ticker', rt.c.symbol, { ticker: this.ticker(rt), trades });
      }
      const changed = rt.book.drainChangedLevels();
      if (changed.changes.length > 0 || rt.snapshotDue) {
        rt.snapshotDue = false;
        const prev = rt.depthSeq;
        rt.depthSeq = changed.toSeq > prev ? changed.toSeq : prev + 1;
        if (hub.subscriberCount('swap-depth', rt.c.symbol) > 0) {
          const bids: [string, string][] = [];
          const asks: [string, string][] = [];
          for (const ch of changed.changes) {
            const level: [string, string] = [formatPrice(rt.c, BigInt(ch.price)), String(ch.qty)];
            (ch.side === 'buy' ? bids : asks).push(level);
          }
          hub.publish('swap-depth', rt.c.symbol, {
            type: 'diff',
            symbol: rt.c.symbol,
            seq: rt.depthSeq,
            prevSeq: prev,
            bids,
            asks,
            ts: now,
          });
        }
      }
    }
    const users = new Set<number>(this.dirtyUsers);
    this.dirtyUsers.clear();
    for (const a of this.accounts.values()) if (a.uid !== null && a.positions.size > 0) users.add(a.uid);
    for (const uid of users) {
      // Built only when the user has a socket subscribed (the hub serialises it then): no work for the others.
      hub.publishToUser(uid, 'swap-positions', { toJSON: () => this.positionsFrame(uid) });
    }
  }

  private positionsFrame(uid: number) {
    const closed = this.closedForFrame.get(uid) ?? [];
    this.closedForFrame.delete(uid);
    return { positions: this.positions(uid), account: this.accountView(uid), closed };
  }

  /** Registers the swap channels (spec §7) with the hub. */
  registerChannels(hub: Hub): void {
    const symbolParams = z.object({ symbol: z.string() });
    hub.register({
      name: 'swap-ticker',
      params: symbolParams,
      topic: (p) => p.symbol,
      snapshot: (p) => {
        const rt = this.bySymbol.get(p.symbol);
        return rt ? { ticker: this.ticker(rt), trades: [] } : undefined;
      },
    });
    hub.register({
      name: 'swap-kline',
      params: z.object({ symbol: z.string(), period: KlinePeriodSchema.default('1m') }),
      topic: (p) => `${p.symbol}:${p.period}`,
      snapshot: (p) => {
        if (!this.bySymbol.has(p.symbol)) return undefined;
        const last = this.kline(p.symbol, p.period, undefined, 1)[0];
        return last ? { symbol: p.symbol, period: p.period, candle: last } : undefined;
      },
    });
    hub.register({
      name: 'swap-depth',
      params: symbolParams,
      topic: (p) => p.symbol,
      snapshot: (p) => {
        if (!this.bySymbol.has(p.symbol)) return undefined;
        const d = this.depth(p.symbol, 0, 50);
        return {
          type: 'snapshot' as const,
          symbol: d.symbol,
          seq: d.seq,
          prevSeq: d.seq,
          bids: d.bids,
          asks: d.asks,
          ts: d.ts,
        };
      },
    });
    hub.register({ name: 'swap-entrust-order', private: true });
    hub.register({
      name: 'swap-positions',
      private: true,
      snapshot: (_p, sub) => (sub.uid === null ? undefined : this.positionsFrame(sub.uid)),
    });
    hub.register({ name: 'swap history-order', private: true });
  }

  // ---- views -----------------------------------------------------------------------------------------------------

  accountView(uid: number): SwapAccount {
    const a = this.account(uid);
    const f = this.figures(a);
    const ratio = a.crossPositions().length > 0 ? marginRatio(f.crossMm, f.crossEquity) : null;
    return {
      asset: SETTLEMENT_ASSET,
      walletBalance: formatMoney(f.bal.available + f.bal.frozen),
      available: formatMoney(f.bal.available),
      frozen: formatMoney(f.bal.frozen),
      free: formatMoney(f.free),
      unpaidLoss: formatMoney(a.unpaid),
      unrealizedPnl: formatMoney(f.upnl),
      crossEquity: formatMoney(f.crossEquity),
      crossInitialMargin: formatMoney(f.crossIm),
      crossMaintenanceMargin: formatMoney(f.crossMm),
      crossMarginRatio: ratio === null ? null : formatPercent(ratio),
      isolatedMargin: formatMoney(f.isolated),
      equity: formatMoney(f.bal.available + f.bal.frozen + f.isolated + f.upnl - a.unpaid),
      openPositions: a.positions.size,
      transferLocked: a.positions.size > 0,
    };
  }

  positions(uid: number, symbol?: string): SwapPosition[] {
    const a = this.account(uid);
    return [...a.positions.values()]
      .filter((ps) => symbol === undefined || ps.rt.c.symbol === symbol)
      .sort((x, y) => x.id - y.id)
      .map((ps) => this.positionView(ps));
  }

  positionView(ps: PositionState): SwapPosition {
    const c = ps.rt.c;
    const mark = this.markOf(ps.rt);
    const open = ps.status === 'open';
    let liq: bigint | null = null;
    let bank: Ratio | null = null;
    let ratio: bigint | null = null;
    let mm = 0n;
    let upnl = 0n;
    let roe = 0n;
    let im = 0n;
    if (open) {
      const { pool, index } = this.poolOf(ps);
      const risk = poolRisk(pool);
      liq = liquidationPrice(pool, index, risk);
      bank = bankruptcyPrice(pool, index, risk);
      ratio = marginRatio(risk.maintenance, risk.equity);
      mm = maintenanceMargin(ps.p, mark);
      upnl = unrealizedPnl(ps.p, mark);
      roe = returnOnEquity(ps.p, mark);
      im = initialMargin(ps.p);
    }
    const entryLots = open ? ps.p.lots : ps.openedLots;
    const entryCost = open ? ps.p.cost : ps.openedValue;
    return {
      id: ps.id,
      symbol: c.symbol,
      side: ps.p.side,
      marginMode: ps.p.mode,
      leverage: ps.p.leverage,
      lots: Number(ps.p.lots),
      size: formatSize(c, ps.p.lots),
      entryPrice: entryLots > 0n ? formatRatioPrice(c, entryCost, entryLots * c.engine.lotValue) : '0',
      markPrice: formatPrice(c, mark),
      liquidationPrice: liq === null ? null : formatPrice(c, liq),
      bankruptcyPrice: bank === null ? null : formatRatioPrice(c, bank.num, bank.den),
      notional: formatMoney(lotsNotional(c.engine, mark, ps.p.lots)),
      margin: formatMoney(ps.p.mode === 'isolated' ? ps.p.margin : im),
      initialMargin: formatMoney(im),
      maintenanceMargin: formatMoney(mm),
      marginRatio: ratio === null ? null : formatPercent(ratio),
      unrealizedPnl: formatMoney(upnl),
      roe: formatPercent(roe),
      realizedPnl: formatMoney(ps.realized),
      fees: formatMoney(ps.fees),
      funding: formatMoney(ps.funding),
      adl: open ? ps.adl : 0,
      takeProfit: ps.tp === null ? null : formatPrice(c, ps.tp),
      stopLoss: ps.sl === null ? null : formatPrice(c, ps.sl),
      maxRemovableMargin: formatMoney(open ? maxRemovableMargin(ps.p, mark) : 0n),
      inLiquidation: ps.inLiquidation || (ps.p.mode === 'cross' && ps.account.crossInLiquidation),
      status: ps.status,
      closeKind: ps.closeKind,
      exitPrice: ps.closedLots > 0n ? formatRatioPrice(c, ps.closedValue, ps.closedLots * c.engine.lotValue) : null,
      closedLots: Number(ps.closedLots),
      openedAt: ps.openedAt,
      updatedAt: ps.updatedAt,
      closedAt: ps.closedAt,
    };
  }

  private positionFromRow(row: PositionRow): PositionState {
    const rt = this.byId.get(Number(row.contract_id));
    if (!rt) fail('NOT_FOUND');
    const live = rt.positions.get(Number(row.id));
    if (live) return live;
    const a = this.account(Number(row.owner));
    const ps = new PositionState(
      Number(row.id),
      a,
      rt,
      {
        contract: rt.c.engine,
        side: row.side,
        lots: row.lots,
        cost: row.cost,
        leverage: Number(row.leverage),
        mode: row.margin_mode,
        margin: row.margin,
      },
      Number(row.opened_at),
      Number(row.updated_at),
    );
    ps.realized = row.realized_pnl;
    ps.fees = row.fees;
    ps.funding = row.funding;
    ps.closedLots = row.closed_lots;
    ps.closedValue = row.closed_value;
    ps.openedLots = row.opened_lots;
    ps.openedValue = row.opened_value;
    ps.tp = row.take_profit;
    ps.sl = row.stop_loss;
    ps.status = row.status;
    ps.closeKind = row.close_kind as SwapCloseKind | null;
    ps.closedAt = row.closed_at === null ? null : Number(row.closed_at);
    ps.isNew = false;
    return ps;
  }

  orderView(o: OrderViewFields): SwapOrder {
    const c = o.rt.c;
    const avg = o.filledLots > 0n ? formatRatioPrice(c, o.filledValue, o.filledLots * c.engine.lotValue) : null;
    return {
      id: o.id,
      clientOrderId: o.clientOrderId,
      symbol: c.symbol,
      side: o.side,
      action: o.reduceOnly ? 'close' : 'open',
      kind: o.kind,
      type: o.type,
      timeInForce: o.tif,
      postOnly: o.postOnly,
      reduceOnly: o.reduceOnly,
      price: o.price === null ? null : formatPrice(c, o.price),
      lots: Number(o.lots),
      filledLots: Number(o.filledLots),
      avgPrice: avg,
      orderValue:
        o.price !== null
          ? formatMoney(lotsNotional(c.engine, o.price, o.lots))
          : o.filledLots > 0n
            ? formatMoney(o.filledValue)
            : null,
      filledValue: formatMoney(o.filledValue),
      frozen: formatMoney(o.frozen),
      fee: formatMoney(o.fee),
      realizedPnl: formatMoney(o.realized),
      leverage: o.leverage,
      marginMode: o.mode,
      takeProfit: o.tp === null ? null : formatPrice(c, o.tp),
      stopLoss: o.sl === null ? null : formatPrice(c, o.sl),
      status: o.status,
      reason: o.reason,
      positionId: o.positionId,
      closeKind: o.closeKind,
      source: o.source,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
    };
  }

  private orderRowView(row: OrderRow): SwapOrder {
    const rt = this.byId.get(Number(row.contract_id));
    if (!rt) fail('NOT_FOUND');
    return this.orderView(this.orderFromRow(row, rt));
  }

  fillView(f: FillRow): SwapFill {
    const rt = this.byId.get(Number(f.contract_id)) as ContractRuntime;
    return {
      id: Number(f.id),
      tradeId: Number(f.trade_id),
      orderId: f.order_id === null ? null : Number(f.order_id),
      positionId: f.position_id === null ? null : Number(f.position_id),
      symbol: rt.c.symbol,
      side: f.side,
      price: formatPrice(rt.c, f.price),
      lots: Number(f.lots),
      value: formatMoney(f.value),
      fee: formatMoney(f.fee),
      realizedPnl: formatMoney(f.realized_pnl),
      role: f.role,
      kind: f.kind,
      ts: Number(f.ts),
    };
  }

  closeView(r: CloseRow): SwapClose {
    const rt = this.byId.get(Number(r.contract_id)) as ContractRuntime;
    const den = r.lots * rt.c.engine.lotValue;
    return {
      id: Number(r.id),
      positionId: Number(r.position_id),
      orderId: r.order_id === null ? null : Number(r.order_id),
      symbol: rt.c.symbol,
      side: r.side,
      lots: Number(r.lots),
      entryPrice: formatRatioPrice(rt.c, r.entry_value, den),
      exitPrice: formatRatioPrice(rt.c, r.exit_value, den),
      realizedPnl: formatMoney(r.realized_pnl),
      fee: formatMoney(r.fee),
      kind: r.kind as SwapCloseKind,
      final: Number(r.final) === 1,
      ts: Number(r.ts),
    };
  }

  fundingView(r: {
    id: unknown;
    position_id: unknown;
    contract_id: unknown;
    side: PositionSide;
    lots: bigint;
    mark: bigint;
    rate: bigint;
    amount: bigint;
    time: unknown;
  }): SwapFundingPayment {
    const rt = this.byId.get(Number(r.contract_id)) as ContractRuntime;
    return {
      id: Number(r.id),
      positionId: Number(r.position_id),
      symbol: rt.c.symbol,
      side: r.side,
      lots: Number(r.lots),
      mark: formatPrice(rt.c, r.mark),
      rate: formatDecimal(r.rate, 12),
      amount: formatMoney(r.amount),
      time: Number(r.time),
    };
  }

  // ---- the caller's records -----------------------------------------------------------------------------------------

  private contractIdOf(symbol: string | undefined): number | undefined {
    return symbol === undefined ? undefined : this.rt(symbol).c.id;
  }

  openOrders(uid: number, q: { symbol?: string | undefined; page: number; size: number }) {
    const a = this.account(uid);
    const all = [...a.orders.values()]
      .filter((o) => q.symbol === undefined || o.rt.c.symbol === q.symbol)
      .sort((x, y) => y.id - x.id);
    const list = all.slice((q.page - 1) * q.size, q.page * q.size).map((o) => this.orderView(o));
    return { list, total: all.length, page: q.page, size: q.size };
  }

  orders(
    uid: number,
    q: {
      symbol?: string | undefined;
      status?: string | undefined;
      from?: number | undefined;
      to?: number | undefined;
      page: number;
      size: number;
    },
  ) {
    const now = this.deps.clock.now();
    const statuses = q.status ? [q.status] : ['trading', 'complete', 'closed', 'cancelled'];
    const { rows, total } = this.repo.ordersOf(
      uid,
      { contractId: this.contractIdOf(q.symbol), statuses, from: q.from ?? now - 92 * DAY, to: q.to ?? now },
      q.size,
      (q.page - 1) * q.size,
    );
    return { list: rows.map((r) => this.orderRowView(r)), total, page: q.page, size: q.size };
  }

  order(uid: number, id: number) {
    const live = this.account(uid).orders.get(id);
    const row = this.repo.orderById(id);
    if (!row || Number(row.owner) !== uid) fail('ORDER_NOT_FOUND');
    return {
      order: live ? this.orderView(live) : this.orderRowView(row),
      fills: this.repo.fillsOfOrder({ id, owner: uid, createdAt: Number(row.created_at) }).map((f) => this.fillView(f)),
    };
  }

  positionHistory(uid: number, q: { symbol?: string | undefined; page: number; size: number }) {
    const { rows, total } = this.repo.positionsOf(
      uid,
      { contractId: this.contractIdOf(q.symbol), status: 'closed', from: this.deps.clock.now() - 92 * DAY },
      q.size,
      (q.page - 1) * q.size,
    );
    return { list: rows.map((r) => this.positionView(this.positionFromRow(r))), total, page: q.page, size: q.size };
  }

  position(uid: number, id: number) {
    const row = this.repo.positionById(id);
    if (!row || Number(row.owner) !== uid) fail('NOT_FOUND');
    const ps = this.positionFromRow(row);
    const of = { id, owner: uid, openedAt: Number(row.opened_at) };
    return {
      position: this.positionView(ps),
      orders: this.repo.ordersOfPosition(of).map((r) => this.orderRowView(r)),
      fills: this.repo.fillsOfPosition(of).map((f) => this.fillView(f)),
      closes: this.repo.closesOfPosition(of).map((r) => this.closeView(r)),
      funding: this.repo.fundingOfPosition(id).map((r) => this.fundingView(r)),
    };
  }

  fills(uid: number, q: { symbol?: string | undefined; page: number; size: number }) {
    const { rows, total } = this.repo.fillsOf(uid, this.contractIdOf(q.symbol), q.size, (q.page - 1) * q.size);
    return { list: rows.map((f) => this.fillView(f)), total, page: q.page, size: q.size };
  }

  closes(uid: number, q: { symbol?: string | undefined; page: number; size: number }) {
    const { rows, total } = this.repo.closesOf(uid, this.contractIdOf(q.symbol), q.size, (q.page - 1) * q.size);
    return { list: rows.map((r) => this.closeView(r)), total, page: q.page, size: q.size };
  }

  funding(uid: number, q: { symbol?: string | undefined; page: number; size: number }) {
    const { rows, total } = this.repo.fundingOf(uid, this.contractIdOf(q.symbol), q.size, (q.page - 1) * q.size);
    return { list: rows.map((r) => this.fundingView(r)), total, page: q.page, size: q.size };
  }

  preview(
    uid: number,
    body: {
      symbol: string;
      side: 'buy' | 'sell';
      type: 'limit' | 'market';
      price?: string | undefined;
      lots: number;
      reduceOnly: boolean;
      leverage?: number | undefined;
      marginMode?: MarginMode | undefined;
    },
  ): SwapPreview {
    const rt = this.rt(body.symbol);
    const a = this.account(uid);
    const s = this.setting(a, rt);
    const leverage = body.leverage ?? s.leverage;
    if (leverage > rt.c.engine.maxLeverage) fail('LEVERAGE_INVALID', { max: rt.c.engine.maxLeverage });
    const mode = body.marginMode ?? s.mode;
    const price = body.type === 'limit' && body.price !== undefined ? this.parsePrice(rt, body.price) : this.markOf(rt);
    const lots = BigInt(body.lots);
    const value = lotsNotional(rt.c.engine, price, lots);
    const ppm = this.deps.fees.rate(uid, PRODUCT, rt.c.engine.takerFeePpm);
    const margin = body.reduceOnly ? 0n : initialMarginFor(value, leverage);
    const fee = feeFor(value, ppm);
    let liq: bigint | null = null;
    const existing = a.positions.get(rt.c.id)?.p ?? null;
    if (lots > 0n && !body.reduceOnly) {
      const out = applyFill(existing, rt.c.engine, { side: body.side, lots, price }, { leverage, mode, feePpm: ppm });
      if (out.position) {
        if (out.position.mode === 'isolated') {
          const pool = isolatedPool(out.position, price);
          liq = liquidationPrice(pool, 0);
        } else {
          const others = a
            .crossPositions()
            .filter((p) => p.rt !== rt)
            .map((p) => p.p);
          const marks = new Map<string, bigint>();
          for (const p of a.crossPositions()) marks.set(p.rt.c.symbol, this.markOf(p.rt));
          marks.set(rt.c.symbol, price);
          const wallet = this.available(a) - fee;
          const pool = crossPool(
            { wallet: wallet > 0n ? wallet : 0n, unpaidLoss: a.unpaid, positions: [...others, out.position] },
            marks,
          );
          liq = liquidationPrice(pool, pool.positions.length - 1);
        }
      }
    }
    return {
      symbol: body.symbol,
      side: body.side,
      lots: body.lots,
      price: formatPrice(rt.c, price),
      orderValue: formatMoney(value),
      margin: formatMoney(margin),
      fee: formatMoney(fee),
      cost: formatMoney(body.reduceOnly ? 0n : margin + fee),
      liquidationPrice: liq === null ? null : formatPrice(rt.c, liq),
      maxLots: {
        buy: Number(this.maxLots(a, rt, 'buy', price, leverage)),
        sell: Number(this.maxLots(a, rt, 'sell', price, leverage)),
      },
      free: formatMoney(this.figures(a).free),
      leverage,
      marginMode: mode,
    };
  }

  // ---- operators ------------------------------------------------------------------------------------------------------

  adminContracts(): SwapContract[] {
    return [...this.bySymbol.values()].map((rt) => contractView(rt.c));
  }

  createContract(input: SwapContractInput): SwapContract {
    const row = rowFromInput(input, this.deps.clock.now(), this.marginScale);
    if (this.bySymbol.has(row.symbol)) fail('CONTRACT_EXISTS');
    if (!this.deps.ledger.hasAsset(row.quote) || row.quote !== SETTLEMENT_ASSET) fail('ASSET_NOT_FOUND');
    const id = this.repo.insertContract(row);
    const rt = new ContractRuntime(configFromRow({ ...row, id }, this.marginScale));
    this.deps.tx.afterRollback(() => this.load());
    this.bySymbol.set(rt.c.symbol, rt);
    this.byId.set(id, rt);
    return contractView(rt.c);
  }

  updateContract(symbol: string, patch: SwapContractUpdate): SwapContract {
    const rt = this.rt(symbol);
    const row = this.repo.contracts().find((r) => r.id === rt.c.id);
    if (!row) fail('MARKET_NOT_FOUND');
    const next = rowWithUpdate(row, patch, this.deps.clock.now(), this.marginScale);
    this.repo.updateContract(next);
    this.deps.tx.afterRollback(() => this.load());
    rt.c = configFromRow(next, this.marginScale);
    for (const ps of rt.positions.values()) ps.p = { ...ps.p, contract: rt.c.engine };
    if (next.status === 'closed') {
      // A suspended contract takes no order: resting ones are cancelled (system), positions stay.
      for (const a of this.accounts.values())
        for (const o of [...a.orders.values()]) if (o.rt === rt) this.cancelOrder(o, 'system');
    }
    return contractView(rt.c);
  }

  setTiers(symbol: string, tiers: readonly RiskTierInput[]): SwapContract {
    const rt = this.rt(symbol);
    const row = this.repo.contracts().find((r) => r.id === rt.c.id);
    if (!row) fail('MARKET_NOT_FOUND');
    const next = { ...row, tiers: tiersToJson(parseTiers(tiers)), updated_at: this.deps.clock.now() };
    const built = rowWithUpdate(next, {}, next.updated_at, this.marginScale);
    this.repo.updateContract(built);
    this.deps.tx.afterRollback(() => this.load());
    rt.c = configFromRow(built, this.marginScale);
    for (const ps of rt.positions.values()) ps.p = { ...ps.p, contract: rt.c.engine };
    return contractView(rt.c);
  }

  insurance(before: number | undefined, limit: number): SwapInsurance {
    const fund = this.fund;
    const page = this.deps.ledger.statement(fund.main, before === undefined ? { limit } : { before, limit });
    const list = page.list;
    return {
      asset: SETTLEMENT_ASSET,
      balance: formatMoney(this.available(fund)),
      positions: [...fund.positions.values()].map((ps) => ({
        symbol: ps.rt.c.symbol,
        side: ps.p.side,
        lots: Number(ps.p.lots),
        upnl: formatMoney(unrealizedPnl(ps.p, this.markOf(ps.rt))),
      })),
      lines: list.map((l) => ({
        entryId: l.entryId,
        reason: l.reason,
        reference: l.reference,
        amount: formatMoney(l.available),
        balanceAfter: formatMoney(l.availableAfter),
        ts: l.createdAt,
      })),
      next: page.next,
    };
  }

  topUpInsurance(amount: string, note: string | undefined): SwapInsurance {
    let units: bigint;
    try {
      units = parseDecimal(amount, this.marginScale);
    } catch (e) {
      if (e instanceof DecimalError) fail('INVALID_PARAMS');
      throw e;
    }
    if (units <= 0n) fail('INVALID_PARAMS');
    const t = this.deps.clock.now();
    this.deps.ledger.transfer({
      reference: `perp:insurance:topup:${t}:${++this.ids.l}`,
      reason: 'futures.insurance',
      from: system(SYSTEM.treasury, SETTLEMENT_ASSET, 'contract'),
      to: this.fund.main,
      amount: units,
      meta: note ? { note } : undefined,
    });
    return this.insurance(undefined, 50);
  }

  private ownerLabel(owner: number): { uid: number | null; owner: string } {
    if (owner >= SYSTEM_OWNER_BASE) return { uid: null, owner: this.systemName(owner) };
    return { uid: owner, owner: String(owner) };
  }

  liquidations(q: { symbol?: string | undefined; uid?: number | undefined; page: number; size: number }) {
    const { rows, total } = this.repo.liquidations(
      { contractId: this.contractIdOf(q.symbol), owner: q.uid },
      q.size,
      (q.page - 1) * q.size,
    );
    const list: SwapLiquidation[] = rows.map((r) => {
      const rt = this.byId.get(Number(r.contract_id)) ?? [...this.byId.values()][0];
      const c = (rt as ContractRuntime).c;
      return {
        id: Number(r.id),
        ...this.ownerLabel(Number(r.owner)),
        symbol: r.contract_id === null ? '' : c.symbol,
        positionId: r.position_id === null ? null : Number(r.position_id),
        pool: r.pool,
        step: Number(r.step),
        action: r.action,
        side: r.side,
        lots: Number(r.lots),
        mark: formatPrice(c, r.mark),
        bankruptcyPrice: r.bankruptcy_price,
        limitPrice: r.limit_price === null ? null : formatPrice(c, r.limit_price),
        bookLots: Number(r.book_lots),
        bookValue: formatMoney(r.book_value),
        fundLots: Number(r.fund_lots),
        adlLots: Number(r.adl_lots),
        fee: formatMoney(r.fee),
        equity: formatMoney(r.equity),
        maintenance: formatMoney(r.maintenance < 0n ? 0n : r.maintenance),
        ts: Number(r.ts),
      };
    });
    return { list, total, page: q.page, size: q.size };
  }

  adlEvents(q: { symbol?: string | undefined; uid?: number | undefined; page: number; size: number }) {
    const { rows, total } = this.repo.adlEvents(
      { contractId: this.contractIdOf(q.symbol), owner: q.uid },
      q.size,
      (q.page - 1) * q.size,
    );
    const list: SwapAdlEvent[] = rows.map((r) => {
      const c = (this.byId.get(Number(r.contract_id)) as ContractRuntime).c;
      return {
        id: Number(r.id),
        liquidationId: Number(r.liquidation_id),
        ...this.ownerLabel(Number(r.owner)),
        symbol: c.symbol,
        positionId: Number(r.position_id),
        side: r.side,
        lots: Number(r.lots),
        price: formatRatioPrice(c, r.value, r.lots * c.engine.lotValue),
        realizedPnl: formatMoney(r.realized_pnl),
        ts: Number(r.ts),
      };
    });
    return { list, total, page: q.page, size: q.size };
  }

  fundingRounds(q: { symbol?: string | undefined; page: number; size: number }) {
    const { rows, total } = this.repo.fundingRates(this.contractIdOf(q.symbol), q.size, (q.page - 1) * q.size);
    const list: SwapFundingRound[] = rows.map((r) => {
      const rt = this.byId.get(Number(r.contract_id)) as ContractRuntime;
      return {
        ...this.fundingRateView(rt, r),
        longLots: Number(r.long_lots),
        payers: Number(r.payers),
        receivers: Number(r.receivers),
        paid: formatMoney(r.paid),
        received: formatMoney(r.received),
        fund: formatMoney(r.fund),
      };
    });
    return { list, total, page: q.page, size: q.size };
  }

  openInterest(): SwapOpenInterest[] {
    return [...this.bySymbol.values()].map((rt) => {
      const mark = this.markOf(rt);
      const users = new Set<number>();
      for (const ps of rt.positions.values()) users.add(ps.account.owner);
      return {
        symbol: rt.c.symbol,
        mark: formatPrice(rt.c, mark),
        longLots: Number(rt.longLots),
        shortLots: Number(rt.shortLots),
        value: formatMoney(lotsNotional(rt.c.engine, mark, rt.longLots)),
        positions: rt.positions.size,
        users: users.size,
        limit: Number(rt.c.oiLimit),
      };
    });
  }

  adminPositions(q: { symbol?: string | undefined; uid?: number | undefined; page: number; size: number }) {
    const all: PositionState[] = [];
    for (const rt of this.bySymbol.values()) {
      if (q.symbol !== undefined && rt.c.symbol !== q.symbol) continue;
      for (const ps of rt.positions.values()) if (q.uid === undefined || ps.account.uid === q.uid) all.push(ps);
    }
    all.sort((x, y) => x.id - y.id);
    const page = all.slice((q.page - 1) * q.size, q.page * q.size);
    const list: SwapAdminPosition[] = page.map((ps) => ({
      ...this.positionView(ps),
      ...this.ownerLabel(ps.account.owner),
    }));
    return { list, total: all.length, page: q.page, size: q.size };
  }

  stats(): SwapStats {
    let positions = 0;
    for (const rt of this.bySymbol.values()) positions += rt.positions.size;
    return {
      commit: { ...this.commitStats, queued: this.commandQueue.length },
      sweep: { ...this.sweepStats, positions },
      insolvencies: this.insolvencies,
    };
  }

  /** Demo contracts at first start (operator configuration afterwards). */
  seedContracts(inputs: readonly SwapContractInput[]): void {
    this.run(() => {
      for (const input of inputs) {
        const symbol = `${input.base}_${input.quote ?? 'USDT'}`;
        if (this.bySymbol.has(symbol)) continue;
        this.createContract(input);
      }
    });
  }

  // ---- checks for tests -------------------------------------------------------------------------------------------

  /** Isolated pots whose ledger sub-account differs from the position's margin, and orders whose hold differs. */
  problems(): string[] {
    const out: string[] = [];
    const { ledger } = this.deps;
    for (const a of this.accounts.values()) {
      for (const ps of a.positions.values()) {
        if (ps.p.mode !== 'isolated') continue;
        const bal = ledger.balance(this.sub(a, ps.rt.c.symbol));
        if (bal.available !== ps.p.margin) out.push(`position ${ps.id}: pot ${bal.available} != margin ${ps.p.margin}`);
      }
      for (const o of a.orders.values()) {
        const hold = ledger.holdOf(holderOf(o.id));
        const held = hold?.amount ?? 0n;
        if (held !== o.frozen) out.push(`order ${o.id}: hold ${held} != frozen ${o.frozen}`);
      }
    }
    return out;
  }

  /** Σ of the clearing account + Σ uPnL of every open position: zero when realized PnL is zero-sum. */
  clearingBalance(): bigint {
    return this.deps.ledger.balance(this.clearing).available;
  }

  openPositionCount(): number {
    let n = 0;
    for (const rt of this.bySymbol.values()) n += rt.positions.size;
    return n;
  }

  runtimeOf(symbol: string): ContractRuntime {
    return this.rt(symbol);
  }

  /** Tests: the insurance fund's engine owner number. */
  fundOwner(): number {
    return this.fund.owner;
  }

  /** Tests: an owner's in-memory futures account. */
  accountOf(uid: number): AccountState {
    return this.account(uid);
  }
}

function now(s: PerpService): number {
  return (s as unknown as { deps: PerpDeps }).deps.clock.now();
}

function sideSignOf(side: PositionSide): bigint {
  return side === 'long' ? 1n : -1n;
}
