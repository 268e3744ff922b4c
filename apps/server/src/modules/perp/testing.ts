import type { SwapOrder, SwapPosition } from '@bourse/contract';
import { expect } from 'vitest';
import { type ApiAnswer, get, post, type TestContext, type TestServer, type TestUser } from '../../test/harness';
import { user } from '../ledger';
import { fund } from '../spot/testing';
import type { PerpWorld } from './test-support';

export { FakeIndex, ManualClock, type PerpWorld, startPerpServer, T0, units } from './test-support';

/** Moves the clock second by second (each second's jobs run, as the timer would) up to `until`. */
export async function tickTo(world: PerpWorld, until: number): Promise<void> {
  const { clock, server } = world;
  while (clock.now() < until) {
    const next = Math.min(until, (Math.floor(clock.now() / 1000) + 1) * 1000);
    clock.set(next);
    await server.runDue();
  }
}

/** Real deposits into the spot wallet, then a transfer to the contract wallet (what a trader does). */
export async function fundContract(ctx: TestContext, grants: { uid: number; amount: string }[]): Promise<void> {
  await fund(
    ctx,
    grants.map((g) => ({ uid: g.uid, asset: 'USDT', amount: g.amount })),
  );
  for (const g of grants) ctx.wallet.transfer(g.uid, { asset: 'USDT', from: 'spot', to: 'contract', amount: g.amount });
}

export function contractBalance(ctx: TestContext, uid: number): { available: bigint; frozen: bigint } {
  return ctx.ledger.balance(user(uid, 'contract', 'USDT'));
}

export function order(server: TestServer, u: TestUser, body: Record<string, unknown>, lang?: string) {
  return post<SwapOrder>(server, '/mapi/swap/order', body, { token: u.token, lang });
}

export async function positions(server: TestServer, u: TestUser): Promise<SwapPosition[]> {
  const answer: ApiAnswer<SwapPosition[]> = await get<SwapPosition[]>(server, '/mapi/swap/positions', {
    token: u.token,
  });
  return answer.body.data;
}

/** The ledger reconciles, every order's hold and isolated pot matches, and no account is negative. */
export function expectPerpConsistent(ctx: TestContext): void {
  const report = ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  expect(ctx.perp.problems()).toEqual([]);
}
