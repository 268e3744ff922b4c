import type { CodeScene, Lang, LoginBody, LoginResult, RegisterOpenBody, UserProfile } from '@bourse/contract';
import type { Clock } from '../../lib/clock';
import { dummyPasswordHash, hashPassword, randomCode, verifyPassword } from '../../lib/crypto';
import { DomainError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Transactions } from '../../lib/tx';
import type { VerificationCodes } from './codes';
import { FailureLimiter, InFlight } from '../../lib/limiter';
import type { AccountRepo, UserRow } from './repo';
import type { SessionMeta, SessionService } from './sessions';

export type SecurityState = UserProfile['security'];
/** Which kind of bound address. */
export type ContactKind = 'email' | 'phone';

/** Nicknames may not contain these (compared lower-case, without spaces and _ . -): they would pose as staff. */
const RESERVED_NICKNAME_PARTS = [
  'bourse',
  'admin',
  'official',
  'support',
  'moderator',
  '客服',
  '官方',
  '管理员',
  '管理員',
];

/** A check another module adds to login after the password is verified (two-factor adds one). */
export type LoginCheck = (user: UserRow, body: LoginBody) => void | Promise<void>;

/** What the security module provides once two-factor exists: whether a user has it, and a code check. */
export interface SecondFactor {
  isEnabled(uid: number): boolean;
  /** Throws WRONG_TWO_FACTOR_CODE (or TWO_FACTOR_FORMAT) when the code is not a fresh valid one. */
  verify(uid: number, code: string): void;
}

export interface FundPasswordPolicy {
  maxFailures: number;
  lockMs: number;
}

export function maskAccount(value: string): string {
  if (value.includes('@')) {
    const [name = '', domain = ''] = value.split('@');
    return `${name.slice(0, 2)}***@${domain}`;
  }
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
}

/**
 * Users and their credentials: registration by email or mobile number, login, logout, password reset and change,
 * the fund password. Other modules read users only through this service.
 */
export class AccountService {
  private readonly loginChecks: LoginCheck[] = [];
  /** Frozen accounts, held in memory: the route layer asks on every money-moving call. */
  private readonly frozen = new Set<number>();
  private readonly securityProviders: ((uid: number) => Partial<SecurityState>)[] = [];
  private secondFactor: SecondFactor | null = null;
  /** Fund-password guesses being hashed, per user. */
  private readonly fundGuesses = new InFlight();

  constructor(
    private readonly tx: Transactions,
    private readonly repo: AccountRepo,
    readonly sessions: SessionService,
    private readonly codes: VerificationCodes,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly limits: { perAccount: FailureLimiter; perAddress: FailureLimiter },
    private readonly fundPolicy: FundPasswordPolicy,
  ) {}

  /** Loads the frozen accounts (at start). */
  loadFrozen(): void {
    this.frozen.clear();
    for (const uid of this.repo.frozenUids()) this.frozen.add(uid);
  }

  isFrozen(uid: number): boolean {
    return this.frozen.has(uid);
  }

  /** Freezes an account: it can sign in and see, but every money-moving call is refused (ACCOUNT_FROZEN). */
  freeze(uid: number, reason: string): UserRow {
    return this.tx.run(() => {
      const user = this.requireUser(uid);
      if (user.frozen_at !== null) throw new DomainError('ALREADY_HANDLED');
      this.repo.setFrozen(uid, this.clock.now(), reason);
      this.frozen.add(uid);
      this.tx.afterRollback(() => this.frozen.delete(uid));
      return this.requireUser(uid);
    });
  }

  unfreeze(uid: number): UserRow {
    return this.tx.run(() => {
      const user = this.requireUser(uid);
      if (user.frozen_at === null) throw new DomainError('ALREADY_HANDLED');
      this.repo.setFrozen(uid, null, null);
      this.frozen.delete(uid);
      this.tx.afterRollback(() => this.frozen.add(uid));
      return this.requireUser(uid);
    });
  }

  /** Operators' look-up: an exact uid or invitation code, or the start of an email or phone number. */
  search(text: string, limit = 50): UserRow[] {
    const query = text.trim();
    if (query === '') return [];
    return this.repo.search(query, limit);
  }

