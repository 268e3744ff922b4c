import type { CopyApplication, CopyFollow, CopyMe } from '@bourse/contract';
import { expect } from 'vitest';
import { loginOperator, post, registerUser, type TestOperator, type TestUser } from '../../test/harness';
import { expectPerpConsistent, fundContract, type PerpWorld, startPerpServer } from '../perp/testing';

/** Test support for copy trading: a perp world with an approved leader and an operator. */
export interface CopyWorld extends PerpWorld {
  admin: TestOperator;
}

export async function startCopyServer(): Promise<CopyWorld> {
  const w = await startPerpServer();
  w.ctx.perp.quote();
  const admin = await loginOperator(w.server, 'admin');
  return { ...w, admin };
}

/** A user who applied, was approved by the operator and has `funds` USDT in the contract wallet. */
export async function approvedLeader(w: CopyWorld, funds = '10000'): Promise<TestUser> {
  const leader = await registerUser(w.server);
  await fundContract(w.ctx, [{ uid: leader.uid, amount: funds }]);
  const applied = await post<CopyApplication>(w.server, '/mapi/copy/apply', { agree: true }, { token: leader.token });
  expect(applied.body.code).toBe(200);
  const reviewed = await post<CopyApplication>(
    w.server,
    `/admin/api/copy/applications/${applied.body.data.id}/review`,
    { approve: true },
    { token: w.admin.token },
  );
  expect(reviewed.body.data.status).toBe('approved');
  return leader;
}

export async function configure(w: CopyWorld, leader: TestUser, body: Record<string, unknown>) {
  return post<CopyMe>(
    w.server,
    '/mapi/copy/settings',
    {
      mode: 'ordinary',
      profitShare: '0.1',
      minCopyAmount: '0',
      compensationRatio: '0',
      perTradeCap: '0',
      totalCap: '0',
      ...body,
    },
    { token: leader.token },
  );
}

export async function follower(w: CopyWorld, funds = '1000'): Promise<TestUser> {
  const u = await registerUser(w.server);
  await fundContract(w.ctx, [{ uid: u.uid, amount: funds }]);
  return u;
}

export function follow(w: CopyWorld, u: TestUser, body: Record<string, unknown>, lang?: string) {
  return post<CopyFollow>(
    w.server,
    '/mapi/copy/follow',
    { agree: true, mode: 'fixed', ...body },
    { token: u.token, lang },
  );
}

/** The ledger reconciles, the perp desk is consistent and every settlement is in the ledger. */
export function expectCopyConsistent(w: PerpWorld): void {
  expectPerpConsistent(w.ctx);
  expect(w.ctx.copy.problems()).toEqual([]);
}
