import {
  type Dashboard,
  type DashboardProduct,
  type OperatorRole,
  PRODUCTS,
  type PendingQueues,
  ROLE_PERMISSIONS,
  type UserAdminDetail,
  type UserAdminSummary,
} from '@bourse/contract';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { AssetAmount, ProductActivity, ReviewQueue, Services } from '../../platform/module';
import type { UserRow } from '../account';

const DAY = 86_400_000;

/**
 * The operators' view across modules: finding users, a user's page, freezing, the dashboard. It owns no tables and
 * reads other modules only through their services; modules add their review queues (`addQueue`).
 */
export class BackofficeService {
  private lastReconciliation: Dashboard['reconciliation'] = null;

  constructor(
    private readonly services: Pick<Services, 'account' | 'security' | 'wallet' | 'spot' | 'ledger' | 'scheduler'>,
    private readonly clock: Clock,
    /** Every module's review queues (the platform's list). */
    private readonly queues: ReviewQueue[],
    /** What each trading product did (the platform's list, added by the trading modules). */
    private readonly activity: readonly ProductActivity[] = [],
  ) {
    const { security, wallet } = services;
    this.addQueue({
      key: 'identity',
      permission: 'identity.review',
      pending: () => security.identity.list({ status: 'pending', page: 1, size: 1 }).total,
    });
    this.addQueue({
      key: 'withdrawals',
      permission: 'withdrawals.review',
      pending: () => wallet.adminWithdrawals({ status: 'review', page: 1, size: 1 }).total,
    });
    this.addQueue({
      key: 'twoFactorResets',
      permission: 'users.manage',
      pending: () => security.resets.pending(),
    });
  }

  /** A review queue on the dashboard (modules add theirs to the platform's list in `create`). */
  private addQueue(queue: ReviewQueue): void {
    this.queues.push(queue);
  }

  search(text: string): UserAdminSummary[] {
    return this.services.account.search(text).map((u) => this.summary(u));
  }

  user(uid: number): UserAdminDetail {
    const { account, security, wallet } = this.services;
    const row = account.getUser(uid);
    if (!row) throw new DomainError('USER_NOT_FOUND');
    return {
      user: this.summary(row),
      frozenAt: row.frozen_at,
      frozenReason: row.frozen_reason,
      security: security.overview(uid),
      sessions: security.devices.list(uid, -1),
      balances: wallet.balances(uid),
    };
  }

  userOrders(uid: number, query: { open: 'true' | 'false'; page: number; size: number }) {
    if (!this.services.account.getUser(uid)) throw new DomainError('USER_NOT_FOUND');
    const page = { page: query.page, size: query.size };
    return query.open === 'true'
      ? this.services.spot.openOrders(uid, page)
      : this.services.spot.orderHistory(uid, page);
  }

  freeze(uid: number, reason: string): UserAdminSummary {
    return this.summary(this.services.account.freeze(uid, reason));
  }

  /** Ends every login session of the user (they sign in again). */
  revokeSessions(uid: number): { revoked: number } {
    this.services.account.requireUser(uid);
    return { revoked: this.services.account.sessions.revokeAll(uid, 'signed-out-by-operator') };
  }

  /** Ends one login session of the user (a lost or unknown device); their other sessions stay. */
  revokeSession(uid: number, sessionId: number): { revoked: number } {
    this.services.account.requireUser(uid);
    const session = this.services.account.sessions.list(uid).find((s) => s.id === sessionId);
    if (!session) throw new DomainError('NOT_FOUND');
    return { revoked: this.services.account.sessions.revoke(sessionId, 'signed-out-by-operator') ? 1 : 0 };
  }

  unfreeze(uid: number): UserAdminSummary {
    return this.summary(this.services.account.unfreeze(uid));
  }

  /** The dashboard: users, queues, the last reconciliation (refreshed in the background when older than a minute). */
  dashboard(): Dashboard {
    const now = this.clock.now();
    const today = this.services.account.countUsers(now - DAY);
    const week = this.services.account.countUsers(now - 7 * DAY);
    if (!this.lastReconciliation || now - this.lastReconciliation.checkedAt > 60_000) this.refreshReconciliation();
    const since = now - (now % DAY);
    const jobs = this.services.scheduler.status(now);
    return {
      at: now,
      today: { since, ...this.services.wallet.flowsSince(since), ...this.tradingSince(since, now) },
      scheduler: {
        jobs: jobs.length,
        failing: jobs.filter((job) => job.failing !== null).length,
        maxLagMs: jobs.reduce((most, job) => Math.max(most, job.lagMs), 0),
      },
      users: { total: today.total, today: today.since, week: week.since },
      queues: this.queues.map((q) => ({ key: q.key, permission: q.permission, pending: q.pending() })),
      reconciliation: this.lastReconciliation,
    };
  }

  private trading: { since: number; at: number; products: DashboardProduct[]; feesUsdt: string } | null = null;

  /**
   * Each trading product's trades, volume and the fees users paid since the start of the day, valued in USDT at
   * today's prices, in the products' order. Read from the products' own records at most once a minute (the dashboard
   * is polled; a busy day is many rows).
   */
  private tradingSince(since: number, now: number): { products: DashboardProduct[]; feesUsdt: string } {
    const kept = this.trading;
    if (kept && kept.since === since && now - kept.at < 60_000)
      return { products: kept.products, feesUsdt: kept.feesUsdt };
    const { wallet } = this.services;
    const fees: AssetAmount[] = [];
    const products = [...this.activity]
      .sort((a, b) => PRODUCTS.indexOf(a.product) - PRODUCTS.indexOf(b.product))
      .map((source) => {
        const activity = source.since(since);
        const traded = wallet.valueAllInUsdt(activity.volume);
        const paid = wallet.valueAllInUsdt(activity.fees);
        fees.push(...activity.fees);
        return {
          product: source.product,
          trades: activity.trades,
          volumeUsdt: traded.valueUsdt,
          feesUsdt: paid.valueUsdt,
          unpriced: [...new Set([...traded.unpriced, ...paid.unpriced])].sort(),
        };
      });
    const feesUsdt = wallet.valueAllInUsdt(fees).valueUsdt;
    this.trading = { since, at: now, products, feesUsdt };
    return { products, feesUsdt };
  }

  /** The queues the role works, with how many wait in each (the console's menu badges ask every half minute). */
  pendingQueues(role: OperatorRole): PendingQueues {
    const may: readonly string[] = ROLE_PERMISSIONS[role];
    return this.queues.filter((q) => may.includes(q.permission)).map((q) => ({ key: q.key, pending: q.pending() }));
  }

  private refreshing = false;

  private refreshReconciliation(): void {
    if (this.refreshing) return;
    this.refreshing = true;
    this.services.ledger
      .reconcileInBackground()
      .then((report) => {
        this.lastReconciliation = { ok: report.ok, checkedAt: report.checkedAt, problems: report.problems.length };
      })
      .catch(() => undefined)
      .finally(() => {
        this.refreshing = false;
      });
  }

  private summary(u: UserRow): UserAdminSummary {
    const overview = this.services.security.overview(u.uid);
    return {
      uid: u.uid,
      email: u.email,
      phone: u.phone,
      nickname: u.nickname,
      inviteCode: u.invite_code,
      inviterUid: u.inviter_uid,
      status: u.status,
      frozen: u.frozen_at !== null,
      identity: overview.identity,
      twoFactor: overview.twoFactor,
      createdAt: u.created_at,
    };
  }
}
