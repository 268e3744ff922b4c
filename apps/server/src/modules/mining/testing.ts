import { type Miner, parseDecimal } from '@bourse/contract';
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
import { user } from '../ledger';
import { ensureSpotConfig, fund } from '../spot/testing';
import { DEMO_MACHINES, DEMO_POOL_BUDGET } from './demo';
import { DAY_MS, nextMidnight } from './service';

/** Test support for mining: a server with the demo models and pool, funded traders, moving from midnight to midnight. */

export const units = (amount: string): bigint => parseDecimal(amount, 8);

/** A server with the demo machines; `dataDir` and `aheadMs` start one again on the data of a stopped one, later. */
export async function startMiningServer(options: { dataDir?: string; aheadMs?: number } = {}): Promise<TestServer> {
  const clock = new OffsetClock();
  clock.advance(options.aheadMs ?? 0);
  const server = await startServer(options.dataDir ? { DATA_DIR: options.dataDir } : {}, undefined, { clock });
  ensureSpotConfig(server.ctx);
  server.ctx.mining.seedDemo(DEMO_MACHINES, DEMO_POOL_BUDGET);
  return server;
}

export async function fundUsdt(ctx: TestContext, uid: number, amount: string): Promise<void> {
  await fund(ctx, [{ uid, asset: 'USDT', amount }]);
}

export function spot(ctx: TestContext, uid: number, asset: string): { available: bigint; frozen: bigint } {
  return ctx.ledger.balance(user(uid, 'spot', asset));
}

export function miningWallet(ctx: TestContext, uid: number, asset: string): { available: bigint; frozen: bigint } {
  return ctx.ledger.balance(user(uid, 'mining', asset));
}

let requests = 0;
export const rid = (): string => `mining-test-${process.pid}-${++requests}`;

export function buy(
  server: TestServer,
  u: TestUser,
  machineId: number,
  fuel: string,
  requestId = rid(),
  lang?: string,
): Promise<ApiAnswer<Miner>> {
  return post<Miner>(server, '/mapi/mining/buy', { machineId, fuel, requestId }, { token: u.token, lang });
}

/** Moves the test clock just past the next 00:00 UTC and runs the jobs due (returns that midnight). */
export async function nextDay(server: TestServer): Promise<number> {
  const midnight = nextMidnight(server.clock.now());
  server.clock.advance(midnight - server.clock.now() + 1);
  await server.runDue();
  return midnight;
}

/** Moves the clock `days` midnights on at once (a server that was down), then runs what is due. */
export async function downFor(server: TestServer, days: number): Promise<void> {
  const target = nextMidnight(server.clock.now()) + (days - 1) * DAY_MS + 1;
  server.clock.advance(target - server.clock.now());
  await server.runDue();
}

/**
 * The ledger reconciles, and each live machine's holds are what its row says: the pool reserve is the output of the
 * days still to come, the fuel tank is the row's fuel, the income hold is produced minus collected.
 */
export function expectMiningConsistent(ctx: TestContext): void {
  const report = ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  const rows = ctx.db
    .prepare<
      [],
      {
        id: bigint;
        term_days: bigint;
        days_done: bigint;
        daily_output: bigint;
        fuel: bigint;
        produced: bigint;
        collected: bigint;
        days_produced: bigint;
        status: string;
      }
    >(
      'SELECT id, term_days, days_done, days_produced, daily_output, fuel, produced, collected, status FROM mining_miners',
    )
    .safeIntegers(true)
    .all();
  for (const r of rows) {
    const live = r.status === 'not_started' || r.status === 'running';
    const reserve = live ? r.term_days * r.daily_output - r.produced : 0n;
    expect(ctx.ledger.holdOf(`mining:reserve:${r.id}`)?.amount ?? 0n).toBe(reserve);
    expect(ctx.ledger.holdOf(`mining:fuel:${r.id}`)?.amount ?? 0n).toBe(r.fuel);
    expect(ctx.ledger.holdOf(`mining:income:${r.id}`)?.amount ?? 0n).toBe(r.produced - r.collected);
    expect(r.produced).toBe(r.daily_output * r.days_produced);
  }
}

/** The demo machines and pool on a server that started without demo data. */
export function seedMiningDemo(ctx: TestContext): void {
  ctx.mining.seedDemo(DEMO_MACHINES, DEMO_POOL_BUDGET);
}
