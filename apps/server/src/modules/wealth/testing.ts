import { parseDecimal, type WealthPosition, type WealthProductValues } from '@bourse/contract';
import { expect } from 'vitest';
import { OffsetClock } from '../../lib/clock';
import {
  type ApiAnswer,
  post,
  startServer,
  type TestContext,
  type TestServer,
  type TestUser,
} from '../../test/harness';
import { SYSTEM, system, user } from '../ledger';
import { ensureSpotConfig, fund } from '../spot/testing';
import { DAY_MS } from './accrual';

/** Test support for wealth products: a clock that stands still, products the test defines, funded users. */

/** A clock that stands still until the test moves it (accrual days start at 00:00 UTC). */
export class StoppedClock extends OffsetClock {
  constructor(private t: number) {
    super();
  }

  override now(): number {
    return this.t;
  }

  override advance(ms: number): void {
    this.t += ms;
  }

  set(t: number): void {
    this.t = t;
  }
}

/** 10:00 UTC on a Monday: the accrual day D0 started 10 hours ago. */
export const D0 = Date.UTC(2026, 10, 23);
export const T0 = D0 + 10 * 3_600_000;
export const day = (k: number): number => D0 + k * DAY_MS;

export interface WealthWorld {
  server: TestServer;
  ctx: TestContext;
  clock: StoppedClock;
}

/** A server whose clock stands at `at` (T0 by default) with the default assets; jobs run only on `runDue`. */
export async function startWealthServer(
  options: { at?: number; env?: Record<string, string>; dataDir?: string } = {},
): Promise<WealthWorld> {
  const clock = new StoppedClock(options.at ?? T0);
  // Sessions outlive the weeks a test moves the clock through.
  const env = {
    SESSION_TTL_HOURS: '8760',
    ...(options.env ?? {}),
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
  };
  const server = await startServer(env, undefined, { clock });
  ensureSpotConfig(server.ctx);
  return { server, ctx: server.ctx, clock };
}

/**
 * A flexible USDT product at 3.65% a year: 10,000 USDT earn exactly 1 USDT a day (10,000 × 0.0365 / 365), so every
 * figure in the tests is one a reader can check by hand.
 */
export const FLEX: WealthProductValues = {
  asset: 'USDT',
  kind: 'flexible',
  termDays: null,
  apr: '0.0365',
  minAmount: '10',
  maxPerUser: '50000',
  quota: '100000',
  interestBudget: null,
  status: 'active',
  sort: 0,
};

/** A fixed 7-day USDT term at 7.3%: 10,000 USDT earn 2 USDT a day, 14 USDT over the term. */
export const FIXED7: WealthProductValues = {
  ...FLEX,
  kind: 'fixed',
  termDays: 7,
  apr: '0.073',
  minAmount: '100',
  sort: 1,
};

export function createProduct(ctx: TestContext, over: Partial<WealthProductValues> = {}): number {
  return ctx.wealth.createProduct({ ...FLEX, ...over }).id;
}

export async function fundUsdt(ctx: TestContext, grants: { uid: number; amount: string }[]): Promise<void> {
  await fund(
    ctx,
    grants.map((g) => ({ ...g, asset: 'USDT' })),
  );
}

export const usdt = (amount: string): bigint => parseDecimal(amount, 8);

export function spot(ctx: TestContext, uid: number, asset = 'USDT'): { available: bigint; frozen: bigint } {
  return ctx.ledger.balance(user(uid, 'spot', asset));
}

let requests = 0;
export const requestId = (): string => `wealth-test-${process.pid}-${++requests}`;

export function subscribe(
  server: TestServer,
  u: TestUser,
  body: { productId: number; amount: string; requestId?: string },
  lang = 'en',
): Promise<ApiAnswer<WealthPosition>> {
  return post<WealthPosition>(
    server,
    '/mapi/wealth/subscribe',
    { requestId: requestId(), ...body },
    { token: u.token, lang },
  );
}

export function redeem(
  server: TestServer,
  u: TestUser,
  body: { positionId: number; amount?: string; early?: boolean; requestId?: string },
  lang = 'en',
): Promise<ApiAnswer<WealthPosition>> {
  return post<WealthPosition>(
    server,
    '/mapi/wealth/redeem',
    { requestId: requestId(), ...body },
    { token: u.token, lang },
  );
}

/** The ledger reconciles: every account's holds are its frozen balance, every entry balances. */
export function expectReconciled(ctx: TestContext): void {
  const report = ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

/** What the interest-expense account paid out (it starts at 0 and goes below zero as it pays). */
export function interestExpense(ctx: TestContext, asset = 'USDT'): bigint {
  return -ctx.ledger.balance(system(SYSTEM.interestExpense, asset)).available;
}
