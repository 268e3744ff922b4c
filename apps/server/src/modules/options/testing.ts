import { type OptionBet, parseDecimal } from '@bourse/contract';
import { expect } from 'vitest';
import type { Clock } from '../../lib/clock';
import { OffsetClock } from '../../lib/clock';
import {
  type ApiAnswer,
  post,
  startServer,
  type TestContext,
  type TestServer,
  type TestUser,
} from '../../test/harness';
import { user } from '../ledger';
import { ensureSpotConfig, fund } from '../spot/testing';
import type { IndexReader } from './service';

/** Test support for options: a stopped clock, an index the test sets, funded options wallets. */

/** A clock that stands still until the test moves it (bets at the open instant ± 1 ms). */
export class ManualClock extends OffsetClock {
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

/** The index the series records, as the test sets it (8 decimals, like the market module's). */
export class FakeIndex implements IndexReader {
  private readonly prices = new Map<string, bigint>();

  constructor(private readonly clock: Clock) {}

  set(symbol: string, price: string): void {
    this.prices.set(symbol, parseDecimal(price, 8));
  }

  /** No index for this symbol: the seconds from now on have no point in the series. */
  clear(symbol: string): void {
    this.prices.delete(symbol);
  }

  read(symbol: string): { price: bigint; scale: number; ts: number; source: string } | null {
    const price = this.prices.get(symbol);
    return price === undefined ? null : { price, scale: 8, ts: this.clock.now(), source: 'test' };
  }
}

export interface OptionsWorld {
  server: TestServer;
  ctx: TestContext;
  clock: ManualClock;
  index: FakeIndex;
}

/** A whole second, comfortably after the epoch and on every demo period's boundary (30, 60, 180, 300 s). */
export const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);

export const TEST_PERIODS = [
  { period: 30, payoutRatio: '0.8', feeRate: '0', minAmount: '10', maxAmount: '10000', roundCap: '50000' },
  { period: 60, payoutRatio: '0.85', feeRate: '0.002', minAmount: '10', maxAmount: '10000', roundCap: '50000' },
] as const;

/**
 * A server whose clock stands at `at`, with the default assets and spot markets, option pairs BTC_USDT and ETH_USDT
 * with the test periods, and a fake index at BTC 100,000.00 and ETH 3,000.00. Jobs run only when the test calls
 * `runDue` (or {@link tick}).
 */
export async function startOptionsServer(
  options: { at?: number; env?: Record<string, string>; periods?: readonly (typeof TEST_PERIODS)[number][] } = {},
): Promise<OptionsWorld> {
  const clock = new ManualClock(options.at ?? T0);
  const server = await startServer(options.env ?? {}, undefined, { clock });
  const ctx = server.ctx;
  ensureSpotConfig(ctx);
  const index = new FakeIndex(clock);
  ctx.options.useIndex(index);
  ctx.options.seedDefaults(['BTC_USDT', 'ETH_USDT'], options.periods ?? TEST_PERIODS);
  index.set('BTC_USDT', '100000');
  index.set('ETH_USDT', '3000');
  return { server, ctx, clock, index };
}

/** Moves the clock second by second (each second's jobs run, as the timer would) up to `until`. */
export async function tickTo(world: OptionsWorld, until: number): Promise<void> {
  const { clock, server } = world;
  while (clock.now() < until) {
    const next = Math.min(until, (Math.floor(clock.now() / 1000) + 1) * 1000);
    clock.set(next);
    await server.runDue();
  }
}

/** Real deposits into the spot wallet, then a transfer to the options wallet (what a trader does). */
export async function fundOptions(ctx: TestContext, grants: { uid: number; amount: string }[]): Promise<void> {
  await fund(
    ctx,
    grants.map((g) => ({ uid: g.uid, asset: 'USDT', amount: g.amount })),
  );
  for (const g of grants) ctx.wallet.transfer(g.uid, { asset: 'USDT', from: 'spot', to: 'options', amount: g.amount });
}

export function optionsBalance(ctx: TestContext, uid: number): { available: bigint; frozen: bigint } {
  return ctx.ledger.balance(user(uid, 'options', 'USDT'));
}

export const usdt = (amount: string): bigint => parseDecimal(amount, 8);

export async function join(
  server: TestServer,
  u: TestUser,
  body: Record<string, unknown>,
  lang?: string,
): Promise<ApiAnswer<OptionBet>> {
  return post<OptionBet>(server, '/mapi/option/join', body, { token: u.token, lang });
}

/** The number of the next round of a period at the clock's now. */
export function nextRound(now: number, period: number): number {
  return Math.floor(now / (period * 1000)) + 1;
}

/** The ledger reconciles and every open bet's stake and fee is exactly its hold. */
export function expectOptionsConsistent(ctx: TestContext): void {
  const report = ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  const rows = ctx.db
    .prepare<[], { id: bigint; stake: bigint; fee: bigint }>(
      "SELECT id, stake, fee FROM option_bets WHERE state = 'open'",
    )
    .safeIntegers(true)
    .all();
  for (const row of rows) expect(ctx.ledger.holdOf(`options:bet:${row.id}`)?.amount).toBe(row.stake + row.fee);
}
