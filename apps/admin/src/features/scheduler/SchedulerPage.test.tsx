import type { SchedulerJob } from '@bourse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsole, loadTexts, openConsole, operatorProfile, type SeenCall } from '../../test/console';

const NOW = Date.now();

function job(name: string, change: Partial<SchedulerJob> = {}): SchedulerJob {
  return {
    name,
    module: name.split('.')[0] ?? name,
    description: `The ${name} job`,
    everyMs: 60_000,
    offsetMs: 0,
    catchUp: 'every',
    doneThrough: NOW - 60_000,
    lastRunAt: NOW - 30_000,
    lastMs: 12,
    nextDueAt: NOW + 30_000,
    lagMs: 0,
    running: false,
    runs: 10,
    skipped: 0,
    failures: 0,
    failing: null,
    lastError: null,
    ...change,
  };
}

const JOBS = [
  job('ledger.reconcile'),
  job('wallet.sweep', {
    failures: 3,
    failing: { slotAt: NOW - 120_000, attempts: 3, retryAt: NOW + 10_000 },
    lastError: { at: NOW - 5000, message: 'node unreachable' },
  }),
  job('market.candles', { lagMs: 5 * 60_000 }),
];

function server(call: SeenCall) {
  if (call.url === '/admin/api/scheduler/jobs') return { now: NOW, running: true, jobs: JOBS };
  if (call.url.startsWith('/admin/api/scheduler/runs?job=wallet.sweep')) {
    return [
      {
        slot: 9,
        slotAt: NOW - 120_000,
        ranAt: NOW - 5000,
        ms: 30,
        outcome: 'failed',
        attempt: 3,
        skipped: 0,
        error: 'node unreachable',
      },
    ];
  }
  return undefined;
}

beforeAll(loadTexts);
afterEach(closeConsole);

describe('the scheduler page', { timeout: 30_000 }, () => {
  it('highlights the jobs retrying and behind, with the slot being retried and the recent runs', async () => {
    const calls = openConsole(operatorProfile('content'), '#/system/scheduler', server);
    const table = await screen.findByTestId('scheduler-table', {}, { timeout: 15_000 });
    await waitFor(() => expect(table.querySelectorAll('tr.row--danger')).toHaveLength(1));
    expect(table.querySelector('tr.row--danger')?.textContent).toContain('wallet.sweep');
    expect(table.querySelector('tr.row--danger')?.textContent).toContain('3 attempts, next at');
    expect(table.querySelector('tr.row--attention')?.textContent).toContain('market.candles');
    expect(screen.getByTestId('scheduler-lag-market.candles').className).toContain('warn-text');
    expect(screen.getByTestId('scheduler-summary').textContent).toContain('1 retrying');
    expect(screen.getByTestId('scheduler-summary').textContent).toContain('1 behind');

    // A job opens on its recent runs.
    const expand = table.querySelector('tr.row--danger button.ant-table-row-expand-icon');
    if (!expand) throw new Error('no expand button on the failing job');
    fireEvent.click(expand);
    const runs = await screen.findByTestId('scheduler-runs-wallet.sweep', {}, { timeout: 10_000 });
    await waitFor(() => expect(runs.textContent).toContain('node unreachable'));
    expect(calls.some((call) => call.url === '/admin/api/scheduler/runs?job=wallet.sweep&limit=20')).toBe(true);
  });
});
