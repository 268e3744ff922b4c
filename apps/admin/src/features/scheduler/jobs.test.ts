import type { SchedulerJob } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { compactTime, duration, jobState, troubledJobs } from './jobs';

function job(change: Partial<SchedulerJob> = {}): SchedulerJob {
  return {
    name: 'ledger.reconcile',
    module: 'ledger',
    description: 'Reconciles the ledger',
    everyMs: 60_000,
    offsetMs: 0,
    catchUp: 'latest',
    doneThrough: 0,
    lastRunAt: 0,
    lastMs: 12,
    nextDueAt: 60_000,
    lagMs: 0,
    running: false,
    runs: 4,
    skipped: 0,
    failures: 0,
    failing: null,
    lastError: null,
    ...change,
  };
}

describe('a scheduled job as operators read it', () => {
  it('is retrying before anything else, then behind, then running, then fine', () => {
    expect(jobState(job({ failing: { slotAt: 0, attempts: 2, retryAt: 5000 }, lagMs: 10 * 60_000 })).key).toBe(
      'jobFailing',
    );
    expect(jobState(job({ lagMs: 2 * 60_000, running: true })).key).toBe('jobLagging');
    expect(jobState(job({ running: true })).key).toBe('jobRunning');
    expect(jobState(job()).key).toBe('jobOk');
  });

  it('is behind only after a whole period, and never under a minute', () => {
    expect(jobState(job({ everyMs: 60_000, lagMs: 60_000 })).key).toBe('jobOk');
    expect(jobState(job({ everyMs: 60_000, lagMs: 60_001 })).key).toBe('jobLagging');
    expect(jobState(job({ everyMs: 1000, lagMs: 30_000 })).key).toBe('jobOk');
    expect(jobState(job({ everyMs: 3_600_000, lagMs: 10 * 60_000 })).key).toBe('jobOk');
  });

  it('counts the jobs that need attention', () => {
    const jobs = [job(), job({ failing: { slotAt: 0, attempts: 1, retryAt: null } }), job({ lagMs: 120_000 })];
    expect(troubledJobs(jobs)).toEqual({ failing: 1, lagging: 1 });
  });

  it('writes durations at a glance', () => {
    expect(duration(850)).toBe('850 ms');
    expect(duration(4200)).toBe('4.2 s');
    expect(duration(210_000)).toBe('3.5 min');
    expect(duration(2 * 3_600_000)).toBe('2 h');
    expect(duration(3 * 86_400_000)).toBe('3 d');
  });

  it('writes today’s moments as a clock, and other days in full', () => {
    const now = new Date(2026, 4, 1, 14, 3, 22).getTime();
    expect(compactTime(new Date(2026, 4, 1, 9, 5, 7).getTime(), now)).toBe('09:05:07');
    expect(compactTime(new Date(2026, 3, 30, 23, 59, 0).getTime(), now)).toBe('2026-04-30 23:59:00');
    expect(compactTime(null, now)).toBe('—');
  });
});
