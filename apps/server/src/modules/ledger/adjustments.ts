import type { ADJUSTMENT_STATUSES } from '@bourse/contract';
import { type Adjustment, decimalPlaces, formatDecimal, parseSignedDecimal, type Wallet } from '@bourse/contract';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError, fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { LedgerService } from './service';
import { SYSTEM, system, user } from './types';

type Status = (typeof ADJUSTMENT_STATUSES)[number];

interface AdjustmentRow {
  id: bigint;
  uid: bigint;
  wallet: Wallet;
  asset: string;
  amount: bigint;
  reason: string;
  status: Status;
  proposed_by: bigint;
  proposed_at: bigint;
  request_id: string | null;
  decided_by: bigint | null;
  decided_at: bigint | null;
  note: string | null;
  entry_id: bigint | null;
}

/** Larger than any real balance, small enough that sums stay far inside SQLite's 64-bit integers. */
const MAX_UNITS = 10n ** 17n;

/**
 * Operators' balance adjustments, maker-checker: one operator proposes (user, wallet, asset, signed amount,
 * reason), another approves or rejects; nobody decides on their own proposal. An approved adjustment is one ledger
 * posting (reason `ledger.adjustment`, reference `ledger:adjustment:<id>`) between the user's account and the
 * `adjustments` system account, an asset-side account like the hot wallet: it corrects the ledger against the world
 * (a deposit the chain adapter never saw, a withdrawal sent by hand), so reconciliation counts it as an external
 * flow, as it counts deposits and withdrawals. Each step is an operator action: the route layer writes its audit
 * row in the same transaction.
 */
/** An approved adjustment: the user's wallet and asset it moved, and the signed amount (credit positive). */
export type AdjustmentListener = (moved: { uid: number; wallet: Wallet; asset: string; amount: bigint }) => void;

export class AdjustmentDesk {
  private readonly listeners: AdjustmentListener[] = [];
  private readonly q: {
    insert: Statement<unknown[]>;
    byId: Statement<[number], AdjustmentRow>;
    byRequest: Statement<[number, string], number>;
    decide: Statement<unknown[]>;
    list: Statement<[{ status: string | null; uid: number | null; limit: number; offset: number }], AdjustmentRow>;
    count: Statement<[{ status: string | null; uid: number | null }], number>;
  };

  constructor(
    db: Db,
    private readonly tx: Transactions,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly userExists: (uid: number) => boolean,
  ) {
    this.q = {
      insert: db.prepare(
        `INSERT INTO ledger_adjustments (uid, wallet, asset, amount, reason, status, proposed_by, proposed_at, request_id)
         VALUES (?, ?, ?, ?, ?, 'proposed', ?, ?, ?)`,
      ),
      byId: db.prepare<[number], AdjustmentRow>('SELECT * FROM ledger_adjustments WHERE id = ?').safeIntegers(true),
      byRequest: db
        .prepare<[number, string], number>('SELECT id FROM ledger_adjustments WHERE proposed_by = ? AND request_id = ?')
        .pluck(),
      decide: db.prepare(
        `UPDATE ledger_adjustments SET status = ?, decided_by = ?, decided_at = ?, note = ?, entry_id = ?
         WHERE id = ? AND status = 'proposed'`,
      ),
      list: db
        .prepare<[{ status: string | null; uid: number | null; limit: number; offset: number }], AdjustmentRow>(
          `SELECT * FROM ledger_adjustments WHERE (@status IS NULL OR status = @status) AND (@uid IS NULL OR uid = @uid)
           ORDER BY id DESC LIMIT @limit OFFSET @offset`,
        )
        .safeIntegers(true),
      count: db
        .prepare<[{ status: string | null; uid: number | null }], number>(
          `SELECT COUNT(*) FROM ledger_adjustments WHERE (@status IS NULL OR status = @status) AND (@uid IS NULL OR uid = @uid)`,
        )
        .pluck(),
    };
  }

  /**
   * Tells a module of every approved adjustment, inside the transaction that posted it (a module that keeps its own
   * view of a wallet — the perpetuals' liquidation index of the contract wallet — refreshes it).
   */
  onApproved(listener: AdjustmentListener): void {
    this.listeners.push(listener);
  }

