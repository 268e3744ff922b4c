import { randomBytes } from 'node:crypto';
import {
  type AuditEntry,
  type OperatorProfile,
  type OperatorRole,
  type OperatorSummary,
  ROLE_PERMISSIONS,
} from '@bourse/contract';
import type { Db } from '../../db/database';
import type { AuditTrail, AuditEntry as AuditRecord } from '../../http/routes';
import type { Clock } from '../../lib/clock';
import type { Transactions } from '../../lib/tx';
import { dummyPasswordHash, hashPassword, newToken, sha256, verifyPassword } from '../../lib/crypto';
import { DomainError } from '../../lib/errors';
import { FailureLimiter } from '../../lib/limiter';
import type { SecretBox } from '../../lib/secret-box';
import { base32Encode, matchStep, newTotpSecret, otpauthUrl } from '../../lib/totp';

interface OperatorRow {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
  created_at: number;
  totp_secret_sealed: string | null;
  totp_enabled_at: number | null;
  totp_last_step: number;
  last_login_at: number | null;
}

/** A session opened by the password alone may only set up two-factor; the first code makes it whole. */
export type OperatorSessionStage = 'setup' | 'full';

export interface OperatorSession {
  operatorId: number;
  sessionId: number;
  role: OperatorRole;
  stage: OperatorSessionStage;
}

interface AuditRow {
  id: number;
  operator_id: number;
  operator_email: string;
  role: OperatorRole;
  route: string;
  target: string | null;
  change: string | null;
  result: string | null;
  ip: string | null;
  outcome: 'done' | 'refused';
  created_at: number;
}

/** An operator session lasts 12 hours at most, and ends after 30 minutes without a call. */
const OPERATOR_SESSION_MS = 12 * 3600_000;
const OPERATOR_IDLE_MS = 30 * 60_000;
/** The issuer the authenticator app shows. */
const TOTP_ISSUER = 'Bourse Console';

interface AuditFilter {
  operatorId: number | null;
  /** A route prefix with LIKE's wildcards escaped. */
  route: string | null;
  target: string | null;
  outcome: 'done' | 'refused' | null;
}

const AUDIT_WHERE = `(@operatorId IS NULL OR a.operator_id = @operatorId)
  AND (@route IS NULL OR a.route LIKE @route || '%' ESCAPE '\\')
  AND (@target IS NULL OR a.target = @target) AND (@outcome IS NULL OR a.outcome = @outcome)`;

/** The first operator's account, and whether its password was generated at this start (to print it once). */
export interface FirstOperator {
  id: number;
  generatedPassword: string | null;
}

/**
 * Operators run the exchange (reviews, approvals, content). They have their own accounts and sessions, separate
 * from users, a role that names what they may do, and an append-only audit log that the route layer writes in the
 * same transaction as every action.
 */
export class OperatorService implements AuditTrail {
  private readonly q;
  private generated: { email: string; password: string } | null = null;

