import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { dummyPasswordHash, hashPassword, newToken, sha256, verifyPassword } from '../../lib/crypto';
import { DomainError } from '../../lib/errors';
import type { FailureLimiter } from '../account/limiter';

export type OperatorRole = 'admin' | 'reviewer' | 'support';

interface OperatorRow {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
  created_at: number;
}

const OPERATOR_SESSION_MS = 12 * 3600_000;

/**
 * Operators run the exchange (reviews, approvals, content). They have their own accounts and sessions, separate
 * from users, and every change they make is written to the audit table.
 */
export class OperatorService {
  private readonly q;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: FailureLimiter,
  ) {
    this.q = {
      byEmail: db.prepare<[string], OperatorRow>('SELECT * FROM operators WHERE email = ?'),
      byId: db.prepare<[number], OperatorRow>('SELECT * FROM operators WHERE id = ?'),
      insert: db.prepare('INSERT INTO operators (email, name, password_hash, role, created_at) VALUES (?, ?, ?, ?, ?)'),
      insertSession: db.prepare(
        'INSERT INTO operator_sessions (operator_id, token_hash, ip, created_at, last_used_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      session: db.prepare<
        [Buffer],
        {
          id: number;
          operator_id: number;
          expires_at: number;
          revoked_at: number | null;
          role: OperatorRole;
          status: string;
        }
      >(
        `SELECT s.id, s.operator_id, s.expires_at, s.revoked_at, o.role, o.status
         FROM operator_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.token_hash = ?`,
      ),
      revoke: db.prepare('UPDATE operator_sessions SET revoked_at = ? WHERE id = ?'),
      audit: db.prepare(
        'INSERT INTO operator_audit (operator_id, action, subject, detail, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
    };
  }

  /** Creates the configured first operator when there is none with that email. */
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

  async login(
    email: string,
    password: string,
    ip: string,
  ): Promise<{
    token: string;
    expiresAt: number;
    operator: { id: number; email: string; name: string; role: OperatorRole };
  }> {
    const key = `operator:${email}`;
    this.limiter.assertOpen(key);
    this.limiter.assertOpen(`operator-address:${ip}`);
    const row = this.q.byEmail.get(email);
    const ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), password);
    if (!row || !ok) {
      this.limiter.fail(key);
      this.limiter.fail(`operator-address:${ip}`);
      throw new DomainError('WRONG_ACCOUNT_OR_PASSWORD');
    }
    if (row.status !== 'active') throw new DomainError('ACCOUNT_DISABLED');
    this.limiter.reset(key);
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = now + OPERATOR_SESSION_MS;
    this.q.insertSession.run(row.id, sha256(token), ip, now, now, expiresAt);
    this.audit(row.id, 'operator.login', null, { ip });
    return { token, expiresAt, operator: { id: row.id, email: row.email, name: row.name, role: row.role } };
  }

  resolve(token: string): { operatorId: number; sessionId: number; role: OperatorRole } | null {
    const row = this.q.session.get(sha256(token));
    if (!row || row.revoked_at !== null || row.expires_at <= this.clock.now() || row.status !== 'active') return null;
    return { operatorId: row.operator_id, sessionId: row.id, role: row.role };
  }

  logout(sessionId: number): void {
    this.q.revoke.run(this.clock.now(), sessionId);
  }

  profile(operatorId: number): { id: number; email: string; name: string; role: OperatorRole } {
    const row = this.q.byId.get(operatorId);
    if (!row) throw new DomainError('NOT_FOUND');
    return { id: row.id, email: row.email, name: row.name, role: row.role };
  }

  /** Records an operator action; call it inside the transaction that makes the change. */
  audit(operatorId: number, action: string, subject: string | null, detail: unknown): void {
    this.q.audit.run(
      operatorId,
      action,
      subject,
      detail === undefined ? null : JSON.stringify(detail),
      this.clock.now(),
    );
  }

  get database(): Db {
    return this.db;
  }
}
