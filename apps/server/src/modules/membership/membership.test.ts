import {
  type BenefitsReceived,
  ERRORS,
  type MembershipOverview,
  type MembershipPurchase,
  type MembershipSettings,
  type SwapOrder,
} from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, loginOperator, post, registerUser, type TestUser } from '../../test/harness';
import { system, user } from '../ledger';
import { expectPerpConsistent, fundContract, order, type PerpWorld, startPerpServer } from '../perp/testing';
import { fund, placed } from '../spot/testing';
import { MEMBERSHIP_SALES } from './service';

let w: PerpWorld;
let admin: { token: string };

const LEVELS = {
  holdAsset: 'BRS',
  baseWithdrawLimit: '',
  levels: [
    {
      name: 'Silver',
      holdAmount: '1000',
      price: '20',
      days: 30,
      spotDiscount: '10',
      futuresDiscount: '20',
      boxDiscount: '50',
      withdrawLimit: '200000',
    },
    {
      name: 'Gold',
      holdAmount: '10000',
      price: '0',
      days: 30,
      spotDiscount: '50',
      futuresDiscount: '50',
      boxDiscount: '50',
      withdrawLimit: '',
    },
  ],
};

beforeAll(async () => {
  w = await startPerpServer();
  admin = await loginOperator(w.server, 'admin');
  const saved = await post<MembershipSettings>(w.server, '/admin/api/membership/settings', LEVELS, {
    token: admin.token,
  });
  expect(saved.body.msg).toBe('success');
  w.ctx.perp.quote();
});
afterAll(async () => {
  await w.server.close();
});

function spot(uid: number, asset: string): string {
  return w.ctx.ledger.formatAmount(asset, w.ctx.ledger.balance(user(uid, 'spot', asset)).available);
}

async function info(u: TestUser): Promise<MembershipOverview> {
  return (await get<MembershipOverview>(w.server, '/mapi/member/info', { token: u.token })).body.data;
}

