import {
  TOTP_ISSUER,
  TWO_FACTOR_OFF_WITHDRAW_LOCK_HOURS,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@bourse/contract';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { FailureLimiter } from '../../lib/limiter';
import type { AccountService, SecondFactor } from '../account';
import type { SecurityRepo, TwoFactorRow } from './repo';
import type { SecretBox } from '../../lib/secret-box';
import { base32Encode, matchStep, newTotpSecret, otpauthUrl } from '../../lib/totp';

/** One step either side of now: a phone clock up to ~30 s off still works (RFC 6238 §5.2). */
const DRIFT_STEPS = 1;
/** A key shown but not yet confirmed is shown again on reload for this long, then replaced by a new one. */
const PENDING_REUSE_MS = 30 * 60_000;

function isOn(row: TwoFactorRow | undefined): row is TwoFactorRow & { enabled_at: number } {
  return row !== undefined && row.enabled_at !== null;
}

/**
 * Two-factor verification with an authenticator app (RFC 6238 TOTP: SHA-1, 6 digits, 30 s). The secret is
 * created here, shown once as a QR code and text, stored sealed with the server key, and switched on only after
 * the user proves it with a code. Every accepted code moves `last_step` forward, so no code works twice.
 */
export class TwoFactorService implements SecondFactor {
  constructor(
    private readonly tx: Transactions,
    private readonly repo: SecurityRepo,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
    private readonly box: SecretBox,
    /** Wrong codes per user: five in 15 minutes lock code entry for 15 minutes. */
    private readonly limiter: FailureLimiter,
  ) {}

  /** Asks for the code at login and lets sensitive actions (withdrawals) require it. */
  install(): void {
    this.accounts.useSecondFactor(this);
    this.accounts.addLoginCheck((user, body) => {
      if (!this.isEnabled(user.uid)) return;
      if (body.totp === undefined || body.totp === '') throw new DomainError('TWO_FACTOR_REQUIRED');
      this.verify(user.uid, body.totp);
    });
  }

  isEnabled(uid: number): boolean {
    return this.repo.twoFactorEnabled(uid);
  }

  status(uid: number): TwoFactorStatus {
    const row = this.repo.twoFactor(uid);
    return { enabled: isOn(row), enabledAt: row?.enabled_at ?? null };
  }

  /** A key to scan; the same one again while it is fresh and unconfirmed, so reloading the page does not break it. */
  setup(uid: number): TwoFactorSetup {
    const user = this.accounts.requireUser(uid);
    const label = user.email ?? user.phone ?? String(uid);
    return this.tx.run(() => {
      const row = this.repo.twoFactor(uid);
      if (isOn(row)) throw new DomainError('TWO_FACTOR_ALREADY_ENABLED');
      const now = this.clock.now();
      let secret: Buffer;
      if (row && now - row.created_at < PENDING_REUSE_MS) {
        secret = this.box.open(row.secret_sealed);
      } else {
        secret = newTotpSecret();
        this.repo.putPendingTwoFactor(uid, this.box.seal(secret), now);
      }
      const base32 = base32Encode(secret);
      return { secret: base32, otpauthUrl: otpauthUrl(TOTP_ISSUER, label, base32), label: `${TOTP_ISSUER}:${label}` };
    });
  }

  /** Switches two-factor on: the login password and a current code from the key just shown. */
  async enable(uid: number, code: string, password: string): Promise<void> {
    await this.accounts.verifyLoginPassword(uid, password);
    this.tx.run(() => {
      const row = this.repo.twoFactor(uid);
      if (isOn(row)) throw new DomainError('TWO_FACTOR_ALREADY_ENABLED');
      if (!row) throw new DomainError('TWO_FACTOR_SETUP_REQUIRED');
      const step = this.checkCode(uid, row, code);
      this.repo.enableTwoFactor(uid, this.clock.now(), step);
    });
  }

  /** Switches two-factor off: a current code and the login password, so a stolen session alone cannot. */
  async disable(uid: number, code: string, password: string): Promise<void> {
    await this.accounts.verifyLoginPassword(uid, password);
    this.tx.run(() => {
      const row = this.repo.twoFactor(uid);
      if (!isOn(row)) throw new DomainError('TWO_FACTOR_NOT_ENABLED');
      this.checkCode(uid, row, code);
      this.repo.deleteTwoFactor(uid);
      this.repo.markTwoFactorDisabled(uid, this.clock.now());
    });
  }

  /** Withdrawals are locked for 24 hours after two-factor is switched off (null when that lock has ended). */
  withdrawLock(uid: number): { until: number; reason: 'twoFactor' } | null {
    const at = this.repo.twoFactorDisabledAt(uid);
    if (at === null) return null;
    const until = at + TWO_FACTOR_OFF_WITHDRAW_LOCK_HOURS * 3_600_000;
    return until > this.clock.now() ? { until, reason: 'twoFactor' } : null;
  }

  /** SecondFactor.verify: accepts a fresh code of an enabled user and uses it up. */
  verify(uid: number, code: string): void {
    if (!/^\d{6}$/.test(code)) throw new DomainError('TWO_FACTOR_FORMAT');
    this.tx.run(() => {
      const row = this.repo.twoFactor(uid);
      if (!isOn(row)) throw new DomainError('TWO_FACTOR_NOT_ENABLED');
      const step = this.checkCode(uid, row, code);
      this.repo.acceptStep(uid, step);
    });
  }

  /** The step the code belongs to, or the reason it is refused. */
  private checkCode(uid: number, row: { secret_sealed: string; last_step: number }, code: string): number {
    const key = `totp:${uid}`;
    this.limiter.assertOpen(key);
    const secret = this.box.open(row.secret_sealed);
    const now = this.clock.now();
    const step = matchStep(secret, code, now, { window: DRIFT_STEPS, notAfterStep: row.last_step });
    if (step !== null) {
      this.limiter.reset(key);
      return step;
    }
    // The right code a second time is not a guess: say so, and do not count it towards the lock.
    if (matchStep(secret, code, now, { window: DRIFT_STEPS, notAfterStep: -1 }) !== null) {
      throw new DomainError('TWO_FACTOR_CODE_USED');
    }
    this.limiter.fail(key);
    throw new DomainError('WRONG_TWO_FACTOR_CODE');
  }
}
