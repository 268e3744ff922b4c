import { ERRORS, type NewcomerClaimResult, type NewcomerRewards, type NewcomerSettings } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, loginOperator, post, registerUser, type TestServer, type TestUser } from '../../test/harness';
import { pngImage } from '../../test/images';
import { user } from '../ledger';
import { upload } from '../security/testing';
import { fund, placed, startSpotServer } from '../spot/testing';

let server: TestServer;
let admin: { token: string };
beforeAll(async () => {
  server = await startSpotServer({ SESSION_TTL_HOURS: '8760' });
  admin = await loginOperator(server, 'admin');
});
afterAll(async () => {
  await server.close();
});

function gold(uid: number): string {
  return server.ctx.ledger.formatAmount('USDT', server.ctx.ledger.balance(user(uid, 'gold', 'USDT')).available);
}

const claim = (u: TestUser, task: string, requestId: string) =>
  post<NewcomerClaimResult>(server, '/mapi/rewards/newcomer/claim', { task, requestId }, { token: u.token });

async function state(u: TestUser): Promise<NewcomerRewards> {
  return (await get<NewcomerRewards>(server, '/mapi/rewards/newcomer', { token: u.token })).body.data;
}

async function settings(tasks: { task: string; amount: string; budget: string }[], days = 30) {
  return post<NewcomerSettings>(
    server,
    '/admin/api/rewards/newcomer',
    { days, tasks: tasks.map((t) => ({ ...t, asset: 'USDT' })) },
    { token: admin.token },
  );
}

describe('newcomer tasks', () => {
  it('pay each done task once from its budget in the reward pool into gold; the rules refuse with nothing moved', async () => {
    const saved = await settings([
      { task: 'identity', amount: '5', budget: '5' },
      { task: 'deposit', amount: '10', budget: '100' },
      { task: 'trade', amount: '10', budget: '100' },
      { task: 'twoFactor', amount: '0', budget: '0' },
    ]);
    expect(saved.body.msg).toBe('success');
    const newbie = await registerUser(server);
    const second = await registerUser(server);
    const maker = await registerUser(server);

    // Nothing done yet.
    expect((await state(newbie)).tasks.map((t) => [t.task, t.done, t.claimable])).toEqual([
      ['identity', false, false],
      ['twoFactor', false, false],
      ['deposit', false, false],
      ['trade', false, false],
    ]);
    expect((await claim(newbie, 'deposit', 'newcomer-dep-0')).body.code).toBe(ERRORS.NEWCOMER_TASK_NOT_DONE.code);

    // First deposit: done, but the pool is empty.
    await fund(server.ctx, [
      { uid: newbie.uid, asset: 'USDT', amount: '100' },
      { uid: second.uid, asset: 'USDT', amount: '100' },
      { uid: maker.uid, asset: 'TRX', amount: '10000' },
    ]);
    expect((await claim(newbie, 'deposit', 'newcomer-dep-1')).body.code).toBe(ERRORS.REWARD_POOL_EMPTY.code);
    await post(server, '/admin/api/rewards/pool/fund', { asset: 'USDT', amount: '1000' }, { token: admin.token });
    const paid = await claim(newbie, 'deposit', 'newcomer-dep-2');
    expect(paid.body.data).toMatchObject({ task: 'deposit', asset: 'USDT', amount: '10' });
    // The same request again answers the first result; a new one is refused: claimed.
    expect((await claim(newbie, 'deposit', 'newcomer-dep-2')).body.data).toEqual(paid.body.data);
    expect((await claim(newbie, 'deposit', 'newcomer-dep-3')).body.code).toBe(ERRORS.NEWCOMER_REWARD_CLAIMED.code);
    expect(gold(newbie.uid)).toBe('10');

    // First trade (spot).
    await placed(server, maker, { symbol: 'TRX_USDT', side: 'sell', type: 'limit', price: '0.25', quantity: '100' });
    await placed(server, newbie, { symbol: 'TRX_USDT', side: 'buy', type: 'limit', price: '0.25', quantity: '100' });
    expect((await claim(newbie, 'trade', 'newcomer-trade-1')).body.msg).toBe('success');
    expect(gold(newbie.uid)).toBe('20');

    // Identity: verified by an operator; the budget pays one reward of 5, the second verified user finds it spent.
    for (const u of [newbie, second]) {
      await upload(
        server,
        '/mapi/security/identity/submit',
        { type: 'passport', familyName: 'Doe', givenName: 'Jane', number: `P${u.uid}` },
        [
          { field: 'front', bytes: pngImage() },
          { field: 'hand', bytes: pngImage() },
        ],
        { token: u.token },
      );
      const list = await get<{ list: { id: number }[] }>(server, `/admin/api/identity/list?uid=${u.uid}`, {
        token: admin.token,
      });
      await post(server, `/admin/api/identity/${list.body.data.list[0]?.id}/approve`, undefined, {
        token: admin.token,
      });
    }
    expect((await claim(newbie, 'identity', 'newcomer-id-1')).body.msg).toBe('success');
    expect((await state(second)).tasks.find((t) => t.task === 'identity')).toMatchObject({
      done: true,
      claimable: false,
      budgetLeft: false,
    });
    expect((await claim(second, 'identity', 'newcomer-id-2')).body.code).toBe(ERRORS.NEWCOMER_BUDGET_EXHAUSTED.code);
    expect(gold(second.uid)).toBe('0');
    expect((await claim(newbie, 'twoFactor', 'newcomer-2fa-1')).body.code).toBe(ERRORS.NEWCOMER_TASK_CLOSED.code);

    const after = await state(newbie);
    expect(after.tasks.filter((t) => t.claimed).map((t) => t.task)).toEqual(['identity', 'deposit', 'trade']);
    expect(gold(newbie.uid)).toBe('25');

    // The console: what was paid, how many claims; a budget below it is refused.
    const table = await get<NewcomerSettings>(server, '/admin/api/rewards/newcomer', { token: admin.token });
    expect(table.body.data.tasks.find((t) => t.task === 'deposit')).toMatchObject({ paid: '10', claims: 1 });
    const below = await settings([{ task: 'deposit', amount: '10', budget: '5' }]);
    expect(below.body.code).toBe(ERRORS.NEWCOMER_BUDGET_BELOW_PAID.code);

    // After the claim window, a done task can no longer be claimed.
    server.clock.advance(31 * 86_400_000);
    expect((await claim(second, 'deposit', 'newcomer-late-1')).body.code).toBe(ERRORS.NEWCOMER_TASK_EXPIRED.code);
    const report = server.ctx.ledger.reconcile();
    expect(report.problems).toEqual([]);
  });
});
