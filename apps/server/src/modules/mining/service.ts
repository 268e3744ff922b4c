import {
  formatDecimal,
  type Lang,
  type Miner,
  type MinerDetail,
  type MiningAdminMiner,
  type MiningBuyBody,
  type MiningCollectBody,
  type MiningCollectResult,
  type MiningMachine,
  type MiningMachineAdmin,
  type MiningMachineInput,
  type MiningMachineUpdate,
  type MiningPool,
  type MiningRefuelBody,
  type MiningSummary,
  type MiningTotals,
  type WalletRecord,
} from '@bourse/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { DomainError, fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import { type LedgerService, type Movement, SYSTEM, system, user } from '../ledger';
import type { MachineRow, MachineWrite, MinerRow, MinerStatusValue, MiningRepo } from './repo';
import { recordTitle } from './records';

export const DAY_MS = 86_400_000;

/** The payout pool: the exchange's capital (equity) set aside for machines' output, funded from the treasury. */
export const MINING_POOL = 'mining_pool';
/** Machine sales and fuel burnt: the exchange's revenue. */
export const MINING_REVENUE = 'mining_revenue';

/** Ledger holds, named by what holds them. */
export const holders = {
  /** On the pool: the whole term's output, reserved at the purchase; each day's output is paid out of it. */
  reserve: (minerId: number) => `mining:reserve:${minerId}`,
  /** On the user's mining wallet (fuel asset): the machine's fuel tank. */
  fuel: (minerId: number) => `mining:fuel:${minerId}`,
  /** On the user's mining wallet (output asset): income produced and not yet collected to spot. */
  income: (minerId: number) => `mining:income:${minerId}`,
};

/** The ledger reasons of mining movements (funding records read them). */
export const MINING_REASONS = {
  buy: 'mining.buy',
  fuel: 'mining.fuel',
  burn: 'mining.fuel.burn',
  income: 'mining.income',
  collect: 'mining.collect',
  fuelReturn: 'mining.fuel.return',
  reserve: 'mining.reserve',
  reserveRelease: 'mining.reserve.release',
  budget: 'mining.budget',
} as const;

type Names = Partial<Record<Lang, string>> & { en: string };

export interface MiningDeps {
  tx: Transactions;
  clock: Clock;
  log: Logger;
  ledger: LedgerService;
  repo: MiningRepo;
}

/** The next 00:00 UTC strictly after `at`. */
export function nextMidnight(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS + DAY_MS;
}

/**
 * Mining machines: models on sale, purchases (price to revenue, the whole term's output reserved in the payout pool,
 * fuel into the machine's tank), the daily settlement (run by the scheduler at 00:00 UTC, each boundary once per
 * machine: the day that ended pays its output if it was fuelled, the day that starts burns its fuel), income
 * collected to spot, and the operators' view. See README.md.
 */
export class MiningService {
  private readonly tx: Transactions;
  private readonly clock: Clock;
  private readonly ledger: LedgerService;
  private readonly repo: MiningRepo;

  constructor(deps: MiningDeps) {
    this.tx = deps.tx;
    this.clock = deps.clock;
    this.ledger = deps.ledger;
    this.repo = deps.repo;
    this.ledger.declareSystemAccount(MINING_POOL, { type: 'equity', negative: false });
    this.ledger.declareSystemAccount(MINING_REVENUE, { type: 'revenue', negative: false });
  }

  // ---- reading ------------------------------------------------------------------------------------------------

  private fmt(asset: string, value: bigint): string {
    return formatDecimal(value, this.ledger.asset(asset).scale);
  }

  private names(row: Pick<MachineRow, 'names'>): Names {
    return JSON.parse(row.names) as Names;
  }

  private nameOf(row: Pick<MachineRow, 'names'>, lang: Lang): string {
    const names = this.names(row);
    return names[lang] ?? names.en;
  }

  private poolAccount(asset: string) {
    return system(MINING_POOL, asset, 'mining');
  }

  private poolAvailable(asset: string): bigint {
    return this.ledger.balance(this.poolAccount(asset)).available;
  }

  private onSale(row: MachineRow): boolean {
    if (row.status !== 'active') return false;
    if (row.stock !== null && row.sold >= row.stock) return false;
    return this.poolAvailable(row.output_asset) >= row.daily_output * BigInt(row.term_days);
  }

