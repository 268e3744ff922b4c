import { type KlinePeriod, rescale } from '@bourse/contract';
import type { Transactions } from '../../lib/tx';
import { aggregate, type CandleUnits, PERIOD_MS, periodStart, type SeriesScales } from './candles';
import { Prng } from './prng';
import type { AssetProfile } from './profiles';
import type { MarketRepo } from './repo';
import { RandomWalk } from './simulator';

const MINUTE = PERIOD_MS['1m'];
const HOUR = PERIOD_MS['1h'];
const DAY = PERIOD_MS['1d'];
/** Sub-steps of the walk inside one candle: their extremes make the candle's high and low. */
const STEPS_PER_MINUTE = 4;
const STEPS_PER_HOUR = 12;
const ROWS_PER_TRANSACTION = 5_000;
/**
 * One-minute candles are written for the newest week only (a 1m chart shows hours, and 10,080 rows per market are
 * plenty to scroll); 5m–30m cover the whole minute tier, 1h and longer the hour tier as well.
 */
export const ONE_MINUTE_HISTORY_DAYS = 7;

export interface BackfillPlan {
  symbol: string;
  scales: SeriesScales;
  /** The market's price tick and quantity step, in series units. */
  tick: bigint;
  step: bigint;
  profile: AssetProfile;
  /** Where the history ends: the index at install time (quote per base). */
  level: number;
  /** Average traded value per minute in the quote asset (so the 24-hour volume matches what the bots trade). */
  quotePerMinute: number;
}

export interface BackfillWindow {
  /** Minute candles (and everything aggregated from them) cover [minutesFrom, to). */
  minutesFrom: number;
  /** Hour candles cover [hoursFrom, minutesFrom) before that; 4h, 1d and 1w cover [hoursFrom, to). */
  hoursFrom: number;
  to: number;
}

export function backfillWindow(now: number, minuteDays: number, hourDays: number): BackfillWindow {
  const to = periodStart(now, '1m');
  const minutesFrom = periodStart(to - minuteDays * DAY, '1d');
  const hoursFrom = Math.min(minutesFrom, periodStart(to - hourDays * DAY, '1w'));
  return { minutesFrom, hoursFrom, to };
}

interface FloatCandle {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
}

/**
 * The simulated history of one market: one continuous random walk through the hour tier and then the minute tier,
 * scaled so that it ends exactly at `plan.level`, rounded to the market's tick at once, with synthetic volume.
 * Deterministic for a seed. Returns the minute candles and the older hour candles.
 */
export function simulateHistory(
  plan: BackfillPlan,
  seed: string,
  window: BackfillWindow,
): { minutes: CandleUnits[]; oldHours: CandleUnits[] } {
  const prng = new Prng(`${seed}:${plan.symbol}:history`);
  const walk = new RandomWalk(plan.profile, prng, 1, 1, 0);
  const floats = (from: number, to: number, size: number, steps: number): FloatCandle[] => {
    const out: FloatCandle[] = [];
    for (let t = from; t < to; t += size) {
      const o = walk.price;
      let h = o;
      let l = o;
      for (let i = 0; i < steps; i++) {
        const p = walk.step(size / steps);
        if (p > h) h = p;
        if (p < l) l = p;
      }
      out.push({ t, o, h, l, c: walk.price });
    }
    return out;
  };
  const hours = floats(window.hoursFrom, window.minutesFrom, HOUR, STEPS_PER_HOUR);
  const minutes = floats(window.minutesFrom, window.to, MINUTE, STEPS_PER_MINUTE);
  const scale = plan.level / walk.price;
  const volumes = new Prng(`${seed}:${plan.symbol}:volume`);
  const convert = (f: FloatCandle, minutesLong: number): CandleUnits =>
    toUnitsCandle(f, scale, plan, volumes, plan.quotePerMinute * minutesLong);
  return { minutes: minutes.map((f) => convert(f, 1)), oldHours: hours.map((f) => convert(f, 60)) };
}

function toUnitsCandle(f: FloatCandle, scale: number, plan: BackfillPlan, prng: Prng, quoteMean: number): CandleUnits {
  const tick = Number(plan.tick);
  const perTick = (10 ** plan.scales.price / tick) * scale;
  // Whole ticks (at least one) as numbers first, bigint once: the float prices end here.
  const o = Math.max(1, Math.round(f.o * perTick));
  const h = Math.max(1, Math.round(f.h * perTick));
  const l = Math.max(1, Math.round(f.l * perTick));
  const c = Math.max(1, Math.round(f.c * perTick));
  const typical = Math.floor((o + h + l + c) / 4) * tick;
  // Busier when the price moves: lognormal noise around the mean, more on large candles.
  const move = Math.abs(Math.log(f.c / f.o));
  const quote = quoteMean * Math.exp(0.6 * prng.normal() - 0.18) * (1 + 40 * move);
  const units = 10 ** (plan.scales.price + plan.scales.quantity);
  const steps = Math.max(0, Math.round(((quote / typical) * units) / Number(plan.step)));
  const v = BigInt(steps) * plan.step;
  const qv = rescale(v * BigInt(typical), plan.scales.price + plan.scales.quantity, plan.scales.quote, 'down');
  const t = plan.tick;
  return { t: f.t, o: BigInt(o) * t, h: BigInt(h) * t, l: BigInt(l) * t, c: BigInt(c) * t, v, qv, n: 0 };
}

/** Every period's candles from the history: 5m–30m from the minute tier, 1h and longer over both tiers, 1m for a week. */
export function historyCandles(
  history: { minutes: CandleUnits[]; oldHours: CandleUnits[] },
  window: BackfillWindow,
): Map<KlinePeriod, CandleUnits[]> {
  const out = new Map<KlinePeriod, CandleUnits[]>();
  const minutesFrom = Math.max(window.minutesFrom, window.to - ONE_MINUTE_HISTORY_DAYS * DAY);
  out.set(
    '1m',
    history.minutes.filter((c) => c.t >= minutesFrom),
  );
  for (const period of ['5m', '15m', '30m'] as const) out.set(period, aggregate(history.minutes, period));
  const hours = [...history.oldHours, ...aggregate(history.minutes, '1h')];
  out.set('1h', hours);
  for (const period of ['4h', '1d', '1w'] as const) out.set(period, aggregate(hours, period));
  return out;
}

/**
 * Writes a market's simulated history in batched transactions, pausing between batches so the server keeps serving,
 * and records it in market_series in the last batch: a crash half-way leaves the series unmarked, and the next
 * start writes it again from scratch. Returns the number of rows written.
 */
export async function writeHistory(
  tx: Transactions,
  repo: MarketRepo,
  symbol: string,
  candles: Map<KlinePeriod, CandleUnits[]>,
  window: BackfillWindow,
  startedAt: number,
  pause: () => Promise<void>,
): Promise<number> {
  const rows: [KlinePeriod, CandleUnits][] = [];
  for (const [period, list] of candles) for (const candle of list) rows.push([period, candle]);
  tx.run(() => repo.deleteCandles(symbol));
  for (let i = 0; i < rows.length; i += ROWS_PER_TRANSACTION) {
    await pause();
    tx.run(() => {
      for (let j = i; j < Math.min(i + ROWS_PER_TRANSACTION, rows.length); j++) {
        const [period, candle] = rows[j] as [KlinePeriod, CandleUnits];
        repo.upsertCandle(symbol, period, candle);
      }
    });
  }
  tx.run(() => repo.setBackfill(symbol, window.hoursFrom, window.to, Math.round(performance.now() - startedAt)));
  return rows.length;
}
