import type { CodeScene, Lang, LoginBody, LoginResult, RegisterOpenBody, UserProfile } from '@bourse/contract';
import type { Clock } from '../../lib/clock';
import { dummyPasswordHash, hashPassword, randomCode, verifyPassword } from '../../lib/crypto';
import { DomainError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Transactions } from '../../lib/tx';
import type { VerificationCodes } from './codes';
import type { FailureLimiter } from './limiter';
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
  private readonly securityProviders: ((uid: number) => Partial<SecurityState>)[] = [];
  private secondFactor: SecondFactor | null = null;

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

  requireUser(uid: number): UserRow {
    const user = this.repo.findByUid(uid);
    if (!user) throw new DomainError('USER_NOT_FOUND');
    return user;
  }

  findByAccount(account: string): UserRow | undefined {
    return this.repo.findByAccount(account);
  }

  async sendCode(account: string, scene: CodeScene, lang: Lang): Promise<{ sentTo: string; resendAfter: number }> {
    const existing = this.repo.findByAccount(account);
    if (scene === 'register' && existing) throw new DomainError('ACCOUNT_EXISTS');
    if (scene === 'bind' && existing) throw new DomainError('ALREADY_BOUND');
    if ((scene === 'reset' || scene === 'security') && !existing) throw new DomainError('USER_NOT_FOUND');
    if (existing?.status === 'disabled') throw new DomainError('ACCOUNT_DISABLED');
    const { resendAfter } = await this.codes.send(account, scene, lang);
    return { sentTo: maskAccount(account), resendAfter };
  }

  /**
   * Sends a security code to one of the user's own bound addresses: `to` names which, else the email (or the phone
   * when no email is bound).
   */
  async sendSecurityCode(uid: number, lang: Lang, to?: ContactKind): Promise<{ sentTo: string; resendAfter: number }> {
    const target = this.securityTarget(uid, to);
    const { resendAfter } = await this.codes.send(target, 'security', lang);
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
    const accountKey = `account:${body.account}`;
    const addressKey = `address:${meta.ip ?? 'unknown'}`;
    this.limits.perAccount.assertOpen(accountKey);
    this.limits.perAddress.assertOpen(addressKey);

    const user = this.repo.findByAccount(body.account);
    const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), body.password);
    if (!user || !passwordOk) {
      this.limits.perAccount.fail(accountKey);
      this.limits.perAddress.fail(addressKey);
      throw new DomainError('WRONG_ACCOUNT_OR_PASSWORD');
    }
    if (user.status === 'disabled') throw new DomainError('ACCOUNT_DISABLED');
    for (const check of this.loginChecks) {
      try {
        await check(user, body);
      } catch (error) {
        if (error instanceof DomainError && error.key !== 'TWO_FACTOR_REQUIRED') {
          this.limits.perAccount.fail(accountKey);
          this.limits.perAddress.fail(addressKey);
        }
        throw error;
      }
    }
    this.limits.perAccount.reset(accountKey);
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
    const user = this.requireUser(uid);
    if (!(await verifyPassword(user.password_hash, oldPassword))) throw new DomainError('WRONG_OLD_PASSWORD');
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

  async verifyLoginPassword(uid: number, password: string): Promise<void> {
    const user = this.requireUser(uid);
    if (!(await verifyPassword(user.password_hash, password))) throw new DomainError('WRONG_LOGIN_PASSWORD');
  }

  /** When the login password last changed (reset or change), for the 24-hour withdrawal lock. */
  passwordChangedAt(uid: number): number | null {
    return this.requireUser(uid).password_changed_at;
  }

  hasFundPassword(uid: number): boolean {
    return this.requireUser(uid).fund_password_hash !== null;
  }

  /** Sets the fund password the first time; the login password confirms it is the owner. */
  async setFundPassword(uid: number, loginPassword: string, fundPassword: string): Promise<void> {
    const user = this.requireUser(uid);
    if (user.fund_password_hash !== null) throw new DomainError('ALREADY_HANDLED');
    if (!(await verifyPassword(user.password_hash, loginPassword))) throw new DomainError('WRONG_LOGIN_PASSWORD');
    const hash = await hashPassword(fundPassword);
    this.tx.run(() => {
      // Again inside the transaction: a parallel request may have set it while we hashed.
      if (this.requireUser(uid).fund_password_hash !== null) throw new DomainError('ALREADY_HANDLED');
      this.repo.setFundPassword(uid, hash);
    });
  }

  async changeFundPassword(uid: number, oldFundPassword: string, fundPassword: string): Promise<void> {
    await this.verifyFundPassword(uid, oldFundPassword);
    const hash = await hashPassword(fundPassword);
    this.tx.run(() => this.repo.setFundPassword(uid, hash));
  }

  /** Forgotten fund password: a security code sent to the bound account replaces it. */
  async resetFundPassword(uid: number, code: string, fundPassword: string): Promise<void> {
    const codeId = this.checkSecurityCode(uid, code);
    const hash = await hashPassword(fundPassword);
    this.tx.run(() => {
      this.codes.consume(codeId);
      this.repo.setFundPassword(uid, hash);
    });
  }

  /**
   * Verifies the fund password for a withdrawal, flash transfer or C2C release. Five wrong tries lock it for the
   * configured period; a right one clears the count.
   */
  async verifyFundPassword(uid: number, fundPassword: string): Promise<void> {
    const user = this.requireUser(uid);
    if (user.fund_password_hash === null) throw new DomainError('FUND_PASSWORD_NOT_SET');
    const now = this.clock.now();
    if (user.fund_password_locked_until !== null && user.fund_password_locked_until > now) {
      throw new DomainError('FUND_PASSWORD_LOCKED', {
        minutes: Math.ceil((user.fund_password_locked_until - now) / 60_000),
      });
    }
    const ok = await verifyPassword(user.fund_password_hash, fundPassword);
    // Re-read after the await: a parallel request may have counted a failure meanwhile.
    const current = this.requireUser(uid);
    if (ok) {
      if (current.fund_password_failures !== 0) this.tx.run(() => this.repo.recordFundFailure(uid, 0, null));
      return;
    }
    const failures = current.fund_password_failures + 1;
    if (failures >= this.fundPolicy.maxFailures) {
      this.tx.run(() => this.repo.recordFundFailure(uid, 0, now + this.fundPolicy.lockMs));
      throw new DomainError('FUND_PASSWORD_LOCKED', { minutes: Math.ceil(this.fundPolicy.lockMs / 60_000) });
    }
    this.tx.run(() => this.repo.recordFundFailure(uid, failures, null));
    throw new DomainError('WRONG_FUND_PASSWORD', { left: this.fundPolicy.maxFailures - failures });
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
