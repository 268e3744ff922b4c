import { type Adjustment, ERRORS, type ErrorKey } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiAnswer,
  get,
  loginOperator,
  post,
  registerUser,
  type TestOperator,
  type TestUser,
} from '../../test/harness';
import { EXTERNAL, FUND_PASSWORD, fund, startWalletServer, type WalletServer, walletUser } from '../wallet/testing';
import { user } from './types';

/**
 * Operators' balance adjustments over HTTP: one operator proposes, another approves or rejects, nobody decides on
 * their own proposal; each step is an operator action audited by the route layer; an approved adjustment is one
 * posting against the `adjustments` account and an external flow in reconciliation. Also the operator's statement
 * and holds reads.
 */

let w: WalletServer;
let maker: TestOperator;
let checker: TestOperator;
let u: TestUser;

beforeAll(async () => {
  w = await startWalletServer();
  maker = await loginOperator(w.server, 'finance');
  checker = await loginOperator(w.server, 'finance');
  u = await registerUser(w.server);
});
afterAll(async () => {
  await w.server.close();
});

function expectError(answer: ApiAnswer, key: ErrorKey): void {
  expect(answer.body).toMatchObject({ code: ERRORS[key].code, data: null });
}

function usdt(): { available: bigint; frozen: bigint } {
  return w.server.ctx.ledger.balance(user(u.uid, 'spot', 'USDT'));
}

function audit(operatorId: number): { route: string; target: string | null; outcome: string }[] {
  return w.server.ctx.db
    .prepare(
      `SELECT route, target, outcome FROM operator_audit
       WHERE operator_id = ? AND route LIKE '% /admin/api/ledger/adjustments%' ORDER BY id`,
    )
    .all(operatorId) as { route: string; target: string | null; outcome: string }[];
}

const propose = (body: Record<string, unknown>, by = maker) =>
  post<Adjustment>(w.server, '/admin/api/ledger/adjustments', body, { token: by.token });
const decide = (id: number, how: 'approve' | 'reject', by: TestOperator, note?: string) =>
  post<Adjustment>(w.server, `/admin/api/ledger/adjustments/${id}/${how}`, note ? { note } : {}, { token: by.token });

describe('balance adjustments, maker-checker', () => {
  it('moves nothing on a proposal, refuses self-approval, posts once on another operator’s approval', async () => {
    const proposed = await propose({
      uid: u.uid,
      asset: 'USDT',
      amount: '25',
      reason: 'deposit the chain adapter missed',
    });
    expect(proposed.body.code).toBe(200);
    expect(proposed.body.data).toMatchObject({
      uid: u.uid,
      wallet: 'spot',
      asset: 'USDT',
      amount: '25',
      status: 'proposed',
      proposedBy: maker.id,
      decidedBy: null,
      entryId: null,
    });
    expect(usdt()).toEqual({ available: 0n, frozen: 0n });
    const id = proposed.body.data.id;

    expectError(await decide(id, 'approve', maker), 'ADJUSTMENT_OWN_PROPOSAL');
    expectError(await decide(id, 'reject', maker), 'ADJUSTMENT_OWN_PROPOSAL');
    expect(usdt()).toEqual({ available: 0n, frozen: 0n });

    const approved = await decide(id, 'approve', checker, 'checked against the chain');
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      decidedBy: checker.id,
      note: 'checked against the chain',
      entryId: expect.any(Number),
    });
    expect(usdt()).toEqual({ available: 25_00000000n, frozen: 0n });
    expectError(await decide(id, 'approve', checker), 'ALREADY_HANDLED');
    expect(usdt().available).toBe(25_00000000n);

    // One posting against the adjustments account, counted as an external flow.
    const report = w.server.ctx.ledger.reconcile();
    expect(report.problems).toEqual([]);
    expect(report.assets.find((a) => a.asset === 'USDT')).toMatchObject({ adjusted: '25', ok: true });
    const entry = w.server.ctx.db
      .prepare('SELECT reference, reason FROM journal_entries WHERE id = ?')
      .get(approved.body.data.entryId);
    expect(entry).toEqual({ reference: `ledger:adjustment:${id}`, reason: 'ledger.adjustment' });
  });

  it('debits with a negative amount, never below what the user has; rejects without moving anything', async () => {
    const tooMuch = await propose({ uid: u.uid, asset: 'USDT', amount: '-30', reason: 'reverse a double credit' });
    expectError(await decide(tooMuch.body.data.id, 'approve', checker), 'INSUFFICIENT_BALANCE');
    expect(
      (
        await get<{ list: Adjustment[] }>(w.server, '/admin/api/ledger/adjustments?status=proposed', {
          token: checker.token,
        })
      ).body.data.list.map((a) => a.id),
    ).toContain(tooMuch.body.data.id);
    const rejected = await decide(tooMuch.body.data.id, 'reject', checker, 'too much');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', entryId: null, note: 'too much' });
    expect(usdt().available).toBe(25_00000000n);

    const debit = await propose({
      uid: u.uid,
      asset: 'USDT',
      amount: '-5.5',
      reason: 'reverse a double credit',
      requestId: 'adj-1',
    });
    expectError(
      await propose({ uid: u.uid, asset: 'USDT', amount: '-5.5', reason: 'again', requestId: 'adj-1' }),
      'ALREADY_HANDLED',
    );
    await decide(debit.body.data.id, 'approve', checker);
    expect(usdt().available).toBe(19_50000000n);
    expect(w.server.ctx.ledger.reconcile().assets.find((a) => a.asset === 'USDT')).toMatchObject({
      adjusted: '19.5',
      ok: true,
    });
  });

  it('refuses an unknown user, a zero or malformed amount, and operators without ledger.adjust', async () => {
    expectError(await propose({ uid: 99999999, asset: 'USDT', amount: '1', reason: 'x' }), 'USER_NOT_FOUND');
    expectError(await propose({ uid: u.uid, asset: 'USDT', amount: '0', reason: 'x' }), 'AMOUNT_INVALID');
    expectError(await propose({ uid: u.uid, asset: 'USDT', amount: '1.000000001', reason: 'x' }), 'AMOUNT_PRECISION');
    expectError(await propose({ uid: u.uid, asset: 'NOPE', amount: '1', reason: 'x' }), 'ASSET_NOT_FOUND');
    expectError(await propose({ uid: u.uid, asset: 'USDT', amount: '1', reason: '' }), 'INVALID_PARAMS');
    const risk = await loginOperator(w.server, 'risk');
    expectError(await propose({ uid: u.uid, asset: 'USDT', amount: '1', reason: 'x' }, risk), 'UNAUTHORIZED_OPERATION');
    expect((await get(w.server, '/admin/api/ledger/adjustments', { token: risk.token })).body.code).toBe(200);
  });

  it('audits every step that changed something, by the operator who took it, and none that was refused', () => {
    expect(audit(maker.id)).toEqual([
      { route: 'POST /admin/api/ledger/adjustments', target: `uid=${u.uid} asset=USDT`, outcome: 'done' },
      { route: 'POST /admin/api/ledger/adjustments', target: `uid=${u.uid} asset=USDT`, outcome: 'done' },
      { route: 'POST /admin/api/ledger/adjustments', target: `uid=${u.uid} asset=USDT`, outcome: 'done' },
    ]);
    expect(audit(checker.id).map((r) => [r.route, r.outcome])).toEqual([
      ['POST /admin/api/ledger/adjustments/:id/approve', 'done'],
      ['POST /admin/api/ledger/adjustments/:id/reject', 'done'],
      ['POST /admin/api/ledger/adjustments/:id/approve', 'done'],
    ]);
  });
});