  private machineView(row: MachineRow, lang: Lang): MiningMachine {
    return {
      id: row.id,
      name: this.nameOf(row, lang),
      hashrate: row.hashrate,
      priceAsset: row.price_asset,
      price: this.fmt(row.price_asset, row.price),
      termDays: row.term_days,
      outputAsset: row.output_asset,
      dailyOutput: this.fmt(row.output_asset, row.daily_output),
      totalOutput: this.fmt(row.output_asset, row.daily_output * BigInt(row.term_days)),
      fuelAsset: row.fuel_asset,
      dailyFuel: this.fmt(row.fuel_asset, row.daily_fuel),
      perUserLimit: row.per_user_limit,
      stock: row.stock,
      sold: row.sold,
      remaining: row.stock === null ? null : Math.max(0, row.stock - row.sold),
      onSale: this.onSale(row),
      status: row.status,
    };
  }

  /** Models on sale (active), in the operator's order. */
  machines(lang: Lang): MiningMachine[] {
    return this.repo
      .machines()
      .filter((m) => m.status === 'active')
      .map((m) => this.machineView(m, lang));
  }

  private minerView(row: MinerRow, lang: Lang): Miner {
    const machine = this.repo.machine(row.machine_id);
    const term = row.term_days;
    const live = row.status === 'not_started' || row.status === 'running';
    const fuelRoom = live ? BigInt(term - row.fueled_through) * row.daily_fuel - row.fuel : 0n;
    const unfuelled = term - row.fueled_through;
    const fuelDays = !live
      ? 0
      : row.daily_fuel === 0n
        ? unfuelled
        : Math.min(unfuelled, Number(row.fuel / row.daily_fuel));
    return {
      id: row.id,
      machineId: row.machine_id,
      name: machine ? this.nameOf(machine, lang) : `#${row.machine_id}`,
      hashrate: machine?.hashrate ?? '',
      status: row.status,
      fuelShort: row.status === 'running' && row.fueled_through <= row.days_done,
      price: this.fmt(row.price_asset, row.price),
      priceAsset: row.price_asset,
      termDays: term,
      daysDone: row.days_done,
      daysProduced: row.days_produced,
      daysMissed: row.days_missed,
      outputAsset: row.output_asset,
      dailyOutput: this.fmt(row.output_asset, row.daily_output),
      produced: this.fmt(row.output_asset, row.produced),
      collected: this.fmt(row.output_asset, row.collected),
      uncollected: this.fmt(row.output_asset, row.produced - row.collected),
      fuelAsset: row.fuel_asset,
      dailyFuel: this.fmt(row.fuel_asset, row.daily_fuel),
      fuel: this.fmt(row.fuel_asset, row.fuel),
      fuelDays,
      fuelRoom: this.fmt(row.fuel_asset, fuelRoom > 0n ? fuelRoom : 0n),
      boughtAt: row.bought_at,
      startAt: row.start_at,
      endAt: row.end_at,
      nextAt: !live ? null : row.status === 'not_started' ? row.start_at : row.start_at + (row.days_done + 1) * DAY_MS,
    };
  }

  private ownMiner(uid: number, id: number): MinerRow {
    const row = this.repo.miner(id);
    if (!row || row.uid !== uid) fail('MINER_NOT_FOUND');
    return row;
  }

  miners(uid: number, query: { status?: MinerStatusValue | 'active'; page: number; size: number }, lang: Lang) {
    const { list, total } = this.repo.page({ uid, status: query.status }, query.size, (query.page - 1) * query.size);
    return { list: list.map((r) => this.minerView(r, lang)), total, page: query.page, size: query.size };
  }

  miner(uid: number, id: number, lang: Lang): MinerDetail {
    const row = this.ownMiner(uid, id);
    return {
      ...this.minerView(row, lang),
      days: this.repo.days(id).map((d) => ({
        day: d.day,
        at: d.at,
        outcome: d.outcome,
        output: this.fmt(row.output_asset, d.output),
        fuel: this.fmt(row.fuel_asset, d.fuel),
      })),
    };
  }

