import type { TwoFactorReset, TwoFactorResetStatus } from '@bourse/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { AccountService } from '../account';
import type { SecurityRepo } from './repo';

interface ResetRow {
  id: number;
  uid: number;
  reason: string;
  status: TwoFactorResetStatus;
  proposed_by: number;
  proposed_at: number;
  decided_by: number | null;
  decided_at: number | null;
  note: string | null;
}

interface ListFilter {
  status: string | null;
  uid: number | null;
}

function createResetRepo(db: Db) {
  const q = {
    insert: db.prepare<[number, string, number, number]>(
      `INSERT INTO two_factor_resets (uid, reason, status, proposed_by, proposed_at) VALUES (?, ?, 'pending', ?, ?)`,
    ),
    byId: db.prepare<[number], ResetRow>('SELECT * FROM two_factor_resets WHERE id = ?'),
    openOf: db.prepare<[number], ResetRow>("SELECT * FROM two_factor_resets WHERE uid = ? AND status = 'pending'"),
    decide: db.prepare<[string, number, number, string | null, number]>(
      `UPDATE two_factor_resets SET status = ?, decided_by = ?, decided_at = ?, note = ?
       WHERE id = ? AND status = 'pending'`,
    ),
    list: db.prepare<ListFilter & { limit: number; offset: number }, ResetRow>(
      `SELECT * FROM two_factor_resets WHERE (@status IS NULL OR status = @status) AND (@uid IS NULL OR uid = @uid)
       ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    count: db.prepare<ListFilter, { n: number }>(
      `SELECT COUNT(*) AS n FROM two_factor_resets
       WHERE (@status IS NULL OR status = @status) AND (@uid IS NULL OR uid = @uid)`,
    ),
  };
  return {
    insert: (uid: number, reason: string, by: number, now: number) =>
      Number(q.insert.run(uid, reason, by, now).lastInsertRowid),
    byId: (id: number) => q.byId.get(id),
    openOf: (uid: number) => q.openOf.get(uid),
    decide: (id: number, status: 'approved' | 'rejected', by: number, now: number, note: string | null) =>
      q.decide.run(status, by, now, note, id).changes === 1,
    list: (filter: ListFilter, limit: number, offset: number) => q.list.all({ ...filter, limit, offset }),
    count: (filter: ListFilter) => q.count.get(filter)?.n ?? 0,
  };
}

function view(r: ResetRow): TwoFactorReset {
  return {
    id: r.id,
    uid: r.uid,
    reason: r.reason,
    status: r.status,
    proposedBy: r.proposed_by,
    proposedAt: r.proposed_at,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at,
    note: r.note,
  };
}

/**
 * Resetting a user's two-factor by operators, maker-checker: one proposes with a reason, a different operator
 * approves (two-factor goes off as if the user had switched it off: withdrawals wait 24 hours, and every session of
 * the user ends) or rejects. The audit rows come from the operator actions that call these.
 */
export class TwoFactorResets {
  private readonly repo: ReturnType<typeof createResetRepo>;

  constructor(
    private readonly tx: Transactions,
    db: Db,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
    private readonly security: SecurityRepo,
  ) {
    this.repo = createResetRepo(db);
  }

  propose(operatorId: number, uid: number, reason: string): TwoFactorReset {
    return this.tx.run(() => {
      this.accounts.requireUser(uid);
      if (!this.security.twoFactorEnabled(uid)) throw new DomainError('TWO_FACTOR_NOT_ENABLED');
      if (this.repo.openOf(uid)) throw new DomainError('ALREADY_HANDLED');
      return view(this.require(this.repo.insert(uid, reason, operatorId, this.clock.now())));
    });
  }

  approve(operatorId: number, id: number, note?: string): TwoFactorReset {
    return this.tx.run(() => {
      const row = this.decidable(operatorId, id);
      const now = this.clock.now();
      if (!this.repo.decide(id, 'approved', operatorId, now, note ?? null)) throw new DomainError('ALREADY_HANDLED');
      this.security.deleteTwoFactor(row.uid);
      this.security.markTwoFactorDisabled(row.uid, now);
      this.accounts.sessions.revokeAll(row.uid, 'two-factor-reset');
      return view(this.require(id));
    });
  }

  reject(operatorId: number, id: number, note?: string): TwoFactorReset {
    return this.tx.run(() => {
      this.decidable(operatorId, id);
      if (!this.repo.decide(id, 'rejected', operatorId, this.clock.now(), note ?? null)) {
        throw new DomainError('ALREADY_HANDLED');
      }
      return view(this.require(id));
    });
  }

  list(query: { status?: TwoFactorResetStatus; uid?: number; page: number; size: number }) {
    const filter = { status: query.status ?? null, uid: query.uid ?? null };
    return {
      list: this.repo.list(filter, query.size, (query.page - 1) * query.size).map(view),
      total: this.repo.count(filter),
      page: query.page,
      size: query.size,
    };
  }

  /** Proposals waiting for a second operator (the dashboard's queue). */
  pending(): number {
    return this.repo.count({ status: 'pending', uid: null });
  }

  private decidable(operatorId: number, id: number): ResetRow {
    const row = this.require(id);
    if (row.status !== 'pending') throw new DomainError('ALREADY_HANDLED');
    if (row.proposed_by === operatorId) throw new DomainError('SAME_OPERATOR_APPROVAL');
    return row;
  }

  private require(id: number): ResetRow {
    const row = this.repo.byId(id);
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }
}
