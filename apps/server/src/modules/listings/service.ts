import type { AdminListing, ListingApplication, ListingInput, ListingStatus } from '@bourse/contract';
import type { Db } from '../../db/database';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import { type AccountService, maskAccount } from '../account';
import type { LedgerService } from '../ledger';

interface Row {
  id: number;
  uid: number;
  project_name: string;
  symbol: string;
  chain: string;
  contract_address: string;
  website: string;
  whitepaper: string;
  total_supply: string;
  contact_name: string;
  contact: string;
  description: string;
  status: ListingStatus;
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_at: number;
}

export function createListingsRepo(db: Db) {
  const q = {
    insert: db.prepare(
      `INSERT INTO listing_applications (uid, project_name, symbol, chain, contract_address, website, whitepaper,
         total_supply, contact_name, contact, description, status, created_at)
       VALUES (@uid, @projectName, @symbol, @chain, @contractAddress, @website, @whitepaper, @totalSupply,
         @contactName, @contact, @description, 'pending', @at)`,
    ),
    one: db.prepare<[number], Row>('SELECT * FROM listing_applications WHERE id = ?'),
    pendingOf: db.prepare<[number, string], Row>(
      "SELECT * FROM listing_applications WHERE uid = ? AND symbol = ? AND status = 'pending'",
    ),
    mine: db.prepare<[number, number, number], Row>(
      'SELECT * FROM listing_applications WHERE uid = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    ),
    mineCount: db.prepare<[number], number>('SELECT COUNT(*) FROM listing_applications WHERE uid = ?').pluck(),
    page: db.prepare<{ status: string | null; limit: number; offset: number }, Row>(
      `SELECT * FROM listing_applications WHERE @status IS NULL OR status = @status
       ORDER BY status = 'pending' DESC, CASE WHEN status = 'pending' THEN id ELSE -id END LIMIT @limit OFFSET @offset`,
    ),
    count: db
      .prepare<{ status: string | null }, number>(
        'SELECT COUNT(*) FROM listing_applications WHERE @status IS NULL OR status = @status',
      )
      .pluck(),
    review: db.prepare<[string, string | null, number, number, number]>(
      "UPDATE listing_applications SET status = ?, reason = ?, reviewed_by = ?, reviewed_at = ? WHERE id = ? AND status = 'pending'",
    ),
  };
  return {
    insert: (uid: number, input: z.output<typeof ListingInput>, at: number) =>
      Number(q.insert.run({ uid, ...input, at }).lastInsertRowid),
    one: (id: number) => q.one.get(id),
    pendingOf: (uid: number, symbol: string) => q.pendingOf.get(uid, symbol),
    mine: (uid: number, limit: number, offset: number) => q.mine.all(uid, limit, offset),
    mineCount: (uid: number) => q.mineCount.get(uid) ?? 0,
    page: (status: string | null, limit: number, offset: number) => q.page.all({ status, limit, offset }),
    count: (status: string | null) => q.count.get({ status }) ?? 0,
    review: (id: number, status: ListingStatus, reason: string | null, operatorId: number, at: number) =>
      q.review.run(status, reason, operatorId, at, id).changes > 0,
  };
}
export type ListingsRepo = ReturnType<typeof createListingsRepo>;

export interface ListingsDeps {
  tx: Transactions;
  repo: ListingsRepo;
  ledger: LedgerService;
  account: AccountService;
  clock: Clock;
}

/**
 * Coin-listing applications: a user applies (one pending application per coin at a time, never for a coin already
 * listed), operators approve or reject with a reason (audited by the route layer); the applicant sees the outcome.
 */
export class ListingsService {
  constructor(private readonly deps: ListingsDeps) {}

  private view(row: Row): ListingApplication {
    return {
      id: row.id,
      projectName: row.project_name,
      symbol: row.symbol,
      chain: row.chain,
      contractAddress: row.contract_address,
      website: row.website,
      whitepaper: row.whitepaper,
      totalSupply: row.total_supply,
      contactName: row.contact_name,
      contact: row.contact,
      description: row.description,
      status: row.status,
      reason: row.reason,
      createdAt: row.created_at,
      reviewedAt: row.reviewed_at,
    };
  }

  private adminView(row: Row): AdminListing {
    const u = this.deps.account.getUser(row.uid);
    const contact = u?.email ?? u?.phone ?? null;
    return {
      ...this.view(row),
      uid: row.uid,
      account: contact ? maskAccount(contact) : `UID ${row.uid}`,
      reviewedBy: row.reviewed_by,
    };
  }

  apply(uid: number, input: z.output<typeof ListingInput>): ListingApplication {
    const { tx, repo, ledger, clock } = this.deps;
    return tx.run(() => {
      if (ledger.hasAsset(input.symbol)) fail('LISTING_ASSET_LISTED', { symbol: input.symbol });
      if (repo.pendingOf(uid, input.symbol)) fail('LISTING_PENDING_EXISTS', { symbol: input.symbol });
      const id = repo.insert(uid, input, clock.now());
      const row = repo.one(id);
      if (!row) throw new Error('application not stored');
      return this.view(row);
    });
  }

  mine(uid: number, query: { page: number; size: number }) {
    const { repo } = this.deps;
    return {
      list: repo.mine(uid, query.size, (query.page - 1) * query.size).map((r) => this.view(r)),
      total: repo.mineCount(uid),
      page: query.page,
      size: query.size,
    };
  }

  pending(): number {
    return this.deps.repo.count('pending');
  }

  list(query: { status?: ListingStatus; page: number; size: number }) {
    const { repo } = this.deps;
    const status = query.status ?? null;
    return {
      list: repo.page(status, query.size, (query.page - 1) * query.size).map((r) => this.adminView(r)),
      total: repo.count(status),
      page: query.page,
      size: query.size,
    };
  }

  review(
    id: number,
    operatorId: number,
    decision: { approve: true } | { approve: false; reason: string },
  ): AdminListing {
    const { tx, repo, clock } = this.deps;
    return tx.run(() => {
      const row = repo.one(id);
      if (!row) fail('LISTING_NOT_FOUND');
      if (row.status !== 'pending') fail('LISTING_ALREADY_REVIEWED');
      const ok = decision.approve
        ? repo.review(id, 'approved', null, operatorId, clock.now())
        : repo.review(id, 'rejected', decision.reason, operatorId, clock.now());
      if (!ok) fail('LISTING_ALREADY_REVIEWED');
      const updated = repo.one(id);
      if (!updated) throw new Error('application missing');
      return this.adminView(updated);
    });
  }
}
