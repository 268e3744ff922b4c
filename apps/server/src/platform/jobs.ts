/**
 * A module's time-driven rules, as it declares them in its manifest (`jobs`). The scheduler module runs them: each
 * run is keyed (job, slot) and recorded in the same transaction as the job's own writes, so a slot runs exactly
 * once, is caught up after downtime by the job's policy, and tests drive it with a fake clock (`runDue(now)`).
 * Design and guarantees: docs/scheduler.md.
 */

/**
 * What happens to slots that passed while nothing ran them (downtime, a stall, a failing slot):
 * - `every`: each missed slot runs, oldest first (funding instants, interest, accruals, timeouts);
 * - `latest`: only the newest due slot runs; the ones before it count as skipped (price steps, market makers, chain
 *   blocks, publishing, flushes).
 */
export type CatchUp = 'every' | 'latest';

/** One run of a job: which slot, when it was due, when it runs. */
export interface SlotRun {
  /** The job's full name (`module.job`). */
  readonly job: string;
  /** The slot's number: the slot is due at `offsetMs + slot × everyMs` (ms since the epoch, UTC). */
  readonly slot: number;
  /** When the slot was due. A job settles what belongs to this instant, not to `now`. */
  readonly at: number;
  /** When it runs (`at` or later). */
  readonly now: number;
  /** 1 for the first try of this slot, then 2, 3… after failures. */
  readonly attempt: number;
  /** Slots the `latest` policy skipped to reach this one (0 for `every`). */
  readonly skipped: number;
}

/** One run of an asynchronous job. */
export interface AsyncSlotRun extends SlotRun {
  /**
   * Runs `write` in one transaction with the slot's record, so the write happens once for the slot or not at all
   * (prepare asynchronously first — fetch, wait — then commit synchronously). At most once per run; a run that
   * never calls it is recorded when it resolves. Work after it is outside the slot's guarantee.
   */
  commit<T>(write: () => T): T;
}

interface JobSchedule {
  /** The job's name within its module (lower case, digits and dashes); the scheduler knows it as `module.name`. */
  readonly name: string;
  /** One line for the operator view. */
  readonly description: string;
  /** Slots are `everyMs` apart… */
  readonly everyMs: number;
  /** …starting at this offset from the epoch (0 ≤ offset < everyMs): `8 h` with offset 0 is 00:00, 08:00, 16:00 UTC. */
  readonly offsetMs?: number;
  readonly catchUp: CatchUp;
  /**
   * After a failure the same slot is tried again after `firstMs`, doubling up to `maxMs` (default 1 s → 5 min). An
   * `every` job retries its slot until it succeeds (later slots wait behind it: order is kept); a `latest` job's
   * retry is dropped when a newer slot comes due first.
   */
  readonly retry?: { readonly firstMs: number; readonly maxMs: number };
  /**
   * Whether each successful run is kept in the job's bounded history (failures always are). Default: for jobs at
   * least a minute apart; the frequent ones keep only their cursor and counters.
   */
  readonly history?: boolean;
}

/**
 * A job declared by a module. `run` is synchronous and runs inside the slot's transaction: its writes and the
 * slot's record commit together or not at all. `runAsync` is for work that must await (the network, the spot
 * desk's group commit): it is not overlapped by its own next slot, and writes what belongs to the slot through
 * `slot.commit`.
 */
export type JobDefinition = JobSchedule &
  (
    | { readonly run: (slot: SlotRun) => void; readonly runAsync?: never }
    | { readonly runAsync: (slot: AsyncSlotRun) => Promise<void>; readonly run?: never }
  );
