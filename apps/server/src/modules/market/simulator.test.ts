import { describe, expect, it } from 'vitest';
import { INDEX_SCALE } from './price-source';
import { Prng } from './prng';
import { ASSET_PROFILES, profileFor } from './profiles';
import { PriceSimulator, RandomWalk } from './simulator';

const MINUTE = 60_000;
const YEAR_MINUTES = 365.25 * 24 * 60;

class ManualClock {
  constructor(public t: number) {}
  now(): number {
    return this.t;
  }
}

function path(seed: string, steps: number): bigint[] {
  const clock = new ManualClock(Date.UTC(2025, 0, 1));
  const sim = new PriceSimulator({ seed, clock });
  sim.track(['BTC_USDT', 'DOGE_USDT']);
  const out: bigint[] = [];
  for (let i = 0; i < steps; i++) {
    clock.t += 1000;
    for (const u of sim.advanceTo(clock.t)) out.push(u.price);
  }
  return out;
}

/** Annualised standard deviation of one-minute log returns over `days`. */
function realisedVolatility(profile = ASSET_PROFILES.BTC, seed = 'vol', days = 200): number {
  const walk = new RandomWalk(profile ?? ASSET_PROFILES.BTC!, new Prng(seed), 100, 100, 0);
  const n = days * 24 * 60;
  let sum = 0;
  let sumSq = 0;
  let previous = walk.price;
  for (let i = 0; i < n; i++) {
    const p = walk.step(MINUTE);
    const r = Math.log(p / previous);
    previous = p;
    sum += r;
    sumSq += r * r;
  }
  const variance = sumSq / n - (sum / n) ** 2;
  return Math.sqrt(variance * YEAR_MINUTES);
}

describe('price simulator', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = path('seed-a', 500);
    expect(path('seed-a', 500)).toEqual(a);
    expect(path('seed-b', 500)).not.toEqual(a);
    expect(a.every((p) => p > 0n)).toBe(true);
  });

  it('starts every market at its configured level, in integer index units', () => {
    const clock = new ManualClock(0);
    const sim = new PriceSimulator({ seed: 's', clock, startPrices: { ETH_USDT: '2500.5' } });
    sim.track(['BTC_USDT', 'ETH_USDT', 'NEW_USDT']);
    expect(sim.price('BTC_USDT')?.price).toBe(96_000n * 10n ** BigInt(INDEX_SCALE));
    expect(sim.price('ETH_USDT')?.price).toBe(250_050_000_000n);
    expect(sim.price('NEW_USDT')?.price).toBe(10n ** BigInt(INDEX_SCALE));
  });

  it('resumes where the stored history ends', () => {
    const clock = new ManualClock(0);
    const sim = new PriceSimulator({ seed: 's', clock, resumeFrom: () => 123_45000000n });
    sim.track(['BTC_USDT']);
    expect(sim.price('BTC_USDT')?.price).toBe(123_45000000n);
  });

  it('moves with the volatility configured per asset (annualised, within 10%)', () => {
    for (const asset of ['BTC', 'DOGE'] as const) {
      const profile = ASSET_PROFILES[asset];
      if (!profile) throw new Error(asset);
      const vol = realisedVolatility(profile, `vol-${asset}`);
      expect(vol).toBeGreaterThan(profile.volatility * 0.9);
      expect(vol).toBeLessThan(profile.volatility * 1.1);
    }
    expect(ASSET_PROFILES.BTC?.volatility).toBeGreaterThanOrEqual(0.5);
    expect(ASSET_PROFILES.BTC?.volatility).toBeLessThanOrEqual(0.6);
    expect(profileFor('BRS_USDT').volatility).toBeGreaterThan(1);
  });

  it('has sharp moves now and then: fat tails beyond a normal distribution', () => {
    const profile = profileFor('SOL_USDT');
    const walk = new RandomWalk(profile, new Prng('tails'), 100, 100, 0);
    const returns: number[] = [];
    let previous = walk.price;
    for (let i = 0; i < 100 * 24 * 60; i++) {
      const p = walk.step(MINUTE);
      returns.push(Math.log(p / previous));
      previous = p;
    }
    const sd = Math.sqrt(returns.reduce((s, r) => s + r * r, 0) / returns.length);
    const beyond6 = returns.filter((r) => Math.abs(r) > 6 * sd).length;
    // A normal distribution puts ~0.3 of 144,000 one-minute returns beyond 6 sd; the jumps put dozens there.
    expect(beyond6).toBeGreaterThan(20);
    // About jumpsPerDay × days of them, at most.
    expect(beyond6).toBeLessThan(profile.jumpsPerDay * 100 * 1.5);
  });

  it('steps only forward in time and tells its subscribers', () => {
    const clock = new ManualClock(1000);
    const sim = new PriceSimulator({ seed: 's', clock });
    sim.track(['BTC_USDT']);
    const seen: bigint[] = [];
    sim.subscribe((updates) => seen.push(...updates.map((u) => u.price)));
    expect(sim.advanceTo(500)).toEqual([]);
    expect(sim.advanceTo(2000)).toHaveLength(1);
    expect(seen).toHaveLength(1);
  });
});
