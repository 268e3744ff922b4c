import type { NewSpotOrderBody } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import { expectConsistent, fund, startSpotServer } from './testing';

/**
 * The engine must never diverge from the database. These tests break things on purpose: a settlement that fails
 * after the engine has matched, and a batch whose commit fails.
 */

let server: TestServer;
let alice: number;
let bob: number;

const order = (side: 'buy' | 'sell', price: string, quantity: string): NewSpotOrderBody => ({
  symbol: 'ETH_USDT',
  side,
  type: 'limit',
  price,
  quantity,
  timeInForce: 'GTC',
  postOnly: false,
  selfTrade: 'cancel_taker',
});

beforeAll(async () => {
  server = await startSpotServer();
  const { ctx } = server;
  alice = await ctx.accounts.createUser({ account: 'alice@example.com', password: 'secret123' });
  bob = await ctx.accounts.createUser({ account: 'bob@example.com', password: 'secret123' });
  await fund(ctx, [
    { uid: alice, asset: 'ETH', amount: '10' },
    { uid: bob, asset: 'USDT', amount: '100000' },
  ]);
});
afterAll(async () => {
  await server.close();
});

function book(): unknown {
  const d = server.ctx.spot.depth('ETH_USDT', 0, 50);
  return [d.bids, d.asks];
}

describe('when something fails after the engine has matched', () => {
  it('answers a server error for that order only, rebuilds the book from the database, and keeps the rest', async () => {
    const { ctx } = server;
    const a = { kind: 'user' as const, uid: alice };
    const b = { kind: 'user' as const, uid: bob };
    await ctx.spot.placeOrder(a, order('sell', '3000', '1'));
    const before = book();
    const ledger = ctx.ledger;
    const post = ledger.post.bind(ledger);
    let armed = true;
    ledger.post = (input) => {
      if (armed && input.reason === 'spot.trade') {
        armed = false;
        throw new Error('simulated disk error during settlement');
      }
      return post(input);
    };
    try {
      const results = await Promise.allSettled([
        ctx.spot.placeOrder(a, order('sell', '3001', '1')),
        ctx.spot.placeOrder(b, order('buy', '3000', '0.5')),
        ctx.spot.placeOrder(b, order('buy', '2990', '1')),
      ]);
      expect(results[0]?.status).toBe('fulfilled');
      expect(results[1]).toMatchObject({ status: 'rejected', reason: { key: 'SERVER_ERROR' } });
      expect(results[2]?.status).toBe('fulfilled');
    } finally {
      ledger.post = post;
    }
    // The failed buy left no trace; the maker is still whole on the book; the two other orders are there.
    const depth = ctx.spot.depth('ETH_USDT', 0, 50);
    expect(depth.asks).toEqual([
      ['3000', '1'],
      ['3001', '1'],
    ]);
    expect(depth.bids).toEqual([['2990', '1']]);
    expect(before).not.toEqual(book());
    expect(ctx.spot.reserveProblems()).toEqual([]);
    expectConsistent(ctx);
    // And trading goes on normally.
    const filled = await ctx.spot.placeOrder(b, order('buy', '3000', '0.5'));
    expect(filled.status).toBe('filled');
    expectConsistent(ctx);
  });
});

describe('when a batch cannot commit', () => {
  it('refuses every order of the batch, brings the books back to the database, and trades on afterwards', async () => {
    const { ctx } = server;
    const a = { kind: 'user' as const, uid: alice };
    const b = { kind: 'user' as const, uid: bob };
    const before = book();
    const trades = (ctx.db.prepare('SELECT COUNT(*) AS n FROM spot_trades').get() as { n: number }).n;
    const tx = ctx.tx;
    const run = tx.run.bind(tx);
    let armed = true;
    // The outermost transaction of the next batch does all its work, then fails as a commit would.
    tx.run = <T>(fn: () => T): T => {
      if (armed && !tx.active) {
        armed = false;
        return run(() => {
          fn();
          throw new Error('simulated commit failure');
        });
      }
      return run(fn);
    };
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled([
        ctx.spot.placeOrder(b, order('buy', '3001', '1.5')),
        ctx.spot.placeOrder(a, order('sell', '2999', '0.2')),
        ctx.spot.placeOrder(b, order('buy', '1', '0.0001')),
      ]);
    } finally {
      tx.run = run;
    }
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { key: 'SYSTEM_BUSY' } });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { key: 'SYSTEM_BUSY' } });
    // A command refused on its own keeps its own answer.
    expect(results[2]).toMatchObject({ status: 'rejected', reason: { key: 'BELOW_MIN_NOTIONAL' } });
    expect(book()).toEqual(before);
    expect((ctx.db.prepare('SELECT COUNT(*) AS n FROM spot_trades').get() as { n: number }).n).toBe(trades);
    expect(ctx.spot.reserveProblems()).toEqual([]);
    expectConsistent(ctx);
    const again = await ctx.spot.placeOrder(b, order('buy', '3001', '1.5'));
    expect(again.filledQuantity).toBe('1.5');
    expectConsistent(ctx);
  });
});
