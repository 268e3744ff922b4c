import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';

import type { RequestKey, RequestRecords } from '../../http/routes';

/** How long a request id is remembered: a client retries within minutes, never a week later. */
export const REQUEST_ID_TTL_MS = 7 * 86_400_000;

/**
 * The one record of money-moving calls by the client's request id (every route declared `movesMoney` in the
 * contract). The route layer answers a repeated request with the first result, and waits for a first one still in
 * flight; `claim` — called inside the transaction that moves the money — makes the movement and the record commit
 * together, so not even a crash between them lets the same request move money twice.
 */
export class RequestLog implements RequestRecords {
  private readonly q;

  constructor(
    db: Db,
    private readonly tx: Transactions,
    private readonly clock: Clock,
  ) {
    this.q = {
      find: db.prepare<[number, string, string], { fingerprint: Buffer; result: string | null }>(
        'SELECT fingerprint, result FROM request_log WHERE uid = ? AND route = ? AND request_id = ?',
      ),
      claim: db.prepare<[number, string, string, Buffer, number]>(
        `INSERT INTO request_log (uid, route, request_id, fingerprint, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
      ),
      upsert: db.prepare<[number, string, string, Buffer, string, number]>(
        `INSERT INTO request_log (uid, route, request_id, fingerprint, result, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (uid, route, request_id) DO UPDATE SET result = excluded.result`,
      ),
      prune: db.prepare<[number]>('DELETE FROM request_log WHERE created_at < ?'),
    };
  }

  /**
   * What is known of a request: its first result (`done`), a claim without a result (the first is being carried
   * out, or was cut off after moving the money), or nothing. A different body under the same id is refused.
   */
  find(
    key: RequestKey,
    fingerprint: Buffer,
  ): { state: 'new' } | { state: 'claimed' } | { state: 'done'; result: unknown } {
    const row = this.q.find.get(key.uid, key.route, key.requestId);
    if (!row) return { state: 'new' };
    if (!row.fingerprint.equals(fingerprint)) throw new DomainError('REQUEST_ID_REUSED');
    return row.result === null ? { state: 'claimed' } : { state: 'done', result: JSON.parse(row.result) as unknown };
  }

  /**
   * Claims the request inside the caller's transaction (the one that moves the money). Throws ALREADY_HANDLED when
   * the request was claimed before: the money moved once already.
   */
  claim(key: RequestKey, fingerprint: Buffer): void {
    if (!this.tx.active) throw new Error('RequestLog.claim must run inside the money-moving transaction');
    const inserted = this.q.claim.run(key.uid, key.route, key.requestId, fingerprint, this.clock.now()).changes;
    if (inserted === 0) throw new DomainError('ALREADY_HANDLED');
  }

  /** Records the first result, for repeats to be answered with it. */
  complete(key: RequestKey, fingerprint: Buffer, result: unknown): void {
    this.tx.run(() =>
      this.q.upsert.run(
        key.uid,
        key.route,
        key.requestId,
        fingerprint,
        JSON.stringify(result ?? null),
        this.clock.now(),
      ),
    );
  }

  /** Forgets request ids older than the time a client could still retry. */
  prune(now: number): number {
    return this.q.prune.run(now - REQUEST_ID_TTL_MS).changes;
  }
}
