import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AdminSubscriptionProject,
  ERRORS,
  type AdminSubscriptionApplication,
  type SubscriptionApplication,
  type SubscriptionProject,
} from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, loginOperator, post, registerUser, type TestUser } from '../../test/harness';
import { system } from '../ledger';
import { LAUNCHPAD } from './service';
import {
  apply,
  CLOSES,
  createProject,
  expectReconciled,
  fundUsdt,
  HOUR,
  NOVA,
  OPENS,
  requestId,
  spot,
  startSubscriptionServer,
  type SubscriptionWorld,
  units,
  withdraw,
} from './testing';

interface Page<T> {
  list: T[];
  total: number;
}

describe('new-coin subscription over HTTP', () => {
  let world: SubscriptionWorld;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let nova: number;

  beforeEach(async () => {
    world = await startSubscriptionServer();
    [alice, bob, carol] = [
      await registerUser(world.server),
      await registerUser(world.server),
      await registerUser(world.server),
    ];
    await fundUsdt(world.ctx, [
      { uid: alice.uid, amount: '10000' },
      { uid: bob.uid, amount: '10000' },
      { uid: carol.uid, amount: '10000' },
    ]);
    nova = createProject(world.ctx);
  });
  afterEach(async () => {
    await world.server.close();
  });

  const project = async (id: number, lang = 'en') =>
    (await get<SubscriptionProject[]>(world.server, '/mapi/subscription/projects', { lang })).body.data.find(
      (p) => p.id === id,
    );
  const mine = async (u: TestUser) =>
    (await get<Page<SubscriptionApplication>>(world.server, '/mapi/subscription/applications', { token: u.token })).body
      .data.list;

  it('takes commitments only in the window, within the limits, one per user; each refusal changes nothing', async () => {
    expect(await project(nova)).toMatchObject({ phase: 'upcoming', price: '0.5', supply: '10000', committed: '0' });
    expect((await apply(world.server, alice, { projectId: nova, amount: '1000' })).body.code).toBe(
      ERRORS.SUBSCRIPTION_NOT_STARTED.code,
    );
    world.clock.set(OPENS);
    for (const amount of ['99.99999999', '5000.00000001']) {
      const answer = await apply(world.server, alice, { projectId: nova, amount });
      expect(answer.body).toMatchObject({
        code: ERRORS.SUBSCRIPTION_LIMIT.code,
        msg: 'The amount is beyond or below the subscription limits.',
      });
    }
    const zh = await apply(world.server, alice, { projectId: nova, amount: '1' }, 'zh_CN');
    expect(zh.body.msg).toBe('超出或低于申购限额');
    const rid = requestId();
    const first = await apply(world.server, alice, { projectId: nova, amount: '5000', requestId: rid });
    expect(first.body.data).toMatchObject({ projectId: nova, committed: '5000', state: 'pending', allocation: null });
    expect((await apply(world.server, alice, { projectId: nova, amount: '5000', requestId: rid })).body).toEqual(
      first.body,
    );
    expect((await apply(world.server, alice, { projectId: nova, amount: '100' })).body.code).toBe(
      ERRORS.SUBSCRIPTION_APPLICATION_PENDING.code,
    );
    expect(spot(world.ctx, alice.uid)).toEqual({ available: units('5000'), frozen: units('5000') });
    // Pausing stops new commitments.
    world.ctx.subscription.updateProject(nova, { paused: true });
    expect((await apply(world.server, bob, { projectId: nova, amount: '100' })).body.code).toBe(
      ERRORS.SUBSCRIPTION_PAUSED.code,
    );
    world.ctx.subscription.updateProject(nova, { paused: false });
    expect(spot(world.ctx, bob.uid)).toEqual({ available: units('10000'), frozen: 0n });
    expect(await project(nova)).toMatchObject({
      phase: 'open',
      committed: '5000',
      applicants: 1,
      subscribedRatio: '1',
    });
    world.clock.set(CLOSES);
    expect((await apply(world.server, bob, { projectId: nova, amount: '100' })).body.code).toBe(
      ERRORS.SUBSCRIPTION_ENDED.code,
    );
    expect(await project(nova)).toMatchObject({ phase: 'calculating' });
    expectReconciled(world.ctx);
  });

  it('lets a pending application be taken back during the window only', async () => {
    world.clock.set(OPENS);
    const a = (await apply(world.server, alice, { projectId: nova, amount: '2000' })).body.data;
    const back = await withdraw(world.server, alice, a.id);
    expect(back.body.data).toMatchObject({ state: 'withdrawn' });
    expect(spot(world.ctx, alice.uid)).toEqual({ available: units('10000'), frozen: 0n });
    expect((await withdraw(world.server, alice, a.id)).body.code).toBe(ERRORS.SUBSCRIPTION_NOT_CANCELLABLE.code);
    // A new application after taking one back.
    const again = (await apply(world.server, alice, { projectId: nova, amount: '3000' })).body.data;
    expect((await withdraw(world.server, bob, again.id)).body.code).toBe(ERRORS.NOT_FOUND.code);
    world.clock.set(CLOSES + 1);
    expect((await withdraw(world.server, alice, again.id)).body.code).toBe(ERRORS.SUBSCRIPTION_NOT_CANCELLABLE.code);
    expect(spot(world.ctx, alice.uid)).toEqual({ available: units('7000'), frozen: units('3000') });
    expectReconciled(world.ctx);
  });

  it('allocates an oversubscribed sale pro rata once the window ends: tokens, cost, refund — exactly once', async () => {
    world.clock.set(OPENS);
    await apply(world.server, alice, { projectId: nova, amount: '5000' });
    await apply(world.server, bob, { projectId: nova, amount: '3000' });
    await apply(world.server, carol, { projectId: nova, amount: '2000' });
    expect(await project(nova)).toMatchObject({ committed: '10000', applicants: 3, subscribedRatio: '2' });
    world.clock.set(CLOSES - 1);
    await world.server.runDue();
    expect((await mine(alice))[0]?.state).toBe('pending');
    world.clock.set(CLOSES + 60_000);
    await world.server.runDue();
    // 10,000 committed for 5,000 worth: each gets half of what the commitment would buy.
    const expected = [
      [alice, '5000', '2500', '2500'],
      [bob, '3000', '1500', '1500'],
      [carol, '2000', '1000', '1000'],
    ] as const;
    for (const [u, tokens, cost, refund] of expected) {
      expect((await mine(u))[0]).toMatchObject({ state: 'allocated', allocation: tokens, cost, refund });
      expect(spot(world.ctx, u.uid, 'NOVA')).toEqual({ available: units(tokens), frozen: 0n });
      expect(spot(world.ctx, u.uid)).toEqual({ available: units('10000') - units(cost), frozen: 0n });
    }
    expect(await project(nova)).toMatchObject({ phase: 'settled', allocated: '10000', raised: '5000' });
    expect(world.ctx.ledger.balance(system(LAUNCHPAD, 'USDT')).available).toBe(units('5000'));
    // The next runs change nothing.
    world.clock.set(CLOSES + 3 * HOUR);
    await world.server.runDue();
    expect(spot(world.ctx, alice.uid, 'NOVA').available).toBe(units('5000'));
    expect(world.ctx.ledger.balance(system(LAUNCHPAD, 'NOVA')).available).toBe(-units('10000'));
    expectReconciled(world.ctx);
  });

  it('shows commitment, payment, delivery and refund in the funding records (filter "product")', async () => {
    world.clock.set(OPENS);
    await apply(world.server, alice, { projectId: nova, amount: '5000' });
    await apply(world.server, bob, { projectId: nova, amount: '5000' });
    world.clock.set(CLOSES + 60_000);
    await world.server.runDue();
    await world.server.runDue();
    const records = await get<Page<{ title: string; amount: string; direction: string; product: string | null }>>(
      world.server,
      '/mapi/wallet/records?type=product&size=20',
      { token: alice.token, lang: 'en' },
    );
    const rows = records.body.data.list;
    expect(rows.every((r) => r.product === 'subscription')).toBe(true);
    // Oversubscribed twice at 0.5 USDT: 2500 of the 5000 pays for 5000 NOVA, the other 2500 comes back.
    expect(rows.map((r) => [r.title, r.amount, r.direction])).toEqual([
      ['Subscription refund · NOVA', '2500', 'internal'],
      ['Tokens allocated · NOVA', '5000', 'in'],
      ['Subscription payment · NOVA', '2500', 'out'],
      ['New-coin subscription · NOVA', '5000', 'internal'],
    ]);
  });

  it('gives an undersubscribed sale everyone what the commitment buys, rounding the tokens down and cost up', async () => {
    const odd = createProject(world.ctx, { token: 'ODD', price: '0.7' });
    world.clock.set(OPENS);
    await apply(world.server, alice, { projectId: odd, amount: '1000' });
    await apply(world.server, bob, { projectId: odd, amount: '100.00000001' });
    world.clock.set(CLOSES);
    await world.server.runDue();
    const a = (await mine(alice))[0];
    // 1000 / 0.7 = 1428.571428571… → 1428.57142857 tokens, costing 999.999999999 → 1000 (rounded up).
    expect(a).toMatchObject({ allocation: '1428.57142857', cost: '1000', refund: '0' });
    const b = (await mine(bob))[0];
    // 100.00000001 / 0.7 = 142.857142871… → 142.85714287 tokens cost 100.000000009 → 100.00000001.
    expect(b).toMatchObject({ allocation: '142.85714287', cost: '100.00000001', refund: '0' });
    expectReconciled(world.ctx);
  });

  it('refunds every commitment of a cancelled project and settles nothing', async () => {
    world.clock.set(OPENS);
    await apply(world.server, alice, { projectId: nova, amount: '5000' });
    await apply(world.server, bob, { projectId: nova, amount: '300' });
    const cancelled = world.ctx.subscription.cancelProject(nova);
    expect(cancelled).toMatchObject({ phase: 'cancelled', refunded: '5300', pendingApplications: 0 });
    expect((await mine(alice))[0]).toMatchObject({ state: 'refunded' });
    expect(spot(world.ctx, alice.uid)).toEqual({ available: units('10000'), frozen: 0n });
    world.clock.set(CLOSES + HOUR);
    await world.server.runDue();
    expect(spot(world.ctx, alice.uid, 'NOVA').available).toBe(0n);
    expect(() => world.ctx.subscription.cancelProject(nova)).toThrow();
    expectReconciled(world.ctx);
  });
});

