import { parseDecimal, type SpotMarket } from '@bourse/contract';
import type { Logger } from 'pino';
import { DomainError } from '../../lib/errors';
import type { BotOrder, BotOrderInput, SpotDesk, SpotFeed } from './ports';
import type { PriceSource } from './price-source';
import { Prng } from './prng';
import { type AssetProfile, profileFor } from './profiles';
import { indexToNumber } from './simulator';

/** The system owners the bots trade as (ledger and spot system owners). */
export const MAKER_OWNER = 'market_maker:1';
export const TAKER_OWNER = 'market_maker:2';

export interface MarketMakerOptions {
  seed: string;
  /** Price levels quoted on each side. */
  levels: number;
  /** Average taker orders per market per minute. */
  takesPerMinute: number;
  /** Share of taker orders that are large ("whales"). */
  whaleChance: number;
  /** Funding targets, in multiples of the market's typical order (`quoteSize`). */
  makerFunding: number;
  takerFunding: number;
  /** Index start prices overriding the profiles (for sizing before the first index update). */
  startPrices?: Readonly<Record<string, string>>;
}

export const DEFAULT_MAKER_OPTIONS: Omit<MarketMakerOptions, 'seed'> = {
  levels: 8,
  takesPerMinute: 12,
  whaleChance: 1 / 300,
  makerFunding: 80,
  takerFunding: 50,
};

/** Balances and funding of the bots' system accounts (ledger reads; deposits through the wallet's accounting). */
export interface BotAccounts {
  /** Available and frozen of a system owner's spot account, in ledger units. */
  balance(owner: string, asset: string): { available: bigint; frozen: bigint };
  assetScale(asset: string): number;
  /** Brings each amount (ledger units) into the owner's spot account through the deposit path. */
  fund(requests: readonly { owner: string; asset: string; amount: bigint }[]): Promise<void>;
}

interface MarketPlan {
  market: SpotMarket;
  profile: AssetProfile;
  tick: number;
  step: number;
  minNotional: number;
  /** Half the spread and the gap between levels, as fractions of the price. */
  halfSpread: number;
  gap: number;
  /** Per-level random factors for distance and size, kept between rounds so unchanged quotes stay on the book. */
  jitter: { distance: number; size: number }[];
}

interface Level {
  side: 'buy' | 'sell';
  price: number;
  quantity: number;
}

export interface BotStats {
  cycles: number;
  placed: number;
  cancelled: number;
  takes: number;
  refused: number;
  fundings: number;
}

/**
 * Market-maker bots on system accounts with real balances. The maker (`market_maker:1`) quotes layered bids and
 * asks around the index and requotes as it moves, leaning its prices against its inventory; the taker
 * (`market_maker:2`) picks off quotes the index has left behind and sends random (now and then large) orders, so
 * trades print. Both trade through the spot desk like anyone: the ledger and the engine check every order, and a
 * refused order is counted and logged, never thrown.
 *
 * Floats appear only in sizing and pricing arithmetic (fractions of the index); every price and quantity becomes
 * an integer number of ticks and steps before it leaves this class.
 */
export class MarketMakers {
  private readonly prng: Prng;
  private readonly plans = new Map<string, MarketPlan>();
  private funding: Promise<void> | null = null;
  private lastFunding = 0;
  private running = false;
  /** Set once the first funding is done: rounds before it would quote without money behind them. */
  private quoting = false;
  private inFlight: Promise<void> | null = null;
  private intervalMs = 1000;
  /** The maker's spendable balances during a round (see `spend`). */
  private readonly budget = new Map<string, number>();
  readonly stats: BotStats = { cycles: 0, placed: 0, cancelled: 0, takes: 0, refused: 0, fundings: 0 };

  constructor(
    private readonly deps: {
      spot: SpotFeed;
      desk: SpotDesk;
      prices: PriceSource;
      accounts: BotAccounts;
      log: Logger;
      now: () => number;
    },
    private readonly options: MarketMakerOptions,
  ) {
    this.prng = new Prng(`${options.seed}:bots`);
  }

  /**
   * Funds the accounts (awaited, so the first quotes have money behind them); from then on each `cycle` — one per
   * slot of the scheduler's `market.makers` job, every `intervalMs` — is a round.
   */
  async start(intervalMs: number): Promise<void> {
    this.running = true;
    this.intervalMs = intervalMs;
    this.refreshMarkets();
    await this.fundAll();
    this.quoting = this.running;
  }

  stop(): void {
    this.running = false;
    this.quoting = false;
  }

  /** Waits for the round and the top-up in progress (tests, shutdown). */
  async settled(): Promise<void> {
    await this.inFlight;
    await this.funding;
  }

