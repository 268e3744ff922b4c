import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SwapFundingPayment, SwapPosition } from '@bourse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { get, post, registerUser, startServer } from '../../test/harness';
import { SYSTEM, system } from '../ledger';
import {
  expectPerpConsistent,
  fundContract,
  ManualClock,
  order,
  type PerpWorld,
  positions,
  startPerpServer,
  T0,
  tickTo,
} from './testing';

let w: PerpWorld;

afterEach(async () => {
  await w.server.close();
});

const HOUR = 3_600_000;
const fundBalance = () => w.ctx.ledger.balance(system(SYSTEM.insuranceFund, 'USDT', 'contract')).available;

describe('funding on the scheduler (test clock)', () => {
  it('settles each funding instant exactly once, catching up after downtime; payments sum to zero with the fund', async () => {
    w = await startPerpServer({ at: T0 });
    await w.server.runDue();
    w.ctx.perp.quote();
    const [a, b] = [await registerUser(w.server), await registerUser(w.server)];
    await fundContract(w.ctx, [
      { uid: a.uid, amount: '2000' },
      { uid: b.uid, amount: '2000' },
    ]);
    await tickTo(w, T0 + 5_000);
    expect((await order(w.server, a, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 100 })).body.code).toBe(
      200,
    );
    expect((await order(w.server, b, { symbol: 'BTC_USDT', side: 'sell', type: 'market', lots: 100 })).body.code).toBe(
      200,
    );
    await tickTo(w, T0 + 3 * 60_000);
    const fund0 = fundBalance();

    // Down for 16 h: the next run catches up the two instants (16:00 and 00:00) once each.
    w.clock.set(T0 + 16 * HOUR + 30_000);
    await w.server.runDue();
    await w.server.runDue();
    const rates = w.ctx.db
      .prepare<[], { time: number; rate: bigint }>(
        "SELECT time, rate FROM perp_funding_rates WHERE contract_id = (SELECT id FROM perp_contracts WHERE symbol = 'BTC_USDT') ORDER BY time",
      )
      .all();
    expect(rates.map((r) => Number(r.time))).toEqual([T0, T0 + 8 * HOUR, T0 + 16 * HOUR]);

    const paid = await get<{ list: SwapFundingPayment[] }>(w.server, '/mapi/swap/funding', { token: a.token });
    const got = await get<{ list: SwapFundingPayment[] }>(w.server, '/mapi/swap/funding', { token: b.token });
    expect(paid.body.data.list).toHaveLength(2);
    expect(got.body.data.list).toHaveLength(2);
    // Premium within the clamp: the rate is the interest, 0.01%; longs pay shorts.
    for (const p of paid.body.data.list) expect(p.rate).toBe('0.0001');
    const sum = (l: SwapFundingPayment[]) => l.reduce((s, p) => s + Number(p.amount), 0);
    expect(sum(paid.body.data.list)).toBeLessThan(0);
    expect(sum(got.body.data.list)).toBeGreaterThan(0);
    // The payments of all positions (the maker's included) sum to zero with the fund's dust.
    const rows = w.ctx.db
      .prepare<[], { amount: bigint }>('SELECT amount FROM perp_funding_payments')
      .safeIntegers(true)
      .all();
    const users = rows.reduce((s, r) => s + r.amount, 0n);
    const fund = fundBalance() - fund0;
    expect(users + fund).toBe(0n);
    const [pos] = await positions(w.server, a);
    expect(Number(pos?.funding)).toBeCloseTo(sum(paid.body.data.list), 8);
    const detail = await get<{ funding: unknown[]; position: SwapPosition }>(
      w.server,
      `/mapi/swap/position/${pos?.id}`,
      {
        token: a.token,
      },
    );
    expect(detail.body.data.funding).toHaveLength(2);

    // Running again settles nothing twice.
    await w.server.runDue(w.clock.now());
    expect(w.ctx.db.prepare('SELECT COUNT(*) AS n FROM perp_funding_payments').get()).toEqual({ n: 4 });
    expectPerpConsistent(w.ctx);
  });

  it('settles the instants missed while the process was down once, after a real restart on the same data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-perp-restart-'));
    try {
      w = await startPerpServer({ at: T0, env: { DATA_DIR: dataDir } });
      w.server.dataDir = dataDir; // sign-up codes are read from this server's outbox
      await w.server.runDue();
      w.ctx.perp.quote();
      const [a, b] = [await registerUser(w.server), await registerUser(w.server)];
      await fundContract(w.ctx, [
        { uid: a.uid, amount: '2000' },
        { uid: b.uid, amount: '2000' },
      ]);
      await tickTo(w, T0 + 5_000);
      for (const [u, side] of [
        [a, 'buy'],
        [b, 'sell'],
      ] as const)
        expect((await order(w.server, u, { symbol: 'BTC_USDT', side, type: 'market', lots: 100 })).body.code).toBe(200);
      await tickTo(w, T0 + 3 * 60_000);
      await w.server.close();

      // The process comes back 16 h later on the same database: a new service, loaded from the tables.
      const clock = new ManualClock(T0 + 16 * HOUR + 30_000);
      const server = await startServer({ DATA_DIR: dataDir }, undefined, { clock });
      w = { server, ctx: server.ctx, clock, index: w.index };
      w.ctx.perp.useIndex(w.index);
      await server.runDue();
      await server.runDue();
      const times = w.ctx.db
        .prepare<[], { time: number }>(
          "SELECT time FROM perp_funding_rates WHERE contract_id = (SELECT id FROM perp_contracts WHERE symbol = 'BTC_USDT') ORDER BY time",
        )
        .all()
        .map((r) => Number(r.time));
      expect(times).toEqual([T0, T0 + 8 * HOUR, T0 + 16 * HOUR]);
      // Two instants × two positions, once each; none before the positions opened (T0 came first).
      expect(w.ctx.db.prepare('SELECT COUNT(*) AS n FROM perp_funding_payments').get()).toEqual({ n: 4 });
      clock.advance(60_000);
      await server.runDue();
      expect(w.ctx.db.prepare('SELECT COUNT(*) AS n FROM perp_funding_payments').get()).toEqual({ n: 4 });
      expectPerpConsistent(w.ctx);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('triggers a take-profit on the mark and records the close kind', async () => {
    w = await startPerpServer({ at: T0 });
    w.ctx.perp.quote();
    const a = await registerUser(w.server);
    await fundContract(w.ctx, [{ uid: a.uid, amount: '1000' }]);
    expect((await order(w.server, a, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 10 })).body.code).toBe(
      200,
    );
    const conflict = await post(
      w.server,
      '/mapi/swap/tpsl',
      { symbol: 'BTC_USDT', takeProfit: '19000' },
      { token: a.token },
    );
    expect(conflict.body.code).toBe(4501);
    const set = await post<SwapPosition>(
      w.server,
      '/mapi/swap/tpsl',
      { symbol: 'BTC_USDT', takeProfit: '20500', stopLoss: '19000' },
      { token: a.token },
    );
    expect(set.body.data.takeProfit).toBe('20500');
    w.index.set('BTC_USDT', '20600');
    for (let i = 0; i < 80 && (await positions(w.server, a)).length > 0; i++) {
      await tickTo(w, w.clock.now() + 1000);
    }
    expect(await positions(w.server, a)).toEqual([]);
    const hist = await get<{ list: SwapPosition[] }>(w.server, '/mapi/swap/positionHistory', { token: a.token });
    expect(hist.body.data.list[0]?.closeKind).toBe('take_profit');
    expectPerpConsistent(w.ctx);
  });
});
