import {
  type ErrorKey,
  NEWCOMER_TASKS,
  type NewcomerTaskKey,
  type NewcomerTasks,
  type SecurityOverview,
} from '@bourse/contract';
import type { AccountService } from '../account';
import { maskAccount } from '../account';
import type { LedgerService } from '../ledger';
import type { WithdrawLock, WithdrawLockSource } from '../wallet';

/** The wallet's 24-hour withdrawal lock; this module adds the one after two-factor is switched off. */
export interface WithdrawLocks {
  withdrawLock(uid: number): WithdrawLock | null;
  addWithdrawLock(source: WithdrawLockSource): void;
}
import type { DeviceService } from './devices';
import type { IdentityService } from './identity';
import type { TwoFactorService } from './two-factor';
import type { TwoFactorResets } from './two-factor-resets';

/**
 * What other modules and the security centre use: two-factor, identity, login devices, the newcomer tasks. Built
 * by app.ts, which also calls `install()` so login asks for two-factor and the profile reports both protections.
 */
export class SecurityService {
  constructor(
    readonly twoFactor: TwoFactorService,
    readonly identity: IdentityService,
    readonly devices: DeviceService,
    private readonly accounts: AccountService,
    private readonly ledger: LedgerService,
    private readonly locks: WithdrawLocks,
    /** Operators resetting a user's two-factor (maker-checker). */
    readonly resets: TwoFactorResets,
  ) {}

  install(): void {
    this.twoFactor.install();
    this.locks.addWithdrawLock((uid) => this.twoFactor.withdrawLock(uid));
    this.accounts.addSecurityProvider((uid) => ({
      twoFactor: this.twoFactor.isEnabled(uid),
      identity: this.identity.state(uid),
    }));
  }

  /** Throws `key` (NOT_VERIFIED by default) unless the user's identity is verified. For C2C and merchants. */
  requireVerified(uid: number, key: ErrorKey = 'NOT_VERIFIED'): void {
    this.identity.requireVerified(uid, key);
  }

  overview(uid: number): SecurityOverview {
    const user = this.accounts.requireUser(uid);
    const lock = this.locks.withdrawLock(uid);
    return {
      email: user.email ? maskAccount(user.email) : null,
      phone: user.phone ? maskAccount(user.phone) : null,
      loginPasswordChangedAt: user.password_changed_at,
      withdrawLockedUntil: lock?.until ?? null,
      withdrawLockReason: lock?.reason ?? null,
      fundPassword: user.fund_password_hash !== null,
      twoFactor: this.twoFactor.isEnabled(uid),
      identity: this.identity.state(uid),
      activeSessions: this.accounts.sessions.list(uid).length,
    };
  }

  /** The newcomer centre's tasks, each from real state. Rewards for them belong to the rewards module. */
  newcomerTasks(uid: number): NewcomerTasks {
    const done: Record<NewcomerTaskKey, () => boolean> = {
      identity: () => this.identity.state(uid) === 'verified',
      twoFactor: () => this.twoFactor.isEnabled(uid),
      deposit: () => this.ledger.userHasReason(uid, 'wallet.deposit'),
      trade: () => this.ledger.userHasReason(uid, 'spot.trade') || this.ledger.userHasReason(uid, 'futures.trade'),
    };
    const tasks = NEWCOMER_TASKS.map((key) => ({ key, done: done[key]() }));
    return { tasks, done: tasks.filter((t) => t.done).length, total: tasks.length };
  }
}