describe('subscription in the console', () => {
  let world: SubscriptionWorld;
  beforeEach(async () => {
    world = await startSubscriptionServer();
  });
  afterEach(async () => {
    await world.server.close();
  });

  it('creates a project, edits terms before the window only, lists applications by commitment', async () => {
    let op = await loginOperator(world.server, 'admin');
    const call = <T>(route: string, body?: unknown) =>
      body === undefined
        ? get<T>(world.server, route, { token: op.token })
        : post<T>(world.server, route, body, { token: op.token });
    const created = await call<AdminSubscriptionProject>('/admin/api/subscription/projects', {
      ...NOVA,
      token: 'LUNA',
    });
    expect(created.body.code).toBe(200);
    const id = created.body.data.id;
    expect(world.ctx.ledger.hasAsset('LUNA')).toBe(true);
    expect((await call('/admin/api/subscription/projects', { ...NOVA, token: 'LUNA' })).body.code).toBe(
      ERRORS.SUBSCRIPTION_TOKEN_EXISTS.code,
    );
    const bad = [
      { ...NOVA, token: 'A1', minCommit: '6000' },
      { ...NOVA, token: 'A2', endsAt: OPENS - 1 },
      { ...NOVA, token: 'A3', price: '0' },
    ];
    for (const body of bad) {
      expect((await call('/admin/api/subscription/projects', body)).body.code, JSON.stringify(body)).toBe(
        ERRORS.INVALID_PARAMS.code,
      );
    }
    expect(
      (await call<AdminSubscriptionProject>(`/admin/api/subscription/projects/${id}`, { price: '0.4' })).body.data,
    ).toMatchObject({ price: '0.4' });
    const [alice, bob] = [await registerUser(world.server), await registerUser(world.server)];
    await fundUsdt(world.ctx, [
      { uid: alice.uid, amount: '1000' },
      { uid: bob.uid, amount: '1000' },
    ]);
    world.clock.set(OPENS);
    await apply(world.server, alice, { projectId: id, amount: '200' });
    await apply(world.server, bob, { projectId: id, amount: '900' });
    op = await loginOperator(world.server, 'admin'); // an operator session idles out within the hour that passed
    expect((await call(`/admin/api/subscription/projects/${id}`, { price: '0.3' })).body.code).toBe(
      ERRORS.SUBSCRIPTION_NOT_EDITABLE.code,
    );
    expect((await call(`/admin/api/subscription/projects/${id}`, { endsAt: CLOSES - HOUR })).body.code).toBe(
      ERRORS.SUBSCRIPTION_NOT_EDITABLE.code,
    );
    expect(
      (await call<AdminSubscriptionProject>(`/admin/api/subscription/projects/${id}`, { endsAt: CLOSES + HOUR })).body
        .data,
    ).toMatchObject({ endsAt: CLOSES + HOUR });
    const apps = (await call<Page<AdminSubscriptionApplication>>(`/admin/api/subscription/projects/${id}/applications`))
      .body.data;
    expect(apps.list.map((a) => [a.uid, a.committed])).toEqual([
      [bob.uid, '900'],
      [alice.uid, '200'],
    ]);
    const support = await loginOperator(world.server, 'support');
    expect((await get(world.server, '/admin/api/subscription/projects', { token: support.token })).status).toBe(403);
  });
});

describe('subscription settlement across a restart', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-subscription-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles a window that ended while the server was stopped, once', async () => {
    const first = await startSubscriptionServer({ dataDir, at: OPENS });
    const alice = await registerUser({ ...first.server, dataDir });
    await fundUsdt(first.ctx, [{ uid: alice.uid, amount: '10000' }]);
    const id = createProject(first.ctx, { startsAt: OPENS });
    await apply(first.server, alice, { projectId: id, amount: '1000' });
    await first.server.close();

    const second = await startSubscriptionServer({ dataDir, at: CLOSES + 2 * 24 * HOUR });
    try {
      await second.server.runDue();
      expect(second.ctx.subscription.applications(alice.uid, { page: 1, size: 5 }).list[0]).toMatchObject({
        state: 'allocated',
        allocation: '2000',
        cost: '1000',
        refund: '0',
      });
      await second.server.runDue();
      expect(spot(second.ctx, alice.uid, 'NOVA').available).toBe(units('2000'));
      expect(spot(second.ctx, alice.uid)).toEqual({ available: units('9000'), frozen: 0n });
      expectReconciled(second.ctx);
    } finally {
      await second.server.close();
    }
  });
});