  summary(uid: number): MiningSummary {
    const counts = this.repo.userCounts(uid);
    const totals = this.repo.userTotals(uid);
    return {
      running: counts.get('running') ?? 0,
      notStarted: counts.get('not_started') ?? 0,
      fuelShort: this.repo.userFuelShort(uid),
      ended: (counts.get('ended') ?? 0) + (counts.get('collected') ?? 0),
      uncollected: totals
        .filter((t) => t.uncollected > 0n)
        .map((t) => ({ asset: t.asset, amount: this.fmt(t.asset, t.uncollected) })),
      produced: totals.map((t) => ({ asset: t.asset, amount: this.fmt(t.asset, t.produced) })),
    };
  }

  // ---- trader actions -----------------------------------------------------------------------------------------

  private parse(asset: string, value: string): bigint {
    try {
      return this.ledger.parseAmount(asset, value);
    } catch {
      throw new DomainError('AMOUNT_INVALID');
    }
  }

  /**
   * Buys a machine: the price goes to revenue, the term's whole output is reserved in the pool (so every day it runs
   * can be paid), the first fuel goes into the machine's tank. All in one transaction with the machine's row.
   */
  buy(uid: number, body: MiningBuyBody, claim: () => void, lang: Lang): Miner {
    return this.tx.run(() => {
      const machine = this.repo.machine(body.machineId);
      if (!machine || machine.status !== 'active') fail('MINING_MACHINE_UNAVAILABLE');
      const fuel = this.parse(machine.fuel_asset, body.fuel);
      const termFuel = machine.daily_fuel * BigInt(machine.term_days);
      if (fuel < machine.daily_fuel) fail('MINER_FUEL_INSUFFICIENT');
      if (fuel > termFuel) {
        fail('MINING_FUEL_TOO_MUCH', { max: this.fmt(machine.fuel_asset, termFuel), asset: machine.fuel_asset });
      }
      if (this.repo.holding(uid, machine.id) >= machine.per_user_limit) fail('MINER_PURCHASE_LIMIT');
      const reserve = machine.daily_output * BigInt(machine.term_days);
      if (this.poolAvailable(machine.output_asset) < reserve) fail('MINING_SOLD_OUT');
      if (!this.repo.sellOne(machine.id)) fail('MINING_SOLD_OUT');
      claim();
      const now = this.clock.now();
      const startAt = nextMidnight(now);
      const id = this.repo.insertMiner({
        uid,
        machine_id: machine.id,
        price_asset: machine.price_asset,
        price: machine.price,
        term_days: machine.term_days,
        output_asset: machine.output_asset,
        daily_output: machine.daily_output,
        fuel_asset: machine.fuel_asset,
        daily_fuel: machine.daily_fuel,
        bought_at: now,
        start_at: startAt,
        end_at: startAt + machine.term_days * DAY_MS,
        status: 'not_started',
      });
      const meta = { minerId: id, machineId: machine.id };
      this.ledger.transfer({
        reference: `mining:buy:${id}`,
        reason: MINING_REASONS.buy,
        from: user(uid, 'spot', machine.price_asset),
        to: system(MINING_REVENUE, machine.price_asset, 'mining'),
        amount: machine.price,
        meta,
      });
      this.ledger.hold({
        reference: `mining:reserve:${id}`,
        reason: MINING_REASONS.reserve,
        account: this.poolAccount(machine.output_asset),
        holder: holders.reserve(id),
        amount: reserve,
        meta,
      });
      const row = this.ownMiner(uid, id);
      if (fuel > 0n) this.addFuel(row, fuel);
      return this.minerView(this.ownMiner(uid, id), lang);
    });
  }

  /** Spot → the machine's tank (a hold on the user's mining wallet). */
  private addFuel(row: MinerRow, amount: bigint): void {
    this.ledger.post({
      reference: `mining:fuel:${row.id}:${row.fuel_added}`,
      reason: MINING_REASONS.fuel,
      meta: { minerId: row.id, machineId: row.machine_id },
      legs: [
        { account: user(row.uid, 'spot', row.fuel_asset), amount: -amount },
        {
          account: user(row.uid, 'mining', row.fuel_asset),
          bucket: 'frozen',
          amount,
          holder: holders.fuel(row.id),
        },
      ],
    });
    this.repo.saveProgress({ ...row, fuel: row.fuel + amount, fuel_added: row.fuel_added + amount });
  }

