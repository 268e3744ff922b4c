import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import type { Transactions } from '../../lib/tx';
import type { AsyncSlotRun, CatchUp, JobDefinition, SlotRun } from '../../platform/jobs';
import type { JobRow, RunRow, SchedulerRepo } from './repo';

/** The longest the driver sleeps: a clock that jumps (an NTP step, a test's offset clock) is noticed within it. */
const MAX_SLEEP_MS = 1000;
/** How long one wake-up may run slots before it yields to I/O (a long catch-up continues at once after). */
const TICK_BUDGET_MS = 50;
const DEFAULT_RETRY = { firstMs: 1000, maxMs: 5 * 60_000 };
/** Successful runs are kept in the history by default for jobs at least this far apart. */
const HISTORY_MIN_EVERY_MS = 60_000;
/** A job that keeps failing is logged at most this often (every failure is still recorded). */
const LOG_EVERY_MS = 10_000;
const NAME = /^[a-z][a-z0-9-]*$/;

/** A job as the scheduler keeps it: its definition and a copy of its row's cursor and retry state. */
interface Job {
  readonly name: string;
  readonly module: string;
  readonly def: JobDefinition;
  readonly everyMs: number;
  readonly offsetMs: number;
  readonly catchUp: CatchUp;
  readonly retry: { firstMs: number; maxMs: number };
  readonly history: boolean;
  lastSlot: number;
  failingSlot: number | null;
  attempts: number;
  retryAt: number | null;
  inFlight: Promise<void> | null;
  loggedAt: number;
}

interface Due {
  job: Job;
  slot: number;
  at: number;
  skipped: number;
}

/** Thrown inside a run's transaction when the cursor moved meanwhile: another scheduler did the slot. */
class SlotTaken extends Error {
  constructor(job: string, slot: number) {
    super(`${job}: slot ${slot} was done by another run`);
    this.name = 'SlotTaken';
  }
}

/** What the operator view shows of one job. */
export interface JobStatus {
  name: string;
  module: string;
  description: string;
  everyMs: number;
  offsetMs: number;
  catchUp: CatchUp;
  /** Every slot up to this instant is done (run, or skipped by the `latest` policy). */
  doneThrough: number;
  lastRunAt: number | null;
  lastMs: number | null;
  /** When the next run is due (the next slot, or the retry of a failing one). */
  nextDueAt: number;
  /** How far behind the job is: now − the instant of the oldest slot due and not done (0 when none is due). */
  lagMs: number;
  running: boolean;
  runs: number;
  skipped: number;
  failures: number;
  failing: { slotAt: number; attempts: number; retryAt: number | null } | null;
  lastError: { at: number; message: string } | null;
}

export interface JobRun {
  slot: number;
  slotAt: number;
  ranAt: number;
  ms: number;
  outcome: 'done' | 'failed';
  attempt: number;
  skipped: number;
  error: string | null;
}

export interface SchedulerDeps {
  tx: Transactions;
  repo: SchedulerRepo;
  clock: Clock;
  log: Logger;
}

/**
 * Runs every module's time-driven rules (docs/scheduler.md). Each job's slots are `everyMs` apart from its offset;
 * slot n is done when the job's cursor moved to n, in the same transaction as the job's writes (compare-and-set on
 * the cursor), so a slot runs once or not at all, across crashes and even two schedulers on one database. Missed
 * slots are caught up by the job's policy, a failing slot is retried with backoff without holding up other jobs,
 * and `runDue(now)` runs everything due up to `now` (tests drive time with it). In a server, `start` arms one timer
 * for the next due slot — the only timer behind the domain's time rules.
 */
