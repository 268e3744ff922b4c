import type { Clock } from './clock';
import { DomainError } from './errors';

/** One guess being checked. Settle it exactly once: `succeeded()` when it was right, else `settle()` counts it. */
export interface Attempt {
  /** The guess was right: it does not count (and clears the key's failures where it resets on success). */
  succeeded(): void;
  /** Ends the attempt; counts it as a failure unless `succeeded()` was called. Safe to call more than once. */
  settle(): void;
}

export interface AttemptKey {
  limiter: FailureLimiter;
  key: string;
  /** A right guess clears the key's earlier failures (true for an account, false for a client address). */
  resetOnSuccess: boolean;
}

/**
 * Guesses being checked right now, per key, and the callers waiting for one of them to finish. A key never has
 * more guesses in flight than it has tries left, so its lock cannot be overrun by guesses already past the test.
 */
export class InFlight {
  private readonly counts = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  take(key: string): void {
    this.counts.set(key, this.count(key) + 1);
  }

  /** Frees a slot; everyone waiting on the key looks again (the key may have locked, or have room). */
  release(key: string): void {
    const n = this.count(key) - 1;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
    const queue = this.waiting.get(key);
    if (!queue) return;
    this.waiting.delete(key);
    for (const wake of queue) wake();
  }

  /** Resolves when a guess of this key finishes. */
  wait(key: string): Promise<void> {
    return new Promise((resolve) => {
      const queue = this.waiting.get(key) ?? [];
      queue.push(resolve);
      this.waiting.set(key, queue);
    });
  }
}

/**
 * Counts failures per key in a sliding window and locks the key once it has too many. A guess takes a slot before
 * the slow check it guards (a password hash), in the same synchronous step as the lock test, and a key never has
 * more guesses being checked than it has tries left: a burst of concurrent guesses is cut off at the limit — the
 * others wait for a free slot and are refused once the key locks — instead of all being hashed while the first
 * ones are still running. Right guesses free their slot without counting, so an honest burst passes.
 *
 * In memory: a restart forgets the counts, which errs on the side of the user; a multi-node deployment moves this
 * to Redis behind the same API.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly lockedUntil = new Map<string, number>();
  private readonly inFlight = new InFlight();

  constructor(
    private readonly clock: Clock,
    readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  /** Throws TOO_MANY_REQUESTS while the key is locked. */
  assertOpen(key: string): void {
    const until = this.lockedUntil.get(key);
    if (until === undefined) return;
    const now = this.clock.now();
    if (until > now) throw new DomainError('TOO_MANY_REQUESTS', { minutes: Math.ceil((until - now) / 60_000) });
    this.lockedUntil.delete(key);
    this.failures.delete(key);
  }

  /**
   * Starts a guess on several keys at once: refused at once if any key is locked; waits while any key has as many
   * guesses being checked as it has tries left; then takes a slot on every key.
   */
  static async begin(keys: readonly AttemptKey[]): Promise<Attempt> {
    for (;;) {
      for (const { limiter, key } of keys) limiter.assertOpen(key);
      const full = keys.find(({ limiter, key }) => limiter.triesLeft(key) <= limiter.inFlight.count(key));
      if (!full) break;
      await full.limiter.inFlight.wait(full.key);
    }
    for (const { limiter, key } of keys) limiter.inFlight.take(key);
    let right = false;
    let settled = false;
    return {
      succeeded() {
        right = true;
      },
      settle() {
        if (settled) return;
        settled = true;
        for (const { limiter, key, resetOnSuccess } of keys) {
          if (!right) limiter.fail(key);
          else if (resetOnSuccess) limiter.reset(key);
          limiter.inFlight.release(key);
        }
      },
    };
  }

  /** Counts a failure now. */
  fail(key: string): void {
    const now = this.clock.now();
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.set(key, recent);
    if (recent.length >= this.maxFailures) this.lockedUntil.set(key, now + this.windowMs);
    if (this.failures.size > 100_000) this.prune(now);
  }

  reset(key: string): void {
    this.failures.delete(key);
    this.lockedUntil.delete(key);
  }

  private triesLeft(key: string): number {
    return this.maxFailures - this.recent(key, this.clock.now()).length;
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures)
      if (times.every((t) => now - t >= this.windowMs)) this.failures.delete(key);
    for (const [key, until] of this.lockedUntil) if (until <= now) this.lockedUntil.delete(key);
  }
}
