import type { CodeScene, Lang } from '@bourse/contract';
import type { Clock } from '../../lib/clock';
import { sameBytes, sha256, sixDigitCode } from '../../lib/crypto';
import { DomainError } from '../../lib/errors';
import type { Notifier } from '../../lib/notifier';
import { codeMessage } from './messages';
import type { AccountRepo } from './repo';

const VALID_MINUTES = 10;
const RESEND_SECONDS = 60;
const MAX_PER_HOUR = 10;
const MAX_ATTEMPTS = 5;
/** Per client address and hour: codes in all, and distinct destinations (one address cannot fan out). */
export interface AddressCodeLimits {
  perAddressHour: number;
  destinationsPerAddressHour: number;
}

function codeHash(target: string, scene: string, code: string): Buffer {
  return sha256(`${target}|${scene}|${code}`);
}

/**
 * One-time six-digit codes sent to an email address or phone number: valid 10 minutes, one per minute and ten per
 * hour per destination; per client address a configured number an hour (30) to a few destinations (5); five wrong tries burn the
 * code, a code is consumed once. Every limit is checked and the code recorded in one synchronous step before the
 * message is sent, so concurrent requests cannot slip past a limit together.
 */
export class VerificationCodes {
  constructor(
    private readonly repo: AccountRepo,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
    private readonly limits: AddressCodeLimits,
  ) {}

  async send(target: string, scene: CodeScene, lang: Lang, ip: string | null): Promise<{ resendAfter: number }> {
    const now = this.clock.now();
    if (ip !== null) {
      const hourAgo = now - 3600_000;
      const { sends, targets } = this.repo.addressSends(ip, hourAgo);
      const newDestination = !this.repo.addressSentTo(ip, target, hourAgo);
      if (
        sends >= this.limits.perAddressHour ||
        (newDestination && targets >= this.limits.destinationsPerAddressHour)
      ) {
        throw new DomainError('TOO_MANY_REQUESTS', { minutes: 60 });
      }
    }
    const last = this.repo.latestCode(target, scene);
    if (last && now - last.created_at < RESEND_SECONDS * 1000) {
      throw new DomainError('CODE_SENT_TOO_OFTEN', {
        seconds: Math.ceil((RESEND_SECONDS * 1000 - (now - last.created_at)) / 1000),
      });
    }
    if (this.repo.codesSince(target, now - 3600_000) >= MAX_PER_HOUR) {
      throw new DomainError('TOO_MANY_REQUESTS', { minutes: 60 });
    }
    const code = sixDigitCode();
    this.repo.insertCode({
      target,
      scene,
      codeHash: codeHash(target, scene, code),
      ip,
      now,
      expiresAt: now + VALID_MINUTES * 60_000,
    });
    const message = codeMessage(lang, scene, code, VALID_MINUTES);
    await this.notifier.send({ to: target, ...message });
    return { resendAfter: RESEND_SECONDS };
  }

  /**
   * Checks a code without consuming it and returns its id; the caller consumes it inside the transaction that acts
   * on it. A wrong code counts an attempt (committed even though the request fails).
   */
  check(target: string, scene: CodeScene, code: string): number {
    const row = this.repo.latestCode(target, scene);
    const now = this.clock.now();
    if (!row || row.consumed_at !== null || row.attempts >= MAX_ATTEMPTS)
      throw new DomainError('WRONG_VERIFICATION_CODE');
    if (row.expires_at <= now) throw new DomainError('VERIFICATION_CODE_EXPIRED');
    if (!sameBytes(row.code_hash, codeHash(target, scene, code))) {
      this.repo.recordCodeAttempt(row.id);
      throw new DomainError('WRONG_VERIFICATION_CODE');
    }
    return row.id;
  }

  /** Marks a checked code used; fails if another request consumed it first. */
  consume(id: number): void {
    if (!this.repo.consumeCode(id, this.clock.now())) throw new DomainError('WRONG_VERIFICATION_CODE');
  }
}
