import { ERRORS, type ErrorKey, type JournalEntry, type SystemAccount } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, get, loginOperator, registerUser, type TestOperator, type TestUser } from '../../test/harness';
import { startWalletServer } from '../wallet/testing';
import { SYSTEM, system, user } from './types';

/**
 * The operator's system accounts and journal search over HTTP: real balances and legs after known postings (a
 * fee charged, a trade's worth of references), prefix search, paging, refusals.
 */

let server: Awaited<ReturnType<typeof startWalletServer>>['server'];
let finance: TestOperator;
let u: TestUser;

beforeAll(async () => {
  server = (await startWalletServer()).server;
  finance = await loginOperator(server, 'finance');
  u = await registerUser(server);
  const ledger = server.ctx.ledger;
  // Capital for the user from the treasury, then fees charged on three "trades" with references of one family.
  ledger.transfer({
    reference: 'console-test:fund',
    reason: 'test.fund',
    from: system(SYSTEM.treasury, 'USDT'),
    to: user(u.uid, 'spot', 'USDT'),
    amount: 100_00000000n,
  });
  for (const n of [1, 2, 3]) {
    ledger.transfer({
      reference: `console-test:fee:${n}`,
      reason: 'spot.fee',
      from: user(u.uid, 'spot', 'USDT'),
      to: system(SYSTEM.fees, 'USDT'),
      amount: BigInt(n) * 1_25000000n,
      meta: { trade: n },
    });
  }
});
afterAll(async () => {
  await server.close();
});

function expectError(answer: ApiAnswer, key: ErrorKey): void {
  expect(answer.body).toMatchObject({ code: ERRORS[key].code, data: null });
}

type Page = { list: JournalEntry[]; total: number; page: number; size: number };
const journal = (query: string, token = finance.token) =>
  get<Page>(server, `/admin/api/ledger/journal?${query}`, { token });

describe('system accounts', () => {
  it('lists every system account with its type and balances at the asset’s scale', async () => {
    const answer = await get<{ list: SystemAccount[] }>(server, '/admin/api/ledger/system-accounts', {
      token: finance.token,
    });
    expect(answer.body.code).toBe(200);
    const list = answer.body.data.list;
    expect(list).toContainEqual({
      system: 'fees',
      wallet: 'spot',
      asset: 'USDT',
      sub: '',
      type: 'revenue',
      available: '7.5',
      frozen: '0',
    });
    expect(list).toContainEqual(
      expect.objectContaining({ system: 'treasury', asset: 'USDT', type: 'equity', available: '-100', frozen: '0' }),
    );
    expect(
      list.every((a) => a.system !== '' && ['asset', 'liability', 'revenue', 'expense', 'equity'].includes(a.type)),
    ).toBe(true);
  });
});

describe('journal search', () => {
  it('finds one entry by its exact reference, with its legs', async () => {
    const answer = await journal('reference=console-test:fee:2');
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({ total: 1, page: 1, size: 20 });
    const [entry] = answer.body.data.list;
    expect(entry).toMatchObject({ reference: 'console-test:fee:2', reason: 'spot.fee', meta: { trade: 2 } });
    expect(entry?.legs).toEqual([
      {
        owner: 'user',
        uid: u.uid,
        system: null,
        wallet: 'spot',
        asset: 'USDT',
        sub: '',
        bucket: 'available',
        amount: '-2.5',
        holder: null,
      },
      {
        owner: 'system',
        uid: null,
        system: 'fees',
        wallet: 'spot',
        asset: 'USDT',
        sub: '',
        bucket: 'available',
        amount: '2.5',
        holder: null,
      },
    ]);
    expect((await journal('reference=console-test:fee')).body.data).toMatchObject({ total: 0, list: [] });
  });

  it('searches by prefix, newest first, page by page', async () => {
    const all = await journal('reference=console-test:*');
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.list.map((e) => e.reference)).toEqual([
      'console-test:fee:3',
      'console-test:fee:2',
      'console-test:fee:1',
      'console-test:fund',
    ]);
    const second = await journal('reference=console-test:fee*&page=2&size=2');
    expect(second.body.data).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(second.body.data.list.map((e) => e.reference)).toEqual(['console-test:fee:1']);
    expect(second.body.data.list[0]?.legs.map((l) => l.amount)).toEqual(['-1.25', '1.25']);
  });

  it('refuses a short, missing or malformed reference and operators without ledger.read', async () => {
    expectError(await journal('reference=ab'), 'INVALID_PARAMS');
    expectError(await journal('reference=ab*'), 'INVALID_PARAMS');
    expectError(await journal('reference=a*bc*'), 'INVALID_PARAMS');
    expectError(await journal(''), 'INVALID_PARAMS');
    expectError(await journal('reference=console-test:*&size=0'), 'INVALID_PARAMS');
    const content = await loginOperator(server, 'content');
    expectError(await journal('reference=console-test:*', content.token), 'UNAUTHORIZED_OPERATION');
    expectError(
      await get(server, '/admin/api/ledger/system-accounts', { token: content.token }),
      'UNAUTHORIZED_OPERATION',
    );
  });
});
