import type { CopyFollow, CopyLeader, CopyLeaderBook, CopyLeaderDetail, CopyMe } from '@bourse/contract';
import { ERRORS } from '@bourse/contract';
import { parseSignedDecimal } from '@bourse/money';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, loginOperator, post, registerUser, type TestUser } from '../../test/harness';
import { user } from '../ledger';
import { contractBalance, order, positions, T0, units } from '../perp/testing';
import {
  approvedLeader,
  configure,
  type CopyWorld,
  expectCopyConsistent,
  follow,
  follower,
  startCopyServer,
} from './testing';

let w: CopyWorld;

beforeEach(async () => {
  w = await startCopyServer();
});

afterEach(async () => {
  await w.server.close();
});

function movePrice(price: string): void {
  w.index.set('BTC_USDT', price);
  w.ctx.perp.refreshMarks(w.clock.now());
  w.ctx.perp.quote();
}

async function records(u: TestUser, role = 'follower') {
  const r = await get<{ list: { kind: string; reason: string | null; lots: number | null; amount: string | null }[] }>(
    w.server,
    `/mapi/copy/records?role=${role}&size=100`,
    { token: u.token },
  );
  return r.body.data.list;
}

describe('leader application and qualification review', () => {
  it('needs the agreement, waits for the operator, then the leader is listed', async () => {
    const u = await registerUser(w.server);
    const noAgree = await post(w.server, '/mapi/copy/apply', { agree: false }, { token: u.token, lang: 'zh_CN' });
    expect(noAgree.body.code).toBe(ERRORS.COPY_AGREEMENT_REQUIRED.code);
    expect(noAgree.body.msg).toBe(ERRORS.COPY_AGREEMENT_REQUIRED.msg.zh_CN);
    const applied = await post<{ id: number; status: string }>(
      w.server,
      '/mapi/copy/apply',
      { agree: true },
      { token: u.token },
    );
    expect(applied.body.data.status).toBe('pending');
    const again = await post(w.server, '/mapi/copy/apply', { agree: true }, { token: u.token });
    expect(again.body.code).toBe(ERRORS.COPY_APPLICATION_PENDING.code);
    // Not a leader yet: configuration is refused and nobody can follow them.
    expect((await configure(w, u, {})).body.code).toBe(ERRORS.COPY_NOT_LEADER.code);
    const f = await follower(w);
    expect((await follow(w, f, { leaderUid: u.uid, amount: '50' })).body.code).toBe(ERRORS.COPY_LEADER_NOT_FOUND.code);
    // The console: the queue, then the review.
    const queue = await get<{ id: number; uid: number }[]>(w.server, '/admin/api/copy/applications?status=pending', {
      token: w.admin.token,
    });
    expect(queue.body.data.map((a) => a.uid)).toContain(u.uid);
    const ok = await post(
      w.server,
      `/admin/api/copy/applications/${applied.body.data.id}/review`,
      { approve: true },
      { token: w.admin.token },
    );
    expect(ok.body.code).toBe(200);
    const twice = await post(
      w.server,
      `/admin/api/copy/applications/${applied.body.data.id}/review`,
      { approve: false },
      { token: w.admin.token },
    );
    expect(twice.body.code).toBe(ERRORS.COPY_APPLICATION_NOT_FOUND.code);
    const list = await get<CopyLeader[]>(w.server, '/mapi/copy/traders?days=7');
    expect(list.body.data.map((l) => l.uid)).toContain(u.uid);
    const me = await get<CopyMe>(w.server, '/mapi/copy/me', { token: u.token });
    expect(me.body.data.leader?.uid).toBe(u.uid);
    expect(me.body.data.application?.status).toBe('approved');
  });

  it('checks who may call: users for the app, products.manage for the console', async () => {
    const u = await registerUser(w.server);
    expect((await get(w.server, '/mapi/copy/me')).body.code).toBe(ERRORS.UNAUTHORIZED.code);
    expect((await get(w.server, '/admin/api/copy/applications', { token: u.token })).body.code).toBe(
      ERRORS.UNAUTHORIZED.code,
    );
    const content = await loginOperator(w.server, 'content');
    const refused = await get(w.server, '/admin/api/copy/leaders', { token: content.token });
    expect(refused.body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    expect((await get(w.server, '/mapi/copy/traders')).body.code).toBe(200);
  });
});

describe('leader configuration', () => {
  it('caps the profit share, needs an escrow above the threshold for compensate mode, takes up to 6 pairs', async () => {
    const leader = await approvedLeader(w);
    const high = await configure(w, leader, { profitShare: '0.31' });
    expect(high.body.code).toBe(ERRORS.COPY_PROFIT_SHARE_TOO_HIGH.code);
    const noEscrow = await configure(w, leader, { mode: 'compensate', compensationRatio: '0.5' });
    expect(noEscrow.body.code).toBe(ERRORS.COMPENSATION_BALANCE_LOW.code);
    const escrow = await post<CopyMe>(
      w.server,
      '/mapi/copy/escrow',
      { direction: 'in', amount: '500', requestId: 'escrow-in-0001' },
      { token: leader.token },
    );
    expect(escrow.body.code).toBe(200);
    // The same request id again: answered with the first result, the money moved once.
    const repeat = await post<CopyMe>(
      w.server,
      '/mapi/copy/escrow',
      { direction: 'in', amount: '500', requestId: 'escrow-in-0001' },
      { token: leader.token },
    );
    expect(repeat.body).toEqual(escrow.body);
    expect(w.ctx.ledger.balance({ ...user(leader.uid, 'contract', 'USDT'), sub: 'copy:escrow' }).available).toBe(
      units('500'),
    );
    const ok = await configure(w, leader, {
      mode: 'compensate',
      profitShare: '0.3',
      compensationRatio: '0.5',
      minCopyAmount: '20',
      perTradeCap: '100',
      totalCap: '300',
    });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.settings).toMatchObject({ mode: 'compensate', profitShare: '0.3', minCopyAmount: '20' });
    // Taking the escrow down to the threshold would leave compensate mode uncovered.
    const out = await post(
      w.server,
      '/mapi/copy/escrow',
      { direction: 'out', amount: '450', requestId: 'escrow-out-001' },
      { token: leader.token },
    );
    expect(out.body.code).toBe(ERRORS.COMPENSATION_BALANCE_LOW.code);
    const seven = await post(
      w.server,
      '/mapi/copy/pairs',
      { symbols: ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'BNB_USDT', 'XRP_USDT', 'DOGE_USDT', 'LTC_USDT'] },
      { token: leader.token },
    );
    expect(seven.body.code).toBe(ERRORS.COPY_TOO_MANY_PAIRS.code);
    const unknown = await post(w.server, '/mapi/copy/pairs', { symbols: ['NOPE_USDT'] }, { token: leader.token });
    expect(unknown.body.code).toBe(ERRORS.COPY_PAIR_NOT_AVAILABLE.code);
    // The other refusals, each with its catalogue code.
    expect((await post(w.server, '/mapi/copy/apply', { agree: true }, { token: leader.token })).body.code).toBe(
      ERRORS.COPY_ALREADY_LEADER.code,
    );
    const tooMuch = await post(
      w.server,
      '/mapi/copy/escrow',
      { direction: 'out', amount: '9999', requestId: 'escrow-out-002' },
      { token: leader.token, lang: 'es' },
    );
    expect(tooMuch.body.code).toBe(ERRORS.COPY_ESCROW_INSUFFICIENT.code);
    expect(tooMuch.body.msg).toBe('El saldo de compensación solo tiene 500.');
    const badRatio = await configure(w, leader, { mode: 'compensate', compensationRatio: '1.5' });
    expect(badRatio.body.code).toBe(ERRORS.COPY_SETTING_OUT_OF_RANGE.code);
    const stranger = await registerUser(w.server);
    const notFollowing = await post(
      w.server,
      '/mapi/copy/unfollow',
      { leaderUid: leader.uid, confirm: true, requestId: 'unfollow-none-1' },
      { token: stranger.token },
    );
    expect(notFollowing.body.code).toBe(ERRORS.COPY_NOT_FOLLOWING.code);
    const pairs = await post<CopyMe>(
      w.server,
      '/mapi/copy/pairs',
      { symbols: ['BTC_USDT', 'ETH_USDT'] },
      { token: leader.token },
    );
    expect(pairs.body.data.settings?.symbols).toEqual(['BTC_USDT', 'ETH_USDT']);
    expectCopyConsistent(w);
  });
});

