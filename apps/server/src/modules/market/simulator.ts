import { parseDecimal } from '@bourse/contract';
import type { Clock } from '../../lib/clock';
import type { JobDefinition } from '../../platform/jobs';
import { INDEX_SCALE, type IndexListener, IndexListeners, type IndexPrice, type PriceSource } from './price-source';
import { Prng } from './prng';
import { type AssetProfile, profileFor } from './profiles';

const MS_PER_YEAR = 365.25 * 86_400_000;
const INDEX_UNIT = 10 ** INDEX_SCALE;

/**
 * One asset's log price as a jump diffusion (Merton): each step adds a normal shock with the diffusion part of the
 * volatility and a Poisson number of normal jumps, with a weak pull back toward the anchor level so a demo that runs
 * for months stays near realistic prices. This is the only place where prices are floats: callers turn every value
 * into integer units at once (`toUnits`).
 */
export class RandomWalk {
  private logPrice: number;
  private readonly logAnchor: number;
  private readonly diffusion: number;
  private readonly jumpsPerYear: number;

  constructor(
    private readonly profile: AssetProfile,
    private readonly prng: Prng,
    /** Where the walk starts (quote per base). */
    start: number,
    /** The level it is weakly pulled toward; the profile's start by default. */
    anchor = start,
    /** Strength of the pull per year (ln 2 / half-life in years); about a 4-month half-life by default. */
    private readonly reversionPerYear = Math.LN2 / (120 / 365.25),
  ) {
    this.logPrice = Math.log(start);
    this.logAnchor = Math.log(anchor);
    this.jumpsPerYear = profile.jumpsPerDay * 365.25;
    // The configured volatility is the total: jumps take their share of the variance, diffusion the rest.
    const jumpVariance = this.jumpsPerYear * profile.jumpSize * profile.jumpSize;
    this.diffusion = Math.sqrt(Math.max(0, profile.volatility * profile.volatility - jumpVariance));
  }

  /** Moves the walk forward by `ms` milliseconds and returns the new price. */
  step(ms: number): number {
    if (ms <= 0) return Math.exp(this.logPrice);
    const years = ms / MS_PER_YEAR;
    const pull = this.reversionPerYear * (this.logAnchor - this.logPrice) * years;
    let move =
      pull - 0.5 * this.diffusion * this.diffusion * years + this.diffusion * Math.sqrt(years) * this.prng.normal();
    // For the short steps of a walk a jump is rare enough that "at most one" is exact to λ²/2; longer steps draw a count.
    const lambda = this.jumpsPerYear * years;
    const jumps = lambda < 0.01 ? (this.prng.chance(lambda) ? 1 : 0) : this.prng.poisson(lambda);
    for (let i = 0; i < jumps; i++) move += this.profile.jumpSize * this.prng.normal();
    this.logPrice += move;
    return Math.exp(this.logPrice);
  }

  get price(): number {
    return Math.exp(this.logPrice);
  }
}

/** A float price to integer units of 10^-scale (at least one unit): the float's life ends here. */
export function toUnits(price: number, scale: number): bigint {
  const units = Math.round(price * 10 ** scale);
  return BigInt(Math.max(1, Number.isFinite(units) ? units : 1));
}

/** Integer units back to a float, for seeding a walk from a stored price. */
export function fromUnits(units: bigint, scale: number): number {
  return Number(units) / 10 ** scale;
}

export interface SimulatorOptions {
  seed: string;
  clock: Clock;
  /** Per-symbol index at install time, overriding the asset profiles (decimal strings). */
  startPrices?: Readonly<Record<string, string>>;
  /** How often the live walk steps (ms): the period of the `market.prices` job. */
  stepMs?: number;
  /** Where to resume each symbol (e.g. the newest candle close), in index units; otherwise the profile's start. */
  resumeFrom?: (symbol: string) => bigint | null;
  onError?: (error: unknown) => void;
}

/**
 * The default price source: every tracked market follows its own seeded random walk, stepped to the injected
 * clock's time by the scheduler's `market.prices` job. The same seed and the same sequence of `advanceTo` times give
 * the same prices.
 */
export class PriceSimulator implements PriceSource {
  readonly name = 'simulator';
  private readonly walks = new Map<string, { walk: RandomWalk; at: number; last: IndexPrice }>();
  private readonly listeners = new IndexListeners();
  private stopped = false;

  constructor(private readonly options: SimulatorOptions) {}

  profile(symbol: string): AssetProfile {
    return profileFor(symbol, this.options.startPrices);
  }

  track(symbols: readonly string[]): void {
    const now = this.options.clock.now();
    for (const symbol of symbols) {
      if (this.walks.has(symbol)) continue;
      const profile = this.profile(symbol);
      const anchor = fromUnits(parseDecimal(profile.start, INDEX_SCALE), INDEX_SCALE);
      const resumed = this.options.resumeFrom?.(symbol) ?? null;
      const start = resumed !== null && resumed > 0n ? fromUnits(resumed, INDEX_SCALE) : anchor;
      const walk = new RandomWalk(profile, new Prng(`${this.options.seed}:${symbol}:live`), start, anchor);
      this.walks.set(symbol, { walk, at: now, last: { symbol, price: toUnits(start, INDEX_SCALE), ts: now } });
    }
  }

  price(symbol: string): IndexPrice | null {
    return this.walks.get(symbol)?.last ?? null;
  }

  subscribe(listener: IndexListener): () => void {
    return this.listeners.add(listener);
  }

  /** Steps every walk to `now` and tells the listeners. Time never goes backwards. */
  advanceTo(now: number): IndexPrice[] {
    const updates: IndexPrice[] = [];
    if (this.stopped) return updates;
    for (const [symbol, state] of this.walks) {
      if (now <= state.at) continue;
      const price = toUnits(state.walk.step(now - state.at), INDEX_SCALE);
      state.at = now;
      state.last = { symbol, price, ts: now };
      updates.push(state.last);
    }
    this.listeners.emit(updates, (error) => this.options.onError?.(error));
    return updates;
  }

  /**
   * One step per slot, to the time it runs. After downtime only the newest slot runs: the walk steps over any gap
   * in one go (its variance grows with the time stepped), so skipped slots lose nothing.
   */
  jobs(): JobDefinition[] {
    return [
      {
        name: 'prices',
        description: 'Step every market’s simulated index to now and tell the listeners',
        everyMs: this.options.stepMs ?? 1000,
        catchUp: 'latest',
        run: ({ now }) => {
          this.advanceTo(now);
        },
      },
    ];
  }

  start(): void {
    this.stopped = false;
  }

  stop(): void {
    this.stopped = true;
  }
}

/** The float value of index units, for ratio maths in the bots (never stored). */
export function indexToNumber(price: bigint): number {
  return Number(price) / INDEX_UNIT;
}
