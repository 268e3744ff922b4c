import { parseDecimal } from '@bourse/contract';
import type { Clock } from '../../lib/clock';
import { OffsetClock } from '../../lib/clock';
import { startServer, type TestContext, type TestServer } from '../../test/harness';
import { ensureSpotConfig } from '../spot/testing';
import { DEMO_CONTRACTS } from './demo';
import type { IndexReader } from './service';

/** A perpetuals world for tests and benches (no test runner needed): a stopped clock, an index it sets, the demo contracts. */

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
export async function startPerpServer(
  options: { at?: number; fund?: string; env?: Record<string, string> } = {},
): Promise<PerpWorld> {
  const clock = new ManualClock(options.at ?? T0);
  const server = await startServer(options.env ?? {}, undefined, { clock });
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

export const units = (amount: string): bigint => parseDecimal(amount, 8);