  /** Adds fuel, at most what the rest of the term can burn. A day that started dry stays dry; the next one runs. */
  refuel(uid: number, body: MiningRefuelBody, claim: () => void, lang: Lang): Miner {
    return this.tx.run(() => {
      const row = this.ownMiner(uid, body.minerId);
      if (row.status === 'ended' || row.status === 'collected') fail('MINING_MINER_ENDED');
      const amount = this.parse(row.fuel_asset, body.amount);
      if (amount <= 0n) fail('AMOUNT_INVALID');
      const room = BigInt(row.term_days - row.fueled_through) * row.daily_fuel - row.fuel;
      if (amount > room) {
        fail('MINING_FUEL_TOO_MUCH', { max: this.fmt(row.fuel_asset, room > 0n ? room : 0n), asset: row.fuel_asset });
      }
      claim();
      this.addFuel(row, amount);
      return this.minerView(this.ownMiner(uid, row.id), lang);
    });
  }

  /** Moves produced income from the mining wallet (its hold) to spot: one machine, or every machine with income. */
  collect(uid: number, body: MiningCollectBody, claim: () => void): MiningCollectResult {
    return this.tx.run(() => {
      const rows =
        body.minerId === undefined
          ? this.repo.withIncome(uid)
          : [this.ownMiner(uid, body.minerId)].filter((r) => r.produced > r.collected);
      if (rows.length === 0) fail('MINING_NOTHING_TO_COLLECT');
      claim();
      const totals = new Map<string, bigint>();
      for (const row of rows) {
        const amount = row.produced - row.collected;
        this.ledger.settle({
          reference: `mining:collect:${row.id}:${row.collected}`,
          reason: MINING_REASONS.collect,
          holder: holders.income(row.id),
          account: user(uid, 'mining', row.output_asset),
          to: [{ account: user(uid, 'spot', row.output_asset), amount }],
          meta: { minerId: row.id, machineId: row.machine_id },
        });
        this.repo.saveProgress({
          ...row,
          collected: row.produced,
          status: row.status === 'ended' ? 'collected' : row.status,
        });
        totals.set(row.output_asset, (totals.get(row.output_asset) ?? 0n) + amount);
      }
      return {
        miners: rows.length,
        collected: [...totals].map(([asset, amount]) => ({ asset, amount: this.fmt(asset, amount) })),
      };
    });
  }

  // ---- the daily settlement (scheduler) -----------------------------------------------------------------------

  /**
   * Settles every machine at the 00:00 UTC instant `at` (the job's slot, in the slot's transaction). Each machine
   * walks every boundary it has not settled yet up to `at`, so a boundary is settled once per machine whatever
   * happened before; the ledger references name (machine, day) as well. Returns the machines touched.
   */
  settleDay(at: number): number {
    let touched = 0;
    for (const row of this.repo.due(at)) {
      let current = row;
      for (let b = Math.max(current.settled_through + DAY_MS, current.start_at); b <= at; b += DAY_MS) {
        current = this.settleBoundary(current, b);
        if (current.status === 'ended' || current.status === 'collected') break;
      }
      touched++;
    }
    return touched;
  }

