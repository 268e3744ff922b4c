import type { NewSwapOrderBody } from '@bourse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors';
import { get, registerUser, type TestUser } from '../../test/harness';
import { contractBalance, expectPerpConsistent, fundContract, type PerpWorld, startPerpServer } from './testing';

const worlds: PerpWorld[] = [];

afterEach(async () => {
  for (const w of worlds.splice(0)) await w.server.close();
});

async function world(traders: number): Promise<{ w: PerpWorld; users: TestUser[] }> {
  const w = await startPerpServer();
  worlds.push(w);
  const users: TestUser[] = [];
  for (let i = 0; i < traders; i++) users.push(await registerUser(w.server));
  await fundContract(
    w.ctx,
    users.map((u) => ({ uid: u.uid, amount: '100000' })),
  );
  return { w, users };
}

function body(side: 'buy' | 'sell', lots: number, price?: string, extra: Partial<NewSwapOrderBody> = {}) {
  return {
    symbol: 'BTC_USDT',
    side,
    type: price === undefined ? 'market' : 'limit',
    ...(price === undefined ? {} : { price }),
    lots,
    timeInForce: 'GTC',
    postOnly: false,
    reduceOnly: false,
    ...extra,
  } satisfies NewSwapOrderBody;
}

const codeOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? 'ok' : r.reason instanceof DomainError ? r.reason.key : String(r.reason);