describe('the operator’s statement and holds', () => {
  it('reads an account’s movements page by page, and who holds its frozen amount', async () => {
    const v = await walletUser(w);
    await fund(w, v, 'USDT', 'TRC20', '100');
    const sent = await post<{ id: number }>(
      w.server,
      '/mapi/wallet/withdraw',
      { asset: 'USDT', network: 'TRC20', address: EXTERNAL.TRC20, amount: '10', fundPassword: FUND_PASSWORD },
      { token: v.token },
    );
    expect(sent.body.code).toBe(200);
    type Page = {
      account: { type: string; available: string; frozen: string };
      list: { reason: string; available: string; frozen: string; availableAfter: string; frozenAfter: string }[];
      next: number | null;
    };
    const first = await get<Page>(w.server, `/admin/api/ledger/statement?uid=${v.uid}&asset=USDT&limit=1`, {
      token: checker.token,
    });
    expect(first.body.data.account).toEqual({
      id: expect.any(Number),
      type: 'liability',
      available: '89',
      frozen: '11',
    });
    expect(first.body.data.list).toEqual([
      expect.objectContaining({
        reason: 'wallet.withdraw.freeze',
        available: '-11',
        frozen: '11',
        availableAfter: '89',
        frozenAfter: '11',
      }),
    ]);
    const second = await get<Page>(
      w.server,
      `/admin/api/ledger/statement?uid=${v.uid}&asset=USDT&limit=1&before=${first.body.data.next}`,
      { token: checker.token },
    );
    expect(second.body.data.list.map((l) => [l.reason, l.available, l.availableAfter])).toEqual([
      ['wallet.deposit', '100', '100'],
    ]);
    expect(second.body.data.next).toBeNull();
    const holds = await get<{ frozen: string; list: { holder: string; amount: string }[] }>(
      w.server,
      `/admin/api/ledger/holds?uid=${v.uid}&asset=USDT`,
      { token: checker.token },
    );
    expect(holds.body.data).toMatchObject({
      frozen: '11',
      list: [{ holder: `withdrawal:${sent.body.data.id}`, amount: '11' }],
    });
    const fees = await get<Page>(w.server, '/admin/api/ledger/statement?system=hot_wallet&asset=USDT&limit=50', {
      token: checker.token,
    });
    expect(fees.body.data.account.type).toBe('asset');
    expectError(
      await get(w.server, `/admin/api/ledger/statement?asset=USDT`, { token: checker.token }),
      'INVALID_PARAMS',
    );
  });

  it('tells the modules that listen of an approved adjustment, and of nothing else', async () => {
    const told: { uid: number; wallet: string; asset: string; amount: bigint }[] = [];
    w.server.ctx.ledger.adjustments.onApproved((moved) => told.push(moved));
    const credit = await propose({ uid: u.uid, asset: 'USDT', amount: '7', reason: 'goodwill credit for a delay' });
    const rejected = await propose({ uid: u.uid, asset: 'USDT', amount: '8', reason: 'entered twice by mistake' });
    expect((await decide(rejected.body.data.id, 'reject', checker)).body.code).toBe(200);
    expect(told).toEqual([]);
    expect((await decide(credit.body.data.id, 'approve', checker)).body.code).toBe(200);
    expect(told).toEqual([{ uid: u.uid, wallet: 'spot', asset: 'USDT', amount: 700_000_000n }]);
  });
});