  constructor(
    db: Db,
    private readonly tx: Transactions,
    private readonly clock: Clock,
    private readonly limiter: FailureLimiter,
    /** Seals the operators' two-factor secrets at rest. */
    private readonly box: SecretBox,
    private readonly first: { email: string; password: string | undefined } = {
      email: 'admin@bourse.local',
      password: undefined,
    },
  ) {
    this.q = {
      byEmail: db.prepare<[string], OperatorRow>('SELECT * FROM operators WHERE email = ?'),
      byId: db.prepare<[number], OperatorRow>('SELECT * FROM operators WHERE id = ?'),
      count: db.prepare<[], number>('SELECT COUNT(*) FROM operators').pluck(),
      insert: db.prepare('INSERT INTO operators (email, name, password_hash, role, created_at) VALUES (?, ?, ?, ?, ?)'),
      all: db.prepare<[], OperatorRow>('SELECT * FROM operators ORDER BY id'),
      activeAdmins: db
        .prepare<[], number>("SELECT COUNT(*) FROM operators WHERE role = 'admin' AND status = 'active'")
        .pluck(),
      update: db.prepare<{ id: number; name: string; role: OperatorRole; status: string }>(
        'UPDATE operators SET name = @name, role = @role, status = @status WHERE id = @id',
      ),
      setPassword: db.prepare<[string, number]>('UPDATE operators SET password_hash = ? WHERE id = ?'),
      setTotp: db.prepare<[string | null, number | null, number]>(
        'UPDATE operators SET totp_secret_sealed = ?, totp_enabled_at = ?, totp_last_step = 0 WHERE id = ?',
      ),
      acceptStep: db.prepare<[number, number]>('UPDATE operators SET totp_last_step = ? WHERE id = ?'),
      loggedIn: db.prepare<[number, number]>('UPDATE operators SET last_login_at = ? WHERE id = ?'),
      insertSession: db.prepare(
        `INSERT INTO operator_sessions (operator_id, token_hash, ip, created_at, last_used_at, expires_at, stage)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      session: db.prepare<
        [Buffer],
        {
          id: number;
          operator_id: number;
          expires_at: number;
          last_used_at: number;
          revoked_at: number | null;
          stage: OperatorSessionStage;
          role: OperatorRole;
          status: string;
        }
      >(
        `SELECT s.id, s.operator_id, s.expires_at, s.last_used_at, s.revoked_at, s.stage, o.role, o.status
         FROM operator_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.token_hash = ?`,
      ),
      touch: db.prepare<[number, number]>('UPDATE operator_sessions SET last_used_at = ? WHERE id = ?'),
      completeSession: db.prepare<[number]>("UPDATE operator_sessions SET stage = 'full' WHERE id = ?"),
      revoke: db.prepare('UPDATE operator_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
      revokeOthers: db.prepare<[number, number, number]>(
        'UPDATE operator_sessions SET revoked_at = ? WHERE operator_id = ? AND id <> ? AND revoked_at IS NULL',
      ),
      revokeAll: db.prepare<[number, number]>(
        'UPDATE operator_sessions SET revoked_at = ? WHERE operator_id = ? AND revoked_at IS NULL',
      ),
      audit: db.prepare(
        `INSERT INTO operator_audit (operator_id, role, route, target, change, result, ip, outcome, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      auditPage: db.prepare<[AuditFilter & { limit: number; offset: number }], AuditRow>(
        `SELECT a.*, o.email AS operator_email FROM operator_audit a JOIN operators o ON o.id = a.operator_id
         WHERE ${AUDIT_WHERE} ORDER BY a.id DESC LIMIT @limit OFFSET @offset`,
      ),
      auditCount: db
        .prepare<[AuditFilter], number>(`SELECT COUNT(*) FROM operator_audit a WHERE ${AUDIT_WHERE}`)
        .pluck(),
    };
  }

  /** Creates an operator when none has that email. */
  async ensureOperator(
    email: string,
    password: string,
    name = 'Operator',
    role: OperatorRole = 'admin',
  ): Promise<number> {
    const existing = this.q.byEmail.get(email);
    if (existing) return existing.id;
    const hash = await hashPassword(password);
    return Number(this.q.insert.run(email, name, hash, role, this.clock.now()).lastInsertRowid);
  }

  /**
   * The first operator, on first start: with the configured password, or — when none is configured — a random one
   * that is kept (in memory only) for the start-up output to print once (`takeGeneratedPassword`) and stored only as
   * its hash. There is no default password.
   */
  async ensureFirstOperator(
    email: string = this.first.email,
    configuredPassword: string | undefined = this.first.password,
  ): Promise<FirstOperator> {
    if (this.q.count.get() !== 0) return { id: this.q.byEmail.get(email)?.id ?? 0, generatedPassword: null };
    const password = configuredPassword ?? randomBytes(15).toString('base64url');
    const id = await this.ensureOperator(email, password, 'Administrator', 'admin');
    const generatedPassword = configuredPassword === undefined ? password : null;
    this.generated = generatedPassword === null ? null : { email, password: generatedPassword };
    return { id, generatedPassword };
  }

  /** The first operator's generated password, once (then forgotten). */
  takeGeneratedPassword(): { email: string; password: string } | null {
    const generated = this.generated;
    this.generated = null;
    return generated;
  }

  /**
   * Signs an operator in. With two-factor on, the code is required and the session is whole; on the first sign-in
   * (two-factor not set up yet) the session may only set it up (`twoFactor: 'setup'`).
   */
  async login(
    email: string,
    password: string,
    ip: string,
    totp?: string,
  ): Promise<{ token: string; expiresAt: number; operator: OperatorProfile; twoFactor: 'on' | 'setup' }> {
    const accountKey = `operator:${email}`;
    const addressKey = `operator-address:${ip}`;
    // A slot is taken before the slow hash, in the same synchronous step as the lock test: concurrent guesses
    // cannot all be hashed before the first failure is counted.
    const attempt = await FailureLimiter.begin([
      { limiter: this.limiter, key: accountKey, resetOnSuccess: true },
      { limiter: this.limiter, key: addressKey, resetOnSuccess: false },
    ]);
    let row: OperatorRow | undefined;
    try {
      row = this.q.byEmail.get(email);
      const ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), password);
      if (!row || !ok) throw new DomainError('WRONG_ACCOUNT_OR_PASSWORD');
      if (row.totp_enabled_at !== null) {
        if (!totp) {
          // The password was right; only the code is missing.
          attempt.succeeded();
          throw new DomainError('TWO_FACTOR_REQUIRED');
        }
        this.checkCode(row, totp);
      }
      attempt.succeeded();
    } finally {
      attempt.settle();
    }
    if (row.status !== 'active') throw new DomainError('ACCOUNT_DISABLED');
    const stage: OperatorSessionStage = row.totp_enabled_at !== null ? 'full' : 'setup';
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = now + OPERATOR_SESSION_MS;
    this.tx.run(() => {
      this.q.insertSession.run(row.id, sha256(token), ip, now, now, expiresAt, stage);
      this.q.loggedIn.run(now, row.id);
    });
    return { token, expiresAt, operator: this.profileOf(row), twoFactor: stage === 'full' ? 'on' : 'setup' };
  }

