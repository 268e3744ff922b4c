import { type AdminWealthPosition, type AdminWealthProduct, ERRORS, type WealthTotals } from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, loginOperator, post, registerUser, type TestOperator, type TestUser } from '../../test/harness';
import {
  day,
  expectReconciled,
  FLEX,
  fundUsdt,
  interestExpense,
  spot,
  startWealthServer,
  subscribe,
  usdt,
  type WealthWorld,
} from './testing';

describe('wealth products in the console', () => {
  let world: WealthWorld;
  let op: TestOperator;
  let alice: TestUser;

  beforeEach(async () => {
    world = await startWealthServer();
    op = await loginOperator(world.server, 'admin');
    alice = await registerUser(world.server);
    await fundUsdt(world.ctx, [{ uid: alice.uid, amount: '20000' }]);
  });
  afterEach(async () => {
    await world.server.close();
  });

  const admin = <T>(route: string, body?: unknown) =>
    body === undefined
      ? get<T>(world.server, route, { token: op.token })
      : post<T>(world.server, route, body, { token: op.token });

  it('creates, edits, pauses and resumes a product; refuses inconsistent terms', async () => {
    const created = await admin<AdminWealthProduct>('/admin/api/wealth/products', {
      ...FLEX,
      termDays: null,
      interestBudget: '1000',
    });
    expect(created.body.code).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ apr: '0.0365', interestBudget: '1000', budgetLeft: '1000', holders: 0 });
    const bad = [
      { ...FLEX, kind: 'fixed', termDays: null },
      { ...FLEX, termDays: 30 },
      { ...FLEX, apr: '5%' },
      { ...FLEX, minAmount: '0' },
      { ...FLEX, asset: 'NOPE' },
    ];
    for (const body of bad) {
      const answer = await admin('/admin/api/wealth/products', body);
      expect(answer.body.code, JSON.stringify(body)).not.toBe(200);
    }
    const edited = await admin<AdminWealthProduct>(`/admin/api/wealth/products/${id}`, {
      apr: '0.073',
      minAmount: '50',
      status: 'paused',
    });
    expect(edited.body.data).toMatchObject({ apr: '0.073', minAmount: '50', status: 'paused' });
    expect((await subscribe(world.server, alice, { productId: id, amount: '100' })).body.code).toBe(
      ERRORS.WEALTH_PRODUCT_PAUSED.code,
    );
    await admin(`/admin/api/wealth/products/${id}`, { status: 'active' });
    expect((await subscribe(world.server, alice, { productId: id, amount: '10000' })).body.code).toBe(200);
    const list = (await admin<AdminWealthProduct[]>('/admin/api/wealth/products')).body.data;
    expect(list.find((p) => p.id === id)).toMatchObject({ holders: 1, openPositions: 1, dailyInterest: '2' });
  });

  it('shows holdings by user and totals owed; a revoke gives the principal back and keeps the returns', async () => {
    const id = world.ctx.wealth.createProduct({ ...FLEX, kind: 'fixed', termDays: 30, apr: '0.073' }).id;
    const pos = (await subscribe(world.server, alice, { productId: id, amount: '10000' })).body.data;
    world.clock.set(day(3));
    await world.server.runDue();
    op = await loginOperator(world.server, 'admin'); // the first one's session ended while the days passed
    const totals = (await admin<WealthTotals>('/admin/api/wealth/totals')).body.data;
    expect(totals).toEqual({
      assets: [
        {
          asset: 'USDT',
          principal: '10000',
          interestPaid: '4',
          interestOwed: '56',
          dailyInterest: '2',
          holders: 1,
        },
      ],
      lastAccrualDay: day(2),
    });
    const positions = await admin<{ list: AdminWealthPosition[]; total: number }>(
      `/admin/api/wealth/positions?uid=${alice.uid}&state=not_yet`,
    );
    expect(positions.body.data.total).toBe(1);
    expect(positions.body.data.list[0]).toMatchObject({ id: pos.id, uid: alice.uid, principal: '10000' });
    expect((await admin(`/admin/api/wealth/positions/${pos.id}/revoke`, { reason: '' })).body.code).toBe(
      ERRORS.INVALID_PARAMS.code,
    );
    const revoked = await admin<AdminWealthPosition>(`/admin/api/wealth/positions/${pos.id}/revoke`, {
      reason: 'product withdrawn',
    });
    expect(revoked.body.data).toMatchObject({ state: 'revoked', principal: '0', returned: '10000', interestPaid: '4' });
    expect(spot(world.ctx, alice.uid)).toEqual({ available: usdt('20004'), frozen: 0n });
    expect(interestExpense(world.ctx)).toBe(usdt('4'));
    expect((await admin(`/admin/api/wealth/positions/${pos.id}/revoke`, { reason: 'again' })).body.code).toBe(
      ERRORS.WEALTH_POSITION_CLOSED.code,
    );
    expectReconciled(world.ctx);
  });

  it('is closed to operators without products.manage and to users', async () => {
    const support = await loginOperator(world.server, 'support');
    const denied = await get(world.server, '/admin/api/wealth/totals', { token: support.token });
    expect(denied.status).toBe(403);
    expect((await post(world.server, '/admin/api/wealth/products', FLEX, { token: support.token })).status).toBe(403);
    const risk = await loginOperator(world.server, 'risk');
    expect((await get(world.server, '/admin/api/wealth/totals', { token: risk.token })).body.code).toBe(200);
    const asUser = await get(world.server, '/admin/api/wealth/totals', { token: alice.token });
    expect(asUser.body.code).not.toBe(200);
    expect(world.ctx.wealth.adminProducts()).toEqual([]);
  });
});
