import { type Loan, parseDecimal } from '@bourse/contract';
import { expect } from 'vitest';
import {
  type ApiAnswer,
  post,
  startServer,
  type TestContext,
  type TestServer,
  type TestUser,
} from '../../test/harness';
import { OffsetClock } from '../../lib/clock';
import { user } from '../ledger';
import { ensureSpotConfig, fund } from '../spot/testing';
import { DEMO_LOAN_ASSETS, DEMO_LOAN_BOOK, DEMO_LOAN_COLLATERAL } from './demo';

/** Test support for loans: the demo terms and book, an index the test sets (USDT per coin). */

export const units = (amount: string): bigint => parseDecimal(amount, 8);

export class TestPrices {
  private readonly prices = new Map<string, bigint>([['USDT', units('1')]]);
  set(asset: string, price: string): void {
    this.prices.set(asset, units(price));
  }
  usdt(asset: string): bigint | null {
    return this.prices.get(asset) ?? null;
  }
}

/** A clock that stands still until the test moves it. */
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
}

/** A whole minute (and a whole day): the minute job's slots fall on the clock's steps. */
export const T0 = Date.UTC(2026, 10, 23, 0, 0, 0);

export async function startLoansServer(): Promise<{ server: TestServer; prices: TestPrices }> {
  const server = await startServer({}, undefined, { clock: new StoppedClock(T0) });
  ensureSpotConfig(server.ctx);
  const prices = new TestPrices();
  prices.set('BTC', '100000');
  prices.set('ETH', '4000');
  server.ctx.loans.usePrices(prices);
  server.ctx.loans.seedDemo(DEMO_LOAN_ASSETS, DEMO_LOAN_COLLATERAL, DEMO_LOAN_BOOK);
  return { server, prices };
}

export async function fundSpot(ctx: TestContext, uid: number, asset: string, amount: string): Promise<void> {
  await fund(ctx, [{ uid, asset, amount }]);
}

export function spot(ctx: TestContext, uid: number, asset: string): { available: bigint; frozen: bigint } {
  return ctx.ledger.balance(user(uid, 'spot', asset));
}

let requests = 0;
export const rid = (): string => `loans-test-${process.pid}-${++requests}`;

export function borrow(
  server: TestServer,
  u: TestUser,
  body: { loanAsset?: string; amount: string; collateralAsset?: string; collateral: string },
  lang?: string,
): Promise<ApiAnswer<Loan>> {
  return post<Loan>(
    server,
    '/mapi/loans/borrow',
    { loanAsset: 'USDT', collateralAsset: 'BTC', requestId: rid(), ...body },
    { token: u.token, lang },
  );
}

/** The ledger reconciles and each live loan's collateral is exactly its hold. */
export function expectLoansConsistent(ctx: TestContext): void {
  const report = ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  const rows = ctx.db
    .prepare<[], { id: bigint; collateral: bigint; status: string }>('SELECT id, collateral, status FROM loans')
    .safeIntegers(true)
    .all();
  for (const r of rows) {
    const held = r.status === 'open' || r.status === 'liquidating' ? r.collateral : 0n;
    expect(ctx.ledger.holdOf(`loans:collateral:${r.id}`)?.amount ?? 0n).toBe(held);
  }
}
