import type { Db } from '../../db/database';
import type { CatchUp } from '../../platform/jobs';

/** Runs kept per job in `scheduler_runs` (a ring: the newest replaces the oldest). */
export const HISTORY_SIZE = 100;

export interface JobRow {
  name: string;
  every_ms: number;
  offset_ms: number;
  catch_up: CatchUp;
  last_slot: number;
  registered_at: number;
  last_run_at: number | null;
  last_ms: number | null;
  runs: number;
  skipped: number;
  failures: number;
  failing_slot: number | null;
  attempts: number;
  retry_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  history_seq: number;
}

export interface RunRow {
  job: string;
  seq: number;
  slot: number;
  slot_at: number;
  ran_at: number;
  ms: number;
  outcome: 'done' | 'failed';
  attempt: number;
  skipped: number;
  error: string | null;
}

export interface DoneRun {
  name: string;
  /** The cursor before the run: the move from `from` to `slot` is the compare-and-set. */
  from: number;
  slot: number;
  ranAt: number;
  ms: number;
  skipped: number;
}

export interface FailedRun {
  name: string;
  /** The slot to retry; null when the slot was done and only what followed its commit failed. */
  slot: number | null;
  attempts: number;
  retryAt: number | null;
  error: string;
  at: number;
}

/** The scheduler's SQL (its own two tables only). */
export function createSchedulerRepo(db: Db) {
  const q = {
    job: db.prepare<[string], JobRow>('SELECT * FROM scheduler_jobs WHERE name = ?'),
    jobs: db.prepare<[], JobRow>('SELECT * FROM scheduler_jobs ORDER BY name'),
    insert: db.prepare(
      `INSERT INTO scheduler_jobs (name, every_ms, offset_ms, catch_up, last_slot, registered_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    reschedule: db.prepare(
      `UPDATE scheduler_jobs SET every_ms = ?, offset_ms = ?, catch_up = ?, last_slot = ?,
         failing_slot = NULL, attempts = 0, retry_at = NULL
       WHERE name = ?`,
    ),
    // The compare-and-set that makes a slot done: only from the cursor the run started from.
    done: db.prepare(
      `UPDATE scheduler_jobs SET last_slot = @slot, last_run_at = @ranAt, last_ms = @ms, runs = runs + 1,
         skipped = skipped + @skipped, failing_slot = NULL, attempts = 0, retry_at = NULL
       WHERE name = @name AND last_slot = @from`,
    ),
    failed: db.prepare(
      `UPDATE scheduler_jobs SET failures = failures + 1, failing_slot = @slot, attempts = @attempts,
         retry_at = @retryAt, last_error = @error, last_error_at = @at
       WHERE name = @name`,
    ),
    nextSeq: db
      .prepare<[string], number>(
        'UPDATE scheduler_jobs SET history_seq = history_seq + 1 WHERE name = ? RETURNING history_seq - 1',
      )
      .pluck(),
    history: db.prepare(
      `INSERT OR REPLACE INTO scheduler_runs (job, ring, seq, slot, slot_at, ran_at, ms, outcome, attempt, skipped, error)
       VALUES (@job, @ring, @seq, @slot, @slotAt, @ranAt, @ms, @outcome, @attempt, @skipped, @error)`,
    ),
    runs: db.prepare<[string, number], RunRow>(
      `SELECT job, seq, slot, slot_at, ran_at, ms, outcome, attempt, skipped, error FROM scheduler_runs
       WHERE job = ? ORDER BY seq DESC LIMIT ?`,
    ),
  };

  return {
    job: (name: string): JobRow | undefined => q.job.get(name),
    jobs: (): JobRow[] => q.jobs.all(),
    insert(name: string, everyMs: number, offsetMs: number, catchUp: CatchUp, lastSlot: number, at: number): void {
      q.insert.run(name, everyMs, offsetMs, catchUp, lastSlot, at);
    },
    reschedule(name: string, everyMs: number, offsetMs: number, catchUp: CatchUp, lastSlot: number): void {
      q.reschedule.run(everyMs, offsetMs, catchUp, lastSlot, name);
    },
    /** Moves the cursor from `run.from` to `run.slot`; false when it was not at `run.from` (another run did it). */
    done: (run: DoneRun): boolean => q.done.run(run).changes === 1,
    failed(run: FailedRun): void {
      q.failed.run(run);
    },
    addHistory(run: {
      job: string;
      slot: number;
      slotAt: number;
      ranAt: number;
      ms: number;
      outcome: 'done' | 'failed';
      attempt: number;
      skipped: number;
      error: string | null;
    }): void {
      const seq = q.nextSeq.get(run.job);
      if (seq === undefined) return;
      q.history.run({ ...run, seq, ring: seq % HISTORY_SIZE });
    },
    runs: (job: string, limit: number): RunRow[] => q.runs.all(job, limit),
  };
}

export type SchedulerRepo = ReturnType<typeof createSchedulerRepo>;