  /** Every user's uid, oldest first (scheduled evaluations over all accounts: membership by holdings). */
  allUids(): number[] {
    return this.repo.allUids();
  }

  /** Users in all and those registered since `since` (the operators' dashboard). */
  countUsers(since: number): { total: number; since: number } {
    return this.repo.countUsers(since);
  }

  addLoginCheck(check: LoginCheck): void {
    this.loginChecks.push(check);
  }

  /** Lets a module report part of the security state shown in the profile (two-factor, identity). */
  addSecurityProvider(provider: (uid: number) => Partial<SecurityState>): void {
    this.securityProviders.push(provider);
  }

  useSecondFactor(secondFactor: SecondFactor): void {
    this.secondFactor = secondFactor;
  }

  /**
   * For sensitive actions (withdrawals, disabling protections): when the user has two-factor enabled, a valid code
   * is required (TWO_FACTOR_REQUIRED without one). Users without it pass.
   */
  requireSecondFactor(uid: number, code: string | undefined): void {
    if (!this.secondFactor?.isEnabled(uid)) return;
    if (code === undefined || code === '') throw new DomainError('TWO_FACTOR_REQUIRED');
    this.secondFactor.verify(uid, code);
  }

  getUser(uid: number): UserRow | undefined {
    return this.repo.findByUid(uid);
  }

  /** Inviters by uid, as far as asked: an inviter is set when the account is created and never changes. */
  private readonly inviters = new Map<number, number | null>();

  /**
   * Who invited the user (null: nobody, or no such user). Asked for every fee a trade charges (rebates): answered
   * from memory after the first time.
   */
  inviterOf(uid: number): number | null {
    const known = this.inviters.get(uid);
    if (known !== undefined) return known;
    const row = this.repo.findByUid(uid);
    const inviter = row?.inviter_uid ?? null;
    // An unknown uid is not remembered: the account may be created later under it.
    if (row) this.inviters.set(uid, inviter);
    return inviter;
  }

  /** The users who registered with this user's invitation code, newest first (invitations and rebates read it). */
  invitees(uid: number): UserRow[] {
    return this.repo.invitees(uid);
  }

  requireUser(uid: number): UserRow {
    const user = this.repo.findByUid(uid);
    if (!user) throw new DomainError('USER_NOT_FOUND');
    return user;
  }

  findByAccount(account: string): UserRow | undefined {
    return this.repo.findByAccount(account);
  }

  async sendCode(
    account: string,
    scene: CodeScene,
    lang: Lang,
    ip: string | null,
  ): Promise<{ sentTo: string; resendAfter: number }> {
    const existing = this.repo.findByAccount(account);
    if (scene === 'register' && existing) throw new DomainError('ACCOUNT_EXISTS');
    if (scene === 'bind' && existing) throw new DomainError('ALREADY_BOUND');
    if ((scene === 'reset' || scene === 'security') && !existing) throw new DomainError('USER_NOT_FOUND');
    if (existing?.status === 'disabled') throw new DomainError('ACCOUNT_DISABLED');
    const { resendAfter } = await this.codes.send(account, scene, lang, ip);
    return { sentTo: maskAccount(account), resendAfter };
  }

  /**
   * Sends a security code to one of the user's own bound addresses: `to` names which, else the email (or the phone
   * when no email is bound).
   */
  async sendSecurityCode(
    uid: number,
    lang: Lang,
    ip: string | null,
    to?: ContactKind,
  ): Promise<{ sentTo: string; resendAfter: number }> {
    const target = this.securityTarget(uid, to);
    const { resendAfter } = await this.codes.send(target, 'security', lang, ip);
    return { sentTo: maskAccount(target), resendAfter };
  }

  checkSecurityCode(uid: number, code: string, to?: ContactKind): number {
    return this.codes.check(this.securityTarget(uid, to), 'security', code);
  }

  private securityTarget(uid: number, to: ContactKind | undefined): string {
    const user = this.requireUser(uid);
    const target = to === undefined ? (user.email ?? user.phone) : user[to];
    if (!target) throw new DomainError('ACCOUNT_NOT_BOUND');
    return target;
  }