describe('the perpetuals group commit', () => {
  it('sees what earlier commands of its batch did: their client order ids, their finished orders', async () => {
    const { w, users } = await world(2);
    const [alice, bob] = users as [TestUser, TestUser];
    const { perp } = w.ctx;
    w.ctx.perp.quote();
    let filled = 0;
    const answers = await Promise.allSettled([
      perp.submit(() => {
        const o = perp.placeUserOrder(alice.uid, body('buy', 2, undefined, { clientOrderId: 'a-1' }));
        filled = o.id;
        return o;
      }),
      perp.submit(() => perp.placeUserOrder(alice.uid, body('buy', 1, '19000', { clientOrderId: 'a-1' }))),
      // Filled whole in this batch: its row is not in the table yet, and it can no longer be cancelled.
      perp.submit(() => perp.cancel(alice.uid, filled)),
      perp.submit(() => perp.cancel(bob.uid, filled)),
      perp.submit(() => perp.placeUserOrder(bob.uid, body('buy', 1, '19000', { clientOrderId: 'a-1' }))),
    ]);
    expect(answers.map(codeOf)).toEqual(['ok', 'CLIENT_ORDER_ID_USED', 'ORDER_NOT_REVOCABLE', 'ORDER_NOT_FOUND', 'ok']);
    expect(perp.order(alice.uid, filled).order.status).toBe('trading');
    expectPerpConsistent(w.ctx);
  });

  it('runs a batch again without a command that failed after it changed the state; that one changed nothing', async () => {
    const { w, users } = await world(2);
    const [alice, bob] = users as [TestUser, TestUser];
    const { perp } = w.ctx;
    perp.quote();
    await perp.submit(() => perp.placeUserOrder(alice.uid, body('buy', 10)));
    const reduce = await perp.submit(() =>
      perp.placeUserOrder(alice.uid, body('sell', 4, '21000', { reduceOnly: true })),
    );
    // Nobody bids any more: closing at market cancels the reduce-only order first, then finds no liquidity.
    perp.pullQuotes();
    const balance = contractBalance(w.ctx, alice.uid);
    const rows = () => w.ctx.db.prepare('SELECT * FROM perp_orders ORDER BY id').all();
    const before = rows();
    const stats = perp.stats().commit;
    const answers = await Promise.allSettled([
      perp.submit(() => perp.closeAll(alice.uid, 'BTC_USDT')),
      perp.submit(() => perp.placeUserOrder(bob.uid, body('buy', 3, '19500'))),
    ]);
    expect(answers.map(codeOf)).toEqual(['NO_LIQUIDITY', 'ok']);
    // Bob's order ran again alone and committed; alice's reduce-only order still rests, her money as it was.
    expect(perp.stats().commit.commands - stats.commands).toBe(1);
    const open = perp.openOrders(alice.uid, { page: 1, size: 10 });
    expect(open.list.map((o) => [o.id, o.status, o.reduceOnly])).toEqual([[reduce.id, 'entrusted', true]]);
    expect(contractBalance(w.ctx, alice.uid)).toEqual(balance);
    const after = rows();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(before.length + 1);
    expectPerpConsistent(w.ctx);
  });

  it('writes the same rows and ledger entries whether the commands come in one batch or one at a time', async () => {
    const dumps: unknown[] = [];
    for (const batched of [true, false]) {
      const { w, users } = await world(3);
      const { perp } = w.ctx;
      const [a, b, c] = users.map((u) => u.uid) as [number, number, number];
      // Resting orders, fills against them (part and whole), a flip, a reduce-only, a cancel, a close.
      const commands: (() => unknown)[] = [
        () => perp.placeUserOrder(a, body('buy', 5, '19990')),
        () => perp.placeUserOrder(a, body('buy', 7, '19980', { clientOrderId: 'x' })),
        () => perp.placeUserOrder(b, body('sell', 8, '19980')),
        () => perp.placeUserOrder(c, body('sell', 3, '19995')),
        () => perp.placeUserOrder(b, body('buy', 4, '19995')),
        () => perp.placeUserOrder(a, body('sell', 2, '20010', { reduceOnly: true })),
        () => perp.placeUserOrder(c, body('buy', 9, '20010')),
        () => perp.placeUserOrder(b, body('buy', 2, '19985')),
        () => perp.cancel(a, 2),
        () => perp.placeUserOrder(c, body('sell', 11, '19900')),
        () => perp.close(b, { symbol: 'BTC_USDT', type: 'limit', price: '19700' }),
        () => perp.placeUserOrder(a, body('sell', 20, '19700')),
      ];
      const outcomes = batched ? (await Promise.allSettled(commands.map((run) => perp.submit(run)))).map(codeOf) : [];
      if (!batched) {
        for (const run of commands) outcomes.push(codeOf((await Promise.allSettled([perp.submit(run)]))[0]!));
      }
      expectPerpConsistent(w.ctx);
      const { db } = w.ctx;
      const all = (sql: string) => db.prepare(sql).all();
      dumps.push({
        outcomes,
        orders: all('SELECT * FROM perp_orders ORDER BY id'),
        positions: all('SELECT * FROM perp_positions ORDER BY id'),
        trades: all('SELECT * FROM perp_trades ORDER BY id'),
        fills: all('SELECT * FROM perp_fills ORDER BY id'),
        closes: all('SELECT * FROM perp_closes ORDER BY id'),
        accounts: all('SELECT * FROM perp_accounts ORDER BY owner'),
        candles: all('SELECT * FROM perp_candles ORDER BY contract_id, period, t'),
        // The trading's entries (the deposits that funded the traders name random transaction hashes).
        entries: all(
          "SELECT id, reference, reason, meta FROM journal_entries WHERE reason LIKE 'futures.%' ORDER BY id",
        ),
        legs: all(
          "SELECT l.* FROM journal_legs l JOIN journal_entries e ON e.id = l.entry_id WHERE e.reason LIKE 'futures.%' ORDER BY l.rowid",
        ),
        holds: all('SELECT * FROM ledger_holds ORDER BY holder'),
        balances: users.map((u) => contractBalance(w.ctx, u.uid)),
        positionsLive: (await get(w.server, '/mapi/swap/positions', { token: users[0]!.token })).body,
      });
    }
    const [batched, single] = dumps as [Record<string, unknown>, Record<string, unknown>];
    expect((batched.fills as unknown[]).length).toBeGreaterThan(5);
    expect(batched).toEqual(single);
  });
});
