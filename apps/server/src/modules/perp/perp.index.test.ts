import { formatDecimal } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM, system, user } from '../ledger';
import { expectPerpConsistent, type PerpWorld, startPerpServer, units } from './testing';

/**
 * The sweep finds pools through the liquidation indexes, never by scanning: after every mark move it must still have
 * handled every pool a full exact scan calls unhealthy — isolated positions, cross accounts on one contract, and cross
 * accounts on several contracts whose marks move apart (their keys share out the account's slack).
 */
const SYMBOLS: [string, number][] = [
  ['BTC_USDT', 20_000],
  ['ETH_USDT', 1_000],
  ['SOL_USDT', 100],
];
const TRADERS = 150;
const FIRST_UID = 2_000_000;

let w: PerpWorld;

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const priceText = (p: number): string => formatDecimal(BigInt(Math.round(p * 1e8)), 8);

beforeAll(async () => {
  w = await startPerpServer({ fund: '10000000' });
  for (const [symbol, price] of SYMBOLS) w.index.set(symbol, priceText(price));
  w.ctx.perp.refreshMarks(w.clock.now());
});

afterAll(async () => {
  await w.server.close();
});

describe('the liquidation indexes', () => {
  it('find every unhealthy pool as marks move apart, visiting only those at risk', { timeout: 120_000 }, () => {
    const { ctx } = w;
    const random = prng(7);
    const treasury = system(SYSTEM.treasury, 'USDT', 'contract');
    ctx.tx.run(() => {
      for (let i = 0; i < TRADERS; i++)
        ctx.ledger.transfer({
          reference: `index:fund:${i}`,
          reason: 'test.fund',
          from: treasury,
          to: user(FIRST_UID + i, 'contract', 'USDT'),
          amount: units('1000'),
        });
    });
    for (let i = 0; i < TRADERS; i++) {
      const uid = FIRST_UID + i;
      ctx.perp.quote();
      SYMBOLS.forEach(([symbol, price], k) => {
        const leverage = [10, 20, 50][(i + k) % 3] as number;
        const lotValue = price * (symbol === 'BTC_USDT' ? 0.001 : symbol === 'ETH_USDT' ? 0.01 : 0.1);
        // Two traders in three are cross on every contract (one account on three marks); the rest isolated.
        ctx.perp.setMarginMode(uid, symbol, i % 3 === 2 ? 'isolated' : 'cross');
        ctx.perp.setLeverage(uid, symbol, leverage);
        ctx.perp.placeUserOrder(uid, {
          symbol,
          // A cross trader holds one direction on every contract: its losses add up across the three marks.
          side: (i % 3 === 2 ? random() < 0.5 : i % 2 === 0) ? 'buy' : 'sell',
          type: 'market',
          // About a quarter of the wallet as margin on each contract: the cross accounts are well used.
          lots: Math.max(1, Math.floor(((250 * leverage) / lotValue) * (0.5 + random() * 0.7))),
          timeInForce: 'GTC',
          postOnly: false,
          reduceOnly: false,
        });
      });
    }
    expect(ctx.perp.openPositionCount()).toBeGreaterThan(TRADERS * 2);
    // The first sweep keys everyone; with the marks unchanged the next one visits nobody.
    w.clock.advance(1000);
    ctx.perp.tick(w.clock.now());
    w.clock.advance(1000);
    ctx.perp.tick(w.clock.now());
    expect(ctx.perp.stats().sweep.lastChecked).toBe(0);

    const prices = new Map(SYMBOLS);
    let liquidated = 0;
    let visited = 0;
    let positionsSeen = 0;
    for (let step = 0; step < 40; step++) {
      // The market moves (−1.2% to +0.4% a step) and each contract its own way besides (±0.4%): a long cross account's
      // positions lose together, each a part of what the account can bear.
      const market = (random() - 0.75) * 0.016;
      for (const [symbol] of SYMBOLS) {
        const next = (prices.get(symbol) as number) * (1 + market + (random() - 0.5) * 0.008);
        prices.set(symbol, next);
        w.index.set(symbol, priceText(next));
      }
      ctx.perp.pullQuotes();
      w.clock.advance(1000);
      positionsSeen += ctx.perp.openPositionCount();
      const before = ctx.perp.stats().sweep.liquidations;
      ctx.perp.tick(w.clock.now());
      const stats = ctx.perp.stats().sweep;
      liquidated += stats.liquidations - before;
      visited += stats.lastChecked;
      expect(ctx.perp.unhealthyPools()).toBe(0);
      ctx.perp.quote();
    }
    expect(liquidated).toBeGreaterThan(20);
    // A full scan would have visited every position each step; the indexes send the sweep to a few.
    expect(visited).toBeLessThan(positionsSeen / 4);
    expectPerpConsistent(ctx);
  });
});