  /**
   * Checks an authenticator code (±1 step, never the same step twice) and records its step; wrong codes count
   * towards a lock. Returns the step.
   */
  private checkCode(row: OperatorRow, code: string): number {
    if (!/^\d{6}$/.test(code)) throw new DomainError('TWO_FACTOR_FORMAT');
    if (row.totp_secret_sealed === null) throw new DomainError('TWO_FACTOR_NOT_ENABLED');
    const key = `operator-totp:${row.id}`;
    this.limiter.assertOpen(key);
    const secret = this.box.open(row.totp_secret_sealed);
    const now = this.clock.now();
    const step = matchStep(secret, code, now, { window: 1, notAfterStep: row.totp_last_step });
    if (step === null) {
      if (matchStep(secret, code, now, { window: 1, notAfterStep: -1 }) !== null) {
        throw new DomainError('TWO_FACTOR_CODE_USED');
      }
      this.limiter.fail(key);
      throw new DomainError('WRONG_TWO_FACTOR_CODE');
    }
    this.limiter.reset(key);
    this.tx.run(() => this.q.acceptStep.run(step, row.id));
    return step;
  }

  /** First sign-in: a new secret for the authenticator (replacing one not yet confirmed). */
  setupTwoFactor(operatorId: number): { secret: string; otpauthUrl: string } {
    const row = this.requireOperator(operatorId);
    if (row.totp_enabled_at !== null) throw new DomainError('ALREADY_HANDLED');
    const secret = newTotpSecret();
    this.tx.run(() => this.q.setTotp.run(this.box.seal(secret), null, operatorId));
    const base32 = base32Encode(secret);
    return { secret: base32, otpauthUrl: otpauthUrl(TOTP_ISSUER, row.email, base32) };
  }