  private settleBoundary(row: MinerRow, at: number): MinerRow {
    const k = Math.round((at - row.start_at) / DAY_MS);
    const next: MinerRow = { ...row, settled_through: at };
    const meta = { minerId: row.id, machineId: row.machine_id };
    if (k >= 1) {
      // Day k just ended: it produces if its fuel was burnt when it began.
      const fuelled = row.fueled_through >= k;
      if (fuelled) {
        this.ledger.settle({
          reference: `mining:income:${row.id}:${k}`,
          reason: MINING_REASONS.income,
          holder: holders.reserve(row.id),
          account: this.poolAccount(row.output_asset),
          to: [
            {
              account: user(row.uid, 'mining', row.output_asset),
              bucket: 'frozen',
              holder: holders.income(row.id),
              amount: row.daily_output,
            },
          ],
          meta: { ...meta, day: k },
        });
        next.produced += row.daily_output;
        next.days_produced += 1;
      } else {
        next.days_missed += 1;
      }
      next.days_done = k;
      this.repo.insertDay({
        miner_id: row.id,
        day: k,
        at,
        outcome: fuelled ? 'produced' : 'no_fuel',
        output: fuelled ? row.daily_output : 0n,
        fuel: fuelled ? row.daily_fuel : 0n,
      });
    }
    if (k < row.term_days) {
      // Day k + 1 begins: burn its fuel from the tank, or it produces nothing.
      if (row.fuel >= row.daily_fuel) {
        if (row.daily_fuel > 0n) {
          this.ledger.settle({
            reference: `mining:burn:${row.id}:${k + 1}`,
            reason: MINING_REASONS.burn,
            holder: holders.fuel(row.id),
            account: user(row.uid, 'mining', row.fuel_asset),
            to: [{ account: system(MINING_REVENUE, row.fuel_asset, 'mining'), amount: row.daily_fuel }],
            meta: { ...meta, day: k + 1 },
          });
          next.fuel -= row.daily_fuel;
        }
        next.fueled_through = k + 1;
      }
      next.status = 'running';
    } else {
      // The term is over: the output of the days without fuel goes back to the pool, unused fuel back to spot.
      const reserved = this.ledger.holdOf(holders.reserve(row.id))?.amount ?? 0n;
      if (reserved > 0n) {
        this.ledger.release({
          reference: `mining:reserve:end:${row.id}`,
          reason: MINING_REASONS.reserveRelease,
          holder: holders.reserve(row.id),
          account: this.poolAccount(row.output_asset),
          meta,
        });
      }
      if (next.fuel > 0n) {
        this.ledger.settle({
          reference: `mining:fuel:return:${row.id}`,
          reason: MINING_REASONS.fuelReturn,
          holder: holders.fuel(row.id),
          account: user(row.uid, 'mining', row.fuel_asset),
          to: [{ account: user(row.uid, 'spot', row.fuel_asset), amount: next.fuel }],
          meta,
        });
        next.fuel = 0n;
      }
      next.status = next.produced === next.collected ? 'collected' : 'ended';
    }
    this.repo.saveProgress(next);
    return next;
  }

  // ---- operators ----------------------------------------------------------------------------------------------