  /** Records a proposal; nothing moves until another operator approves it. */
  propose(
    operatorId: number,
    input: { uid: number; wallet: Wallet; asset: string; amount: string; reason: string; requestId?: string },
  ): Adjustment {
    const asset = this.ledger.asset(input.asset);
    if (asset.status !== 'active') fail('ASSET_NOT_FOUND');
    if (!this.userExists(input.uid)) fail('USER_NOT_FOUND');
    let amount: bigint;
    try {
      if (decimalPlaces(input.amount) > asset.scale) fail('AMOUNT_PRECISION', { decimals: asset.scale });
      amount = parseSignedDecimal(input.amount, asset.scale);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      fail('AMOUNT_INVALID');
    }
    if (amount === 0n || amount > MAX_UNITS || amount < -MAX_UNITS) fail('AMOUNT_INVALID');
    return this.tx.run(() => {
      if (input.requestId !== undefined && this.q.byRequest.get(operatorId, input.requestId) !== undefined) {
        fail('ALREADY_HANDLED');
      }
      const id = Number(
        this.q.insert.run(
          input.uid,
          input.wallet,
          asset.code,
          amount,
          input.reason,
          operatorId,
          this.clock.now(),
          input.requestId ?? null,
        ).lastInsertRowid,
      );
      return this.view(this.require(id));
    });
  }

  /**
   * Approves another operator's proposal: the posting and the decision in one transaction. A debit larger than
   * what the user has available is refused (INSUFFICIENT_BALANCE) and the proposal stays open.
   */
  approve(operatorId: number, id: number, note?: string): Adjustment {
    return this.tx.run(() => {
      const row = this.decidable(operatorId, id);
      const account = user(Number(row.uid), row.wallet, row.asset);
      const counter = system(SYSTEM.adjustments, row.asset);
      const credit = row.amount > 0n;
      const entryId = this.ledger.transfer({
        reference: `ledger:adjustment:${id}`,
        reason: 'ledger.adjustment',
        from: credit ? counter : account,
        to: credit ? account : counter,
        amount: credit ? row.amount : -row.amount,
        meta: { adjustmentId: id, proposedBy: Number(row.proposed_by), approvedBy: operatorId, reason: row.reason },
      });
      this.decide(id, 'approved', operatorId, note, entryId);
      for (const listener of this.listeners) {
        listener({ uid: Number(row.uid), wallet: row.wallet, asset: row.asset, amount: row.amount });
      }
      return this.view(this.require(id));
    });
  }

  /** Rejects another operator's proposal: nothing moves. */
  reject(operatorId: number, id: number, note?: string): Adjustment {
    return this.tx.run(() => {
      this.decidable(operatorId, id);
      this.decide(id, 'rejected', operatorId, note, null);
      return this.view(this.require(id));
    });
  }

  get(id: number): Adjustment {
    return this.view(this.require(id));
  }

  list(query: { status?: Status; uid?: number; page: number; size: number }): {
    list: Adjustment[];
    total: number;
    page: number;
    size: number;
  } {
    const filter = { status: query.status ?? null, uid: query.uid ?? null };
    const rows = this.q.list.all({ ...filter, limit: query.size, offset: (query.page - 1) * query.size });
    return {
      list: rows.map((r) => this.view(r)),
      total: this.q.count.get(filter) ?? 0,
      page: query.page,
      size: query.size,
    };
  }

  private decidable(operatorId: number, id: number): AdjustmentRow {
    const row = this.require(id);
    if (row.status !== 'proposed') fail('ALREADY_HANDLED');
    if (Number(row.proposed_by) === operatorId) fail('ADJUSTMENT_OWN_PROPOSAL');
    return row;
  }

  private decide(
    id: number,
    status: Status,
    operatorId: number,
    note: string | undefined,
    entryId: number | null,
  ): void {
    const changed = this.q.decide.run(status, operatorId, this.clock.now(), note ?? null, entryId, id).changes;
    if (changed !== 1) fail('ALREADY_HANDLED');
  }

  private require(id: number): AdjustmentRow {
    const row = this.q.byId.get(id);
    if (!row) fail('NOT_FOUND');
    return row;
  }

  private view(row: AdjustmentRow): Adjustment {
    const scale = this.ledger.hasAsset(row.asset) ? this.ledger.asset(row.asset).scale : 8;
    return {
      id: Number(row.id),
      uid: Number(row.uid),
      wallet: row.wallet,
      asset: row.asset,
      amount: formatDecimal(row.amount, scale),
      reason: row.reason,
      status: row.status,
      proposedBy: Number(row.proposed_by),
      proposedAt: Number(row.proposed_at),
      decidedBy: row.decided_by === null ? null : Number(row.decided_by),
      decidedAt: row.decided_at === null ? null : Number(row.decided_at),
      note: row.note,
      entryId: row.entry_id === null ? null : Number(row.entry_id),
    };
  }
}
