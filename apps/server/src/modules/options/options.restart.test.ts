import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { registerUser, startServer, type TestUser } from '../../test/harness';
import {
  expectOptionsConsistent,
  fundOptions,
  join,
  ManualClock,
  optionsBalance,
  startOptionsServer,
  T0,
  tickTo,
  usdt,
} from './testing';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs the crash child until it hangs in the middle of settling, then kills it with SIGKILL. */
async function crashWhileSettling(dataDir: string, now: number, hangAfter: number): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'crash-child.ts'), dataDir, String(now), String(hangAfter)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('hanging after')) resolve();
    });
    void exited.then(() => reject(new Error(`the child exited before hanging:\n${output}`)));
  });
  child.kill('SIGKILL');
  await exited;
}

describe('a restart during settling', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('settles each round once after kill -9 in the middle of its settlement, and the ledger reconciles', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-options-restart-'));
    dirs.push(dataDir);
    const OPEN = T0 + 30_000;
    const CLOSE = OPEN + 30_000;
    const world = await startOptionsServer({ env: { DATA_DIR: dataDir } });
    // The harness reads sign-up codes from the data directory's outbox: the one this server writes to.
    world.server.dataDir = dataDir;
    const traders: TestUser[] = [];
    for (let i = 0; i < 6; i++) traders.push(await registerUser(world.server));
    await fundOptions(
      world.ctx,
      traders.map((t) => ({ uid: t.uid, amount: '500' })),
    );
    // Three up and three down on BTC, two of them also on ETH.
    for (const [i, t] of traders.entries()) {
      const side = i % 2 === 0 ? 'up' : 'down';
      const answer = await join(world.server, t, {
        symbol: 'BTC_USDT',
        period: 30,
        round: OPEN / 30_000,
        side,
        amount: '100',
      });
      expect(answer.body.code).toBe(200);
      if (i < 2) {
        await join(world.server, t, { symbol: 'ETH_USDT', period: 30, round: OPEN / 30_000, side, amount: '50' });
      }
    }
    await tickTo(world, OPEN);
    world.index.set('BTC_USDT', '100123.45');
    world.index.set('ETH_USDT', '2999');
    await tickTo(world, CLOSE - 1000);
    // The close instant is in the series; the server goes down before the rounds job settles it.
    world.clock.set(CLOSE);
    world.ctx.tx.run(() => world.ctx.options.recordSeries(CLOSE));
    await world.server.close();

    // Killed after the first of the two rounds' settlement entries (BTC's six bets, ETH's two), inside the slot's
    // transaction: none of it committed.
    await crashWhileSettling(dataDir, CLOSE + 5000, 1);

    const clock = new ManualClock(CLOSE + 10_000);
    const restarted = await startServer({ DATA_DIR: dataDir }, undefined, { clock });
    try {
      const ctx = restarted.ctx;
      const unsettled = ctx.db.prepare("SELECT COUNT(*) AS n FROM option_bets WHERE state = 'open'").get() as {
        n: number;
      };
      expect(unsettled.n).toBe(8);
      await restarted.runDue();
      const settlements = ctx.db
        .prepare(
          "SELECT reference FROM journal_entries WHERE reference LIKE 'options:round:%:settle' ORDER BY reference",
        )
        .all() as { reference: string }[];
      // One entry per round, each once; every bet settled once.
      expect(settlements).toHaveLength(2);
      expect(new Set(settlements.map((s) => s.reference)).size).toBe(2);
      const settledBets = ctx.db
        .prepare("SELECT COUNT(*) AS n FROM option_bets WHERE state IN ('win', 'loss', 'draw')")
        .get() as { n: number };
      expect(settledBets.n).toBe(8);
      // BTC went up: the up side won 80%; ETH went down: the down side won.
      const balances = traders.map((t) => optionsBalance(ctx, t.uid));
      expect(balances[0]).toEqual({ available: usdt('500') + usdt('80') - usdt('50'), frozen: 0n });
      expect(balances[1]).toEqual({ available: usdt('500') - usdt('100') + usdt('40'), frozen: 0n });
      expect(balances[2]).toEqual({ available: usdt('580'), frozen: 0n });
      expect(balances[3]).toEqual({ available: usdt('400'), frozen: 0n });
      expectOptionsConsistent(ctx);
      // Time goes on: nothing is settled again.
      clock.advance(60_000);
      await restarted.runDue();
      expect(
        (
          ctx.db
            .prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE reference LIKE 'options:round:%:settle'")
            .get() as { n: number }
        ).n,
      ).toBe(2);
      expectOptionsConsistent(ctx);
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