  /** Turns two-factor on with a first code; the session that set it up becomes whole. */
  enableTwoFactor(operatorId: number, sessionId: number, code: string): OperatorProfile {
    const row = this.requireOperator(operatorId);
    if (row.totp_enabled_at !== null) throw new DomainError('ALREADY_HANDLED');
    if (row.totp_secret_sealed === null) throw new DomainError('TWO_FACTOR_NOT_ENABLED');
    const step = this.checkCode(row, code);
    this.tx.run(() => {
      this.q.setTotp.run(row.totp_secret_sealed, this.clock.now(), operatorId);
      this.q.acceptStep.run(step, operatorId);
      this.q.completeSession.run(sessionId);
    });
    return this.profile(operatorId);
  }

  resolve(token: string): OperatorSession | null {
    if (token.length < 20 || token.length > 128) return null;
    const row = this.q.session.get(sha256(token));
    const now = this.clock.now();
    if (!row || row.revoked_at !== null || row.expires_at <= now || row.status !== 'active') return null;
    if (now - row.last_used_at > OPERATOR_IDLE_MS) return null;
    this.q.touch.run(now, row.id);
    return { operatorId: row.operator_id, sessionId: row.id, role: row.role, stage: row.stage };
  }

  logout(sessionId: number): void {
    this.q.revoke.run(this.clock.now(), sessionId);
  }

  profile(operatorId: number): OperatorProfile {
    return this.profileOf(this.requireOperator(operatorId));
  }

  private requireOperator(operatorId: number): OperatorRow {
    const row = this.q.byId.get(operatorId);
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }

  // ---- managing operators (permission operators.manage) ----------------------------------------------------------

  list(): OperatorSummary[] {
    return this.q.all.all().map((row) => this.summaryOf(row));
  }

  /** A generated password and its hash (slow: done before the transaction that stores it). */
  async generatePassword(): Promise<{ password: string; hash: string }> {
    const password = randomBytes(15).toString('base64url');
    return { password, hash: await hashPassword(password) };
  }

  /** A new operator with a generated password, returned this once (only its hash is kept). */
  create(
    input: { email: string; name: string; role: OperatorRole },
    generated: { password: string; hash: string },
  ): { operator: OperatorSummary; password: string } {
    return this.tx.run(() => {
      if (this.q.byEmail.get(input.email)) throw new DomainError('ACCOUNT_EXISTS');
      const id = Number(
        this.q.insert.run(input.email, input.name, generated.hash, input.role, this.clock.now()).lastInsertRowid,
      );
      return { operator: this.summaryOf(this.requireOperator(id)), password: generated.password };
    });
  }

  /**
   * Changes an operator's name, role or status. Nobody changes their own role or status, and at least one active
   * admin remains. Disabling ends the operator's sessions.
   */
  update(
    actorId: number,
    id: number,
    change: { name?: string | undefined; role?: OperatorRole | undefined; status?: 'active' | 'disabled' | undefined },
  ): OperatorSummary {
    return this.tx.run(() => {
      const row = this.requireOperator(id);
      const role = change.role ?? row.role;
      const status = change.status ?? row.status;
      if (id === actorId && (role !== row.role || status !== row.status)) throw new DomainError('OPERATOR_SELF_CHANGE');
      this.q.update.run({ id, name: change.name ?? row.name, role, status });
      if (this.q.activeAdmins.get() === 0) throw new DomainError('LAST_ADMIN');
      if (status === 'disabled') this.q.revokeAll.run(this.clock.now(), id);
      return this.summaryOf(this.requireOperator(id));
    });
  }

