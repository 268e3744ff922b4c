import { ERRORS } from '@bourse/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestUser } from '../../test/harness';
import {
  EXTERNAL,
  expectReconciled,
  fund,
  FUND_PASSWORD,
  spot,
  startWalletServer,
  type WalletServer,
  walletUser,
} from './testing';

let w: WalletServer;

beforeAll(async () => {
  w = await startWalletServer();
});
afterAll(async () => {
  await w.server.close();
});

function snapshot(): string {
  const rows = w.server.ctx.db
    .prepare('SELECT id, available, frozen FROM ledger_accounts ORDER BY id')
    .safeIntegers(true)
    .all() as { id: bigint; available: bigint; frozen: bigint }[];
  const counts = w.server.ctx.db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM journal_entries) AS entries, (SELECT COUNT(*) FROM wallet_withdrawals) AS w,
              (SELECT COUNT(*) FROM wallet_transfers) AS t, (SELECT COUNT(*) FROM wallet_flash_transfers) AS f,
              (SELECT group_concat(status) FROM wallet_withdrawals) AS states`,
    )
    .get();
  return JSON.stringify([rows.map((r) => `${r.id}:${r.available}:${r.frozen}`), counts]);
}

describe('concurrency: one balance, many parallel requests', () => {
  it('lets at most 3 of 50 parallel withdrawals of 30% through, with exact balances', async () => {
    const u = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '100');
    // 29 + 1 fee = 30 each.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(
          w.server,
          '/mapi/wallet/withdraw',
          { asset: 'USDT', network: 'TRC20', address: EXTERNAL.TRC20, amount: '29', fundPassword: FUND_PASSWORD },
          { token: u.token },
        ),
      ),
    );
    const okCount = answers.filter((a) => a.body.code === 200).length;
    expect(okCount).toBe(3);
    for (const a of answers) {
      if (a.body.code !== 200) expect(a.body.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    }
    expect(await spot(w, u, 'USDT')).toEqual({ available: '10', frozen: '90' });
    expectReconciled(w);
  });

  it('lets at most 3 of 50 parallel transfers of 30% through', async () => {
    const u = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '100');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(
          w.server,
          '/mapi/wallet/transfer',
          { asset: 'USDT', from: 'spot', to: 'contract', amount: '30' },
          {
            token: u.token,
          },
        ),
      ),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(3);
    expect(await spot(w, u, 'USDT')).toEqual({ available: '10', frozen: '0' });
    expectReconciled(w);
  });

  it('never overdraws when withdrawals, transfers and flash transfers race for the same funds', async () => {
    const u = await walletUser(w);
    const friend = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '100');
    const requests = Array.from({ length: 60 }, (_, i) => {
      if (i % 3 === 0) {
        return post(
          w.server,
          '/mapi/wallet/withdraw',
          { asset: 'USDT', network: 'TRC20', address: EXTERNAL.TRC20, amount: '19', fundPassword: FUND_PASSWORD },
          { token: u.token },
        ).then((a) => (a.body.code === 200 ? 20 : 0));
      }
      if (i % 3 === 1) {
        return post(
          w.server,
          '/mapi/wallet/transfer',
          { asset: 'USDT', from: 'spot', to: 'fiat', amount: '20' },
          {
            token: u.token,
          },
        ).then((a) => (a.body.code === 200 ? 20 : 0));
      }
      return post(
        w.server,
        '/mapi/wallet/flash',
        { to: String(friend.uid), asset: 'USDT', amount: '20', fundPassword: FUND_PASSWORD },
        { token: u.token },
      ).then((a) => (a.body.code === 200 ? 20 : 0));
    });
    const spent = (await Promise.all(requests)).reduce((a: number, b: number) => a + b, 0);
    expect(spent).toBe(100);
    const left = await spot(w, u, 'USDT');
    expect(left.available).toBe('0');
    expectReconciled(w);
  });
});

type Step =
  | { kind: 'deposit'; who: number; amount: number }
  | { kind: 'mine'; blocks: number }
  | { kind: 'transfer'; who: number; amount: number; out: boolean }
  | { kind: 'flash'; who: number; amount: number }
  | { kind: 'withdraw'; who: number; amount: number }
  | { kind: 'review'; decision: 'approve' | 'reject' | 'cancel'; pick: number };

describe('random sequences over HTTP', () => {
  it('keeps the ledger reconciled after every call, and a refused call changes nothing', async () => {
    const stepArb: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('deposit' as const), who: fc.nat(1), amount: fc.integer({ min: 1, max: 80 }) }),
      fc.record({ kind: fc.constant('mine' as const), blocks: fc.integer({ min: 1, max: 2 }) }),
      fc.record({
        kind: fc.constant('transfer' as const),
        who: fc.nat(1),
        amount: fc.integer({ min: 0, max: 60 }),
        out: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('flash' as const), who: fc.nat(1), amount: fc.integer({ min: 0, max: 60 }) }),
      fc.record({ kind: fc.constant('withdraw' as const), who: fc.nat(1), amount: fc.integer({ min: 0, max: 60 }) }),
      fc.record({
        kind: fc.constant('review' as const),
        decision: fc.constantFrom('approve' as const, 'reject' as const, 'cancel' as const),
        pick: fc.nat(),
      }),
    );
    let calls = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 3, maxLength: 12 }), async (steps) => {
        const users: TestUser[] = [await walletUser(w), await walletUser(w)];
        const withdrawals: { id: number; owner: TestUser }[] = [];
        for (const step of steps) {
          const before = snapshot();
          let code = 200;
          const me = users[step.kind === 'mine' || step.kind === 'review' ? 0 : step.who] as TestUser;
          const other = users[step.kind === 'mine' || step.kind === 'review' ? 1 : 1 - step.who] as TestUser;
          switch (step.kind) {
            case 'deposit':
              await fund(w, me, 'USDT', 'TRC20', String(step.amount), 0);
              break;
            case 'mine':
              await w.sim.mine(step.blocks);
              break;
            case 'transfer':
              code = (
                await post(
                  w.server,
                  '/mapi/wallet/transfer',
                  {
                    asset: 'USDT',
                    from: step.out ? 'contract' : 'spot',
                    to: step.out ? 'spot' : 'contract',
                    amount: String(step.amount),
                  },
                  { token: me.token },
                )
              ).body.code;
              break;
            case 'flash':
              code = (
                await post(
                  w.server,
                  '/mapi/wallet/flash',
                  { to: String(other.uid), asset: 'USDT', amount: String(step.amount), fundPassword: FUND_PASSWORD },
                  { token: me.token },
                )
              ).body.code;
              break;
            case 'withdraw': {
              const answer = await post<{ id: number }>(
                w.server,
                '/mapi/wallet/withdraw',
                {
                  asset: 'USDT',
                  network: 'TRC20',
                  address: EXTERNAL.TRC20,
                  amount: String(step.amount),
                  fundPassword: FUND_PASSWORD,
                },
                { token: me.token },
              );
              code = answer.body.code;
              if (code === 200) withdrawals.push({ id: answer.body.data.id, owner: me });
              break;
            }
            case 'review': {
              const target = withdrawals[step.pick % Math.max(1, withdrawals.length)];
              const id = target?.id ?? 999_999;
              code =
                step.decision === 'cancel'
                  ? (
                      await post(
                        w.server,
                        '/mapi/wallet/cancelWithdraw',
                        { id },
                        { token: (target?.owner ?? me).token },
                      )
                    ).body.code
                  : (
                      await post(
                        w.server,
                        `/admin/api/wallet/withdrawals/${step.decision}`,
                        { id, reason: 'random review' },
                        { token: w.admin },
                      )
                    ).body.code;
              break;
            }
          }
          calls++;
          if (code !== 200) {
            expect(code, `${step.kind} failed on the server`).not.toBe(ERRORS.SERVER_ERROR.code);
            expect(snapshot(), `${step.kind} refused with ${code} but changed something`).toBe(before);
          }
          expectReconciled(w);
        }
      }),
      { numRuns: 25 },
    );
    expect(calls).toBeGreaterThan(100);
  });
});