describe('following and copying', () => {
  it('copies opens scaled, closes proportionally, locks settings while followers hold positions, settles at unfollow', async () => {
    const leader = await approvedLeader(w);
    expect((await configure(w, leader, { profitShare: '0.2', minCopyAmount: '20' })).body.code).toBe(200);
    await post(w.server, '/mapi/swap/leverage', { symbol: 'BTC_USDT', leverage: 10 }, { token: leader.token });
    const fixed = await follower(w);
    const ratio = await follower(w);
    const poor = await follower(w, '1');
    expect((await follow(w, fixed, { leaderUid: leader.uid, amount: '20' })).body.code).toBe(
      ERRORS.COPY_AMOUNT_BELOW_MIN.code,
    );
    expect((await follow(w, fixed, { leaderUid: leader.uid, amount: '50', agree: false })).body.code).toBe(
      ERRORS.COPY_AGREEMENT_REQUIRED.code,
    );
    expect((await follow(w, leader, { leaderUid: leader.uid, amount: '50' })).body.code).toBe(
      ERRORS.COPY_SELF_FOLLOW.code,
    );
    expect((await follow(w, fixed, { leaderUid: leader.uid, amount: '50' })).body.code).toBe(200);
    expect((await follow(w, fixed, { leaderUid: leader.uid, amount: '50' })).body.code).toBe(
      ERRORS.COPY_ALREADY_FOLLOWING.code,
    );
    expect(
      (await follow(w, ratio, { leaderUid: leader.uid, mode: 'ratio', ratio: '0.5', amount: '500' })).body.code,
    ).toBe(200);
    expect((await follow(w, poor, { leaderUid: leader.uid, amount: '50' })).body.code).toBe(200);

    // The leader opens 100 lots (~2,000 USDT at 10×): fixed 50 USDT × 10 / (price × 0.001) per lot; ratio 0.5 → 50.
    const open = await order(w.server, leader, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 100 });
    expect(open.body.data.filledLots).toBe(100);
    const fixedPos = await positions(w.server, fixed);
    const ratioPos = await positions(w.server, ratio);
    const lotValue = units(open.body.data.avgPrice ?? '0') / 1000n;
    const fixedLots = Number(units('500') / lotValue);
    expect(fixedLots).toBe(24); // the ask ladder starts just above 20,000
    expect(fixedPos[0]).toMatchObject({ side: 'long', lots: fixedLots, leverage: 10 });
    expect(ratioPos[0]).toMatchObject({ side: 'long', lots: 50, leverage: 10 });
    expect(await positions(w.server, poor)).toEqual([]);
    expect((await records(poor)).map((r) => [r.kind, r.reason])).toContainEqual(['skip', 'funds']);

    // Locked while followers hold positions.
    expect((await configure(w, leader, {})).body.code).toBe(ERRORS.LEADER_SETTINGS_LOCKED.code);
    const escrowIn = await post(
      w.server,
      '/mapi/copy/escrow',
      { direction: 'in', amount: '10', requestId: 'escrow-in-lock' },
      { token: leader.token },
    );
    expect(escrowIn.body.code).toBe(ERRORS.LEADER_SETTINGS_LOCKED.code);
    const book = await get<CopyLeaderBook>(w.server, '/mapi/copy/leader/orders', { token: leader.token });
    expect(book.body.data.locked).toBe(true);
    expect(book.body.data.followers.map((f) => f.open[0]?.lots ?? 0).sort()).toEqual([0, 24, 50]);

    // The price rises 2%; the leader closes 40 of 100 lots: copies close ceil(lots × 40 / 100).
    movePrice('20400');
    await order(w.server, leader, { symbol: 'BTC_USDT', side: 'sell', type: 'market', lots: 40, reduceOnly: true });
    expect((await positions(w.server, fixed))[0]?.lots).toBe(24 - Math.ceil((24 * 40) / 100));
    expect((await positions(w.server, ratio))[0]?.lots).toBe(30);
    // The rest: the copies close whole.
    await post(w.server, '/mapi/swap/close', { symbol: 'BTC_USDT', type: 'market' }, { token: leader.token });
    expect(await positions(w.server, fixed)).toEqual([]);
    expect(await positions(w.server, ratio)).toEqual([]);
    expect((await configure(w, leader, { profitShare: '0.2', minCopyAmount: '20' })).body.code).toBe(200);

    // Unfollow needs confirmation, then settles: 20% of the realised profit goes to the leader.
    const following = (await get<CopyFollow[]>(w.server, '/mapi/copy/following', { token: ratio.token })).body.data[0];
    const profit = units(following?.realizedPnl ?? '0');
    expect(profit).toBeGreaterThan(0n);
    const leaderBefore = contractBalance(w.ctx, leader.uid).available;
    const noConfirm = await post(
      w.server,
      '/mapi/copy/unfollow',
      { leaderUid: leader.uid, confirm: false, requestId: 'unfollow-ratio-1' },
      { token: ratio.token },
    );
    expect(noConfirm.body.code).toBe(ERRORS.COPY_UNFOLLOW_CONFIRM.code);
    const stop = await post<CopyFollow>(
      w.server,
      '/mapi/copy/unfollow',
      { leaderUid: leader.uid, confirm: true, requestId: 'unfollow-ratio-2' },
      { token: ratio.token },
    );
    expect(stop.body.data.status).toBe('stopped');
    expect(units(stop.body.data.sharePaid)).toBe((profit * 200_000n) / 1_000_000n);
    expect(contractBalance(w.ctx, leader.uid).available - leaderBefore).toBe(units(stop.body.data.sharePaid));
    const leaderLines = await records(leader, 'leader');
    expect(leaderLines.map((r) => r.kind)).toContain('profit_share');
    expectCopyConsistent(w);
  });

  it('unfollow closes the open copies at market', async () => {
    const leader = await approvedLeader(w);
    const f = await follower(w);
    await follow(w, f, { leaderUid: leader.uid, amount: '100' });
    await order(w.server, leader, { symbol: 'BTC_USDT', side: 'sell', type: 'market', lots: 10 });
    expect((await positions(w.server, f))[0]).toMatchObject({ side: 'short' });
    const stop = await post<CopyFollow>(
      w.server,
      '/mapi/copy/unfollow',
      { leaderUid: leader.uid, confirm: true, requestId: 'unfollow-open-1' },
      { token: f.token },
    );
    expect(stop.body.code).toBe(200);
    expect(await positions(w.server, f)).toEqual([]);
    expect(stop.body.data.open).toEqual([]);
    expectCopyConsistent(w);
  });

  it('skips a pair the leader did not choose and mirrors a leverage change', async () => {
    const leader = await approvedLeader(w);
    await post(w.server, '/mapi/copy/pairs', { symbols: ['ETH_USDT'] }, { token: leader.token });
    const f = await follower(w);
    await follow(w, f, { leaderUid: leader.uid, amount: '100' });
    await order(w.server, leader, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 10 });
    expect(await positions(w.server, f)).toEqual([]);
    expect((await records(f)).map((r) => [r.kind, r.reason])).toContainEqual(['skip', 'pair']);
    await post(w.server, '/mapi/swap/leverage', { symbol: 'ETH_USDT', leverage: 7 }, { token: leader.token });
    const s = await get<{ leverage: number }>(w.server, '/mapi/swap/settings?symbol=ETH_USDT', { token: f.token });
    expect(s.body.data.leverage).toBe(7);
  });

  it('never matches a copy against the leader’s own resting order', async () => {
    const leader = await approvedLeader(w);
    const f = await follower(w);
    await follow(w, f, { leaderUid: leader.uid, amount: '100' });
    // The leader rests a bid just under the market, then sells at market: the copy's sell may go down to
    // price × (1 − 0.3%), which crosses the leader's bid — it must stop above it.
    w.ctx.perp.pullQuotes();
    const mm = await registerUser(w.server);
    await post(w.server, '/mapi/swap/leverage', { symbol: 'BTC_USDT', leverage: 20 }, { token: mm.token });
    await (await import('../perp/testing')).fundContract(w.ctx, [{ uid: mm.uid, amount: '100000' }]);
    await order(w.server, mm, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000', lots: 5 });
    await order(w.server, leader, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '19990', lots: 50 });
    await order(w.server, leader, { symbol: 'BTC_USDT', side: 'sell', type: 'market', lots: 5 });
    // The copy found nothing above the leader's bid (the only other bid was taken by the leader): skipped.
    const leaderOrders = await get<{ list: { lots: number; filledLots: number }[] }>(
      w.server,
      '/mapi/swap/openOrders?symbol=BTC_USDT',
      { token: leader.token },
    );
    expect(leaderOrders.body.data.list[0]?.filledLots ?? 0).toBe(0);
    const lines = await records(f);
    expect(lines.map((r) => [r.kind, r.reason])).toContainEqual(['skip', 'self_trade']);
    expectCopyConsistent(w);
  });
});