describe('membership levels', () => {
  it('refuses levels whose holdings do not rise and discounts above 100%, changing nothing', async () => {
    const flat = { ...LEVELS, levels: [LEVELS.levels[0], { ...LEVELS.levels[1], holdAmount: '1000' }] };
    const a = await post(w.server, '/admin/api/membership/settings', flat, { token: admin.token });
    expect(a.body.code).toBe(ERRORS.MEMBER_LEVELS_INVALID.code);
    const over = { ...LEVELS, levels: [{ ...LEVELS.levels[0], spotDiscount: '100.5' }] };
    const b = await post(w.server, '/admin/api/membership/settings', over, { token: admin.token });
    expect(b.body.code).toBe(ERRORS.MEMBER_LEVELS_INVALID.code);
    const now = await get<MembershipSettings>(w.server, '/admin/api/membership/settings', { token: admin.token });
    expect(now.body.data.levels.map((l) => [l.name, l.holdAmount, l.price])).toEqual([
      ['Silver', '1000', '20'],
      ['Gold', '10000', null],
    ]);
  });

  it('a purchase is paid once per request id into the revenue account; the same level again extends it', async () => {
    const buyer = await registerUser(w.server);
    await fund(w.ctx, [{ uid: buyer.uid, asset: 'USDT', amount: '100' }]);
    const salesBefore = w.ctx.ledger.balance(system(MEMBERSHIP_SALES, 'USDT')).available;
    const notForSale = await post(
      w.server,
      '/mapi/member/buy',
      { level: 2, requestId: 'member-buy-gold' },
      { token: buyer.token },
    );
    expect(notForSale.body.code).toBe(ERRORS.MEMBER_LEVEL_NOT_FOR_SALE.code);

    const first = await post<MembershipPurchase>(
      w.server,
      '/mapi/member/buy',
      { level: 1, requestId: 'member-buy-0001' },
      { token: buyer.token },
    );
    expect(first.body.msg).toBe('success');
    const replay = await post<MembershipPurchase>(
      w.server,
      '/mapi/member/buy',
      { level: 1, requestId: 'member-buy-0001' },
      { token: buyer.token },
    );
    expect(replay.body.data).toEqual(first.body.data);
    expect(spot(buyer.uid, 'USDT')).toBe('80');
    expect(w.ctx.ledger.balance(system(MEMBERSHIP_SALES, 'USDT')).available - salesBefore).toBe(20n * 10n ** 8n);
    const now = w.clock.now();
    expect(first.body.data).toMatchObject({
      level: 1,
      name: 'Silver',
      price: '20',
      from: now,
      until: now + 30 * 86_400_000,
    });
    expect(await info(buyer)).toMatchObject({ level: 1, source: 'purchase', boughtLevel: 1, heldLevel: 0 });

    const again = await post<MembershipPurchase>(
      w.server,
      '/mapi/member/buy',
      { level: 1, requestId: 'member-buy-0002' },
      { token: buyer.token },
    );
    expect(again.body.data.from).toBe(first.body.data.until);
    expect(again.body.data.until).toBe(first.body.data.until + 30 * 86_400_000);
    expect(spot(buyer.uid, 'USDT')).toBe('60');

    const poor = await registerUser(w.server);
    const refused = await post(
      w.server,
      '/mapi/member/buy',
      { level: 1, requestId: 'member-buy-poor' },
      { token: poor.token },
    );
    expect(refused.body.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    expect(await info(poor)).toMatchObject({ level: 0, source: 'none' });
    expectPerpConsistent(w.ctx);
  });

  it('the fee discount is applied to spot and futures fees, and the benefits page shows what it saved', async () => {
    const member = await registerUser(w.server);
    const plain = await registerUser(w.server);
    const maker = await registerUser(w.server);
    await fund(w.ctx, [
      { uid: member.uid, asset: 'USDT', amount: '1000' },
      { uid: maker.uid, asset: 'TRX', amount: '10000' },
    ]);
    const bought = await post(
      w.server,
      '/mapi/member/buy',
      { level: 1, requestId: 'member-fees-01' },
      { token: member.token },
    );
    expect(bought.body.msg).toBe('success');

    // Spot: 1000 TRX at 0.25; the base taker fee 0.1% would be 1 TRX, 10% off makes it 0.9 TRX.
    await placed(w.server, maker, { symbol: 'TRX_USDT', side: 'sell', type: 'limit', price: '0.25', quantity: '1000' });
    await placed(w.server, member, { symbol: 'TRX_USDT', side: 'buy', type: 'limit', price: '0.25', quantity: '1000' });
    expect(spot(member.uid, 'TRX')).toBe('999.1');

    // Futures: the same order by a regular account and by the member; the member's fee is 20% lower.
    await fundContract(w.ctx, [
      { uid: member.uid, amount: '500' },
      { uid: plain.uid, amount: '500' },
    ]);
    const base = await order(w.server, plain, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 10 });
    const disc = await order(w.server, member, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 10 });
    expect(base.body.code).toBe(200);
    expect(disc.body.code).toBe(200);
    const fee = (o: SwapOrder) => w.ctx.ledger.parseAmount('USDT', o.fee);
    expect(fee(base.body.data)).toBeGreaterThan(0n);
    expect(fee(disc.body.data)).toBe((fee(base.body.data) * 8n) / 10n);

    const received = await get<BenefitsReceived>(w.server, '/mapi/member/benefits', { token: member.token });
    const totals = received.body.data.totals;
    expect(totals).toContainEqual({ kind: 'spot_fee', asset: 'TRX', amount: '0.1', count: 1 });
    const futures = totals.find((t) => t.kind === 'futures_fee');
    expect(futures && w.ctx.ledger.parseAmount('USDT', futures.amount)).toBe(fee(base.body.data) - fee(disc.body.data));
    expect(received.body.data.purchases).toHaveLength(1);
    expect(received.body.data.withdraw.limit).toBe('200000');
    expectPerpConsistent(w.ctx);
  });

  it('the box discount takes its share off a mystery box price and is recorded', async () => {
    const member = await registerUser(w.server);
    await fund(w.ctx, [{ uid: member.uid, asset: 'USDT', amount: '100' }]);
    await post(w.server, '/admin/api/rewards/pool/fund', { asset: 'USDT', amount: '100' }, { token: admin.token });
    const box = await post<{ id: number }>(
      w.server,
      '/admin/api/rewards/boxes',
      {
        name: 'Test box',
        priceAsset: 'USDT',
        price: '10',
        prizes: [{ asset: 'USDT', amount: '0', odds: '100' }],
        budget: [],
        status: 'active',
      },
      { token: admin.token },
    );
    expect(box.body.msg).toBe('success');
    type Price = { boxId: number; listPrice: string; price: string; discountPpm: number };
    const priceOf = async () =>
      (await get<Price[]>(w.server, '/mapi/rewards/box/prices', { token: member.token })).body.data.find(
        (p) => p.boxId === box.body.data.id,
      );
    expect(await priceOf()).toMatchObject({ listPrice: '10', price: '10', discountPpm: 0 });
    await post(w.server, '/mapi/member/buy', { level: 1, requestId: 'member-box-01' }, { token: member.token });
    // The price the app shows a member is the one opening the box charges.
    expect(await priceOf()).toMatchObject({ listPrice: '10', price: '5', discountPpm: 500_000 });
    const opened = await post<{ price: string }>(
      w.server,
      '/mapi/rewards/box/open',
      { boxId: box.body.data.id, requestId: 'member-box-open-1' },
      { token: member.token },
    );
    expect(opened.body.data.price).toBe('5');
    expect(spot(member.uid, 'USDT')).toBe('75');
    const received = await get<BenefitsReceived>(w.server, '/mapi/member/benefits', { token: member.token });
    expect(received.body.data.totals).toContainEqual({ kind: 'box', asset: 'USDT', amount: '5', count: 1 });
  });

  it('the 24-hour withdrawal limit is the level’s: a regular account is held to the base limit, Silver is not', async () => {
    const limited = { ...LEVELS, baseWithdrawLimit: '100' };
    expect((await post(w.server, '/admin/api/membership/settings', limited, { token: admin.token })).body.msg).toBe(
      'success',
    );
    const u = await registerUser(w.server);
    await fund(w.ctx, [{ uid: u.uid, asset: 'USDT', amount: '1000' }]);
    const withdraw = (amount: string) =>
      w.ctx.wallet.submitWithdrawal(u.uid, {
        asset: 'USDT',
        network: 'TRC20',
        address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        amount,
      });
    expect(withdraw('60').status).toBe('review');
    expect(() => withdraw('50')).toThrow(expect.objectContaining({ key: 'WITHDRAW_DAILY_LIMIT' }));
    const before = await get<BenefitsReceived>(w.server, '/mapi/member/benefits', { token: u.token });
    expect(before.body.data.withdraw).toEqual({ limit: '100', used: '60' });
    await post(w.server, '/mapi/member/buy', { level: 1, requestId: 'member-limit-01' }, { token: u.token });
    expect(withdraw('50').status).toBe('review');
    const after = await get<BenefitsReceived>(w.server, '/mapi/member/benefits', { token: u.token });
    expect(after.body.data.withdraw).toEqual({ limit: '200000', used: '110' });
    await post(w.server, '/admin/api/membership/settings', LEVELS, { token: admin.token });
    expectPerpConsistent(w.ctx);
  });

  it('holdings reach a level on the scheduler, up and down, and its discount applies without a purchase', async () => {
    const holder = await registerUser(w.server);
    const maker = await registerUser(w.server);
    await fund(w.ctx, [
      { uid: holder.uid, asset: 'BRS', amount: '12000' },
      { uid: holder.uid, asset: 'USDT', amount: '1000' },
      { uid: maker.uid, asset: 'TRX', amount: '10000' },
    ]);
    expect(await info(holder)).toMatchObject({ level: 0, heldLevel: 0, evaluatedAt: null });
    // Nothing changes until the hourly job runs.
    const hour = 3_600_000;
    w.clock.set((Math.floor(w.clock.now() / hour) + 1) * hour);
    await w.server.runDue();
    const held = await info(holder);
    expect(held).toMatchObject({ level: 2, source: 'holdings', heldLevel: 2, holdings: '12000', next: null });
    expect(held.evaluatedAt).toBe(w.clock.now());

    await placed(w.server, maker, { symbol: 'TRX_USDT', side: 'sell', type: 'limit', price: '0.25', quantity: '1000' });
    await placed(w.server, holder, { symbol: 'TRX_USDT', side: 'buy', type: 'limit', price: '0.25', quantity: '1000' });
    expect(spot(holder.uid, 'TRX')).toBe('999.5');

    // The operator raises the bar: at the next evaluation the holder drops to Silver, half-way to Gold.
    const higher = {
      ...LEVELS,
      levels: [LEVELS.levels[0], { ...LEVELS.levels[1], holdAmount: '23000' }],
    };
    // The clock moved an hour: the operator signs in again (console sessions are short).
    admin = await loginOperator(w.server, 'admin');
    const up = await post(w.server, '/admin/api/membership/settings', higher, { token: admin.token });
    expect(up.body.msg).toBe('success');
    w.clock.set(w.clock.now() + hour);
    await w.server.runDue();
    expect(await info(holder)).toMatchObject({
      level: 1,
      heldLevel: 1,
      next: { level: 2, missing: '11000' },
      progress: 50,
    });
    const bought = await post(
      w.server,
      '/mapi/member/buy',
      { level: 1, requestId: 'member-held-01' },
      { token: holder.token },
    );
    expect(bought.body.code).toBe(ERRORS.MEMBER_LEVEL_BELOW_CURRENT.code);

    admin = await loginOperator(w.server, 'admin');
    const members = await get<{ list: { uid: number; level: number; source: string }[] }>(
      w.server,
      '/admin/api/membership/members',
      { token: admin.token },
    );
    expect(members.body.data.list).toContainEqual(
      expect.objectContaining({ uid: holder.uid, level: 1, source: 'holdings' }),
    );
    await post(w.server, '/admin/api/membership/settings', LEVELS, { token: admin.token });
    expectPerpConsistent(w.ctx);
  });
});
