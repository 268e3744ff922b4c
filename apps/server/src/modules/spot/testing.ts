import { parseDecimal, type SpotOrder } from '@bourse/contract';
import { expect } from 'vitest';
import type { TestContext } from '../../test/harness';
import { type ApiAnswer, post, startServer, type TestServer, type TestUser } from '../../test/harness';
import { user } from '../ledger';
import { ensureSpotConfig } from './fixture';

export { ensureSpotConfig, fund } from './fixture';

/** Test support for spot: a server with the default assets and markets, and funding through real deposits. */

export async function startSpotServer(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer(env);
  ensureSpotConfig(server.ctx);
  return server;
}

export function balance(ctx: TestContext, uid: number, asset: string): { available: bigint; frozen: bigint } {
  return ctx.ledger.balance(user(uid, 'spot', asset));
}

export function units(amount: string): bigint {
  return parseDecimal(amount, 8);
}

export async function order(
  server: TestServer,
  u: TestUser,
  body: Record<string, unknown>,
  lang?: string,
): Promise<ApiAnswer<SpotOrder>> {
  return post<SpotOrder>(server, '/mapi/spot/neworder', body, { token: u.token, lang });
}

/** Places an order that must be accepted; returns it. */
export async function placed(server: TestServer, u: TestUser, body: Record<string, unknown>): Promise<SpotOrder> {
  const answer = await order(server, u, body);
  expect(answer.body.msg).toBe('success');
  expect(answer.body.code).toBe(200);
  return answer.body.data;
}

/**
 * The ledger's full reconciliation (holds = frozen for every account included) plus the spot invariants: each
 * user's frozen balance is what their open orders hold, and each open order's hold is exactly its frozen amount.
 */
export function expectConsistent(ctx: TestContext): void {
  const report = ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  expect(ctx.spot.holdProblems()).toEqual([]);
  const held = ctx.spot.frozenByOrders();
  const rows = ctx.db
    .prepare<[], { owner_id: bigint; asset: string; frozen: bigint }>(
      "SELECT owner_id, asset, frozen FROM ledger_accounts WHERE owner_kind = 'user' AND wallet = 'spot' AND frozen <> 0",
    )
    .safeIntegers(true)
    .all();
  const ledgerFrozen = new Map(rows.map((r) => [`${r.owner_id}:${r.asset}`, r.frozen]));
  const userHeld = new Map([...held].filter(([, v]) => v !== 0n));
  expect(Object.fromEntries([...ledgerFrozen].map(([k, v]) => [k, v.toString()]))).toEqual(
    Object.fromEntries(
      [...userHeld].filter(([k]) => Number(k.split(':')[0]) < 2 ** 52).map(([k, v]) => [k, v.toString()]),
    ),
  );
}