describe('compensate mode and weekly settlement', () => {
  it('covers a net weekly loss × ratio from the escrow, never more than the escrow holds', async () => {
    const leader = await approvedLeader(w);
    await post(
      w.server,
      '/mapi/copy/escrow',
      { direction: 'in', amount: '101', requestId: 'escrow-in-comp' },
      { token: leader.token },
    );
    expect((await configure(w, leader, { mode: 'compensate', compensationRatio: '0.5' })).body.code).toBe(200);
    const a = await follower(w, '5000');
    await follow(w, a, { leaderUid: leader.uid, mode: 'ratio', ratio: '6', amount: '4000' });
    await order(w.server, leader, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 100 });
    expect((await positions(w.server, a))[0]?.lots).toBe(600);
    movePrice('19600');
    await post(w.server, '/mapi/swap/close', { symbol: 'BTC_USDT', type: 'market' }, { token: leader.token });
    const f = (await get<CopyFollow[]>(w.server, '/mapi/copy/following', { token: a.token })).body.data[0];
    const loss = -parseSignedDecimal(f?.realizedPnl ?? '0', 8);
    expect(loss).toBeGreaterThan(units('202')); // half of it is more than the escrow
    const before = contractBalance(w.ctx, a.uid).available;
    // Next Monday 00:00 UTC: the weekly slot.
    w.clock.set(Date.UTC(2026, 10, 30, 0, 0, 1));
    await w.server.runDue();
    const after = contractBalance(w.ctx, a.uid).available;
    expect(after - before).toBe(units('101'));
    const admin = await loginOperator(w.server, 'admin'); // the first session expired during the week
    const settlements = await get<{ list: { compensation: string; trigger: string }[] }>(
      w.server,
      '/admin/api/copy/settlements',
      { token: admin.token },
    );
    expect(settlements.body.data.list[0]).toMatchObject({ compensation: '101', trigger: 'weekly' });
    // The same slot never settles twice.
    await w.server.runDue();
    expect(contractBalance(w.ctx, a.uid).available).toBe(after);
    expect(T0).toBeLessThan(w.clock.now());
    expectCopyConsistent(w);
  });
});

describe('traders list and detail', () => {
  it('computes the figures from real closed positions', async () => {
    const leader = await approvedLeader(w);
    await order(w.server, leader, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 100 });
    movePrice('20400');
    await post(w.server, '/mapi/swap/close', { symbol: 'BTC_USDT', type: 'market' }, { token: leader.token });
    const detail = await get<CopyLeaderDetail>(w.server, `/mapi/copy/traders/${leader.uid}`);
    const d = detail.body.data;
    expect(d.periods.map((p) => p.days)).toEqual([7, 30, 90]);
    expect(d.periods[0]?.closedPositions).toBe(1);
    expect(d.periods[0]?.winRate).toBe('100.00');
    expect(Number(d.periods[0]?.pnl)).toBeGreaterThan(0);
    expect(Number(d.periods[0]?.roi)).toBeGreaterThan(0);
    expect(d.curve).toHaveLength(1);
    expect(d.history).toHaveLength(1);
    const missing = await get(w.server, '/mapi/copy/traders/999999', { lang: 'fr' });
    expect(missing.body.code).toBe(ERRORS.COPY_LEADER_NOT_FOUND.code);
    expect(missing.body.msg).toBe(ERRORS.COPY_LEADER_NOT_FOUND.msg.fr);
  });
});