  /** When the bound email or phone was last replaced (withdrawals wait 24 hours after it). */
  contactChangedAt(uid: number): number | null {
    return this.requireUser(uid).contact_changed_at;
  }

  consumeCode(codeId: number): void {
    this.codes.consume(codeId);
  }

  /**
   * Registers a user and logs them in. `form` is which screen they used: the newer one requires an invitation code,
   * the older one (record-register) accepts none.
   */
  async register(body: RegisterOpenBody, form: 'invite' | 'open', meta: SessionMeta): Promise<LoginResult> {
    if (this.repo.findByAccount(body.account)) throw new DomainError('ACCOUNT_EXISTS');
    const inviteCode = body.inviteCode?.trim() ?? '';
    if (form === 'invite' && inviteCode === '') throw new DomainError('INVITATION_CODE_REQUIRED');
    const inviter = inviteCode === '' ? undefined : this.repo.findByInviteCode(inviteCode);
    if (inviteCode !== '' && !inviter) throw new DomainError('INVALID_INVITATION_CODE');
    const codeId = this.codes.check(body.account, 'register', body.code);
    const passwordHash = await hashPassword(body.password);

    const { uid, session } = this.tx.run(() => {
      // Re-check inside the transaction: another request may have registered the account while we hashed.
      if (this.repo.findByAccount(body.account)) throw new DomainError('ACCOUNT_EXISTS');
      this.codes.consume(codeId);
      const uid = this.repo.insertUser({
        email: body.account.includes('@') ? body.account : null,
        phone: body.account.includes('@') ? null : body.account,
        passwordHash,
        inviteCode: this.freshInviteCode(),
        inviterUid: inviter?.uid ?? null,
        registerForm: form,
        createdAt: this.clock.now(),
      });
      this.events.emit('user.registered', { uid, inviterUid: inviter?.uid ?? null });
      const session = this.sessions.create(uid, meta);
      return { uid, session };
    });
    return { token: session.token, uid, expiresAt: session.expiresAt, user: this.profile(uid) };
  }

  /** Creates a user directly (demo data, tests); the same rules as registration except the code. */
  async createUser(input: {
    account: string;
    password: string;
    inviteCode?: string;
    inviterUid?: number | null;
    nickname?: string | null;
  }): Promise<number> {
    const passwordHash = await hashPassword(input.password);
    return this.tx.run(() => {
      if (this.repo.findByAccount(input.account)) throw new DomainError('ACCOUNT_EXISTS');
      const uid = this.repo.insertUser({
        email: input.account.includes('@') ? input.account : null,
        phone: input.account.includes('@') ? null : input.account,
        passwordHash,
        inviteCode: input.inviteCode ?? this.freshInviteCode(),
        inviterUid: input.inviterUid ?? null,
        registerForm: 'system',
        createdAt: this.clock.now(),
      });
      if (input.nickname) this.repo.setNickname(uid, input.nickname);
      this.events.emit('user.registered', { uid, inviterUid: input.inviterUid ?? null });
      return uid;
    });
  }

