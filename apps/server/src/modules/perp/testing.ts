import { parseDecimal, type SwapOrder, type SwapPosition } from '@bourse/contract';
import { expect } from 'vitest';
import type { Clock } from '../../lib/clock';
import { OffsetClock } from '../../lib/clock';
import {
  type ApiAnswer,
  get,
  post,
  startServer,
  type TestContext,
  type TestServer,
  type TestUser,
} from '../../test/harness';
import { user } from '../ledger';
import { ensureSpotConfig, fund } from '../spot/testing';
import { DEMO_CONTRACTS } from './demo';
import type { IndexReader } from './service';

/** Test support for perpetuals: a stopped clock, an index the test sets, funded contract wallets. */

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

/** The index as the test sets it (8 decimals, like the market module's). */
export class FakeIndex implements IndexReader {
  private readonly prices = new Map<string, bigint>();

  constructor(private readonly clock: Clock) {}

  set(symbol: string, price: string): void {
    this.prices.set(symbol, parseDecimal(price, 8));
  }

  read(symbol: string): { price: bigint; scale: number; ts: number } | null {
    const price = this.prices.get(symbol);
    return price === undefined ? null : { price, scale: 8, ts: this.clock.now() };
  }
}

export interface PerpWorld {
  server: TestServer;
  ctx: TestContext;
  clock: ManualClock;
  index: FakeIndex;
}

/** 2026-11-23 08:00 UTC: a funding instant of every 8 h contract. */
export const T0 = Date.UTC(2026, 10, 23, 8, 0, 0);

/**
 * A server whose clock stands at `at`, with the default assets, the demo contracts, a fake index (BTC 20,000, ETH
 * 1,000) and the market maker's and insurance fund's capital. Jobs run only when the test calls `runDue`/{@link tickTo}.
 */
export async function startPerpServer(options: { at?: number; fund?: string } = {}): Promise<PerpWorld> {
  const clock = new ManualClock(options.at ?? T0);
  const server = await startServer({}, undefined, { clock });
  const ctx = server.ctx;
  ensureSpotConfig(ctx);
  const index = new FakeIndex(clock);
  index.set('BTC_USDT', '20000');
  index.set('ETH_USDT', '1000');
  ctx.perp.useIndex(index);
  ctx.perp.seedContracts(DEMO_CONTRACTS);
  ctx.perp.seedCapital(units('50000000'), units(options.fund ?? '1000000'));
  ctx.perp.refreshMarks(clock.now());
  return { server, ctx, clock, index };
}

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

export const units = (amount: string): bigint => parseDecimal(amount, 8);

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