  refreshMarkets(): void {
    for (const market of this.deps.spot.markets()) {
      if (market.status !== 'open') {
        this.plans.delete(market.symbol);
        continue;
      }
      if (this.plans.has(market.symbol)) continue;
      const profile = profileFor(market.symbol, this.options.startPrices);
      const tick = Number(parseDecimal(market.tickSize, market.pricePrecision));
      const step = Number(parseDecimal(market.stepSize, market.quantityPrecision));
      const minNotional = Number(parseDecimal(market.minNotional, market.pricePrecision));
      this.plans.set(market.symbol, {
        market,
        profile,
        tick,
        step,
        minNotional,
        halfSpread: profile.volatility * 0.0003,
        gap: profile.volatility * 0.0004,
        jitter: Array.from({ length: this.options.levels }, () => this.jitter()),
      });
    }
  }

  /**
   * One round over every market: takers first (stale quotes are there to be taken), then cancels, then new quotes.
   * Everything of a round is submitted at once, so the spot module commits it as one group; the scheduler starts no
   * round while one is in flight (a slot that passes meanwhile is skipped), and a call during one joins it.
   */
  cycle(): Promise<void> {
    if (!this.quoting || this.inFlight) return this.inFlight ?? Promise.resolve();
    this.stats.cycles++;
    this.budget.clear();
    if (this.stats.cycles % 60 === 0) this.refreshMarkets();
    const work: Promise<unknown>[] = [];
    for (const plan of this.plans.values()) {
      const index = this.deps.prices.price(plan.market.symbol);
      if (!index) continue;
      const mid = indexToNumber(index.price);
      try {
        this.take(plan, mid, work);
        this.quote(plan, mid, work);
      } catch (error) {
        this.deps.log.warn({ err: error, symbol: plan.market.symbol }, 'market maker cycle failed');
      }
    }
    if (this.deps.now() - this.lastFunding > 60_000 && !this.funding) {
      this.funding = this.fundAll().finally(() => {
        this.funding = null;
      });
    }
    const round = Promise.allSettled(work).then(() => undefined);
    this.inFlight = round.finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  // ---- quoting ---------------------------------------------------------------------------------------------------

  private quote(plan: MarketPlan, mid: number, work: Promise<unknown>[]): void {
    const { symbol, base } = plan.market;
    const held = this.deps.accounts.balance(MAKER_OWNER, base);
    const target = this.baseTarget(plan, mid, this.options.makerFunding);
    const inventory = target > 0 ? this.toNumber(held.available + held.frozen, base) / target - 1 : 0;
    // Holding too much base lowers both sides (sell more, buy less); too little raises them.
    const skew = Math.max(-1, Math.min(1, inventory)) * plan.halfSpread;
    const center = mid * (1 - skew);
    const wanted = this.ladder(plan, center);
    const open = this.deps.desk.openOrders(MAKER_OWNER, symbol);
    const tolerance = Math.max(plan.tick, plan.gap * mid * 10 ** plan.market.pricePrecision * 0.5);
    const keep = new Set<number>();
    const missing: Level[] = [];
    for (const level of wanted) {
      const match = open.find(
        (o) =>
          !keep.has(o.id) &&
          o.side === level.side &&
          Math.abs(o.price - level.price) <= tolerance &&
          o.remaining * 3 >= level.quantity,
      );
      if (match) keep.add(match.id);
      else missing.push(level);
    }
    const { quote: quoteAsset } = plan.market;
    for (const order of open) {
      if (keep.has(order.id)) continue;
      // What a cancel unfreezes is spendable by the quotes placed after it in the same round.
      if (order.side === 'buy') this.spend(quoteAsset, -this.notional(plan, order.price, order.remaining));
      else this.spend(base, -this.baseAmount(plan, order.remaining));
      work.push(this.cancel(order));
    }
    for (const level of missing) {
      // Only what the maker holds: a quote it cannot pay for is not sent (the spot desk would refuse it anyway).
      const ok =
        level.side === 'buy'
          ? this.spend(quoteAsset, this.notional(plan, level.price, level.quantity))
          : this.spend(base, this.baseAmount(plan, level.quantity));
      if (ok) work.push(this.place(MAKER_OWNER, { symbol, ...level, type: 'limit', postOnly: true }));
    }
  }

  private jitter(): { distance: number; size: number } {
    return { distance: this.prng.uniform(0.85, 1.15), size: this.prng.uniform(0.6, 1.4) };
  }

  private ladder(plan: MarketPlan, center: number): Level[] {
    // Now and then one level changes shape, so the book breathes without being rebuilt every round.
    if (this.prng.chance(0.05)) plan.jitter[this.prng.int(0, plan.jitter.length - 1)] = this.jitter();
    const unit = 10 ** plan.market.pricePrecision;
    const levels: Level[] = [];
    for (let k = 0; k < this.options.levels; k++) {
      const shape = plan.jitter[k] ?? { distance: 1, size: 1 };
      const distance = plan.halfSpread + k * plan.gap * shape.distance;
      const size = plan.profile.quoteSize * 2 * (1 + 0.5 * k) * shape.size;
      const bid = Math.floor((center * (1 - distance) * unit) / plan.tick) * plan.tick;
      const ask = Math.ceil((center * (1 + distance) * unit) / plan.tick) * plan.tick;
      if (bid > 0) levels.push({ side: 'buy', price: bid, quantity: this.quantity(plan, size, bid) });
      levels.push({ side: 'sell', price: ask, quantity: this.quantity(plan, size, ask) });
    }
    return levels.filter(
      (l) => l.quantity > 0 && l.price * l.quantity >= plan.minNotional * 10 ** plan.market.quantityPrecision,
    );
  }

  /**
   * The maker's spendable balance of an asset in this round: read once per round, then reduced by what the round's
   * quotes will freeze (and increased by what its cancels release). False when `amount` is not there.
   */
  private spend(asset: string, amount: number): boolean {
    let left = this.budget.get(asset);
    if (left === undefined) left = this.toNumber(this.deps.accounts.balance(MAKER_OWNER, asset).available, asset);
    if (amount > 0 && amount > left) {
      this.budget.set(asset, left);
      return false;
    }
    this.budget.set(asset, left - amount);
    return true;
  }

  /** Quote value of a quantity at a price (units), with a margin for rounding. */
  private notional(plan: MarketPlan, price: number, quantity: number): number {
    return ((price / 10 ** plan.market.pricePrecision) * quantity * 1.001) / 10 ** plan.market.quantityPrecision;
  }

  private baseAmount(plan: MarketPlan, quantity: number): number {
    return quantity / 10 ** plan.market.quantityPrecision;
  }

  // ---- taking ----------------------------------------------------------------------------------------------------

  private take(plan: MarketPlan, mid: number, work: Promise<unknown>[]): void {
    const { symbol } = plan.market;
    const unit = 10 ** plan.market.pricePrecision;
    const top = this.deps.spot.bestBidAsk(symbol);
    const ask = top.ask === null ? null : Number(parseDecimal(top.ask, plan.market.pricePrecision)) / unit;
    const bid = top.bid === null ? null : Number(parseDecimal(top.bid, plan.market.pricePrecision)) / unit;
    // Quotes the index has left behind are taken first: that is how the last price follows the index.
    if (ask !== null && ask < mid * (1 - plan.halfSpread)) {
      work.push(this.send(plan, 'buy', plan.profile.quoteSize * this.prng.uniform(0.5, 2), mid));
      return;
    }
    if (bid !== null && bid > mid * (1 + plan.halfSpread)) {
      work.push(this.send(plan, 'sell', plan.profile.quoteSize * this.prng.uniform(0.5, 2), mid));
      return;
    }
    if (!this.prng.chance(Math.min(1, (this.options.takesPerMinute * this.intervalMs) / 60_000))) return;
    const whale = this.prng.chance(this.options.whaleChance);
    const size = whale
      ? plan.profile.quoteSize * this.prng.uniform(10, 40)
      : plan.profile.quoteSize * Math.exp(0.7 * this.prng.normal() - 0.25);
    // Lean toward restoring the taker's own inventory, so it neither runs dry nor hoards.
    const held = this.deps.accounts.balance(TAKER_OWNER, plan.market.base);
    const target = this.baseTarget(plan, mid, this.options.takerFunding);
    const excess = target > 0 ? this.toNumber(held.available, plan.market.base) / target - 1 : 0;
    const side = this.prng.chance(0.5 - Math.max(-0.3, Math.min(0.3, excess * 0.5))) ? 'buy' : 'sell';
    const limit = mid * (side === 'buy' ? 1 + (whale ? 0.02 : 0.002) : 1 - (whale ? 0.02 : 0.002));
    work.push(this.send(plan, side, size, limit));
  }

  /** An immediate-or-cancel limit order for about `quote` USDT, priced no worse than `limit`. */
  private async send(plan: MarketPlan, side: 'buy' | 'sell', quote: number, limit: number): Promise<void> {
    const unit = 10 ** plan.market.pricePrecision;
    const price =
      side === 'buy'
        ? Math.floor((limit * unit) / plan.tick) * plan.tick
        : Math.ceil((limit * unit) / plan.tick) * plan.tick;
    if (price <= 0) return;
    let quantity = this.quantity(plan, quote, price);
    const { base, quote: quoteAsset } = plan.market;
    if (side === 'sell') {
      const available = this.toNumber(this.deps.accounts.balance(TAKER_OWNER, base).available, base);
      quantity = Math.min(quantity, this.quantity(plan, available * (price / unit), price));
    } else {
      const available = this.toNumber(this.deps.accounts.balance(TAKER_OWNER, quoteAsset).available, quoteAsset);
      quantity = Math.min(quantity, this.quantity(plan, available * 0.98, price));
    }
    if (quantity <= 0 || price * quantity < plan.minNotional * 10 ** plan.market.quantityPrecision) return;
    const order = { symbol: plan.market.symbol, side, type: 'limit', price, quantity, timeInForce: 'IOC' } as const;
    if (await this.place(TAKER_OWNER, order)) this.stats.takes++;
  }

  // ---- orders and money ------------------------------------------------------------------------------------------

  private async place(owner: string, input: BotOrderInput): Promise<boolean> {
    try {
      await this.deps.desk.place(owner, input);
      this.stats.placed++;
      return true;
    } catch (error) {
      this.refused(error, input.symbol);
      return false;
    }
  }

  private async cancel(order: BotOrder): Promise<void> {
    try {
      await this.deps.desk.cancel(MAKER_OWNER, order.id);
      this.stats.cancelled++;
    } catch (error) {
      this.refused(error, '');
    }
  }

  private refused(error: unknown, symbol: string): void {
    this.stats.refused++;
    if (error instanceof DomainError) this.deps.log.debug({ key: error.key, symbol }, 'market maker order refused');
    else this.deps.log.warn({ err: error, symbol }, 'market maker order failed');
  }

  /** Tops the bots' accounts up to their targets when they fell below half of them (fees, trending prices). */
  private async fundAll(): Promise<void> {
    this.lastFunding = this.deps.now();
    const need = new Map<string, Map<string, number>>();
    const want = (owner: string, asset: string, value: number) => {
      const byAsset = need.get(owner) ?? new Map<string, number>();
      byAsset.set(asset, (byAsset.get(asset) ?? 0) + value);
      need.set(owner, byAsset);
    };
    for (const plan of this.plans.values()) {
      const index = this.deps.prices.price(plan.market.symbol);
      const mid = index ? indexToNumber(index.price) : Number(plan.profile.start);
      for (const [owner, multiple] of [
        [MAKER_OWNER, this.options.makerFunding],
        [TAKER_OWNER, this.options.takerFunding],
      ] as const) {
        want(owner, plan.market.base, this.baseTarget(plan, mid, multiple));
        want(owner, plan.market.quote, plan.profile.quoteSize * multiple);
      }
    }
    const requests: { owner: string; asset: string; amount: bigint }[] = [];
    for (const [owner, assets] of need) {
      for (const [asset, target] of assets) {
        const held = this.deps.accounts.balance(owner, asset);
        const have = this.toNumber(held.available + held.frozen, asset);
        if (have >= target / 2) continue;
        const scale = this.deps.accounts.assetScale(asset);
        // Whole units of 10^-min(scale, 8): the float target becomes an integer amount here.
        const amount =
          BigInt(Math.ceil((target - have) * 10 ** Math.min(scale, 8))) * 10n ** BigInt(Math.max(0, scale - 8));
        if (amount > 0n) requests.push({ owner, asset, amount });
      }
    }
    if (requests.length === 0 || !this.running) return;
    try {
      await this.deps.accounts.fund(requests);
      this.stats.fundings += requests.length;
    } catch (error) {
      this.deps.log.warn({ err: error }, 'market maker funding failed');
    }
  }

  private baseTarget(plan: MarketPlan, mid: number, multiple: number): number {
    return mid > 0 ? (plan.profile.quoteSize * multiple) / mid : 0;
  }

  /** Quantity units for about `quote` worth at `price` (price units), rounded down to the step. */
  private quantity(plan: MarketPlan, quote: number, price: number): number {
    const perUnit = price / 10 ** plan.market.pricePrecision / 10 ** plan.market.quantityPrecision;
    if (perUnit <= 0 || !Number.isFinite(quote)) return 0;
    return Math.max(0, Math.floor(quote / perUnit / plan.step) * plan.step);
  }

  private toNumber(units: bigint, asset: string): number {
    return Number(units) / 10 ** this.deps.accounts.assetScale(asset);
  }
}
