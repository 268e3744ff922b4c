import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';

/**
 * Counts failures per key in a sliding window and locks the key once it has too many. In memory: a restart forgets
 * the counts, which errs on the side of the user; a multi-node deployment moves this to Redis behind the same API.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly lockedUntil = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly maxFailures: number,
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

  fail(key: string): void {
    const now = this.clock.now();
    const recent = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    recent.push(now);
    this.failures.set(key, recent);
    if (recent.length >= this.maxFailures) this.lockedUntil.set(key, now + this.windowMs);
    if (this.failures.size > 100_000) this.prune(now);
  }

  reset(key: string): void {
    this.failures.delete(key);
    this.lockedUntil.delete(key);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures)
      if (times.every((t) => now - t >= this.windowMs)) this.failures.delete(key);
    for (const [key, until] of this.lockedUntil) if (until <= now) this.lockedUntil.delete(key);
  }
}
