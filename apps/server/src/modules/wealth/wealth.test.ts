import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ERRORS,
  type WealthRedemption,
  type WealthReturn,
  type WealthPosition,
  type WealthProduct,
  type WealthSummary,
} from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, registerUser, type TestUser } from '../../test/harness';
import { DAY_MS, termReturn } from './accrual';
import {
  createProduct,
  day,
  expectReconciled,
  FIXED7,
  fundUsdt,
  interestExpense,
  redeem,
  requestId,
  spot,
  startWealthServer,
  subscribe,
  T0,
  usdt,
  type WealthWorld,
} from './testing';

const HOUR = 3_600_000;

interface Page<T> {
  list: T[];
  total: number;
}

describe('wealth products over HTTP', () => {
  let world: WealthWorld;
  let alice: TestUser;
  let bob: TestUser;
  let flex: number;
  let fixed: number;

  beforeEach(async () => {
    world = await startWealthServer();
    alice = await registerUser(world.server);
    bob = await registerUser(world.server);
    await fundUsdt(world.ctx, [
      { uid: alice.uid, amount: '20000' },
      { uid: bob.uid, amount: '20000' },
    ]);
    flex = createProduct(world.ctx);
    fixed = createProduct(world.ctx, FIXED7);
  });
  afterEach(async () => {
    await world.server.close();
  });

  /** Runs the scheduler at `at` (the clock moved there first). */
  const runAt = async (at: number) => {
    world.clock.set(at);
    await world.server.runDue();
  };
  const returns = async (u: TestUser, positionId?: number) =>
    (
      await get<Page<WealthReturn>>(
        world.server,
        `/mapi/wealth/returns?size=50${positionId ? `&positionId=${positionId}` : ''}`,
        { token: u.token },
      )
    ).body.data;
  const position = async (u: TestUser, id: number): Promise<WealthPosition | undefined> =>
    (
      await get<{ list: WealthPosition[] }>(world.server, '/mapi/wealth/positions?size=50', { token: u.token })
    ).body.data.list.find((p) => p.id === id);

  it('lists products with APR, limits, quota left and the dates a subscription now would get', async () => {
    const answer = await get<WealthProduct[]>(world.server, '/mapi/wealth/products');
    expect(answer.body.code).toBe(200);
    const [f, x] = answer.body.data;
    expect(f).toMatchObject({
      id: flex,
      kind: 'flexible',
      termDays: null,
      apr: '0.0365',
      minAmount: '10',
      maxPerUser: '50000',
      quota: '100000',
      subscribed: '0',
      left: '100000',
      status: 'active',
      soldOut: false,
      accrualStartsAt: day(1),
      firstReturnAt: day(2),
      maturityAt: null,
    });
    expect(x).toMatchObject({ id: fixed, kind: 'fixed', termDays: 7, apr: '0.073', maturityAt: day(8) });
  });

  it('locks the principal in a named hold; a replayed request id answers the first result and holds once', async () => {
    const rid = requestId();
    const first = await subscribe(world.server, alice, { productId: flex, amount: '10000', requestId: rid });
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({
      productId: flex,
      principal: '10000',
      subscribed: '10000',
      interestPaid: '0',
      state: 'not_yet',
      subscribedAt: T0,
      accrualStartsAt: day(1),
      nextReturnAt: day(2),
      maturityAt: null,
    });
    const again = await subscribe(world.server, alice, { productId: flex, amount: '10000', requestId: rid });
    expect(again.body).toEqual(first.body);
    expect(spot(world.ctx, alice.uid)).toEqual({ available: usdt('10000'), frozen: usdt('10000') });
    const products = (await get<WealthProduct[]>(world.server, '/mapi/wealth/products')).body.data;
    expect(products[0]).toMatchObject({ subscribed: '10000', left: '90000' });
    expectReconciled(world.ctx);
  });

  it('refuses bad subscriptions with the catalogue error in the user’s language and changes nothing', async () => {
    await world.ctx.wealth.updateProduct(flex, { maxPerUser: '12000', quota: '15000' });
    expect((await subscribe(world.server, alice, { productId: flex, amount: '10000' })).body.code).toBe(200);
    const before = spot(world.ctx, bob.uid);
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ productId: flex, amount: '5' }, ERRORS.BELOW_MIN_PURCHASE.code, 'The amount is below the minimum purchase.'],
      [{ productId: flex, amount: '0' }, ERRORS.AMOUNT_INVALID.code],
      [{ productId: flex, amount: '10.123456789' }, ERRORS.AMOUNT_PRECISION.code],
      [{ productId: flex, amount: '5001' }, ERRORS.WEALTH_QUOTA_FULL.code],
      [{ productId: 999, amount: '100' }, ERRORS.NOT_FOUND.code],
    ];
    for (const [body, code, msg] of cases) {
      const answer = await subscribe(world.server, bob, body as { productId: number; amount: string });
      expect(answer.body.code, JSON.stringify(body)).toBe(code);
      if (msg) expect(answer.body.msg).toBe(msg);
    }
    // The same refusal in Chinese.
    const zh = await subscribe(world.server, bob, { productId: flex, amount: '5' }, 'zh_CN');
    expect(zh.body).toMatchObject({ code: ERRORS.BELOW_MIN_PURCHASE.code, msg: '低于最低购买数量' });
    // Alice is at 10,000 of her 12,000.
    const over = await subscribe(world.server, alice, { productId: flex, amount: '2001' });
    expect(over.body.code).toBe(ERRORS.WEALTH_USER_LIMIT.code);
    expect(over.body.msg).toContain('2000');
    // More than the wallet holds.
    expect((await subscribe(world.server, bob, { productId: fixed, amount: '20001' })).body.code).toBe(
      ERRORS.INSUFFICIENT_BALANCE.code,
    );
    // Paused: no new subscriptions (open holdings go on).
    world.ctx.wealth.updateProduct(fixed, { status: 'paused' });
    expect((await subscribe(world.server, bob, { productId: fixed, amount: '100' })).body.code).toBe(
      ERRORS.WEALTH_PRODUCT_PAUSED.code,
    );
    expect(spot(world.ctx, bob.uid)).toEqual(before);
    expect(world.ctx.wealth.positions(bob.uid, { page: 1, size: 10 }).total).toBe(0);
    expectReconciled(world.ctx);
  });

  it('accrues from the day after subscription, each day exactly once, catching up after downtime', async () => {
    const pos = (await subscribe(world.server, alice, { productId: flex, amount: '10000' })).body.data;
    // Day 0 (the day of subscription) earns nothing; day 1 is paid when it ends.
    await runAt(day(1) + HOUR);
    expect((await returns(alice)).total).toBe(0);
    await runAt(day(2));
    expect((await returns(alice)).list).toEqual([
      expect.objectContaining({ positionId: pos.id, day: day(1), principal: '10000', amount: '1', state: 'earned' }),
    ]);
    expect(spot(world.ctx, alice.uid)).toEqual({ available: usdt('10001'), frozen: usdt('10000') });
    // The server is down for three days; when it runs again each missed day is paid once, oldest first.
    await runAt(day(5) + 6 * HOUR);
    const list = (await returns(alice)).list;
    expect(list.map((r) => r.day)).toEqual([day(4), day(3), day(2), day(1)]);
    expect(list.every((r) => r.amount === '1')).toBe(true);
    // Running again at the same instant pays nothing more.
    expect(await world.server.runDue()).toBe(0);
    expect((await returns(alice)).total).toBe(4);
    expect(interestExpense(world.ctx)).toBe(usdt('4'));
    expect(spot(world.ctx, alice.uid).available).toBe(usdt('10004'));
    const summary = (await get<WealthSummary>(world.server, '/mapi/wealth/summary', { token: alice.token })).body.data;
    expect(summary).toEqual({ assets: [{ asset: 'USDT', principal: '10000', earned: '4', lastDay: '1' }], open: 1 });
    expect(await position(alice, pos.id)).toMatchObject({ interestPaid: '4', lastReturn: '1', nextReturnAt: day(6) });
    expectReconciled(world.ctx);
  });

  it('carries the remainder so a run of days pays the exact total rounded down, never more', async () => {
    // 333.33333333 at 5%: 0.0456621004… a day.
    const odd = createProduct(world.ctx, { apr: '0.05', minAmount: '1' });
    expect((await subscribe(world.server, alice, { productId: odd, amount: '333.33333333' })).body.code).toBe(200);
    for (let k = 2; k <= 31; k++) await runAt(day(k));
    const paid = (await returns(alice)).list.reduce((sum, r) => sum + usdt(r.amount), 0n);
    expect(paid).toBe(termReturn(usdt('333.33333333'), 50_000n, 30));
    expect(paid).toBe(136_986_301n); // 1.36986301 USDT: the exact 1.369863012… rounded down
    expect(interestExpense(world.ctx)).toBe(paid);
    expectReconciled(world.ctx);
  });

  it('redeems flexible in part or whole, paying due days first and never twice', async () => {
    const pos = (await subscribe(world.server, alice, { productId: flex, amount: '10000' })).body.data;
    await runAt(day(2));
    const part = await redeem(world.server, alice, { positionId: pos.id, amount: '4000' });
    expect(part.body.data).toMatchObject({ principal: '6000', state: 'not_yet', interestPaid: '1' });
    expect(spot(world.ctx, alice.uid)).toEqual({ available: usdt('14001'), frozen: usdt('6000') });
    await runAt(day(3));
    expect((await returns(alice)).list[0]).toMatchObject({ day: day(2), principal: '6000', amount: '0.6' });
    // Too much, or nothing.
    for (const amount of ['6000.00000001', '0']) {
      expect((await redeem(world.server, alice, { positionId: pos.id, amount })).body.code).toBe(
        ERRORS.WEALTH_REDEEM_AMOUNT.code,
      );
    }
    // Two days pass without the job: redeeming everything pays them first, and the job does not pay them again.
    world.clock.set(day(5) + HOUR);
    const rid = requestId();
    const all = await redeem(world.server, alice, { positionId: pos.id, requestId: rid });
    expect(all.body.data).toMatchObject({ principal: '0', state: 'earned', interestPaid: '2.8', returned: '10000' });
    expect((await redeem(world.server, alice, { positionId: pos.id, requestId: rid })).body).toEqual(all.body);
    await world.server.runDue();
    expect(interestExpense(world.ctx)).toBe(usdt('2.8'));
    expect(spot(world.ctx, alice.uid)).toEqual({ available: usdt('20002.8'), frozen: 0n });
    expect((await redeem(world.server, alice, { positionId: pos.id })).body.code).toBe(
      ERRORS.WEALTH_POSITION_CLOSED.code,
    );
    // Someone else's holding does not exist for Bob.
    expect((await redeem(world.server, bob, { positionId: pos.id })).body.code).toBe(ERRORS.NOT_FOUND.code);
    const redemptions = (
      await get<Page<WealthRedemption>>(world.server, '/mapi/wealth/redemptions', { token: alice.token })
    ).body.data.list;
    expect(redemptions.map((r) => [r.kind, r.principal, r.returned])).toEqual([
      ['redeem', '6000', '6000'],
      ['redeem', '4000', '4000'],
    ]);
    expectReconciled(world.ctx);
  });

  it('shows subscription, returns and redemption in the funding records (filter "product")', async () => {
    const pos = (await subscribe(world.server, alice, { productId: flex, amount: '10000' })).body.data;
    await runAt(day(3));
    expect((await redeem(world.server, alice, { positionId: pos.id })).body.code).toBe(200);
    const records = await get<Page<{ title: string; amount: string; direction: string; product: string | null }>>(
      world.server,
      '/mapi/wallet/records?type=product&size=20',
      { token: alice.token },
    );
    expect(records.body.data.list.map((r) => [r.title, r.amount, r.direction])).toEqual([
      ['Wealth redemption · USDT Flexible', '10000', 'internal'],
      ['Wealth return · USDT Flexible', '1', 'in'],
      ['Wealth return · USDT Flexible', '1', 'in'],
      ['Wealth subscription · USDT Flexible', '10000', 'internal'],
    ]);
    expect(records.body.data.list.every((r) => r.product === 'earn')).toBe(true);
  });

  it('pays a fixed term for its days and releases the principal at maturity', async () => {
    const pos = (await subscribe(world.server, alice, { productId: fixed, amount: '10000' })).body.data;
    expect(pos).toMatchObject({ apr: '0.073', termDays: 7, maturityAt: day(8) });
    // A rate change applies to new holdings only.
    world.ctx.wealth.updateProduct(fixed, { apr: '0.5' });
    await runAt(day(8) - 1);
    expect((await position(alice, pos.id))?.state).toBe('not_yet');
    await runAt(day(10));
    const list = (await returns(alice, pos.id)).list;
    expect(list.map((r) => r.day)).toEqual([7, 6, 5, 4, 3, 2, 1].map(day));
    expect(list.every((r) => r.amount === '2' && r.apr === '0.073')).toBe(true);
    expect(await position(alice, pos.id)).toMatchObject({
      state: 'earned',
      principal: '0',
      interestPaid: '14',
      returned: '10000',
      closedAt: day(8),
      nextReturnAt: null,
    });
    expect(spot(world.ctx, alice.uid)).toEqual({ available: usdt('20014'), frozen: 0n });
    expectReconciled(world.ctx);
  });

  it('redeems a fixed term early only when asked: the principal minus the rewards paid (state early)', async () => {
    const pos = (await subscribe(world.server, alice, { productId: fixed, amount: '10000' })).body.data;
    await runAt(day(4));
    expect(spot(world.ctx, alice.uid).available).toBe(usdt('10006'));
    const unconfirmed = await redeem(world.server, alice, { positionId: pos.id });
    expect(unconfirmed.body.code).toBe(ERRORS.WEALTH_EARLY_CONFIRM.code);
    expect(unconfirmed.body.msg).toContain('6');
    expect((await redeem(world.server, alice, { positionId: pos.id, amount: '5000', early: true })).body.code).toBe(
      ERRORS.WEALTH_REDEEM_AMOUNT.code,
    );
    const early = await redeem(world.server, alice, { positionId: pos.id, early: true });
    expect(early.body.data).toMatchObject({ state: 'early', forfeited: '6', returned: '9994', principal: '0' });
    // The rewards went back where they came from; Alice has exactly what she put in.
    expect(interestExpense(world.ctx)).toBe(0n);
    expect(spot(world.ctx, alice.uid)).toEqual({ available: usdt('20000'), frozen: 0n });
    expect((await returns(alice, pos.id)).list.every((r) => r.state === 'revoked')).toBe(true);
    const summary = (await get<WealthSummary>(world.server, '/mapi/wealth/summary', { token: alice.token })).body.data;
    expect(summary.open).toBe(0);
    expect(summary.assets.filter((a) => a.earned !== '0' || a.principal !== '0')).toEqual([]);
    // No day is paid after it closed.
    await runAt(day(12));
    expect(interestExpense(world.ctx)).toBe(0n);
    expectReconciled(world.ctx);
  });

  it('redeems a matured term the job has not reached yet as a maturity, with every day paid', async () => {
    const pos = (await subscribe(world.server, alice, { productId: fixed, amount: '10000' })).body.data;
    world.clock.set(day(9));
    const answer = await redeem(world.server, alice, { positionId: pos.id });
    expect(answer.body.data).toMatchObject({ state: 'earned', interestPaid: '14', returned: '10000' });
    await world.server.runDue();
    expect(interestExpense(world.ctx)).toBe(usdt('14'));
    expectReconciled(world.ctx);
  });

  it('stops subscriptions the interest budget cannot pay and says so on the product', async () => {
    // 10,000 for 7 days at 7.3% owes 14; a budget of 20 leaves 6, less than 3,000 would earn (4.2).
    const tight = createProduct(world.ctx, { ...FIXED7, interestBudget: '20' });
    expect((await subscribe(world.server, alice, { productId: tight, amount: '10000' })).body.code).toBe(200);
    expect((await subscribe(world.server, bob, { productId: tight, amount: '5000' })).body.code).toBe(
      ERRORS.WEALTH_BUDGET_EXHAUSTED.code,
    );
    expect((await subscribe(world.server, bob, { productId: tight, amount: '4000' })).body.code).toBe(200);
    const admin = world.ctx.wealth.adminProduct(tight);
    expect(admin).toMatchObject({ interestOwed: '19.6', budgetLeft: '0.4', holders: 2, openPositions: 2 });
    // A minimum subscription (100 earns 0.14) still fits; after 200 more (0.28) it no longer does.
    expect(admin.soldOut).toBe(false);
    expect((await subscribe(world.server, bob, { productId: tight, amount: '200' })).body.code).toBe(200);
    expect(world.ctx.wealth.adminProduct(tight)).toMatchObject({ budgetLeft: '0.12', soldOut: true });
    expect((await subscribe(world.server, bob, { productId: tight, amount: '100' })).body.code).toBe(
      ERRORS.WEALTH_BUDGET_EXHAUSTED.code,
    );
    expectReconciled(world.ctx);
  });
});

