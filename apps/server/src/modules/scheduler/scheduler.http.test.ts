import { ERRORS, type SchedulerJobs, type SchedulerRun } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OffsetClock } from '../../lib/clock';
import { get, loginOperator, post, startServer, type TestServer } from '../../test/harness';

let server: TestServer;

beforeAll(async () => {
  // The scheduler's timer is off in tests: jobs run only through runDue.
  // Daily jobs fall due at midnight UTC: the clock starts at the next noon, so the hour the test moves never
  // crosses a day (a run at 23:10 once made the earn accrual due).
  const clock = new OffsetClock();
  const day = 86_400_000;
  clock.advance((((day / 2 - (Date.now() % day)) % day) + day) % day);
  server = await startServer({ CHAIN_BLOCK_MS: '3000' }, undefined, { clock });
});
afterAll(async () => {
  await server.close();
});

describe('jobs declared in manifests', () => {
  it('are registered at boot under their module’s name, only when configured', () => {
    const names = server.ctx.scheduler.names();
    expect(names).toEqual(
      expect.arrayContaining([
        'chain.blocks',
        'market.prices',
        'market.flush',
        'market.publish',
        'market.candles',
        'market.events-prune',
        'market.markets',
      ]),
    );
    // Bots are off in tests unless asked for, and the ccxt poll exists only with PRICE_SOURCE=ccxt.
    expect(names).not.toContain('market.makers');
    expect(names).not.toContain('market.ccxt');
    expect(server.ctx.scheduler.started).toBe(false);
  });

  it('run when the test moves time, and operators see each job’s last run, lag and history', async () => {
    const height = server.ctx.wallet.chainState().height;
    server.clock.advance(3_600_000);
    // Signed in after the jump (an operator session idle for an hour has ended).
    const { token } = await loginOperator(server, 'content');
    const lagging = (await get<SchedulerJobs>(server, '/admin/api/scheduler/jobs', { token })).body.data;
    const candles = lagging.jobs.find((j) => j.name === 'market.candles');
    expect(candles).toMatchObject({ module: 'market', everyMs: 60_000, catchUp: 'latest', runs: 0, running: false });
    expect(candles?.lagMs).toBeGreaterThan(3_500_000);

    expect(await server.runDue()).toBeGreaterThanOrEqual(7);
    // An hour of blocks passed while nothing ran: one block, not 1,200 (`latest`).
    expect(server.ctx.wallet.chainState().height).toBe(height + 1);
    const answer = await get<SchedulerJobs>(server, '/admin/api/scheduler/jobs', { token });
    expect(answer.body.code).toBe(200);
    const jobs = answer.body.data.jobs;
    for (const job of jobs) {
      expect(job, job.name).toMatchObject({ failures: 0, failing: null, lastError: null });
      if (job.everyMs > 3_600_000) {
        // A daily job (earn accrual, mining output) is not due yet.
        expect(job.runs, job.name).toBe(0);
      } else if (job.catchUp === 'every') {
        // Each missed slot once, in order (loan interest: each minute of the hour).
        const slots = Math.floor(3_600_000 / job.everyMs);
        expect(job.runs, job.name).toBeGreaterThanOrEqual(slots);
        expect(job.runs, job.name).toBeLessThanOrEqual(slots + 1);
      } else {
        // `latest`: one run for everything missed.
        expect(job.runs, job.name).toBe(1);
      }
      expect(job.lagMs, job.name).toBeLessThan(job.everyMs);
      expect(job.nextDueAt, job.name).toBeGreaterThan(answer.body.data.now - job.everyMs);
    }
    expect(jobs.find((j) => j.name === 'chain.blocks')?.skipped).toBeGreaterThan(1000);

    const runs = await get<SchedulerRun[]>(server, '/admin/api/scheduler/runs?job=market.candles', { token });
    expect(runs.body.data).toHaveLength(1);
    expect(runs.body.data[0]).toMatchObject({ outcome: 'done', attempt: 1, error: null });
    expect(runs.body.data[0]?.skipped).toBeGreaterThanOrEqual(59);
    const unknown = await get(server, '/admin/api/scheduler/runs?job=nope.nothing', { token });
    expect(unknown.body.code).toBe(ERRORS.NOT_FOUND.code);
  });
});

describe('the test clock (TEST_CLOCK, browser journeys)', () => {
  it('is not there on a normal server', async () => {
    const { token } = await loginOperator(server, 'admin');
    const before = server.clock.now();
    const answer = await post(server, '/admin/api/scheduler/clock', { ms: 86_400_000 }, { token });
    expect(answer.body.code).toBe(ERRORS.NOT_FOUND.code);
    expect(server.clock.now() - before).toBeLessThan(60_000);
  });

  it('moves time for administrators only and runs what falls due before answering', async () => {
    const testServer = await startServer({ CHAIN_BLOCK_MS: '3000', TEST_CLOCK: 'true' });
    try {
      const support = await loginOperator(testServer, 'support');
      const refused = await post(testServer, '/admin/api/scheduler/clock', { ms: 60_000 }, { token: support.token });
      expect(refused.body.code).not.toBe(200);
      const { token } = await loginOperator(testServer, 'admin');
      const height = testServer.ctx.wallet.chainState().height;
      const before = testServer.clock.now();
      const answer = await post<{ now: number; runs: number }>(
        testServer,
        '/admin/api/scheduler/clock',
        { ms: 3_600_000 },
        { token },
      );
      expect(answer.body.code).toBe(200);
      expect(answer.body.data.now - before).toBeGreaterThanOrEqual(3_600_000);
      expect(answer.body.data.runs).toBeGreaterThanOrEqual(7);
      expect(testServer.ctx.wallet.chainState().height).toBe(height + 1);
      // Sessions age with the clock: the operator's idled out during the hour.
      const again = await loginOperator(testServer, 'admin');
      const tooFar = await post(testServer, '/admin/api/scheduler/clock', { ms: 0 }, { token: again.token });
      expect(tooFar.body.code).toBe(ERRORS.INVALID_PARAMS.code);
    } finally {
      await testServer.close();
    }
  });
});
