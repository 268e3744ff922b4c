import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM, system, user } from '../ledger';
import { expectPerpConsistent, type PerpWorld, startPerpServer, units } from './testing';

/**
 * The shock: 10,000 positions (2,000 traders × 5 contracts, one-way mode allows one position per contract), isolated
 * and cross, long and short, 5–50×; the books are emptied and every index drops 20% in one step. One mark run handles
 * every unhealthy pool; the ledger reconciles and the desk's money is unchanged to the unit.
 */
const SYMBOLS: [string, string, string][] = [
  ['BTC_USDT', '20000', '16000'],
  ['ETH_USDT', '1000', '800'],
  ['SOL_USDT', '100', '80'],
  ['BNB_USDT', '300', '240'],
  ['DOGE_USDT', '0.1', '0.08'],
];
const TRADERS = 2000;
const FIRST_UID = 1_000_000;

let w: PerpWorld;

beforeAll(async () => {
  w = await startPerpServer();
  for (const [symbol, price] of SYMBOLS) w.index.set(symbol, price);
  w.ctx.perp.refreshMarks(w.clock.now());
});

afterAll(async () => {
  await w.server.close();
});

function desk(): bigint {
  const { ledger } = w.ctx;
  let sum = 0n;
  for (let i = 0; i < TRADERS; i++) {
    for (const acc of ledger.userAccounts(FIRST_UID + i))
      if (acc.wallet === 'contract') sum += acc.available + acc.frozen;
  }
  for (const name of [SYSTEM.fees, SYSTEM.insuranceFund, 'perp_clearing', 'perp_mm']) {
    const b = ledger.balance(system(name, 'USDT', 'contract'));
    sum += b.available + b.frozen;
  }
  return sum;
}

describe('a 20% shock on 10,000 positions', () => {
  it('handles every unhealthy position in one pass and the ledger balances', { timeout: 300_000 }, () => {
    const { ctx } = w;
    const treasury = system(SYSTEM.treasury, 'USDT', 'contract');
    ctx.tx.run(() => {
      for (let i = 0; i < TRADERS; i++) {
        ctx.ledger.transfer({
          reference: `shock:fund:${i}`,
          reason: 'test.fund',
          from: treasury,
          to: user(FIRST_UID + i, 'contract', 'USDT'),
          amount: units('2000'),
        });
      }
    });
    let n = 0;
    for (let round = 0; round < 10; round++) {
      ctx.perp.quote();
      for (let i = round * (TRADERS / 10); i < (round + 1) * (TRADERS / 10); i++) {
        const uid = FIRST_UID + i;
        SYMBOLS.forEach(([symbol], k) => {
          const leverage = [5, 10, 20, 50][(i + k) % 4] as number;
          ctx.perp.setMarginMode(uid, symbol, (i + k) % 3 === 0 ? 'cross' : 'isolated');
          ctx.perp.setLeverage(uid, symbol, leverage);
          const placed = ctx.perp.placeUserOrder(uid, {
            symbol,
            side: (i + k) % 2 === 0 ? 'buy' : 'sell',
            type: 'market',
            lots: 1 + ((i * 7 + k) % 5),
            timeInForce: 'GTC',
            postOnly: false,
            reduceOnly: false,
          });
          if (placed.filledLots > 0) n++;
        });
      }
    }
    expect(n).toBe(TRADERS * SYMBOLS.length);
    expect(ctx.perp.openPositionCount()).toBeGreaterThanOrEqual(10_000);
    const before = desk();
    expectPerpConsistent(ctx);

    ctx.perp.pullQuotes();
    for (const [symbol, , shocked] of SYMBOLS) w.index.set(symbol, shocked);
    // A basis sample of a stale book would hold the mark up: with the books empty the mark is the index's.
    w.clock.advance(1000);
    ctx.perp.refreshMarks(w.clock.now());
    // What a full scan with the exact check finds unhealthy at the shocked marks (the sweep must handle all of it).
    const unhealthy = ctx.perp.unhealthyPools();
    expect(unhealthy).toBeGreaterThan(1000);
    ctx.perp.tick(w.clock.now());
    const stats = ctx.perp.stats();
    expect(stats.sweep.liquidations).toBeGreaterThanOrEqual(unhealthy);
    // Nothing unhealthy is left, and a second sweep at the same marks finds nothing to do: one pass.
    expect(ctx.perp.unhealthyPools()).toBe(0);
    expect(ctx.perp.sweep()).toBe(0);
    expect(desk()).toBe(before);
    expectPerpConsistent(ctx);
    // The sweep visited only the pools the move put at risk (the indexes), not all 10,000 positions.
    expect(stats.sweep.lastChecked).toBeLessThan(ctx.perp.openPositionCount() + stats.sweep.liquidations);
    expect(stats.sweep.lastChecked).toBeGreaterThanOrEqual(unhealthy);
  });
});