  async login(body: LoginBody, meta: SessionMeta): Promise<LoginResult> {
    // The guess takes a slot before the slow hash, in one synchronous step with the lock test: a burst of concurrent
    // guesses is cut off at the limit, and a right password arriving after the lock is refused like any other.
    const attempt = await FailureLimiter.begin([
      { limiter: this.limits.perAccount, key: `account:${body.account}`, resetOnSuccess: true },
      { limiter: this.limits.perAddress, key: `address:${meta.ip ?? 'unknown'}`, resetOnSuccess: false },
    ]);
    let user: UserRow | undefined;
    try {
      user = this.repo.findByAccount(body.account);
      const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), body.password);
      if (!user || !passwordOk) throw new DomainError('WRONG_ACCOUNT_OR_PASSWORD');
      if (user.status === 'disabled') {
        attempt.succeeded();
        throw new DomainError('ACCOUNT_DISABLED');
      }
      for (const check of this.loginChecks) {
        try {
          await check(user, body);
        } catch (error) {
          // The password was right and only the second factor is missing: not a wrong guess.
          if (error instanceof DomainError && error.key === 'TWO_FACTOR_REQUIRED') attempt.succeeded();
          throw error;
        }
      }
      attempt.succeeded();
    } finally {
      attempt.settle();
    }
    const session = this.sessions.create(user.uid, meta);
    return { token: session.token, uid: user.uid, expiresAt: session.expiresAt, user: this.profile(user.uid) };
  }

  logout(sessionId: number): void {
    this.sessions.revoke(sessionId, 'logout');
  }

  /** Forgot password: a code sent to the account proves ownership. Every session is revoked. */
  async resetPassword(body: { account: string; code: string; password: string }): Promise<void> {
    const user = this.repo.findByAccount(body.account);
    if (!user) throw new DomainError('USER_NOT_FOUND');
    const codeId = this.codes.check(body.account, 'reset', body.code);
    const passwordHash = await hashPassword(body.password);
    this.tx.run(() => {
      this.codes.consume(codeId);
      this.applyNewPassword(user.uid, passwordHash);
      this.sessions.revokeAll(user.uid, 'password-reset');
    });
  }

  /** Changes the login password; other sessions are signed out, the caller's own stays. */
  async changePassword(uid: number, sessionId: number, oldPassword: string, newPassword: string): Promise<void> {
    await this.verifyLoginPassword(uid, oldPassword, 'WRONG_OLD_PASSWORD');
    if (oldPassword === newPassword) throw new DomainError('PASSWORD_SAME_AS_OLD');
    const passwordHash = await hashPassword(newPassword);
    this.tx.run(() => {
      this.applyNewPassword(uid, passwordHash);
      this.sessions.revokeAll(uid, 'password-change', sessionId);
    });
  }

  private applyNewPassword(uid: number, passwordHash: string): void {
    const at = this.clock.now();
    this.repo.setPassword(uid, passwordHash, at);
    this.events.emit('user.passwordChanged', { uid, at });
  }

  /**
   * Checks the login password of a signed-in user (before sensitive changes). Guesses are counted like login
   * attempts, per user, before the hash: a stolen session cannot try passwords without limit.
   */
  async verifyLoginPassword(
    uid: number,
    password: string,
    wrong: 'WRONG_LOGIN_PASSWORD' | 'WRONG_OLD_PASSWORD' = 'WRONG_LOGIN_PASSWORD',
  ): Promise<void> {
    const attempt = await FailureLimiter.begin([
      { limiter: this.limits.perAccount, key: `uid:${uid}`, resetOnSuccess: true },
    ]);
    try {
      const user = this.requireUser(uid);
      if (!(await verifyPassword(user.password_hash, password))) throw new DomainError(wrong);
      attempt.succeeded();
    } finally {
      attempt.settle();
    }
  }

  /** When the login password last changed (reset or change), for the 24-hour withdrawal lock. */
  passwordChangedAt(uid: number): number | null {
    return this.requireUser(uid).password_changed_at;
  }

  /** When the fund password was last changed or reset, for the 24-hour withdrawal lock. */
  fundPasswordChangedAt(uid: number): number | null {
    return this.requireUser(uid).fund_password_changed_at;
  }

  hasFundPassword(uid: number): boolean {
    return this.requireUser(uid).fund_password_hash !== null;
  }

  /** Sets the fund password the first time; the login password confirms it is the owner. */
  async setFundPassword(uid: number, loginPassword: string, fundPassword: string): Promise<void> {
    const user = this.requireUser(uid);
    if (user.fund_password_hash !== null) throw new DomainError('ALREADY_HANDLED');
    await this.verifyLoginPassword(uid, loginPassword);
    const hash = await hashPassword(fundPassword);
    this.tx.run(() => {
      // Again inside the transaction: a parallel request may have set it while we hashed.
      if (this.requireUser(uid).fund_password_hash !== null) throw new DomainError('ALREADY_HANDLED');
      this.repo.setFundPassword(uid, hash, null);
    });
  }

  /** Changes the fund password; withdrawals then wait 24 hours. */
  async changeFundPassword(uid: number, oldFundPassword: string, fundPassword: string): Promise<void> {
    await this.verifyFundPassword(uid, oldFundPassword);
    const hash = await hashPassword(fundPassword);
    this.tx.run(() => {
      this.repo.setFundPassword(uid, hash, this.clock.now());
      this.events.emit('user.fundPasswordChanged', { uid, at: this.clock.now() });
    });
  }

  /** Forgotten fund password: a security code sent to the bound account replaces it; withdrawals wait 24 hours. */
  async resetFundPassword(uid: number, code: string, fundPassword: string): Promise<void> {
    const codeId = this.checkSecurityCode(uid, code);
    const hash = await hashPassword(fundPassword);
    this.tx.run(() => {
      this.codes.consume(codeId);
      this.repo.setFundPassword(uid, hash, this.clock.now());
      this.events.emit('user.fundPasswordChanged', { uid, at: this.clock.now() });
    });
  }

  /**
   * Verifies the fund password for a withdrawal, flash transfer or C2C release. A guess takes a slot before the
   * hash, in one synchronous step with the lock test, and never more guesses are hashed at once than tries are
   * left, so concurrent guesses cannot overrun the limit: after five wrong ones every further guess (the right one
   * too) is refused until the lock ends; a right guess clears the count.
   */
  async verifyFundPassword(uid: number, fundPassword: string): Promise<void> {
    const { maxFailures, lockMs } = this.fundPolicy;
    const lockedError = (until: number) =>
      new DomainError('FUND_PASSWORD_LOCKED', { minutes: Math.ceil((until - this.clock.now()) / 60_000) });
    const key = `fund:${uid}`;
    let hash: string;
    for (;;) {
      const gate = this.tx.run((): { hash: string; left: number } | { lockedUntil: number } => {
        const user = this.requireUser(uid);
        if (user.fund_password_hash === null) throw new DomainError('FUND_PASSWORD_NOT_SET');
        const now = this.clock.now();
        const lockedUntil = user.fund_password_locked_until;
        if (lockedUntil !== null && lockedUntil > now) return { lockedUntil };
        // A lock that has ended starts the count afresh.
        if (lockedUntil !== null) this.repo.recordFundFailure(uid, 0, null);
        const failures = lockedUntil !== null ? 0 : user.fund_password_failures;
        return { hash: user.fund_password_hash, left: maxFailures - failures };
      });
      if ('lockedUntil' in gate) throw lockedError(gate.lockedUntil);
      // Never more guesses being hashed than tries left: the rest wait, and are refused if the key locks.
      if (this.fundGuesses.count(key) < gate.left) {
        this.fundGuesses.take(key);
        hash = gate.hash;
        break;
      }
      await this.fundGuesses.wait(key);
    }
    let outcome: { ok: true } | { lockedUntil: number } | { failures: number };
    try {
      const ok = await verifyPassword(hash, fundPassword);
      outcome = this.tx.run(() => {
        const current = this.requireUser(uid);
        const now = this.clock.now();
        if (ok) {
          this.repo.recordFundFailure(uid, 0, null);
          return { ok: true as const };
        }
        const failures = current.fund_password_failures + 1;
        if (failures >= maxFailures) {
          this.repo.recordFundFailure(uid, failures, now + lockMs);
          return { lockedUntil: now + lockMs };
        }
        this.repo.recordFundFailure(uid, failures, null);
        return { failures };
      });
    } finally {
      this.fundGuesses.release(key);
    }
    if ('lockedUntil' in outcome) throw lockedError(outcome.lockedUntil);
    if ('failures' in outcome) {
      throw new DomainError('WRONG_FUND_PASSWORD', { left: Math.max(0, maxFailures - outcome.failures) });
    }
  }

  /**
   * Binds the email or phone number the user does not have yet. The code sent to the new address (scene `bind`)
   * proves it is theirs; the login password and, when on, two-factor prove the request is the owner's — a bound
   * address can reset the password, so a stolen session alone must not be able to add one.
   */
  async bindAccount(
    uid: number,
    body: { account: string; code: string; password: string; totp?: string | undefined },
  ): Promise<UserProfile> {
    const user = this.requireUser(uid);
    const kind = body.account.includes('@') ? 'email' : 'phone';
    if (user[kind] !== null || this.repo.findByAccount(body.account)) throw new DomainError('ALREADY_BOUND');
    await this.verifyLoginPassword(uid, body.password);
    const codeId = this.codes.check(body.account, 'bind', body.code);
    this.tx.run(() => {
      this.requireSecondFactor(uid, body.totp);
      // Again inside the transaction: another account may have bound the address while we checked the password.
      if (this.repo.findByAccount(body.account)) throw new DomainError('ALREADY_BOUND');
      this.codes.consume(codeId);
      if (!this.repo.bindAccount(uid, body.account)) throw new DomainError('ALREADY_BOUND');
    });
    return this.profile(uid);
  }

  /**
   * Replaces the bound email (or phone) with a new one. Proof of both ends — a code sent to the address being
   * replaced and one sent to the new address — and of the owner: the login password and, when on, two-factor. Other
   * sessions are signed out and withdrawals wait 24 hours, as after a password change: the bound address can reset
   * the password, so it is worth as much.
   */
  async changeBound(
    uid: number,
    sessionId: number,
    body: { account: string; code: string; currentCode: string; password: string; totp?: string | undefined },
  ): Promise<UserProfile> {
    const user = this.requireUser(uid);
    const kind: ContactKind = body.account.includes('@') ? 'email' : 'phone';
    const current = user[kind];
    if (current === null) throw new DomainError('ACCOUNT_NOT_BOUND');
    if (this.repo.findByAccount(body.account)) throw new DomainError('ALREADY_BOUND');
    await this.verifyLoginPassword(uid, body.password);
    const currentCodeId = this.codes.check(current, 'security', body.currentCode);
    const codeId = this.codes.check(body.account, 'bind', body.code);
    this.tx.run(() => {
      this.requireSecondFactor(uid, body.totp);
      if (this.repo.findByAccount(body.account)) throw new DomainError('ALREADY_BOUND');
      this.codes.consume(currentCodeId);
      this.codes.consume(codeId);
      if (!this.repo.changeAccount(uid, current, body.account, this.clock.now())) {
        throw new DomainError('ALREADY_HANDLED');
      }
      this.sessions.revokeAll(uid, 'contact-change', sessionId);
    });
    return this.profile(uid);
  }

  /** Sets the public nickname: unique without regard to case, and not one that poses as the exchange. */
  setNickname(uid: number, nickname: string): UserProfile {
    const folded = nickname.toLowerCase().replace(/[\s_.-]/g, '');
    if (RESERVED_NICKNAME_PARTS.some((part) => folded.includes(part))) throw new DomainError('NICKNAME_INVALID');
    this.tx.run(() => {
      const owner = this.repo.nicknameOwner(nickname);
      if (owner !== undefined && owner !== uid) throw new DomainError('NICKNAME_TAKEN');
      this.repo.setNickname(uid, nickname);
    });
    return this.profile(uid);
  }

  /** Points the profile at a new avatar URL and returns the previous one (so its file can be removed). */
  setAvatar(uid: number, avatar: string): string | null {
    return this.tx.run(() => {
      const previous = this.requireUser(uid).avatar;
      this.repo.setAvatar(uid, avatar);
      return previous;
    });
  }

  profile(uid: number): UserProfile {
    const user = this.requireUser(uid);
    let security: SecurityState = {
      twoFactor: false,
      fundPassword: user.fund_password_hash !== null,
      identity: 'unverified',
    };
    for (const provider of this.securityProviders) security = { ...security, ...provider(uid) };
    return {
      uid: user.uid,
      email: user.email ? maskAccount(user.email) : null,
      phone: user.phone ? maskAccount(user.phone) : null,
      nickname: user.nickname,
      avatar: user.avatar,
      inviteCode: user.invite_code,
      createdAt: user.created_at,
      frozen: user.frozen_at !== null,
      security,
    };
  }

  private freshInviteCode(): string {
    for (;;) {
      const code = randomCode(8);
      if (!this.repo.inviteCodeTaken(code)) return code;
    }
  }
}