  /** A new generated password for an operator (returned once); their sessions end. */
  resetPassword(
    id: number,
    generated: { password: string; hash: string },
  ): { operator: OperatorSummary; password: string } {
    return this.tx.run(() => {
      this.requireOperator(id);
      this.q.setPassword.run(generated.hash, id);
      this.q.revokeAll.run(this.clock.now(), id);
      return { operator: this.summaryOf(this.requireOperator(id)), password: generated.password };
    });
  }

  /**
   * An operator's own new password: checked against the current one (slow hash) and hashed before the transaction
   * (`prepare`), then stored with an authenticator code; the operator's other sessions end.
   */
  async preparePasswordChange(operatorId: number, current: string, next: string): Promise<string> {
    const key = `operator-password:${operatorId}`;
    this.limiter.assertOpen(key);
    const row = this.requireOperator(operatorId);
    if (!(await verifyPassword(row.password_hash, current))) {
      this.limiter.fail(key);
      throw new DomainError('WRONG_OLD_PASSWORD');
    }
    this.limiter.reset(key);
    if (current === next) throw new DomainError('PASSWORD_SAME_AS_OLD');
    return hashPassword(next);
  }

  changePassword(operatorId: number, sessionId: number, code: string, hash: string): null {
    return this.tx.run(() => {
      this.checkCode(this.requireOperator(operatorId), code);
      this.q.setPassword.run(hash, operatorId);
      this.q.revokeOthers.run(this.clock.now(), operatorId, sessionId);
      return null;
    });
  }

  /** Clears an operator's two-factor: they set it up again at the next sign-in; their sessions end. */
  resetTwoFactor(id: number): OperatorSummary {
    return this.tx.run(() => {
      this.requireOperator(id);
      this.q.setTotp.run(null, null, id);
      this.q.revokeAll.run(this.clock.now(), id);
      return this.summaryOf(this.requireOperator(id));
    });
  }

  private summaryOf(row: OperatorRow): OperatorSummary {
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      status: row.status,
      twoFactor: row.totp_enabled_at !== null,
      createdAt: row.created_at,
      lastLoginAt: row.last_login_at,
    };
  }

  private profileOf(row: OperatorRow): OperatorProfile {
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      permissions: [...ROLE_PERMISSIONS[row.role]],
    };
  }

  /** Appends one audit row; the route layer calls it inside the action's own transaction. */
  record(entry: AuditRecord): void {
    this.q.audit.run(
      entry.operatorId,
      entry.role,
      entry.route,
      entry.target,
      entry.change === undefined ? null : JSON.stringify(entry.change),
      entry.result === undefined ? null : JSON.stringify(entry.result),
      entry.ip,
      entry.outcome,
      this.clock.now(),
    );
  }

  auditLog(query: {
    operatorId?: number | undefined;
    route?: string | undefined;
    target?: string | undefined;
    outcome?: 'done' | 'refused' | undefined;
    page: number;
    size: number;
  }): { list: AuditEntry[]; total: number; page: number; size: number } {
    const filter: AuditFilter = {
      operatorId: query.operatorId ?? null,
      route: query.route ? query.route.replace(/[\\%_]/g, (c) => `\\${c}`) : null,
      target: query.target ?? null,
      outcome: query.outcome ?? null,
    };
    const rows = this.q.auditPage.all({ ...filter, limit: query.size, offset: (query.page - 1) * query.size });
    return {
      list: rows.map((r) => ({
        id: r.id,
        operatorId: r.operator_id,
        operatorEmail: r.operator_email,
        role: r.role,
        route: r.route,
        target: r.target,
        change: r.change === null ? null : (JSON.parse(r.change) as unknown),
        result: r.result === null ? null : (JSON.parse(r.result) as unknown),
        ip: r.ip,
        outcome: r.outcome,
        createdAt: r.created_at,
      })),
      total: this.q.auditCount.get(filter) ?? 0,
      page: query.page,
      size: query.size,
    };
  }
}