export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly deps: SchedulerDeps) {}

  // ---- registration ----------------------------------------------------------------------------------------------

  /**
   * Registers a module's job as `module.name`. A new job starts at its first slot after now (no past is invented); a
   * known one resumes from its stored cursor, and a changed schedule keeps the instant already done.
   */
  register(module: string, def: JobDefinition): void {
    const name = `${module}.${def.name}`;
    const offsetMs = def.offsetMs ?? 0;
    const retry = def.retry ?? DEFAULT_RETRY;
    if (!NAME.test(def.name)) throw new Error(`job ${name}: a name is lower case letters, digits and dashes`);
    if (this.jobs.has(name)) throw new Error(`job ${name} is registered twice`);
    if (!Number.isSafeInteger(def.everyMs) || def.everyMs <= 0) throw new Error(`job ${name}: everyMs must be > 0`);
    if (!Number.isSafeInteger(offsetMs) || offsetMs < 0 || offsetMs >= def.everyMs) {
      throw new Error(`job ${name}: offsetMs must be in [0, everyMs)`);
    }
    if (!(retry.firstMs >= 1 && retry.maxMs >= retry.firstMs))
      throw new Error(`job ${name}: retry needs 1 ≤ first ≤ max`);
    if (!def.run === !def.runAsync) throw new Error(`job ${name}: declare run or runAsync`);
    const { repo, tx, clock } = this.deps;
    const row = tx.run(() => {
      const stored = repo.job(name);
      if (!stored) {
        const now = clock.now();
        repo.insert(name, def.everyMs, offsetMs, def.catchUp, Math.floor((now - offsetMs) / def.everyMs), now);
      } else if (stored.every_ms !== def.everyMs || stored.offset_ms !== offsetMs || stored.catch_up !== def.catchUp) {
        const doneThrough = stored.offset_ms + stored.last_slot * stored.every_ms;
        repo.reschedule(name, def.everyMs, offsetMs, def.catchUp, Math.floor((doneThrough - offsetMs) / def.everyMs));
      }
      return repo.job(name) as JobRow;
    });
    this.jobs.set(name, {
      name,
      module,
      def,
      everyMs: def.everyMs,
      offsetMs,
      catchUp: def.catchUp,
      retry,
      history: def.history ?? def.everyMs >= HISTORY_MIN_EVERY_MS,
      lastSlot: row.last_slot,
      failingSlot: row.failing_slot,
      attempts: row.attempts,
      retryAt: row.retry_at,
      inFlight: null,
      loggedAt: -Infinity,
    });
    if (this.running) this.arm();
  }

  /** The registered jobs' full names, in registration order. */
  names(): string[] {
    return [...this.jobs.keys()];
  }

  // ---- running -----------------------------------------------------------------------------------------------------

  /** Starts the real-time driver: one timer, armed for the next due slot (at most a second ahead). Idempotent. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.arm();
  }

  /** Stops the driver and waits for the jobs in flight. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all([...this.jobs.values()].map((job) => job.inFlight));
  }

  get started(): boolean {
    return this.running;
  }

  /**
   * Runs every slot due up to `now` by each job's policy, oldest instant first across jobs, awaiting asynchronous
   * jobs one at a time (and any the driver has in flight). Returns how many runs it made. Tests drive time with it.
   */
  async runDue(now: number = this.deps.clock.now()): Promise<number> {
    let runs = 0;
    for (;;) {
      const due = this.nextDue(now);
      if (!due) {
        const busy = [...this.jobs.values()].flatMap((job) => (job.inFlight ? [job.inFlight] : []));
        if (busy.length === 0) return runs;
        await Promise.all(busy);
        continue;
      }
      runs++;
      await this.runSlot(due, now);
    }
  }

  private tick(): void {
    this.timer = null;
    if (!this.running) return;
    const until = performance.now() + TICK_BUDGET_MS;
    const now = this.deps.clock.now();
    for (let due = this.nextDue(now); due; due = this.nextDue(now)) {
      // Asynchronous jobs go on in the background (their slot is in flight); synchronous ones are done here.
      void this.runSlot(due, now);
      if (performance.now() > until) break;
    }
    this.arm();
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.running) return;
    const now = this.deps.clock.now();
    let wake = now + MAX_SLEEP_MS;
    for (const job of this.jobs.values()) if (!job.inFlight) wake = Math.min(wake, this.wakeAt(job));
    this.timer = setTimeout(() => this.tick(), Math.max(0, wake - now));
    this.timer.unref();
  }

  // ---- slots -------------------------------------------------------------------------------------------------------

  private slotAt(job: Job, slot: number): number {
    return job.offsetMs + slot * job.everyMs;
  }

  /** The slot a job should run now by its policy, or null. */
  private dueSlot(job: Job, now: number): Due | null {
    if (job.inFlight) return null;
    const newest = Math.floor((now - job.offsetMs) / job.everyMs);
    const waiting = job.retryAt !== null && job.retryAt > now;
    if (job.catchUp === 'every') {
      const slot = job.lastSlot + 1;
      if (slot > newest || (waiting && job.failingSlot === slot)) return null;
      return { job, slot, at: this.slotAt(job, slot), skipped: 0 };
    }
    if (newest <= job.lastSlot) return null;
    // A failing slot waits for its retry, unless a newer slot came due meanwhile (the newer one is the retry).
    if (waiting && job.failingSlot !== null && newest <= job.failingSlot) return null;
    return { job, slot: newest, at: this.slotAt(job, newest), skipped: newest - job.lastSlot - 1 };
  }

  /** The due slot with the earliest instant over every job (registration order breaks ties). */
  private nextDue(now: number): Due | null {
    let best: Due | null = null;
    for (const job of this.jobs.values()) {
      const due = this.dueSlot(job, now);
      if (due && (!best || due.at < best.at)) best = due;
    }
    return best;
  }

  /** When `dueSlot` will next give something for this job. */
  private wakeAt(job: Job): number {
    const next = this.slotAt(job, job.lastSlot + 1);
    if (job.failingSlot === null || job.retryAt === null) return next;
    if (job.catchUp === 'every') return Math.max(next, job.retryAt);
    return Math.min(Math.max(next, job.retryAt), this.slotAt(job, job.failingSlot + 1));
  }

  private runSlot(due: Due, now: number): Promise<void> | void {
    return due.job.def.run ? this.runSync(due, now, due.job.def.run) : this.runAsync(due, now);
  }

  private slotRun(due: Due, now: number): SlotRun {
    const { job, slot, at, skipped } = due;
    const attempt = job.failingSlot === slot ? job.attempts + 1 : 1;
    return { job: job.name, slot, at, now, attempt, skipped };
  }

  /** A synchronous job: its writes and the slot's record in one transaction. */
  private runSync(due: Due, now: number, run: (slot: SlotRun) => void): void {
    const slot = this.slotRun(due, now);
    const started = performance.now();
    try {
      this.deps.tx.run(() => {
        run(slot);
        this.recordDone(due, slot, performance.now() - started);
      });
    } catch (error) {
      this.afterFailure(due, slot, error, performance.now() - started, false);
      return;
    }
    this.markDone(due);
  }

  /** An asynchronous job: in flight until it settles; what it writes through `commit` shares the slot's record. */
  private runAsync(due: Due, now: number): Promise<void> {
    const { job } = due;
    const runAsync = job.def.runAsync;
    if (!runAsync) throw new Error(`job ${job.name} has no runAsync`);
    const base = this.slotRun(due, now);
    const started = performance.now();
    let committed = false;
    const slot: AsyncSlotRun = {
      ...base,
      commit: <T>(write: () => T): T => {
        if (committed) throw new Error(`job ${job.name}: commit called twice for slot ${due.slot}`);
        const value = this.deps.tx.run(() => {
          const written = write();
          this.recordDone(due, base, performance.now() - started);
          return written;
        });
        committed = true;
        this.markDone(due);
        return value;
      },
    };
    const flight = (async () => {
      try {
        await runAsync(slot);
        if (!committed) {
          this.deps.tx.run(() => this.recordDone(due, base, performance.now() - started));
          committed = true;
          this.markDone(due);
        }
      } catch (error) {
        this.afterFailure(due, base, error, performance.now() - started, committed);
      }
    })().finally(() => {
      job.inFlight = null;
      if (this.running) this.arm();
    });
    job.inFlight = flight;
    return flight;
  }

  /** Inside the run's transaction: the cursor's compare-and-set, and the history row. */
  private recordDone(due: Due, slot: SlotRun, ms: number): void {
    const { job } = due;
    const ranAt = slot.now;
    const moved = this.deps.repo.done({
      name: job.name,
      from: job.lastSlot,
      slot: due.slot,
      ranAt,
      ms,
      skipped: due.skipped,
    });
    if (!moved) throw new SlotTaken(job.name, due.slot);
    if (job.history) {
      this.deps.repo.addHistory({
        job: job.name,
        slot: due.slot,
        slotAt: due.at,
        ranAt,
        ms,
        outcome: 'done',
        attempt: slot.attempt,
        skipped: due.skipped,
        error: null,
      });
    }
  }

  /** After the commit: the in-memory copy follows the row. */
  private markDone(due: Due): void {
    const { job } = due;
    job.lastSlot = due.slot;
    job.failingSlot = null;
    job.attempts = 0;
    job.retryAt = null;
  }

  /**
   * Records a failure in its own transaction (the run's was rolled back) and schedules the retry. A failure after
   * the slot was committed (`afterCommit`) is recorded but not retried: the slot is done.
   */
  private afterFailure(due: Due, slot: SlotRun, error: unknown, ms: number, afterCommit: boolean): void {
    const { job } = due;
    if (error instanceof SlotTaken) {
      this.reload(job);
      return;
    }
    const { tx, repo, clock, log } = this.deps;
    // The run's own time (a test's `runDue(now)`), or later when an asynchronous run took a while.
    const at = Math.max(slot.now, clock.now());
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const attempts = afterCommit ? 0 : slot.attempt;
    const retryAt = afterCommit ? null : at + Math.min(job.retry.maxMs, job.retry.firstMs * 2 ** (attempts - 1));
    if (monotonic() - job.loggedAt >= LOG_EVERY_MS) {
      job.loggedAt = monotonic();
      log.error({ err: error, job: job.name, slot: due.slot, attempt: slot.attempt }, 'scheduled job failed');
    }
    try {
      tx.run(() => {
        repo.failed({
          name: job.name,
          slot: afterCommit ? null : due.slot,
          attempts,
          retryAt,
          error: message,
          at,
        });
        repo.addHistory({
          job: job.name,
          slot: due.slot,
          slotAt: due.at,
          ranAt: at,
          ms,
          outcome: 'failed',
          attempt: slot.attempt,
          skipped: due.skipped,
          error: message,
        });
      });
    } catch (recordError) {
      log.error({ err: recordError, job: job.name }, 'scheduled job failure could not be recorded');
    }
    if (!afterCommit) {
      job.failingSlot = due.slot;
      job.attempts = attempts;
      job.retryAt = retryAt;
    }
  }

  /** Reads a job's cursor again (another scheduler on the same database moved it). */
  private reload(job: Job): void {
    const row = this.deps.repo.job(job.name);
    if (!row) return;
    job.lastSlot = row.last_slot;
    job.failingSlot = row.failing_slot;
    job.attempts = row.attempts;
    job.retryAt = row.retry_at;
  }

  // ---- the operator view -------------------------------------------------------------------------------------------

  /** Every registered job: its schedule, last run, lag and failures. */
  status(now: number = this.deps.clock.now()): JobStatus[] {
    return [...this.jobs.values()].map((job) => {
      const row = this.deps.repo.job(job.name);
      if (!row) throw new Error(`job ${job.name} has no row`);
      const oldestPending = this.slotAt(job, row.last_slot + 1);
      const failing = row.failing_slot === null ? null : row.failing_slot;
      return {
        name: job.name,
        module: job.module,
        description: job.def.description,
        everyMs: job.everyMs,
        offsetMs: job.offsetMs,
        catchUp: job.catchUp,
        doneThrough: this.slotAt(job, row.last_slot),
        lastRunAt: row.last_run_at,
        lastMs: row.last_ms === null ? null : Math.round(row.last_ms * 1000) / 1000,
        nextDueAt: this.wakeAt(job),
        lagMs: Math.max(0, now - oldestPending),
        running: job.inFlight !== null,
        runs: row.runs,
        skipped: row.skipped,
        failures: row.failures,
        failing:
          failing === null
            ? null
            : { slotAt: this.slotAt(job, failing), attempts: row.attempts, retryAt: row.retry_at },
        lastError:
          row.last_error === null || row.last_error_at === null
            ? null
            : { at: row.last_error_at, message: row.last_error },
      };
    });
  }

  /** A job's newest runs in its bounded history, newest first (null when there is no such job). */
  history(name: string, limit: number): JobRun[] | null {
    if (!this.jobs.has(name)) return null;
    return this.deps.repo.runs(name, limit).map((row: RunRow) => ({
      slot: row.slot,
      slotAt: row.slot_at,
      ranAt: row.ran_at,
      ms: Math.round(row.ms * 1000) / 1000,
      outcome: row.outcome,
      attempt: row.attempt,
      skipped: row.skipped,
      error: row.error,
    }));
  }
}

/** Monotonic time for log throttling only (never for slots). */
function monotonic(): number {
  return performance.now();
}
