import type { NewSwapOrderBody } from '@bourse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../test/harness';
import { expectPerpConsistent, fundContract, type PerpWorld, startPerpServer } from './testing';

const worlds: PerpWorld[] = [];

afterEach(async () => {
  for (const w of worlds.splice(0)) await w.server.close();
});

const market = (side: 'buy' | 'sell', lots: number): NewSwapOrderBody => ({
  symbol: 'BTC_USDT',
  side,
  type: 'market',
  lots,
  timeInForce: 'GTC',
  postOnly: false,
  reduceOnly: false,
});

describe('the perpetuals histories (lookups by owner filled in bulk, no indexes by position)', () => {
  it('pages orders, fills and closes like the table does, shows a closed position’s orders closed, and finds a position’s own records', async () => {
    const w = await startPerpServer();
    worlds.push(w);
    const users: TestUser[] = [await registerUser(w.server), await registerUser(w.server)];
    const [alice, bob] = users as [TestUser, TestUser];
    await fundContract(
      w.ctx,
      users.map((u) => ({ uid: u.uid, amount: '100000' })),
    );
    const { perp, db } = w.ctx;
    perp.quote();
    const place = (uid: number, side: 'buy' | 'sell', lots: number) =>
      perp.submit(() => perp.placeUserOrder(uid, market(side, lots)));

    // Position 1: two opening orders, closed by a third; bob trades alongside.
    const o1 = await place(alice.uid, 'buy', 2);
    await place(bob.uid, 'sell', 3);
    const o2 = await place(alice.uid, 'buy', 1);
    const first = perp.positions(alice.uid)[0];
    expect(first).toBeDefined();
    const p1 = Number(first?.id);
    expect(perp.order(alice.uid, o1.id).order.status).toBe('trading');
    const o3 = await place(alice.uid, 'sell', 3);
    expect(perp.positions(alice.uid)).toEqual([]);
    // Position 2, still open. Then the lookups flush (a second later), and a last order waits in the tail.
    const o4 = await place(alice.uid, 'buy', 1);
    const p2 = Number(perp.positions(alice.uid)[0]?.id);
    w.clock.advance(1_500);
    await place(bob.uid, 'buy', 1);
    const o5 = await place(alice.uid, 'buy', 2);
    const upto = (table: string) => Number(db.prepare(`SELECT upto FROM ${table}_upto`).pluck().get());
    expect(upto('perp_order_owners')).toBeGreaterThanOrEqual(o4.id);
    expect(upto('perp_order_owners')).toBeLessThan(o5.id);

    // Orders as shown: the ones that opened position 1 are closed with it; position 2's still trading.
    const history = perp.orders(alice.uid, { page: 1, size: 50 });
    const status = new Map(history.list.map((o) => [o.id, o.status]));
    expect([o1, o2, o3, o4, o5].map((o) => status.get(o.id))).toEqual([
      'closed',
      'closed',
      'complete',
      'trading',
      'trading',
    ]);
    expect(history.total).toBe(5);
    expect(perp.orders(alice.uid, { status: 'closed', page: 1, size: 50 }).list.map((o) => o.id)).toEqual([
      o2.id,
      o1.id,
    ]);
    expect(perp.orders(alice.uid, { status: 'trading', page: 1, size: 50 }).list.map((o) => o.id)).toEqual([
      o5.id,
      o4.id,
    ]);
    expect(perp.order(alice.uid, o1.id).order.status).toBe('closed');
    // Pages across the lookup's boundary: the same ids, in the same order, as the table itself.
    for (const who of [alice, bob]) {
      const fills = db.prepare('SELECT id FROM perp_fills WHERE owner = ? ORDER BY id DESC').pluck().all(who.uid);
      const closes = db.prepare('SELECT id FROM perp_closes WHERE owner = ? ORDER BY id DESC').pluck().all(who.uid);
      for (const size of [1, 2, 50]) {
        for (let page = 1; page <= Math.ceil(fills.length / size); page++) {
          const got = perp.fills(who.uid, { page, size });
          expect(got.total).toBe(fills.length);
          expect(got.list.map((f) => Number(f.id))).toEqual(fills.slice((page - 1) * size, page * size).map(Number));
        }
        const got = perp.closes(who.uid, { page: 1, size });
        expect(got.total).toBe(closes.length);
        expect(got.list.map((c) => Number(c.id))).toEqual(closes.slice(0, size).map(Number));
      }
    }
    // An order's detail: its own fills (found from its owner's since it was placed).
    for (const o of [o1, o2, o3, o4, o5]) {
      const fills = perp.order(alice.uid, o.id).fills.map((f) => Number(f.id));
      expect(fills.length).toBeGreaterThan(0);
      expect(fills).toEqual(
        db.prepare('SELECT id FROM perp_fills WHERE order_id = ? ORDER BY id').pluck().all(o.id).map(Number),
      );
    }
    // A position's detail: its own orders, fills and closes only.
    const d1 = perp.position(alice.uid, p1);
    expect(d1.orders.map((o) => o.id)).toEqual([o1.id, o2.id, o3.id]);
    expect(d1.fills.map((f) => Number(f.id))).toEqual(
      db.prepare('SELECT id FROM perp_fills WHERE position_id = ? ORDER BY id').pluck().all(p1).map(Number),
    );
    expect(d1.fills.length).toBeGreaterThanOrEqual(3);
    expect(d1.closes.length).toBeGreaterThanOrEqual(1);
    const d2 = perp.position(alice.uid, p2);
    expect(d2.orders.map((o) => o.id)).toEqual([o4.id, o5.id]);
    expect(d2.closes).toEqual([]);

    // Each book trade is one journal entry for both sides, whose fee legs are the two fills' fees.
    const trades = db.prepare("SELECT id FROM perp_trades WHERE kind = 'trade' ORDER BY id").pluck().all() as bigint[];
    expect(trades.length).toBeGreaterThanOrEqual(5);
    const entries = db
      .prepare(
        "SELECT id, reference FROM journal_entries WHERE reference LIKE 'perp:trade:%' OR reference LIKE 'perp:fill:%'",
      )
      .all() as { id: bigint; reference: string }[];
    expect(entries.map((e) => e.reference).sort()).toEqual(trades.map((id) => `perp:trade:${id}`).sort());
    let charged = 0n;
    for (const e of entries) {
      const tradeId = Number(e.reference.split(':')[2]);
      const fees = db.prepare('SELECT COALESCE(SUM(fee), 0) FROM perp_fills WHERE trade_id = ?').pluck().get(tradeId);
      const legs = db
        .prepare(
          `SELECT COALESCE(SUM(l.amount), 0) FROM journal_legs l JOIN ledger_accounts a ON a.id = l.account_id
           JOIN system_owners s ON a.owner_kind = 'system' AND s.id = a.owner_id
           WHERE l.entry_id = ? AND s.name = 'fees' AND a.wallet = 'contract'`,
        )
        .pluck()
        .get(e.id);
      expect(BigInt(legs as bigint)).toBe(BigInt(fees as bigint));
      charged += BigInt(legs as bigint);
    }
    expect(charged).toBeGreaterThan(0n);
    expectPerpConsistent(w.ctx);
  });
});