describe('wealth accrual across a restart', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-wealth-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pays each day missed while the server was stopped once, and matures a term that ended meanwhile', async () => {
    const first = await startWealthServer({ dataDir });
    // The data directory is ours (the harness's own stays empty), and so is the outbox.
    const alice = await registerUser({ ...first.server, dataDir });
    await fundUsdt(first.ctx, [{ uid: alice.uid, amount: '20000' }]);
    const flex = createProduct(first.ctx);
    const fixed = createProduct(first.ctx, { ...FIXED7, termDays: 2, apr: '0.073' });
    const a = (await subscribe(first.server, alice, { productId: flex, amount: '10000' })).body.data;
    const b = (await subscribe(first.server, alice, { productId: fixed, amount: '5000' })).body.data;
    first.clock.set(day(2));
    await first.server.runDue();
    expect(interestExpense(first.ctx)).toBe(usdt('2')); // day 1: 1 + 1
    await first.server.close();

    // Three days later the server starts again on the same data.
    const second = await startWealthServer({ dataDir, at: day(5) + 2 * HOUR });
    try {
      await second.server.runDue();
      const ctx = second.ctx;
      const flexDays = ctx.wealth.returns(alice.uid, { positionId: a.id, page: 1, size: 50 }).list;
      expect(flexDays.map((r) => r.day)).toEqual([day(4), day(3), day(2), day(1)]);
      const fixedDays = ctx.wealth.returns(alice.uid, { positionId: b.id, page: 1, size: 50 }).list;
      expect(fixedDays.map((r) => [r.day, r.amount])).toEqual([
        [day(2), '1'],
        [day(1), '1'],
      ]);
      const matured = ctx.wealth.positions(alice.uid, { state: 'closed', page: 1, size: 5 }).list[0];
      expect(matured).toMatchObject({ id: b.id, state: 'earned', closedAt: day(3), returned: '5000' });
      expect(await second.server.runDue()).toBe(0);
      expect(interestExpense(ctx)).toBe(usdt('6'));
      expect(spot(ctx, alice.uid)).toEqual({ available: usdt('10006'), frozen: usdt('10000') });
      expect(ctx.wealth.totals()).toMatchObject({
        assets: [{ asset: 'USDT', principal: '10000', interestPaid: '6', dailyInterest: '1', holders: 1 }],
        lastAccrualDay: day(4),
      });
      expectReconciled(ctx);
    } finally {
      await second.server.close();
    }
  });
});

describe('DAY_MS', () => {
  it('is one UTC day', () => {
    expect(DAY_MS).toBe(24 * HOUR);
  });
});
