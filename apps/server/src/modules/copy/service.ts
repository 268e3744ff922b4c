import {
  COPY_MAX_PAIRS,
  type CopyAdminLeader,
  type CopyAdminSettings,
  type CopyApplication,
  type CopyFollow,
  type CopyLeader,
  type CopyLeaderBook,
  type CopyLeaderDetail,
  type CopyLeaderSettings,
  type CopyMe,
  type CopyRecord,
  type CopySettlement,
  type CopyStats,
  type SwapContract,
  type SwapOrder,
  type SwapPosition,
} from '@bourse/contract';
import { divRound, formatDecimal, parseDecimal, parseSignedDecimal } from '@bourse/money';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { DomainError, fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { JobDefinition } from '../../platform/jobs';
import type { AccountService } from '../account';
import { type AccountRef, type LedgerService, user } from '../ledger';
import type { PerpService, PerpSettingsChange, PerpUserFill } from '../perp';
import type {
  ApplicationRow,
  CopyPositionRow,
  CopyRepo,
  FollowRow,
  LeaderRow,
  NewRecord,
  RecordRow,
  SettlementRow,
} from './repo';

const ASSET = 'USDT';
const WALLET = 'contract';
const SCALE = 8;
const ONE = 10n ** 8n;
const PPM = 1_000_000n;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Weekly slots start on Mondays 00:00 UTC (the epoch was a Thursday). */
const MONDAY_OFFSET = 4 * DAY;
/** The escrow: a sub-account of the leader's contract wallet, so it is never margin and never moves by accident. */
export const ESCROW_SUB = 'copy:escrow';
/** Default compensate-mode threshold (USDT) until an operator sets one. */
export const DEFAULT_ESCROW_THRESHOLD = '100';

/** Slippage cap of a copy against the leader's price, in ppm: 0.3% BTC and ETH, 0.5% others (RULEBOOK). */
export function slippagePpm(symbol: string): bigint {
  return symbol.startsWith('BTC_') || symbol.startsWith('ETH_') ? 3000n : 5000n;
}

/** The copy's IOC limit: the leader's price moved by the cap against the follower, on the tick, never beyond. */
export function copyLimit(side: 'buy' | 'sell', price: bigint, tick: bigint, capPpm: bigint): bigint {
  if (side === 'buy') return ((price * (PPM + capPpm)) / PPM / tick) * tick;
  const low = divRound(price * (PPM - capPpm), PPM, 'ceil');
  return ((low + tick - 1n) / tick) * tick;
}

/** Lots a follower closes when the leader closes `closed` of `before` lots: all when the leader is flat, else ceil. */
export function proportionalClose(copyLots: bigint, closed: bigint, before: bigint, leaderFlat: boolean): bigint {
  if (leaderFlat || before <= 0n || closed >= before) return copyLots;
  const lots = divRound(copyLots * closed, before, 'ceil');
  return lots > copyLots ? copyLots : lots;
}

/** Profit share due with a high-water mark: `max(total realised profit × share − already shared, 0)`. */
export function profitShareDue(totalRealized: bigint, sharePpm: bigint, alreadyShared: bigint): bigint {
  if (totalRealized <= 0n) return 0n;
  const due = (totalRealized * sharePpm) / PPM - alreadyShared;
  return due > 0n ? due : 0n;
}

/** Compensation of a period's net loss: × ratio, netted against the share paid in it, capped by the escrow. */
export function compensationDue(periodPnl: bigint, ratioPpm: bigint, sharePaid: bigint, escrow: bigint): bigint {
  if (periodPnl >= 0n) return 0n;
  let due = (-periodPnl * ratioPpm) / PPM - sharePaid;
  if (due < 0n) due = 0n;
  return due > escrow ? (escrow > 0n ? escrow : 0n) : due;
}

export interface CopyDeps {
  tx: Transactions;
  repo: CopyRepo;
  ledger: LedgerService;
  perp: PerpService;
  account: AccountService;
  clock: Clock;
  log: Logger;
}

interface Batch {
  leader: number;
  orderId: number;
  symbol: string;
  side: 'buy' | 'sell';
  orderLots: number;
  fills: PerpUserFill[];
}

const fmt = (v: bigint): string => formatDecimal(v, SCALE);
const pct = (num: bigint, den: bigint): string => (den === 0n ? '0.00' : formatDecimal((num * 10_000n) / den, 2, 2));
const ppmOf = (s: string): bigint => parseDecimal(s, 6);
const ppmText = (v: bigint): string => formatDecimal(v, 6);

/**
 * Orders placed through the service API (copies) are never copied again; only leaders' own orders are, and the demo
 * leaders' (`demo:` sources).
 */
function copiedSource(source: string | null): boolean {
  return source === null || source.startsWith('demo:');
}

export class CopyService {
  private readonly repo: CopyRepo;
  private pending: Batch[] = [];
  private flushQueued = false;
  /** Copies being placed now: their own fills are not leader fills. */
  constructor(private readonly d: CopyDeps) {
    this.repo = d.repo;
    d.perp.onUserFill(
      (fill) => this.onFill(fill),
      (uid, source) => copiedSource(source) && this.isLeader(uid),
    );
    d.perp.onSettingsChange((change) => this.onSettings(change));
  }

  // ---- money helpers -------------------------------------------------------------------------------------------------

  private wallet(uid: number): AccountRef {
    return user(uid, WALLET, ASSET);
  }

  private escrowAccount(uid: number): AccountRef {
    return { ...user(uid, WALLET, ASSET), sub: ESCROW_SUB };
  }

  escrowOf(uid: number): bigint {
    return this.d.ledger.balance(this.escrowAccount(uid)).available;
  }

  private amount(value: string): bigint {
    try {
      return parseDecimal(value, SCALE);
    } catch {
      fail('INVALID_PARAMS');
    }
  }

  threshold(): bigint {
    return parseDecimal(this.repo.setting('escrowThreshold') ?? DEFAULT_ESCROW_THRESHOLD, SCALE);
  }

  private nickname(uid: number): string {
    const u = this.d.account.getUser(uid);
    return u?.nickname ?? u?.email?.replace(/@.*/, '') ?? `UID ${uid}`;
  }

  private contract(symbol: string): SwapContract {
    return this.d.perp.contract(symbol).contract;
  }

  // ---- stats -----------------------------------------------------------------------------------------------------------

  private closedPositions(uid: number): SwapPosition[] {
    return this.d.perp.positionHistory(uid, { page: 1, size: 1000 }).list;
  }

  /** A trading record over `days` from real closed positions (net of fees and funding). */
  statsOf(uid: number, days: number, closed = this.closedPositions(uid)): CopyStats {
    const from = this.d.clock.now() - days * DAY;
    const list = closed
      .filter((p) => (p.closedAt ?? p.updatedAt) >= from)
      .sort((a, b) => (a.closedAt ?? a.updatedAt) - (b.closedAt ?? b.updatedAt));
    let pnl = 0n;
    let base = 0n;
    let wins = 0;
    const nets: bigint[] = [];
    for (const p of list) {
      const net = this.netOf(p);
      nets.push(net);
      pnl += net;
      if (net > 0n) wins++;
      base += this.marginOf(p);
    }
    // The equity curve starts at the margin the positions committed; drawdown is the largest fall from a peak.
    let equity = base;
    let peak = base;
    let worst = 0n;
    for (const net of nets) {
      equity += net;
      if (equity > peak) peak = equity;
      if (peak > 0n) {
        const dd = ((peak - equity) * 10_000n) / peak;
        if (dd > worst) worst = dd;
      }
    }
    const follows = this.repo.activeFollowsOfLeader(uid);
    return {
      days,
      pnl: fmt(pnl),
      roi: pct(pnl, base),
      winRate: list.length === 0 ? '0.00' : formatDecimal(BigInt(Math.floor((wins * 10_000) / list.length)), 2, 2),
      closedPositions: list.length,
      maxDrawdown: formatDecimal(worst, 2, 2),
      followers: follows.length,
      aum: fmt(this.repo.openMarginOfLeader(uid)),
    };
  }

  private netOf(p: SwapPosition): bigint {
    return (
      parseSignedDecimal(p.realizedPnl, SCALE) - parseDecimal(p.fees, SCALE) + parseSignedDecimal(p.funding, SCALE)
    );
  }

  private marginOf(p: SwapPosition): bigint {
    const c = this.contract(p.symbol);
    const notional =
      (parseDecimal(p.entryPrice, SCALE + 4) * parseDecimal(c.contractSize, SCALE) * BigInt(p.closedLots)) /
      10n ** BigInt(SCALE + 4);
    return divRound(notional, BigInt(p.leverage), 'ceil');
  }

  // ---- views -------------------------------------------------------------------------------------------------------------

  private settingsView(l: LeaderRow): CopyLeaderSettings {
    return {
      mode: l.mode,
      profitShare: ppmText(l.profit_share_ppm),
      minCopyAmount: fmt(l.min_copy),
      compensationRatio: ppmText(l.compensation_ppm),
      perTradeCap: fmt(l.per_trade_cap),
      totalCap: fmt(l.total_cap),
      symbols: JSON.parse(l.symbols) as string[],
    };
  }

  private leaderView(l: LeaderRow, days = 30, closed?: SwapPosition[]): CopyLeader {
    const uid = Number(l.uid);
    return {
      uid,
      nickname: this.nickname(uid),
      since: Number(l.since),
      mode: l.mode,
      profitShare: ppmText(l.profit_share_ppm),
      minCopyAmount: fmt(l.min_copy),
      compensationRatio: ppmText(l.compensation_ppm),
      symbols: JSON.parse(l.symbols) as string[],
      escrow: fmt(this.escrowOf(uid)),
      demo: l.demo === 1n,
      stats: this.statsOf(uid, days, closed),
    };
  }

  private applicationView(row: ApplicationRow): CopyApplication {
    return {
      id: Number(row.id),
      uid: Number(row.uid),
      nickname: this.nickname(Number(row.uid)),
      status: row.status,
      reason: row.reason,
      history: JSON.parse(row.history) as CopyStats,
      createdAt: Number(row.created_at),
      reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
    };
  }

  private followView(f: FollowRow): CopyFollow {
    const positions = this.repo.positions(Number(f.id));
    return {
      id: Number(f.id),
      leaderUid: Number(f.leader_uid),
      leaderNickname: this.nickname(Number(f.leader_uid)),
      followerUid: Number(f.follower_uid),
      followerNickname: this.nickname(Number(f.follower_uid)),
      status: f.status,
      mode: f.mode,
      amount: fmt(f.amount),
      ratio: ppmText(f.ratio_ppm),
      realizedPnl: fmt(f.realized),
      sharePaid: fmt(f.share_paid),
      compensation: fmt(f.compensation),
      open: positions.map((p) => ({ symbol: p.symbol, side: p.side, lots: Number(p.lots) })),
      margin: fmt(positions.reduce((s, p) => s + p.margin, 0n)),
      createdAt: Number(f.created_at),
      stoppedAt: f.stopped_at === null ? null : Number(f.stopped_at),
    };
  }

  private recordView(r: RecordRow): CopyRecord {
    return {
      id: Number(r.id),
      followId: Number(r.follow_id),
      leaderUid: Number(r.leader_uid),
      followerUid: Number(r.follower_uid),
      kind: r.kind,
      symbol: r.symbol,
      side: r.side,
      leaderPrice: r.leader_price,
      leaderLots: r.leader_lots === null ? null : Number(r.leader_lots),
      lots: r.lots === null ? null : Number(r.lots),
      price: r.price,
      amount: r.amount === null ? null : fmt(r.amount),
      reason: r.reason,
      orderId: r.order_id === null ? null : Number(r.order_id),
      ts: Number(r.ts),
    };
  }

  private settlementView(s: SettlementRow): CopySettlement {
    return {
      id: Number(s.id),
      followId: Number(s.follow_id),
      leaderUid: Number(s.leader_uid),
      followerUid: Number(s.follower_uid),
      trigger: s.trigger,
      periodPnl: fmt(s.period_pnl),
      profitShare: fmt(s.profit_share),
      compensation: fmt(s.compensation),
      highWaterMark: fmt(s.high_water),
      ts: Number(s.ts),
    };
  }

  // ---- public reads ------------------------------------------------------------------------------------------------------

  traders(days: number, sort: 'roi' | 'pnl' | 'followers' | 'winRate'): CopyLeader[] {
    const list = this.repo.leaders().map((l) => this.leaderView(l, days));
    const key = (l: CopyLeader): number =>
      sort === 'followers'
        ? l.stats.followers
        : Number(sort === 'pnl' ? l.stats.pnl : sort === 'winRate' ? l.stats.winRate : l.stats.roi);
    return list.sort((a, b) => key(b) - key(a) || a.uid - b.uid);
  }

  trader(uid: number): CopyLeaderDetail {
    const l = this.repo.leader(uid);
    if (!l) fail('COPY_LEADER_NOT_FOUND');
    const closed = this.closedPositions(uid);
    const curve: { t: number; pnl: string }[] = [];
    let cum = 0n;
    for (const p of [...closed].sort((a, b) => (a.closedAt ?? 0) - (b.closedAt ?? 0))) {
      cum += this.netOf(p);
      curve.push({ t: p.closedAt ?? p.updatedAt, pnl: fmt(cum) });
    }
    return {
      leader: this.leaderView(l, 30, closed),
      periods: [7, 30, 90].map((d) => this.statsOf(uid, d, closed)),
      curve,
      positions: this.d.perp.positions(uid),
      history: closed.slice(0, 50),
    };
  }

  private locked(uid: number): boolean {
    return this.repo.leaderHasOpenCopies(uid);
  }

  me(uid: number): CopyMe {
    const app = this.repo.lastApplication(uid);
    const l = this.repo.leader(uid);
    return {
      application: app ? this.applicationView(app) : null,
      leader: l ? this.leaderView(l) : null,
      settings: l ? this.settingsView(l) : null,
      locked: l ? this.locked(uid) : false,
      escrowThreshold: fmt(this.threshold()),
      availableSymbols: this.d.perp
        .contracts()
        .filter((c) => c.contract.status === 'open')
        .map((c) => c.contract.symbol),
      history: this.statsOf(uid, 90),
    };
  }

  // ---- leaders -------------------------------------------------------------------------------------------------------------

  apply(uid: number, agree: boolean): CopyApplication {
    if (!agree) fail('COPY_AGREEMENT_REQUIRED');
    if (this.repo.leader(uid)) fail('COPY_ALREADY_LEADER');
    const last = this.repo.lastApplication(uid);
    if (last?.status === 'pending') fail('COPY_APPLICATION_PENDING');
    const history = JSON.stringify(this.statsOf(uid, 90));
    const id = this.d.tx.run(() => this.repo.insertApplication(uid, history, this.d.clock.now()));
    return this.applicationView(this.repo.application(id) as ApplicationRow);
  }

  pendingApplications(): number {
    return this.repo.countPending();
  }

  applications(status?: string): CopyApplication[] {
    return this.repo.applications(status).map((a) => this.applicationView(a));
  }

  /** Qualification review (an operator): approval makes the applicant a leader with default settings. */
  review(id: number, approve: boolean, reason: string | undefined, operatorId: number): CopyApplication {
    const app = this.repo.application(id);
    if (!app || app.status !== 'pending') fail('COPY_APPLICATION_NOT_FOUND');
    const now = this.d.clock.now();
    this.d.tx.run(() => {
      if (!this.repo.reviewApplication(id, approve ? 'approved' : 'rejected', reason ?? null, now, operatorId)) {
        fail('COPY_APPLICATION_NOT_FOUND');
      }
      if (approve && !this.repo.leader(Number(app.uid))) {
        this.insertLeader(Number(app.uid), this.defaultSymbols(), false, now);
      }
    });
    return this.applicationView(this.repo.application(id) as ApplicationRow);
  }

  private defaultSymbols(): string[] {
    return this.d.perp
      .contracts()
      .filter((c) => c.contract.status === 'open')
      .slice(0, 2)
      .map((c) => c.contract.symbol);
  }

  private requireLeader(uid: number): LeaderRow {
    const l = this.repo.leader(uid);
    if (!l) fail('COPY_NOT_LEADER');
    return l;
  }

  private requireUnlocked(uid: number): void {
    if (this.locked(uid)) fail('LEADER_SETTINGS_LOCKED');
  }

  configure(
    uid: number,
    body: {
      mode: 'ordinary' | 'compensate';
      profitShare: string;
      minCopyAmount: string;
      compensationRatio: string;
      perTradeCap: string;
      totalCap: string;
    },
  ): CopyMe {
    this.requireLeader(uid);
    this.requireUnlocked(uid);
    const share = this.ratio(body.profitShare, 'profitShare');
    if (share > 300_000n) fail('COPY_PROFIT_SHARE_TOO_HIGH', { max: '30%' });
    const comp = this.ratio(body.compensationRatio, 'compensationRatio');
    if (comp > PPM) fail('COPY_SETTING_OUT_OF_RANGE', { field: 'compensationRatio' });
    if (body.mode === 'compensate') {
      if (comp === 0n) fail('COPY_SETTING_OUT_OF_RANGE', { field: 'compensationRatio' });
      if (this.escrowOf(uid) <= this.threshold()) fail('COMPENSATION_BALANCE_LOW', { min: fmt(this.threshold()) });
    }
    const perTrade = this.amount(body.perTradeCap);
    const total = this.amount(body.totalCap);
    if (perTrade > 0n && total > 0n && perTrade > total) fail('COPY_SETTING_OUT_OF_RANGE', { field: 'perTradeCap' });
    this.d.tx.run(() =>
      this.repo.updateLeader({
        uid,
        mode: body.mode,
        profit_share_ppm: share,
        min_copy: this.amount(body.minCopyAmount),
        compensation_ppm: body.mode === 'compensate' ? comp : 0n,
        per_trade_cap: perTrade,
        total_cap: total,
      }),
    );
    return this.me(uid);
  }

  private ratio(value: string, field: string): bigint {
    try {
      return ppmOf(value);
    } catch {
      fail('COPY_SETTING_OUT_OF_RANGE', { field });
    }
  }

  setPairs(uid: number, symbols: string[]): CopyMe {
    this.requireLeader(uid);
    this.requireUnlocked(uid);
    const unique = [...new Set(symbols)];
    if (unique.length < 1 || unique.length > COPY_MAX_PAIRS) fail('COPY_TOO_MANY_PAIRS', { max: COPY_MAX_PAIRS });
    for (const s of unique) {
      let open = false;
      try {
        open = this.contract(s).status === 'open';
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
      }
      if (!open) fail('COPY_PAIR_NOT_AVAILABLE', { symbol: s });
    }
    this.d.tx.run(() => this.repo.setSymbols(uid, unique));
    return this.me(uid);
  }

  /** Moves USDT between the leader's contract wallet and the compensation escrow (one ledger entry). */
  moveEscrow(uid: number, direction: 'in' | 'out', value: string, claim?: () => void): CopyMe {
    const l = this.requireLeader(uid);
    this.requireUnlocked(uid);
    const amount = this.amount(value);
    if (amount <= 0n) fail('INVALID_PARAMS');
    const escrow = this.escrowOf(uid);
    if (direction === 'in') {
      if (this.d.perp.freeMargin(uid) < amount) fail('INSUFFICIENT_BALANCE');
    } else {
      if (amount > escrow) fail('COPY_ESCROW_INSUFFICIENT', { available: fmt(escrow) });
      if (l.mode === 'compensate' && escrow - amount <= this.threshold()) {
        fail('COMPENSATION_BALANCE_LOW', { min: fmt(this.threshold()) });
      }
    }
    const now = this.d.clock.now();
    this.d.tx.run(() => {
      claim?.();
      this.d.ledger.transfer({
        reference: `copy:escrow:${uid}:${direction}:${now}:${escrow}`,
        reason: direction === 'in' ? 'copy.escrow.in' : 'copy.escrow.out',
        from: direction === 'in' ? this.wallet(uid) : this.escrowAccount(uid),
        to: direction === 'in' ? this.escrowAccount(uid) : this.wallet(uid),
        amount,
      });
    });
    return this.me(uid);
  }

  leaderBook(uid: number): CopyLeaderBook {
    this.requireLeader(uid);
    return {
      positions: this.d.perp.positions(uid),
      followers: this.repo.activeFollowsOfLeader(uid).map((f) => this.followView(f)),
      escrow: fmt(this.escrowOf(uid)),
      locked: this.locked(uid),
    };
  }

  adminLeaders(): CopyAdminLeader[] {
    return this.repo.leaders().map((l) => ({
      ...this.leaderView(l),
      settings: this.settingsView(l),
      locked: this.locked(Number(l.uid)),
      activeFollowers: this.repo.activeFollowsOfLeader(Number(l.uid)).length,
    }));
  }

  adminSettings(): CopyAdminSettings {
    return { escrowThreshold: fmt(this.threshold()) };
  }

  updateAdminSettings(body: CopyAdminSettings): CopyAdminSettings {
    const t = this.amount(body.escrowThreshold);
    this.repo.putSetting('escrowThreshold', fmt(t));
    return this.adminSettings();
  }

  settlements(page: number, size: number) {
    const { rows, total } = this.repo.settlements(size, (page - 1) * size);
    return { list: rows.map((s) => this.settlementView(s)), total, page, size };
  }

  // ---- followers -----------------------------------------------------------------------------------------------------------

  follow(
    uid: number,
    body: { leaderUid: number; mode: 'fixed' | 'ratio'; amount: string; ratio?: string | undefined; agree: boolean },
    claim?: () => void,
  ): CopyFollow {
    if (!body.agree) fail('COPY_AGREEMENT_REQUIRED');
    const l = this.repo.leader(body.leaderUid);
    if (!l) fail('COPY_LEADER_NOT_FOUND');
    if (body.leaderUid === uid) fail('COPY_SELF_FOLLOW');
    if (this.repo.activeFollow(body.leaderUid, uid)) fail('COPY_ALREADY_FOLLOWING');
    const amount = this.amount(body.amount);
    if (amount <= 0n) fail('INVALID_PARAMS');
    if (l.min_copy > 0n && amount <= l.min_copy) fail('COPY_AMOUNT_BELOW_MIN', { min: fmt(l.min_copy) });
    let ratio = 0n;
    if (body.mode === 'ratio') {
      ratio = this.ratio(body.ratio ?? '', 'ratio');
      if (ratio <= 0n || ratio > 100n * PPM) fail('COPY_SETTING_OUT_OF_RANGE', { field: 'ratio' });
    }
    const id = this.d.tx.run(() => {
      claim?.();
      return this.repo.insertFollow(body.leaderUid, uid, body.mode, amount, ratio, this.d.clock.now());
    });
    return this.followView(this.repo.follow(id) as FollowRow);
  }

  following(uid: number): CopyFollow[] {
    return this.repo.followsOfFollower(uid).map((f) => this.followView(f));
  }

  /** Stops a copy (confirmed): closes its open copies at market, then settles profit share and compensation. */
  unfollow(uid: number, leaderUid: number, confirm: boolean, claim?: () => void): CopyFollow {
    if (!confirm) fail('COPY_UNFOLLOW_CONFIRM');
    const f = this.repo.activeFollow(leaderUid, uid);
    if (!f) fail('COPY_NOT_FOLLOWING');
    const id = Number(f.id);
    const l = this.requireLeaderRow(leaderUid);
    // Each close is its own order (its own transaction, like a user's close); the rest is one transaction.
    for (const p of this.repo.positions(id)) this.closeCopy(f, l, p, p.lots, null, null, 'unfollow');
    const left = this.repo.positions(id).filter((p) => p.lots > 0n);
    if (left.length > 0) fail('NO_LIQUIDITY');
    this.d.tx.run(() => {
      claim?.();
      const fresh = this.repo.follow(id) as FollowRow;
      this.settle(fresh, 'unfollow', 'unfollow');
      this.repo.stopFollow(id, this.d.clock.now());
    });
    return this.followView(this.repo.follow(id) as FollowRow);
  }

  private requireLeaderRow(uid: number): LeaderRow {
    const l = this.repo.leader(uid);
    if (!l) fail('COPY_LEADER_NOT_FOUND');
    return l;
  }

  records(
    uid: number,
    q: { leaderUid?: number | undefined; followId?: number | undefined; role: string; page: number; size: number },
  ) {
    const offset = (q.page - 1) * q.size;
    let by: { followId?: number; follower?: number; leader?: number };
    if (q.followId !== undefined) {
      const f = this.repo.follow(q.followId);
      if (!f || (Number(f.follower_uid) !== uid && Number(f.leader_uid) !== uid)) fail('NOT_FOUND');
      by = { followId: q.followId };
    } else if (q.role === 'leader') {
      this.requireLeader(uid);
      by = { leader: uid };
    } else by = { follower: uid };
    const { rows, total } = this.repo.records(by, q.size, offset);
    const list = rows
      .filter((r) => q.leaderUid === undefined || Number(r.leader_uid) === q.leaderUid)
      .map((r) => this.recordView(r));
    return { list, total, page: q.page, size: q.size };
  }

  // ---- mechanics: copying a leader's fills -------------------------------------------------------------------------

  /** The leaders' uids (a leader is never removed), read once: every user fill of the futures desk asks. */
  private leaderUids: Set<number> | null = null;

  private isLeader(uid: number): boolean {
    this.leaderUids ??= new Set(this.repo.leaders().map((l) => Number(l.uid)));
    return this.leaderUids.has(uid);
  }

  /** A new leader's row, and its uid among the leaders' once the transaction has committed. */
  private insertLeader(uid: number, symbols: string[], demo: boolean, at: number): void {
    this.repo.insertLeader(uid, symbols, demo, at);
    this.d.tx.afterCommit(() => this.leaderUids?.add(uid));
  }

  private onFill(fill: PerpUserFill): void {
    if (!copiedSource(fill.source) || !this.isLeader(fill.uid)) return;
    const last = this.pending.at(-1);
    if (last && last.leader === fill.uid && last.orderId === fill.orderId) last.fills.push(fill);
    else {
      this.pending.push({
        leader: fill.uid,
        orderId: fill.orderId,
        symbol: fill.symbol,
        side: fill.side,
        orderLots: fill.orderLots,
        fills: [fill],
      });
    }
    // The fills of one transaction arrive together: they are copied as one batch per order once they all arrived.
    if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => this.flush());
    }
  }

  /** Copies what is waiting now (tests and the jobs call it to be sure nothing waits). */
  flush(): void {
    this.flushQueued = false;
    const batches = this.pending;
    this.pending = [];
    for (const b of batches) {
      try {
        this.copyBatch(b);
      } catch (e) {
        this.d.log.error({ err: e, leader: b.leader, order: b.orderId }, 'copy batch failed');
      }
    }
  }

  private copyBatch(b: Batch): void {
    const l = this.repo.leader(b.leader);
    if (!l) return;
    const c = this.contract(b.symbol);
    const tick = parseDecimal(c.tickSize, c.pricePrecision);
    let lots = 0n;
    let value = 0n;
    let opened = 0n;
    let closed = 0n;
    for (const f of b.fills) {
      const p = parseDecimal(f.price, c.pricePrecision);
      lots += BigInt(f.lots);
      value += p * BigInt(f.lots);
      opened += BigInt(f.openedLots);
      closed += BigInt(f.closedLots);
    }
    const vwap = lots > 0n ? value / lots : 0n;
    const lastFill = b.fills[b.fills.length - 1] as PerpUserFill;
    const tracked = this.repo.leaderPosition(b.leader, b.symbol);
    const beforeLots = tracked && tracked.lots > 0n ? tracked.lots : closed;
    const leaderFlat = lastFill.positionLots === 0 || (tracked !== undefined && lastFill.positionSide !== tracked.side);
    const leaderPrice = formatDecimal(vwap, c.pricePrecision);
    const follows = this.repo.activeFollowsOfLeader(b.leader);
    if (closed > 0n) {
      for (const f of follows) {
        const p = this.repo.position(Number(f.id), b.symbol);
        if (!p || p.lots === 0n) continue;
        const want = proportionalClose(p.lots, closed, beforeLots, leaderFlat);
        this.closeCopy(f, l, p, want, leaderPrice, Number(closed), 'leader');
      }
    }
    this.d.tx.run(() => {
      const side = lastFill.positionSide ?? (b.side === 'buy' ? 'long' : 'short');
      this.repo.putLeaderPosition(b.leader, b.symbol, side, lastFill.positionLots);
    });
    if (opened > 0n) {
      const symbols = JSON.parse(l.symbols) as string[];
      for (const f of follows) {
        if (!symbols.includes(b.symbol)) {
          this.skip(f, b, leaderPrice, Number(opened), 'pair');
          continue;
        }
        this.openCopy(f, l, c, b, vwap, tick, opened, lastFill, leaderPrice);
      }
    }
  }

  private record(f: FollowRow, r: Omit<NewRecord, 'follow_id' | 'leader_uid' | 'follower_uid' | 'ts'>): void {
    this.repo.insertRecord({
      follow_id: f.id,
      leader_uid: f.leader_uid,
      follower_uid: f.follower_uid,
      ts: BigInt(this.d.clock.now()),
      ...r,
    });
  }

  private skip(f: FollowRow, b: Batch, leaderPrice: string, leaderLots: number, reason: string): void {
    this.d.tx.run(() =>
      this.record(f, {
        kind: 'skip',
        symbol: b.symbol,
        side: b.side,
        leader_price: leaderPrice,
        leader_lots: BigInt(leaderLots),
        lots: 0n,
        amount: null,
        reason,
        order_id: null,
      }),
    );
  }

  /** The lots a follower's copy of `opened` leader lots at `price` should have, before funds and slippage. */
  sizeOpen(
    f: FollowRow,
    l: LeaderRow,
    c: SwapContract,
    price: bigint,
    opened: bigint,
    orderLots: bigint,
    leverage: number,
  ): { lots: bigint; reason: string | null; marginPerLot: bigint } {
    const lotValue = (price * parseDecimal(c.contractSize, SCALE) * ONE) / 10n ** BigInt(c.pricePrecision) / ONE; // USDT units per lot
    const marginPerLot = divRound(lotValue, BigInt(leverage), 'ceil');
    if (marginPerLot <= 0n) return { lots: 0n, reason: 'min_lot', marginPerLot };
    let lots: bigint;
    if (f.mode === 'fixed') {
      const whole = (f.amount * BigInt(leverage)) / lotValue;
      lots = orderLots > 0n ? (whole * opened) / orderLots : whole;
    } else lots = (opened * f.ratio_ppm) / PPM;
    let reason: string | null = null;
    if (l.per_trade_cap > 0n && lots * marginPerLot > l.per_trade_cap) {
      lots = l.per_trade_cap / marginPerLot;
      reason = 'per_trade_cap';
    }
    const totalCaps = [l.total_cap, f.mode === 'ratio' ? f.amount : 0n].filter((x) => x > 0n);
    if (totalCaps.length > 0) {
      const cap = totalCaps.reduce((a, b2) => (a < b2 ? a : b2));
      const used = this.repo.positions(Number(f.id)).reduce((s, p) => s + p.margin, 0n);
      const room = cap > used ? cap - used : 0n;
      if (lots * marginPerLot > room) {
        lots = room / marginPerLot;
        reason = 'total_cap';
      }
    }
    const max = BigInt(c.maxLotsPerOrder);
    if (lots > max) lots = max;
    if (lots < BigInt(c.minLots)) return { lots: 0n, reason: reason ?? 'min_lot', marginPerLot };
    return { lots, reason: null, marginPerLot };
  }

  private mirrorSettings(f: FollowRow, symbol: string, leverage: number, mode: 'cross' | 'isolated'): void {
    const uid = Number(f.follower_uid);
    const s = this.d.perp.settingsOf(uid, symbol);
    if (s.marginMode !== mode) {
      try {
        this.d.perp.setMarginMode(uid, symbol, mode);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        this.d.tx.run(() => this.flag(f, symbol, 'margin_mode'));
      }
    }
    if (s.leverage !== leverage) {
      try {
        this.d.perp.setLeverage(uid, symbol, leverage);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        this.d.tx.run(() => this.flag(f, symbol, 'leverage'));
      }
    }
  }

  private flag(f: FollowRow, symbol: string, reason: string): void {
    this.record(f, {
      kind: 'flag',
      symbol,
      side: null,
      leader_price: null,
      leader_lots: null,
      lots: null,
      amount: null,
      reason,
      order_id: null,
    });
  }

  private openCopy(
    f: FollowRow,
    l: LeaderRow,
    c: SwapContract,
    b: Batch,
    vwap: bigint,
    tick: bigint,
    opened: bigint,
    fill: PerpUserFill,
    leaderPrice: string,
  ): void {
    const uid = Number(f.follower_uid);
    this.mirrorSettings(f, b.symbol, fill.leverage, fill.marginMode);
    const leverage = this.d.perp.settingsOf(uid, b.symbol).leverage;
    const limit = copyLimit(b.side, vwap, tick, slippagePpm(b.symbol));
    // Sized at the worst price the IOC may fill at, so no fill within the cap can take it past a cap.
    const size = this.sizeOpen(f, l, c, b.side === 'buy' ? limit : vwap, opened, BigInt(b.orderLots), leverage);
    if (size.lots === 0n) {
      this.skip(f, b, leaderPrice, Number(opened), size.reason ?? 'min_lot');
      return;
    }
    if (this.d.perp.freeMargin(uid) < size.lots * size.marginPerLot) {
      this.skip(f, b, leaderPrice, Number(opened), 'funds');
      return;
    }
    let order: SwapOrder;
    try {
      order = this.d.tx.run(() => {
        const o = this.d.perp.placeServiceOrder(uid, {
          symbol: b.symbol,
          side: b.side,
          lots: Number(size.lots),
          limitPrice: formatDecimal(limit, c.pricePrecision),
          reduceOnly: false,
          source: `copy:${b.leader}`,
          stpKey: b.leader,
        });
        this.afterCopyOrder(f, c, b.symbol, o, leaderPrice, Number(opened), size.marginPerLot);
        return o;
      });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      this.skip(f, b, leaderPrice, Number(opened), skipReason(e.key));
      return;
    }
    if (order.filledLots === 0) {
      this.skip(f, b, leaderPrice, Number(opened), order.reason === 'self_trade' ? 'self_trade' : 'slippage');
    }
  }

  /** Books a copy order's fills on the relationship (inside the order's transaction). */
  private afterCopyOrder(
    f: FollowRow,
    c: SwapContract,
    symbol: string,
    o: SwapOrder,
    leaderPrice: string | null,
    leaderLots: number | null,
    marginPerLot: bigint,
  ): void {
    if (o.filledLots === 0) return;
    const id = Number(f.id);
    const net = parseSignedDecimal(o.realizedPnl, SCALE) - parseDecimal(o.fee, SCALE);
    if (net !== 0n) this.repo.addRealized(id, net);
    const cur = this.repo.position(id, symbol);
    const filled = BigInt(o.filledLots);
    const side = o.side === 'buy' ? 'long' : 'short';
    if (o.reduceOnly) {
      const lots = cur ? cur.lots : 0n;
      const left = lots > filled ? lots - filled : 0n;
      const margin = cur && lots > 0n ? (cur.margin * left) / lots : 0n;
      this.repo.putPosition(id, symbol, cur?.side ?? side, left, margin);
    } else {
      // What the caps count: the lots at the margin per lot they were sized with (the worst price of the IOC).
      const margin = filled * marginPerLot;
      const same = cur && cur.side === side && cur.lots > 0n;
      this.repo.putPosition(id, symbol, side, (same ? cur.lots : 0n) + filled, (same ? cur.margin : 0n) + margin);
    }
    this.record(f, {
      kind: o.reduceOnly ? 'close' : 'open',
      symbol,
      side: o.side,
      leader_price: leaderPrice,
      leader_lots: leaderLots === null ? null : BigInt(leaderLots),
      lots: filled,
      price: o.avgPrice,
      amount: o.reduceOnly ? net : -parseDecimal(o.fee, SCALE),
      reason: null,
      order_id: BigInt(o.id),
    });
    void c;
  }

  /**
   * Closes `want` lots of a relationship's copy at market (reduce-only, never matching the leader). Never skipped:
   * what the book cannot take now stays on the copy and the sync job closes it.
   */
  private closeCopy(
    f: FollowRow,
    l: LeaderRow,
    p: CopyPositionRow,
    want: bigint,
    leaderPrice: string | null,
    leaderLots: number | null,
    why: 'leader' | 'unfollow' | 'sync',
  ): void {
    const uid = Number(f.follower_uid);
    const id = Number(f.id);
    const actual = this.d.perp.openPosition(uid, p.symbol);
    const held = actual && actual.side === p.side ? BigInt(actual.lots) : 0n;
    if (held < p.lots) {
      // The follower closed by hand or was liquidated: the copy holds no more than the position does.
      this.d.tx.run(() => {
        const margin = p.lots > 0n ? (p.margin * held) / p.lots : 0n;
        this.repo.putPosition(id, p.symbol, p.side, held, margin);
        this.flag(f, p.symbol, 'position_changed');
      });
      if (held === 0n) return;
      p = { ...p, lots: held, margin: (p.margin * held) / p.lots };
    }
    const lots = want > p.lots ? p.lots : want;
    if (lots <= 0n) return;
    const c = this.contract(p.symbol);
    try {
      this.d.tx.run(() => {
        const o = this.d.perp.placeServiceOrder(uid, {
          symbol: p.symbol,
          side: p.side === 'long' ? 'sell' : 'buy',
          lots: Number(lots),
          limitPrice: null,
          reduceOnly: true,
          source: `copy:${Number(l.uid)}`,
          stpKey: Number(l.uid),
        });
        this.afterCopyOrder(f, c, p.symbol, o, leaderPrice, leaderLots, 0n);
      });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      this.d.log.warn({ follow: id, symbol: p.symbol, why, err: e.key }, 'copy close waits for the sync job');
    }
  }

  /**
   * Keeps copies in line with their leader: a copy whose leader is flat (or on the other side) is closed; a copy
   * whose leader's position shrank without a fill the copies saw (liquidation, ADL) is closed proportionally.
   */
  sync(): void {
    this.flush();
    for (const f of this.repo.activeFollows()) {
      const l = this.repo.leader(Number(f.leader_uid));
      if (!l) continue;
      for (const p of this.repo.positions(Number(f.id))) {
        const leaderPos = this.d.perp.openPosition(Number(l.uid), p.symbol);
        if (!leaderPos || leaderPos.side !== p.side) this.closeCopy(f, l, p, p.lots, null, null, 'sync');
        else {
          const tracked = this.repo.leaderPosition(Number(l.uid), p.symbol);
          if (tracked && tracked.side === leaderPos.side && BigInt(leaderPos.lots) < tracked.lots) {
            const closed = tracked.lots - BigInt(leaderPos.lots);
            this.closeCopy(f, l, p, proportionalClose(p.lots, closed, tracked.lots, false), null, null, 'sync');
          }
        }
      }
    }
    for (const l of this.repo.leaders()) {
      const uid = Number(l.uid);
      for (const symbol of JSON.parse(l.symbols) as string[]) {
        const tracked = this.repo.leaderPosition(uid, symbol);
        if (!tracked) continue;
        const pos = this.d.perp.openPosition(uid, symbol);
        const lots = pos ? pos.lots : 0;
        if (BigInt(lots) !== tracked.lots) {
          this.d.tx.run(() => this.repo.putLeaderPosition(uid, symbol, pos?.side ?? tracked.side, lots));
        }
      }
    }
  }

  private onSettings(change: PerpSettingsChange): void {
    if (!this.repo.leader(change.uid)) return;
    for (const f of this.repo.activeFollowsOfLeader(change.uid)) {
      this.mirrorSettings(f, change.symbol, change.leverage, change.marginMode);
    }
  }

  // ---- settlement --------------------------------------------------------------------------------------------------

  /**
   * Profit share (high-water mark) and compensation for one relationship and period, in the caller's transaction:
   * follower → leader for the share, leader's escrow → follower for the compensation.
   */
  private settle(f: FollowRow, trigger: 'weekly' | 'unfollow', period: string): void {
    const id = Number(f.id);
    if (this.repo.settlementExists(id, period)) return;
    const l = this.repo.leader(Number(f.leader_uid));
    if (!l) return;
    const follower = Number(f.follower_uid);
    const leader = Number(f.leader_uid);
    const total = f.realized;
    const periodPnl = total - f.settled_realized;
    const due = profitShareDue(total, l.profit_share_ppm, f.share_paid);
    const free = this.d.perp.freeMargin(follower);
    const share = due > free ? free : due;
    if (share > 0n) {
      this.d.ledger.transfer({
        reference: `copy:share:${id}:${period}`,
        reason: 'copy.profit_share',
        from: this.wallet(follower),
        to: this.wallet(leader),
        amount: share,
        meta: { follow: id, period },
      });
    }
    // Every settlement shows on both sides' records, a zero share too (nothing above the high-water mark).
    this.record(f, {
      kind: 'profit_share',
      lots: null,
      amount: share,
      reason: trigger,
      order_id: null,
      leader_lots: null,
    });
    const comp =
      l.mode === 'compensate' ? compensationDue(periodPnl, l.compensation_ppm, share, this.escrowOf(leader)) : 0n;
    if (comp > 0n) {
      this.d.ledger.transfer({
        reference: `copy:comp:${id}:${period}`,
        reason: 'copy.compensation',
        from: this.escrowAccount(leader),
        to: this.wallet(follower),
        amount: comp,
        meta: { follow: id, period },
      });
      this.record(f, {
        kind: 'compensation',
        lots: null,
        amount: comp,
        reason: trigger,
        order_id: null,
        leader_lots: null,
      });
    }
    const highWater = total > f.high_water ? total : f.high_water;
    this.repo.settleFollow(id, total, share, comp, highWater);
    this.repo.insertSettlement({
      follow_id: f.id,
      leader_uid: f.leader_uid,
      follower_uid: f.follower_uid,
      trigger,
      period,
      period_pnl: periodPnl,
      profit_share: share,
      compensation: comp,
      high_water: highWater,
      ts: BigInt(this.d.clock.now()),
    });
  }

  /** The weekly settlement of every active relationship (the scheduler's slot `slot`). */
  settleWeek(slot: number): number {
    let n = 0;
    for (const f of this.repo.activeFollows()) {
      const period = `w${slot}`;
      if (this.repo.settlementExists(Number(f.id), period)) continue;
      this.settle(f, 'weekly', period);
      n++;
    }
    return n;
  }

  jobs(): JobDefinition[] {
    return [
      {
        name: 'sync',
        description:
          'Copies follow their leader: close what the leader no longer holds (liquidation, ADL, a close that waited)',
        everyMs: 5_000,
        catchUp: 'latest',
        run: () => this.sync(),
      },
      {
        name: 'settle-weekly',
        description:
          'Weekly profit share (high-water mark) and compensation of every copy relationship, Monday 00:00 UTC',
        everyMs: WEEK,
        offsetMs: MONDAY_OFFSET,
        catchUp: 'every',
        run: ({ slot }) => this.d.tx.run(() => this.settleWeek(slot)),
      },
      {
        name: 'demo-leaders',
        description: 'Demo leaders (system capital) trade perpetuals by a simple trend rule so newcomers can copy them',
        everyMs: 60_000,
        catchUp: 'latest',
        run: ({ slot }) => this.demoTick(slot),
      },
    ];
  }

  // ---- demo leaders --------------------------------------------------------------------------------------------------

  private readonly lastMarks = new Map<string, string>();

  /**
   * Each demo leader holds at most one position on its first pair: flat → open with the last minute's move (long
   * after a rise, short after a fall); open for 3 minutes → close. Real orders on the real book, copied like any other.
   */
  demoTick(slot: number): void {
    for (const l of this.repo.leaders()) {
      if (l.demo !== 1n) continue;
      const uid = Number(l.uid);
      const symbol = (JSON.parse(l.symbols) as string[])[0];
      if (!symbol) continue;
      const mark = this.d.perp.mark(symbol).mark;
      const prev = this.lastMarks.get(symbol);
      this.lastMarks.set(symbol, mark);
      const pos = this.d.perp.openPosition(uid, symbol);
      try {
        if (pos) {
          if (this.d.clock.now() - pos.openedAt >= 3 * 60_000) {
            this.d.perp.placeServiceOrder(uid, {
              symbol,
              side: pos.side === 'long' ? 'sell' : 'buy',
              lots: pos.lots,
              limitPrice: null,
              reduceOnly: true,
              source: `demo:${uid}`,
              stpKey: uid,
            });
          }
        } else if (prev !== undefined && prev !== mark) {
          const up = parseDecimal(mark, 8) > parseDecimal(prev, 8);
          const side = (slot + uid) % 2 === 0 ? (up ? 'buy' : 'sell') : up ? 'sell' : 'buy';
          this.d.perp.placeServiceOrder(uid, {
            symbol,
            side,
            lots: Math.max(this.contract(symbol).minLots, 10),
            limitPrice: null,
            reduceOnly: false,
            source: `demo:${uid}`,
            stpKey: uid,
          });
        }
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        this.d.log.warn({ uid, symbol, err: e.key }, 'demo leader order refused');
      }
    }
  }

  /** A demo leader on the exchange's capital: approved at once, contract wallet funded from the treasury. */
  async ensureDemoLeader(input: {
    account: string;
    nickname: string;
    symbols: string[];
    funds: string;
    settings: { profitShare: string; minCopyAmount: string };
  }): Promise<number> {
    const existing = this.d.account.findByAccount(input.account);
    if (existing && this.repo.leader(existing.uid)) return existing.uid;
    const uid =
      existing?.uid ??
      (await this.d.account.createUser({
        account: input.account,
        password: `bot-${Math.random().toString(36).slice(2)}-${Date.now()}`,
        nickname: input.nickname,
      }));
    const symbols = input.symbols.filter((s) => {
      try {
        return this.contract(s).status === 'open';
      } catch {
        return false;
      }
    });
    if (symbols.length === 0) return uid;
    this.d.tx.run(() => {
      this.d.ledger.transfer({
        reference: `copy:demo:fund:${uid}`,
        reason: 'copy.demo.fund',
        from: { owner: { kind: 'system', name: 'treasury' }, wallet: WALLET, asset: ASSET },
        to: this.wallet(uid),
        amount: this.amount(input.funds),
      });
      this.insertLeader(uid, symbols, true, this.d.clock.now());
      this.repo.updateLeader({
        uid,
        mode: 'ordinary',
        profit_share_ppm: ppmOf(input.settings.profitShare),
        min_copy: this.amount(input.settings.minCopyAmount),
        compensation_ppm: 0n,
        per_trade_cap: 0n,
        total_cap: 0n,
      });
    });
    return uid;
  }

  // ---- checks ----------------------------------------------------------------------------------------------------------

  /** Every settlement's money is in the ledger under its reference; escrows are never negative. */
  problems(): string[] {
    const out: string[] = [];
    for (const s of this.repo.allSettlements()) {
      if (s.profit_share > 0n && !this.d.ledger.hasReference(`copy:share:${s.follow_id}:${s.period}`)) {
        out.push(`settlement ${s.id}: share not in the ledger`);
      }
      if (s.compensation > 0n && !this.d.ledger.hasReference(`copy:comp:${s.follow_id}:${s.period}`)) {
        out.push(`settlement ${s.id}: compensation not in the ledger`);
      }
    }
    for (const l of this.repo.leaders()) if (this.escrowOf(Number(l.uid)) < 0n) out.push(`escrow ${l.uid} < 0`);
    return out;
  }

  /** Tests: every record, oldest first. */
  allRecords(): CopyRecord[] {
    return this.repo.allRecords().map((r) => this.recordView(r));
  }

  allSettlements(): CopySettlement[] {
    return this.repo.allSettlements().map((s) => this.settlementView(s));
  }
}

function skipReason(key: string): string {
  switch (key) {
    case 'INSUFFICIENT_BALANCE':
      return 'funds';
    case 'NO_LIQUIDITY':
    case 'PRICE_OUT_OF_LIMIT':
      return 'slippage';
    case 'POSITION_TOO_LARGE':
    case 'OPEN_INTEREST_LIMIT':
      return 'risk_limit';
    case 'ORDER_AMOUNT_OUT_OF_RANGE':
      return 'min_lot';
    case 'PAIR_CLOSED':
      return 'pair';
    default:
      return `error:${key}`;
  }
}
