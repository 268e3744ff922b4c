import type { CodeScene, Lang } from '@bourse/contract';
import type { Clock } from '../../lib/clock';
import { sameBytes, sha256, sixDigitCode } from '../../lib/crypto';
import { DomainError } from '../../lib/errors';
import type { Notifier } from '../notify/notifier';
import { codeMessage } from './messages';
import type { AccountRepo } from './repo';

const VALID_MINUTES = 10;
const RESEND_SECONDS = 60;
const MAX_PER_HOUR = 10;
const MAX_ATTEMPTS = 5;

function codeHash(target: string, scene: string, code: string): Buffer {
  return sha256(`${target}|${scene}|${code}`);
}

/**
 * One-time six-digit codes sent to an email address or phone number: valid 10 minutes, one per minute and ten per
 * hour per destination, five wrong tries burn the code, a code is consumed once.
 */
export class VerificationCodes {
  constructor(
    private readonly repo: AccountRepo,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
  ) {}

  async send(target: string, scene: CodeScene, lang: Lang): Promise<{ resendAfter: number }> {
    const now = this.clock.now();
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