  private adminView(row: MachineRow): MiningMachineAdmin {
    return {
      ...this.machineView(row, 'en'),
      names: this.names(row),
      sort: row.sort,
      holding: this.repo.holdingOfMachine(row.id),
      reserved: this.fmt(row.output_asset, this.repo.reservedOfMachine(row.id)),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  adminMachines(): MiningMachineAdmin[] {
    return this.repo.machines().map((m) => this.adminView(m));
  }

  private machineWrite(input: MiningMachineInput): MachineWrite {
    const invalid = (detail: string): never => fail('MINING_SETTINGS_INVALID', { detail });
    for (const asset of [input.priceAsset, input.outputAsset, input.fuelAsset]) {
      if (!this.ledger.hasAsset(asset)) invalid(`unknown asset ${asset}`);
    }
    const amount = (asset: string, value: string, what: string): bigint => {
      try {
        return this.ledger.parseAmount(asset, value);
      } catch {
        return invalid(`${what} ${value}`);
      }
    };
    const price = amount(input.priceAsset, input.price, 'price');
    const dailyOutput = amount(input.outputAsset, input.dailyOutput, 'daily output');
    const dailyFuel = amount(input.fuelAsset, input.dailyFuel, 'daily fuel');
    if (price <= 0n) invalid('the price must be above zero');
    if (dailyOutput <= 0n) invalid('the daily output must be above zero');
    const names: Names = { en: input.names.en };
    for (const lang of ['zh_CN', 'zh_HK', 'es', 'fr'] as const) {
      const name = input.names[lang];
      if (name) names[lang] = name;
    }
    return {
      names: JSON.stringify(names),
      hashrate: input.hashrate,
      price_asset: input.priceAsset,
      price,
      term_days: input.termDays,
      output_asset: input.outputAsset,
      daily_output: dailyOutput,
      fuel_asset: input.fuelAsset,
      daily_fuel: dailyFuel,
      per_user_limit: input.perUserLimit,
      stock: input.stock,
      status: input.status,
      sort: input.sort,
    };
  }

  createMachine(input: MiningMachineInput): MiningMachineAdmin {
    const write = this.machineWrite(input);
    const id = this.tx.run(() => this.repo.insertMachine(write, this.clock.now()));
    return this.adminView(this.requireMachine(id));
  }

  /** First start: the demo models and the pool's first budget, in one transaction (idempotent: once, ever). */
  seedDemo(machines: readonly MiningMachineInput[], budgets: readonly { asset: string; amount: string }[]): void {
    this.tx.run(() => {
      if (this.repo.machines().length > 0) return;
      for (const machine of machines) this.createMachine(machine);
      for (const budget of budgets)
        if (this.ledger.hasAsset(budget.asset)) this.fundPool(budget.asset, budget.amount, null);
    });
  }

  private requireMachine(id: number): MachineRow {
    const row = this.repo.machine(id);
    if (!row) fail('NOT_FOUND');
    return row;
  }

  /** Machines already sold keep the terms they were bought with (their rows carry them). */
  updateMachine(id: number, patch: MiningMachineUpdate): MiningMachineAdmin {
    const row = this.requireMachine(id);
    const current: MiningMachineInput = {
      names: this.names(row),
      hashrate: row.hashrate,
      priceAsset: row.price_asset,
      price: this.fmt(row.price_asset, row.price),
      termDays: row.term_days,
      outputAsset: row.output_asset,
      dailyOutput: this.fmt(row.output_asset, row.daily_output),
      fuelAsset: row.fuel_asset,
      dailyFuel: this.fmt(row.fuel_asset, row.daily_fuel),
      perUserLimit: row.per_user_limit,
      stock: row.stock,
      status: row.status,
      sort: row.sort,
    };
    const merged: MiningMachineInput = { ...current, ...stripUndefined(patch) };
    if (merged.stock !== null && merged.stock < row.sold) {
      fail('MINING_SETTINGS_INVALID', { detail: `stock below the ${row.sold} sold` });
    }
    const write = this.machineWrite(merged);
    this.tx.run(() => this.repo.updateMachine(id, write, this.clock.now()));
    return this.adminView(this.requireMachine(id));
  }

  pool(): MiningPool {
    const assets = new Set<string>();
    for (const m of this.repo.machines()) assets.add(m.output_asset);
    for (const t of this.repo.outputTotals()) assets.add(t.asset);
    return {
      account: MINING_POOL,
      rows: [...assets].sort().map((asset) => {
        const balance = this.ledger.balance(this.poolAccount(asset));
        return {
          asset,
          available: this.fmt(asset, balance.available),
          reserved: this.fmt(asset, balance.frozen),
        };
      }),
    };
  }

  /** Treasury (the exchange's equity) → the payout pool: capital set aside for machines' output. */
  fundPool(asset: string, amountText: string, operatorId: number | null): MiningPool {
    if (!this.ledger.hasAsset(asset)) fail('ASSET_NOT_FOUND');
    const amount = this.parse(asset, amountText);
    if (amount <= 0n) fail('AMOUNT_INVALID');
    this.tx.run(() => {
      const id = this.repo.insertBudget(asset, amount, operatorId, this.clock.now());
      this.ledger.transfer({
        reference: `mining:budget:${id}`,
        reason: MINING_REASONS.budget,
        from: system(SYSTEM.treasury, asset, 'spot'),
        to: this.poolAccount(asset),
        amount,
        meta: { budgetId: id, operatorId },
      });
    });
    return this.pool();
  }

  adminMiners(query: {
    uid?: number;
    machineId?: number;
    status?: MinerStatusValue | 'active';
    page: number;
    size: number;
  }): { list: MiningAdminMiner[]; total: number; page: number; size: number } {
    const { list, total } = this.repo.page(query, query.size, (query.page - 1) * query.size);
    return {
      list: list.map((r) => ({ ...this.minerView(r, 'en'), uid: r.uid })),
      total,
      page: query.page,
      size: query.size,
    };
  }

  totals(): MiningTotals {
    const counts = this.repo.statusCounts();
    const rows = new Map<
      string,
      { reserved: bigint; uncollected: bigint; produced: bigint; fuelTanks: bigint; revenue: bigint }
    >();
    const rowOf = (asset: string) => {
      let r = rows.get(asset);
      if (!r) rows.set(asset, (r = { reserved: 0n, uncollected: 0n, produced: 0n, fuelTanks: 0n, revenue: 0n }));
      return r;
    };
    for (const t of this.repo.outputTotals()) {
      const r = rowOf(t.asset);
      r.reserved += t.reserved;
      r.uncollected += t.uncollected;
      r.produced += t.produced;
    }
    for (const t of this.repo.fuelTotals()) rowOf(t.asset).fuelTanks += t.tanks;
    for (const asset of new Set([...rows.keys(), ...this.repo.machines().map((m) => m.price_asset)])) {
      const revenue = this.ledger.balance(system(MINING_REVENUE, asset, 'mining')).available;
      if (revenue !== 0n) rowOf(asset).revenue += revenue;
    }
    return {
      miners: {
        notStarted: counts.get('not_started') ?? 0,
        running: counts.get('running') ?? 0,
        ended: (counts.get('ended') ?? 0) + (counts.get('collected') ?? 0),
      },
      users: this.repo.users(),
      rows: [...rows]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([asset, r]) => ({
          asset,
          reserved: this.fmt(asset, r.reserved),
          uncollected: this.fmt(asset, r.uncollected),
          produced: this.fmt(asset, r.produced),
          fuelTanks: this.fmt(asset, r.fuelTanks),
          revenue: this.fmt(asset, r.revenue),
        })),
    };
  }

  /** Machines exist (configuration a fresh install needs: the operator edits them later). */
  hasMachines(): boolean {
    return this.repo.machines().length > 0;
  }

  // ---- funding records ----------------------------------------------------------------------------------------

  /** How a mining movement reads in the user's funding records (the wallet calls it). */
  readRecord(m: Movement, _uid: number, lang: Lang): WalletRecord {
    const kind = RECORD_KINDS[m.reason] ?? 'income';
    // The user's line that moved the most is what the record is about (an internal move has two equal lines).
    const lines = m.lines.filter((l) => l.available + l.frozen !== 0n);
    const line =
      lines.sort((a, b) => {
        const d = absBig(b.available + b.frozen) - absBig(a.available + a.frozen);
        return d > 0n ? 1 : d < 0n ? -1 : 0;
      })[0] ?? m.lines[0];
    if (!line) throw new Error(`mining movement ${m.entryId} has no line`);
    const amount = absBig(line.available + line.frozen);
    const machineId = typeof m.meta?.machineId === 'number' ? m.meta.machineId : null;
    const machine = machineId === null ? undefined : this.repo.machine(machineId);
    const title = recordTitle(kind, lang);
    const from = m.lines.find((l) => l.available + l.frozen < 0n)?.wallet ?? null;
    const to = m.lines.find((l) => l.available + l.frozen > 0n)?.wallet ?? null;
    const direction = KIND_DIRECTION[kind];
    return {
      key: `product:${m.entryId}`,
      type: 'product',
      id: typeof m.meta?.minerId === 'number' ? m.meta.minerId : m.entryId,
      asset: line.asset,
      amount: this.fmt(line.asset, amount),
      fee: '0',
      direction,
      status: 'done',
      network: null,
      txHash: null,
      fromWallet: direction === 'internal' ? from : null,
      toWallet: direction === 'internal' ? to : null,
      counterparty: null,
      product: 'mining',
      title: machine ? `${title} · ${this.nameOf(machine, lang)}` : title,
      createdAt: m.createdAt,
    };
  }
}

type RecordKind = 'buy' | 'fuel' | 'burn' | 'income' | 'collect' | 'fuelReturn';

const RECORD_KINDS: Readonly<Record<string, RecordKind>> = {
  [MINING_REASONS.buy]: 'buy',
  [MINING_REASONS.fuel]: 'fuel',
  [MINING_REASONS.burn]: 'burn',
  [MINING_REASONS.income]: 'income',
  [MINING_REASONS.collect]: 'collect',
  [MINING_REASONS.fuelReturn]: 'fuelReturn',
};

const KIND_DIRECTION: Readonly<Record<RecordKind, WalletRecord['direction']>> = {
  buy: 'out',
  fuel: 'internal',
  burn: 'out',
  income: 'in',
  collect: 'internal',
  fuelReturn: 'internal',
};

/** The reasons that show in the user's funding records. */
export const MINING_RECORD_REASONS = Object.keys(RECORD_KINDS);

function absBig(v: bigint): bigint {
  return v < 0n ? -v : v;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
