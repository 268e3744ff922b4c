import type { NewSpotOrderBody } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors';
import type { TestServer } from '../../test/harness';
import { expectConsistent, fund, startSpotServer } from './testing';

/**
 * The engine must never diverge from the database. These tests break things on purpose: a settlement that fails
 * after the engine has matched (the batch rolls back and runs again without that command), a refusal that wrote a
 * row although refusals must not (it is not trusted: same treatment), and a batch whose commit fails.
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
  alice = await ctx.account.createUser({ account: 'alice@example.com', password: 'secret123' });
  bob = await ctx.account.createUser({ account: 'bob@example.com', password: 'secret123' });
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

function count(table: string): number {
  return (server.ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
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
        ctx.spot.placeOrder(b, order('buy', '3000', '0.0001')),
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

describe('when a refused command wrote a row although refusals must not', () => {
  it('does not trust the refusal: the batch runs again without it, and its row is gone', async () => {
    const { ctx } = server;
    const a = { kind: 'user' as const, uid: alice };
    const b = { kind: 'user' as const, uid: bob };
    await ctx.spot.cancelAll(a);
    await ctx.spot.cancelAll(b);
    const orders = count('spot_orders');
    const ledger = ctx.ledger;
    const hold = ledger.hold.bind(ledger);
    let armed = true;
    ledger.hold = (input) => {
      if (armed && input.amount === 7_000_000_000n) {
        armed = false;
        // A bug: a write, then a refusal, in a command that runs without a savepoint of its own.
        ctx.db
          .prepare("INSERT INTO spot_favorites (uid, type, symbol, created_at) VALUES (?, 'spot', 'ETH_USDT', 0)")
          .run(bob);
        throw new DomainError('INSUFFICIENT_BALANCE');
      }
      return hold(input);
    };
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled([
        ctx.spot.placeOrder(a, order('sell', '3200', '0.1')),
        ctx.spot.placeOrder(b, order('buy', '1000', '0.07')),
        ctx.spot.placeOrder(b, order('buy', '3200', '0.1')),
      ]);
    } finally {
      ledger.hold = hold;
    }
    expect(results[0]).toMatchObject({ status: 'fulfilled' });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { key: 'SERVER_ERROR' } });
    expect(results[2]).toMatchObject({ status: 'fulfilled', value: { status: 'filled' } });
    expect(ctx.spot.favoriteSymbols(bob, 'spot')).toEqual([]);
    expect(count('spot_orders')).toBe(orders + 2);
    expect(ctx.spot.reserveProblems()).toEqual([]);
    expectConsistent(ctx);
  });
});

describe('when a command fails after matching in the middle of a batch', () => {
  it('runs the commands before and after the failing one again, in order, as if it had never been sent', async () => {
    const { ctx } = server;
    const a = { kind: 'user' as const, uid: alice };
    const b = { kind: 'user' as const, uid: bob };
    await ctx.spot.cancelAll(a);
    await ctx.spot.cancelAll(b);
    const orders = count('spot_orders');
    const trades = count('spot_trades');
    const entries = count('journal_entries');
    const ledger = ctx.ledger;
    const post = ledger.post.bind(ledger);
    let armed = true;
    let failures = 0;
    ledger.post = (input) => {
      // The second trade of the batch fails: the first one (same batch, earlier command) must survive the rerun.
      if (input.reason === 'spot.trade' && armed && failures++ === 1) {
        armed = false;
        throw new Error('simulated bug in the second settlement');
      }
      return post(input);
    };
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled([
        ctx.spot.placeOrder(a, order('sell', '3100', '0.4')),
        ctx.spot.placeOrder(b, order('buy', '3100', '0.1')),
        ctx.spot.placeOrder(b, order('buy', '3100', '0.2')),
        ctx.spot.placeOrder(b, order('buy', '3100', '0.05')),
        ctx.spot.placeOrder(b, order('buy', '3000', '0.0001')),
      ]);
    } finally {
      ledger.post = post;
    }
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { status: 'open' } });
    expect(results[1]).toMatchObject({ status: 'fulfilled', value: { status: 'filled', filledQuantity: '0.1' } });
    expect(results[2]).toMatchObject({ status: 'rejected', reason: { key: 'SERVER_ERROR' } });
    // It traded against what the failed command would have taken: the failed one is gone without a trace.
    expect(results[3]).toMatchObject({ status: 'fulfilled', value: { status: 'filled', filledQuantity: '0.05' } });
    // A command refused on its own in the first run is refused again in the second.
    expect(results[4]).toMatchObject({ status: 'rejected', reason: { key: 'BELOW_MIN_NOTIONAL' } });
    expect(count('spot_orders')).toBe(orders + 3);
    expect(count('spot_trades')).toBe(trades + 2);
    // The freezes of the three accepted orders and the two trades.
    expect(count('journal_entries')).toBe(entries + 5);
    expect(ctx.spot.depth('ETH_USDT', 0, 50).asks).toEqual([['3100', '0.25']]);
    expect(ctx.spot.reserveProblems()).toEqual([]);
    expectConsistent(ctx);
  });
});
