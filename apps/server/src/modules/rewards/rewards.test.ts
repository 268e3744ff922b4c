import {
  type BoxDraw,
  type BoxFairness,
  type BoxSeedRotation,
  type CheckinResult,
  type CheckinState,
  ERRORS,
  type InviteSummary,
  type MysteryBox,
  type PartnerData,
  type RewardPoolBalance,
} from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, loginOperator, outboxCode, post, registerUser, type TestServer, type TestUser } from '../../test/harness';
import { user } from '../ledger';
import { fund, placed, startSpotServer } from '../spot/testing';
import { draw } from './fairness';
import { DAY_MS } from './service';

let server: TestServer;
let admin: { token: string };
beforeAll(async () => {
  // Check-in moves the clock by weeks: user sessions outlive the test.
  server = await startSpotServer({ ADMIN_PASSWORD: 'rewards-admin-2026', SESSION_TTL_HOURS: '8760' });
  admin = await loginOperator(server, 'admin');
});
afterAll(async () => {
  await server.close();
});

function gold(uid: number, asset = 'USDT'): string {
  return server.ctx.ledger.formatAmount(asset, server.ctx.ledger.balance(user(uid, 'gold', asset)).available);
}

function reconciled(): void {
  const report = server.ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

async function fundPool(asset: string, amount: string): Promise<RewardPoolBalance[]> {
  const answer = await post<RewardPoolBalance[]>(
    server,
    '/admin/api/rewards/pool/fund',
    { asset, amount },
    { token: admin.token },
  );
  expect(answer.body.msg).toBe('success');
  return answer.body.data;
}

/** Moves the test clock so that now is `msBefore` ms before the next UTC midnight. */
function toBeforeMidnight(msBefore: number): void {
  const now = server.clock.now();
  const next = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  server.clock.advance(next - msBefore - now);
}

describe('check-in', () => {
  it('refuses while the pool is empty (nothing changes), then pays once per UTC day into gold, idempotently', async () => {
    const trader = await registerUser(server);
    const empty = await post(
      server,
      '/mapi/rewards/checkin',
      { requestId: 'checkin-empty-1' },
      { token: trader.token },
    );
    expect(empty.body.code).toBe(ERRORS.REWARD_POOL_EMPTY.code);
    const state0 = await get<CheckinState>(server, '/mapi/rewards/checkin', { token: trader.token });
    expect(state0.body.data).toMatchObject({ checkedToday: false, streak: 0, poolOk: false, history: [] });

    const pool = await fundPool('USDT', '100');
    expect(pool).toEqual([{ asset: 'USDT', available: '100', funded: '100', paid: '0' }]);

    toBeforeMidnight(60_000);
    const first = await post<CheckinResult>(
      server,
      '/mapi/rewards/checkin',
      { requestId: 'checkin-day-1' },
      { token: trader.token },
    );
    expect(first.body.data).toMatchObject({ asset: 'USDT', amount: '1', streak: 1, day: 1, double: false });
    expect(gold(trader.uid)).toBe('1');
    // The same request again answers the first result; a new one the same day is refused in the user's language.
    const replay = await post<CheckinResult>(
      server,
      '/mapi/rewards/checkin',
      { requestId: 'checkin-day-1' },
      { token: trader.token },
    );
    expect(replay.body.data).toEqual(first.body.data);
    const again = await post(
      server,
      '/mapi/rewards/checkin',
      { requestId: 'checkin-day-1b' },
      { token: trader.token, lang: 'zh_CN' },
    );
    expect(again.body).toMatchObject({ code: ERRORS.CHECKIN_ALREADY_DONE.code, msg: '今天已签到，明天再来' });
    expect(gold(trader.uid)).toBe('1');

    // Across UTC midnight: a new day, the streak goes on.
    server.clock.advance(120_000);
    const second = await post<CheckinResult>(server, '/mapi/rewards/checkin', {}, { token: trader.token });
    expect(second.body.data).toMatchObject({ streak: 2, day: 2, amount: '1' });
    const state = await get<CheckinState>(server, '/mapi/rewards/checkin', { token: trader.token });
    expect(state.body.data.checkedToday).toBe(true);
    expect(state.body.data.calendar.map((d) => [d.day, d.claimed, d.today, d.amount])).toEqual([
      [1, true, false, '1'],
      [2, true, true, '1'],
      [3, false, false, '1'],
      [4, false, false, '1'],
      [5, false, false, '1'],
      [6, false, false, '1'],
      [7, false, false, '2'],
    ]);

    // Missing a day resets the streak.
    server.clock.advance(2 * DAY_MS);
    const reset = await get<CheckinState>(server, '/mapi/rewards/checkin', { token: trader.token });
    expect(reset.body.data).toMatchObject({ streak: 0, checkedToday: false });
    const restart = await post<CheckinResult>(server, '/mapi/rewards/checkin', {}, { token: trader.token });
    expect(restart.body.data).toMatchObject({ streak: 1, day: 1 });

    // Seven days in a row: the seventh pays double, the eighth starts the calendar again.
    const paid: string[] = [restart.body.data.amount];
    for (let i = 2; i <= 8; i += 1) {
      server.clock.advance(DAY_MS);
      const answer = await post<CheckinResult>(server, '/mapi/rewards/checkin', {}, { token: trader.token });
      expect(answer.body.data.streak).toBe(i);
      paid.push(answer.body.data.amount);
    }
    expect(paid).toEqual(['1', '1', '1', '1', '1', '1', '2', '1']);
    expect(gold(trader.uid)).toBe('11');
    admin = await loginOperator(server, 'admin');
    const after = await get<RewardPoolBalance[]>(server, '/admin/api/rewards/pool', { token: admin.token });
    expect(after.body.data).toEqual([{ asset: 'USDT', available: '89', funded: '100', paid: '11' }]);
    reconciled();
  });
});

/** An operator creates an active box at 5 USDT with these prizes and this USDT budget. */
function createBox(name: string, prizes: { asset: string; amount: string; odds: string }[], budget: string) {
  return post<{ id: number }>(
    server,
    '/admin/api/rewards/boxes',
    { name, priceAsset: 'USDT', price: '5', prizes, budget: [{ asset: 'USDT', amount: budget }], status: 'active' },
    { token: admin.token },
  );
}

describe('mystery box', () => {
  it('publishes the table, draws from the committed seed, pays from the pool, and every draw recomputes after rotation', async () => {
    // The check-in test moved the clock by days: operator sessions from before have expired.
    admin = await loginOperator(server, 'admin');
    const bad = await createBox('Bad', [{ asset: 'USDT', amount: '1', odds: '99' }], '10');
    expect(bad.body).toMatchObject({ code: ERRORS.BOX_ODDS_INVALID.code });
    expect(bad.body.msg).toContain('99');
    const created = await createBox(
      'Test box',
      [
        { asset: 'USDT', amount: '0', odds: '50' },
        { asset: 'USDT', amount: '3', odds: '40' },
        { asset: 'USDT', amount: '10', odds: '10' },
      ],
      // Six draws of the top prize at most: the budget never stops these (a smaller one did, at random).
      '60',
    );
    expect(created.body.msg).toBe('success');
    const boxId = created.body.data.id;
    const info = await get<MysteryBox[]>(server, '/mapi/periperal/blindBoxInfo');
    const box = info.body.data.find((b) => b.id === boxId);
    expect(box?.prizes.map((p) => [p.amount, p.odds])).toEqual([
      ['0', '50'],
      ['3', '40'],
      ['10', '10'],
    ]);

    const buyer = await registerUser(server);
    const poor = await post(server, '/mapi/rewards/box/open', { boxId }, { token: buyer.token });
    expect(poor.body.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    await fund(server.ctx, [{ uid: buyer.uid, asset: 'USDT', amount: '100' }]);

    const fair = await get<BoxFairness>(server, '/mapi/rewards/box/fairness', { token: buyer.token });
    expect(fair.body.data.nonce).toBe(0);
    const draws: BoxDraw[] = [];
    for (let i = 0; i < 6; i += 1) {
      const opened = await post<BoxDraw>(
        server,
        '/mapi/rewards/box/open',
        { boxId, requestId: `box-open-${i}-abc` },
        { token: buyer.token },
      );
      expect(opened.body.msg).toBe('success');
      expect(opened.body.data).toMatchObject({
        nonce: i,
        serverSeedHash: fair.body.data.serverSeedHash,
        serverSeed: null,
      });
      draws.push(opened.body.data);
    }
    const won = draws.reduce((sum, d) => sum + Number(d.prize.amount), 0);
    expect(Number(gold(buyer.uid))).toBe(won);
    expect(
      server.ctx.ledger.formatAmount('USDT', server.ctx.ledger.balance(user(buyer.uid, 'spot', 'USDT')).available),
    ).toBe('70');

    const rotated = await post<BoxSeedRotation>(
      server,
      '/mapi/rewards/box/seed',
      { clientSeed: 'my-own-seed' },
      { token: buyer.token },
    );
    expect(rotated.body.data.revealed).toMatchObject({ serverSeedHash: fair.body.data.serverSeedHash, draws: 6 });
    expect(rotated.body.data.next.clientSeed).toBe('my-own-seed');
    const { serverSeed, clientSeed } = rotated.body.data.revealed;
    for (const d of draws) {
      const again = draw(serverSeed, clientSeed, d.nonce, [500_000, 400_000, 100_000]);
      expect([again.roll, again.index]).toEqual([d.roll, d.prize.index]);
    }
    const history = await get<{ list: BoxDraw[] }>(server, '/mapi/rewards/box/draws', { token: buyer.token });
    expect(history.body.data.list[0]).toMatchObject({ serverSeed, nonce: 5 });
    expect(history.body.data.list[0]?.hmac).toMatch(/^[0-9a-f]{64}$/);

    const wins = await get<{ amount: string }[]>(server, '/mapi/periperal/blindBoxNew');
    expect(wins.body.data.length).toBe(draws.filter((d) => d.prize.amount !== '0').length);
    const rank = await get<{ opened: number }[]>(server, '/mapi/periperal/blindBoxRank');
    expect(rank.body.data[0]?.opened).toBe(6);

    // The budget: once a prize that could be drawn no longer fits, the box stops before drawing (and charges nothing).
    const small = await createBox('One prize left', [{ asset: 'USDT', amount: '10', odds: '100' }], '10');
    expect(small.body.msg).toBe('success');
    const last = await post<BoxDraw>(
      server,
      '/mapi/rewards/box/open',
      { boxId: small.body.data.id, requestId: 'box-open-small-1' },
      { token: buyer.token },
    );
    expect(last.body.data.prize.amount).toBe('10');
    const stopped = await post(
      server,
      '/mapi/rewards/box/open',
      { boxId: small.body.data.id, requestId: 'box-open-small-2' },
      { token: buyer.token },
    );
    expect(stopped.body.code).toBe(ERRORS.BOX_BUDGET_EXHAUSTED.code);
    expect(Number(gold(buyer.uid))).toBe(won + 10);
    expect(
      server.ctx.ledger.formatAmount('USDT', server.ctx.ledger.balance(user(buyer.uid, 'spot', 'USDT')).available),
    ).toBe('65');
    reconciled();
  });
});

async function registerWith(code: string): Promise<TestUser> {
  const who = `invited${process.pid}x${Math.random().toString(36).slice(2, 8)}@example.com`;
  await post(server, '/api/user/sendCode', { account: who, scene: 'register' });
  const answer = await post<{ uid: number; token: string }>(server, '/api/user/register', {
    account: who,
    code: outboxCode(server, who),
    password: 'secret123',
    confirmPassword: 'secret123',
    agreement: true,
    inviteCode: code,
  });
  expect(answer.body.msg).toBe('success');
  return { uid: answer.body.data.uid, token: answer.body.data.token, account: who, password: 'secret123' };
}

describe('invitations', () => {
  it('an invitee’s spot fees pay 20% to the inviter and 5% to the inviter’s inviter, in the fee asset, into gold', async () => {
    admin = await loginOperator(server, 'admin');
    const top = await registerUser(server);
    const topCode = (await get<InviteSummary>(server, '/mapi/rewards/invite', { token: top.token })).body.data.code;
    const partner = await registerWith(topCode);
    const partnerInfo = await get<InviteSummary>(server, '/mapi/rewards/invite', { token: partner.token });
    expect(partnerInfo.body.data.path).toBe(`/pages/login/register?code=${partnerInfo.body.data.code}`);
    const invitee = await registerWith(partnerInfo.body.data.code);
    const maker = await registerUser(server);
    await fund(server.ctx, [
      { uid: invitee.uid, asset: 'USDT', amount: '1000' },
      { uid: maker.uid, asset: 'TRX', amount: '10000' },
    ]);
    // The invitee buys 1000 TRX at 0.25 from the maker: a fee of 0.1% of 1000 TRX = 1 TRX (taker, in the base).
    await placed(server, maker, { symbol: 'TRX_USDT', side: 'sell', type: 'limit', price: '0.25', quantity: '1000' });
    await placed(server, invitee, { symbol: 'TRX_USDT', side: 'buy', type: 'limit', price: '0.25', quantity: '1000' });
    expect(gold(partner.uid, 'TRX')).toBe('0.2');
    expect(gold(top.uid, 'TRX')).toBe('0.05');
    // The maker was invited by nobody: the maker's fee pays no rebate.
    const summary = await get<InviteSummary>(server, '/mapi/rewards/invite', { token: partner.token });
    expect(summary.body.data).toMatchObject({ invitees: 1, team: 0, rebates: [{ asset: 'TRX', amount: '0.2' }] });
    expect(summary.body.data.list[0]).toMatchObject({ level: 1, rebates: [{ asset: 'TRX', amount: '0.2' }] });
    const topSummary = await get<InviteSummary>(server, '/mapi/rewards/invite', { token: top.token });
    expect(topSummary.body.data).toMatchObject({ invitees: 1, team: 1 });

    const data = await get<PartnerData>(server, '/mapi/rewards/partner', { token: partner.token });
    expect(data.body.data.days).toHaveLength(60);
    expect(data.body.data).toMatchObject({
      invitees: 1,
      activeTraders: 1,
      fees: [{ asset: 'TRX', amount: '1' }],
      rebates: [{ asset: 'TRX', amount: '0.2' }],
    });
    expect(data.body.data.days.at(-1)).toMatchObject({ newInvitees: 1, rebates: [{ asset: 'TRX', amount: '0.2' }] });

    // The shares are the operator's: level 2 above level 1 is refused.
    const wrong = await post(
      server,
      '/admin/api/rewards/settings',
      {
        checkin: { asset: 'USDT', amount: '1' },
        rebates: { spot: { level1: '10', level2: '20' }, futures: { level1: '10', level2: '2' } },
      },
      { token: admin.token },
    );
    expect(wrong.body.code).toBe(ERRORS.REFERRAL_SHARES_INVALID.code);
    reconciled();
  });
});
