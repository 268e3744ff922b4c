import {
  type AdminSubscriptionApplication,
  type AdminSubscriptionProject,
  decimalPlaces,
  formatDecimal,
  type Lang,
  LANGS,
  type LocalizedText,
  parseDecimal,
  type SubscriptionApplication,
  type SubscriptionPhase,
  type SubscriptionProject,
  type SubscriptionProjectValues,
  type SubscriptionProjectUpdate,
  type WalletRecord,
} from '@bourse/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { DomainError, fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import { type LedgerService, type Movement, system, user } from '../ledger';
import type { WalletService } from '../wallet';
import { allot, PRICE_DECIMALS, type SaleTerms, subscribedRatio } from './allocation';
import type { ApplicationRow, ProjectRow, SubscriptionRepo } from './repo';
import { type SubscriptionText, subscriptionText } from './texts';

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** The spot markets, to say where a token trades once an operator lists it. */
export interface MarketDirectory {
  markets(): readonly { symbol: string }[];
}

export interface SubscriptionDeps {
  tx: Transactions;
  repo: SubscriptionRepo;
  ledger: LedgerService;
  wallet: WalletService;
  spot: MarketDirectory;
  clock: Clock;
  log: Logger;
  /** Applications settled per project and scheduler run (the rest wait for the next run). */
  batch?: number;
}

/**
 * The system owner that sells the projects' tokens and receives what they raise: equity (the issuers' inventory at
 * the exchange), allowed below zero in a token — minus what was delivered —, like the treasury funding market makers.
 */
export const LAUNCHPAD = 'launchpad';

/** Tokens of projects are ledger assets at this scale. */
export const TOKEN_SCALE = 8;

export const SUBSCRIPTION_REASONS = {
  commit: 'subscription.commit',
  withdraw: 'subscription.withdraw',
  pay: 'subscription.pay',
  deliver: 'subscription.deliver',
  refund: 'subscription.refund',
} as const;

export function applicationHolder(applicationId: number): string {
  return `subscription:${applicationId}`;
}

const n = Number;
const MAX_UNITS = 10n ** 18n;

/**
 * New-coin subscription: applications hold the quote coin in the user's spot wallet during the window; when it ends the
 * scheduler (`subscription.settle`) allocates pro rata with the per-user cap and settles each applicant in one
 * transaction — cost to the launchpad, tokens from it, the rest released — exactly once. README.md.
 */
export class SubscriptionService {
  private readonly batch: number;

  constructor(private readonly deps: SubscriptionDeps) {
    this.batch = deps.batch ?? 2000;
    deps.ledger.declareSystemAccount(LAUNCHPAD, { type: 'equity', negative: true });
    this.describeRecords();
  }

  /** The module's clock (demo data dates its projects from it). */
  now(): number {
    return this.deps.clock.now();
  }

  // ---- reading ------------------------------------------------------------------------------------------------

  projects(lang: Lang): SubscriptionProject[] {
    const now = this.deps.clock.now();
    const listed = this.listedMarkets();
    return this.deps.repo.projects().map((row) => this.projectView(row, now, lang, listed));
  }

  applications(uid: number, query: { projectId?: number; page: number; size: number }): Paged<SubscriptionApplication> {
    const { rows, total } = this.deps.repo.userApplications(
      uid,
      query.projectId ?? 0,
      query.size,
      (query.page - 1) * query.size,
    );
    return { list: rows.map((r) => this.applicationView(r)), total, page: query.page, size: query.size };
  }

  // ---- the user's side ----------------------------------------------------------------------------------------

  /** Commits `amount` of the quote coin (held until the window ends). One application per user and project. */
  apply(uid: number, input: { projectId: number; amount: string }, claim?: () => void): SubscriptionApplication {
    const { tx, repo, ledger, clock } = this.deps;
    return tx.run(() => {
      const project = repo.project(input.projectId);
      if (!project) fail('NOT_FOUND');
      const now = clock.now();
      const phase = phaseOf(project, now);
      if (phase === 'upcoming') fail('SUBSCRIPTION_NOT_STARTED');
      if (phase !== 'open') fail('SUBSCRIPTION_ENDED');
      if (project.paused === 1n) fail('SUBSCRIPTION_PAUSED');
      if (repo.active(n(project.id), uid)) fail('SUBSCRIPTION_APPLICATION_PENDING');
      const amount = this.userAmount(project.quote, input.amount);
      if (amount < project.min_commit || amount > project.max_commit) fail('SUBSCRIPTION_LIMIT');
      if (ledger.balance(user(uid, 'spot', project.quote)).available < amount) fail('INSUFFICIENT_BALANCE');
      claim?.();
      const id = repo.insertApplication(n(project.id), uid, amount, now);
      ledger.hold({
        reference: `subscription:commit:${id}`,
        reason: SUBSCRIPTION_REASONS.commit,
        account: user(uid, 'spot', project.quote),
        holder: applicationHolder(id),
        amount,
        meta: { applicationId: id, projectId: n(project.id) },
      });
      repo.addCommitment(n(project.id), amount, 1);
      return this.applicationView(this.applicationRow(id));
    });
  }

  /** Takes a pending application back while the window is still open. */
  withdraw(uid: number, applicationId: number, claim?: () => void): SubscriptionApplication {
    const { tx, repo, clock } = this.deps;
    return tx.run(() => {
      const application = repo.application(applicationId);
      if (!application || n(application.uid) !== uid) fail('NOT_FOUND');
      const project = this.projectRow(n(application.project_id));
      const now = clock.now();
      if (application.state !== 'pending' || phaseOf(project, now) !== 'open') fail('SUBSCRIPTION_NOT_CANCELLABLE');
      claim?.();
      this.release(project, application, 'withdrawn', now);
      return this.applicationView(this.applicationRow(applicationId));
    });
  }

  // ---- time: the end of a window --------------------------------------------------------------------------------

  /**
   * Settles every project whose window ended by `at`: each pending application in its own savepoint — cost paid to
   * the launchpad out of the hold, tokens delivered from it, the rest released — up to the batch size per run; a
   * project is settled once none is pending. The allocation depends only on the applications, which cannot change
   * after the window, so a run that stops half-way and the next one give each applicant exactly the same share.
   */
  settleDue(at: number, now: number): { settled: number; projects: number } {
    const { repo, tx } = this.deps;
    let settled = 0;
    let projects = 0;
    for (const project of repo.due(at)) {
      const terms = this.termsOf(project);
      for (const application of repo.pending(n(project.id), this.batch - settled)) {
        tx.run(() => this.settleOne(project, terms, application, now));
        settled++;
      }
      if (repo.pendingCount(n(project.id)) === 0 && repo.markSettled(n(project.id), now)) projects++;
      if (settled >= this.batch) break;
    }
    return { settled, projects };
  }

  private settleOne(project: ProjectRow, terms: SaleTerms, application: ApplicationRow, now: number): void {
    const { repo, ledger } = this.deps;
    const id = n(application.id);
    const uid = n(application.uid);
    const { tokens, cost, refund } = allot(application.amount, terms);
    if (!repo.allocate(id, tokens, cost, refund, now)) throw new Error(`application ${id} is not pending`);
    const holder = applicationHolder(id);
    const quoteAccount = user(uid, 'spot', project.quote);
    const meta = { applicationId: id, projectId: n(project.id) };
    if (cost > 0n) {
      ledger.settle({
        reference: `subscription:pay:${id}`,
        reason: SUBSCRIPTION_REASONS.pay,
        holder,
        account: quoteAccount,
        to: [{ account: system(LAUNCHPAD, project.quote), amount: cost }],
        meta,
      });
    }
    if (tokens > 0n) {
      ledger.transfer({
        reference: `subscription:deliver:${id}`,
        reason: SUBSCRIPTION_REASONS.deliver,
        from: system(LAUNCHPAD, project.token),
        to: user(uid, 'spot', project.token),
        amount: tokens,
        meta,
      });
    }
    if (refund > 0n) {
      ledger.release({
        reference: `subscription:refund:${id}`,
        reason: SUBSCRIPTION_REASONS.refund,
        holder,
        account: quoteAccount,
        amount: refund,
        meta,
      });
    }
    repo.addSettled(n(project.id), tokens, cost, refund);
  }

  // ---- operators ----------------------------------------------------------------------------------------------

  adminProjects(): AdminSubscriptionProject[] {
    const now = this.deps.clock.now();
    const listed = this.listedMarkets();
    return this.deps.repo.projects().map((row) => this.adminProjectView(row, now, listed));
  }

  adminProject(id: number): AdminSubscriptionProject {
    return this.adminProjectView(this.projectRow(id), this.deps.clock.now(), this.listedMarkets());
  }

  /**
   * A new project; its token becomes a coin of the ledger (scale 8, no networks: it arrives by allocation). `past`
   * lets demo data create a project whose window is already over.
   */
  createProject(input: SubscriptionProjectValues, options: { past?: boolean } = {}): AdminSubscriptionProject {
    const { ledger, repo, clock, tx } = this.deps;
    return tx.run(() => {
      const token = input.token;
      const quote = input.quote;
      if (ledger.hasAsset(token)) fail('SUBSCRIPTION_TOKEN_EXISTS');
      if (!ledger.hasAsset(quote) || ledger.asset(quote).status !== 'active') fail('ASSET_NOT_FOUND');
      const now = clock.now();
      const terms = this.checkedTerms(
        {
          price: input.price,
          supply: input.supply,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          minCommit: input.minCommit,
          maxCommit: input.maxCommit,
        },
        quote,
      );
      if (terms.endsAt <= now && !options.past) fail('INVALID_PARAMS', { detail: 'the window must end in the future' });
      ledger.upsertAsset({
        code: token,
        name: input.tokenName,
        scale: TOKEN_SCALE,
        displayPrecision: input.displayPrecision,
        sort: 100 + repo.projects().length,
      });
      const id = repo.insertProject({
        token,
        token_name: input.tokenName,
        quote,
        price: terms.price,
        supply: terms.supply,
        starts_at: BigInt(terms.startsAt),
        ends_at: BigInt(terms.endsAt),
        min_commit: terms.minCommit,
        max_commit: terms.maxCommit,
        intro: JSON.stringify(input.intro),
        paused: input.paused ? 1n : 0n,
        created_at: BigInt(now),
        updated_at: BigInt(now),
      });
      return this.adminProject(id);
    });
  }

  /** Before the window opens every term may change; afterwards only the pause, the intro and a later end. */
  updateProject(id: number, patch: SubscriptionProjectUpdate): AdminSubscriptionProject {
    const { repo, clock, tx } = this.deps;
    return tx.run(() => {
      const row = this.projectRow(id);
      const now = clock.now();
      const phase = phaseOf(row, now);
      if (phase === 'settled' || phase === 'cancelled' || phase === 'calculating') fail('SUBSCRIPTION_NOT_EDITABLE');
      const termsChange =
        patch.price !== undefined ||
        patch.supply !== undefined ||
        patch.startsAt !== undefined ||
        patch.minCommit !== undefined ||
        patch.maxCommit !== undefined;
      if (phase === 'open' && termsChange) fail('SUBSCRIPTION_NOT_EDITABLE');
      if (phase === 'open' && patch.endsAt !== undefined && patch.endsAt < n(row.ends_at)) {
        fail('SUBSCRIPTION_NOT_EDITABLE');
      }
      const scale = this.scaleOf(row.quote);
      const terms = this.checkedTerms(
        {
          price: patch.price ?? formatDecimal(row.price, PRICE_DECIMALS),
          supply: patch.supply ?? formatDecimal(row.supply, TOKEN_SCALE),
          startsAt: patch.startsAt ?? n(row.starts_at),
          endsAt: patch.endsAt ?? n(row.ends_at),
          minCommit: patch.minCommit ?? formatDecimal(row.min_commit, scale),
          maxCommit: patch.maxCommit ?? formatDecimal(row.max_commit, scale),
        },
        row.quote,
      );
      if (terms.endsAt <= now) fail('INVALID_PARAMS', { detail: 'the window must end in the future' });
      const updated = repo.updateTerms({
        id: row.id,
        token_name: patch.tokenName ?? row.token_name,
        price: terms.price,
        supply: terms.supply,
        starts_at: BigInt(terms.startsAt),
        ends_at: BigInt(terms.endsAt),
        min_commit: terms.minCommit,
        max_commit: terms.maxCommit,
        intro: patch.intro ? JSON.stringify(patch.intro) : row.intro,
        paused: patch.paused === undefined ? row.paused : patch.paused ? 1n : 0n,
        updated_at: BigInt(now),
      });
      if (!updated) fail('SUBSCRIPTION_NOT_EDITABLE');
      if (patch.tokenName && patch.tokenName !== row.token_name) {
        const asset = this.deps.ledger.asset(row.token);
        this.deps.ledger.upsertAsset({
          code: asset.code,
          name: patch.tokenName,
          scale: asset.scale,
          displayPrecision: asset.display_precision,
          sort: asset.sort,
        });
      }
      return this.adminProject(id);
    });
  }

  /** Calls a project off before any application is settled: every pending commitment is released. */
  cancelProject(id: number): AdminSubscriptionProject {
    const { repo, clock, tx } = this.deps;
    return tx.run(() => {
      const project = this.projectRow(id);
      const now = clock.now();
      const phase = phaseOf(project, now);
      if (phase === 'settled' || phase === 'cancelled' || project.allocated > 0n || project.raised > 0n) {
        fail('SUBSCRIPTION_NOT_EDITABLE');
      }
      for (;;) {
        const pending = repo.pending(id, 500);
        if (pending.length === 0) break;
        for (const application of pending) this.release(project, application, 'refunded', now);
      }
      if (!repo.markCancelled(id, now)) fail('SUBSCRIPTION_NOT_EDITABLE');
      return this.adminProject(id);
    });
  }

  projectApplications(
    projectId: number,
    query: { uid?: number; page: number; size: number },
  ): Paged<AdminSubscriptionApplication> {
    this.projectRow(projectId);
    const { rows, total } = this.deps.repo.projectApplications(
      projectId,
      query.uid ?? 0,
      query.size,
      (query.page - 1) * query.size,
    );
    return {
      list: rows.map((r) => ({ ...this.applicationView(r), uid: n(r.uid) })),
      total,
      page: query.page,
      size: query.size,
    };
  }

  /** Demo data only: an application made during a window that is already over (the demo's finished project). */
  seedApplication(projectId: number, uid: number, amount: string, at: number): void {
    const { tx, repo, ledger } = this.deps;
    tx.run(() => {
      const project = this.projectRow(projectId);
      if (repo.active(projectId, uid)) return;
      const units = this.userAmount(project.quote, amount);
      if (ledger.balance(user(uid, 'spot', project.quote)).available < units) return;
      const id = repo.insertApplication(projectId, uid, units, at);
      ledger.hold({
        reference: `subscription:commit:${id}`,
        reason: SUBSCRIPTION_REASONS.commit,
        account: user(uid, 'spot', project.quote),
        holder: applicationHolder(id),
        amount: units,
        meta: { applicationId: id, projectId },
      });
      repo.addCommitment(projectId, units, 1);
    });
  }

  // ---- internals ----------------------------------------------------------------------------------------------

  /** Releases a pending application's whole commitment (withdrawn by the user, or the project cancelled). */
  private release(project: ProjectRow, application: ApplicationRow, state: 'withdrawn' | 'refunded', now: number) {
    const id = n(application.id);
    if (!this.deps.repo.close(id, state, now)) throw new Error(`application ${id} is not pending`);
    this.deps.ledger.release({
      reference: `subscription:${state === 'withdrawn' ? 'withdraw' : 'refund'}:${id}`,
      reason: state === 'withdrawn' ? SUBSCRIPTION_REASONS.withdraw : SUBSCRIPTION_REASONS.refund,
      holder: applicationHolder(id),
      account: user(n(application.uid), 'spot', project.quote),
      meta: { applicationId: id, projectId: n(project.id) },
    });
    this.deps.repo.addCommitment(n(project.id), -application.amount, -1);
    if (state === 'refunded') this.deps.repo.addSettled(n(project.id), 0n, 0n, application.amount);
  }

  private termsOf(project: ProjectRow): SaleTerms {
    return {
      supply: project.supply,
      price: project.price,
      tokenScale: this.scaleOf(project.token),
      quoteScale: this.scaleOf(project.quote),
      totalCommitted: project.committed,
    };
  }

  private checkedTerms(
    input: {
      price: string;
      supply: string;
      startsAt: number;
      endsAt: number;
      minCommit: string;
      maxCommit: string;
    },
    quote: string,
  ) {
    const scale = this.scaleOf(quote);
    const price = operatorAmount(input.price, PRICE_DECIMALS, 'price');
    const supply = operatorAmount(input.supply, TOKEN_SCALE, 'supply');
    const minCommit = operatorAmount(input.minCommit, scale, 'minCommit');
    const maxCommit = operatorAmount(input.maxCommit, scale, 'maxCommit');
    if (price <= 0n || supply <= 0n || minCommit <= 0n) {
      fail('INVALID_PARAMS', { detail: 'price, supply and minimum must be positive' });
    }
    if (maxCommit < minCommit) fail('INVALID_PARAMS', { detail: 'the maximum is below the minimum' });
    if (input.endsAt <= input.startsAt) fail('INVALID_PARAMS', { detail: 'the window ends before it starts' });
    return { price, supply, minCommit, maxCommit, startsAt: input.startsAt, endsAt: input.endsAt };
  }

  private listedMarkets(): Set<string> {
    return new Set(this.deps.spot.markets().map((m) => m.symbol));
  }

  private projectRow(id: number): ProjectRow {
    const row = this.deps.repo.project(id);
    if (!row) fail('NOT_FOUND');
    return row;
  }

  private applicationRow(id: number): ApplicationRow {
    const row = this.deps.repo.application(id);
    if (!row) throw new Error(`application ${id} is missing`);
    return row;
  }

  private scaleOf(asset: string): number {
    return this.deps.ledger.hasAsset(asset) ? this.deps.ledger.asset(asset).scale : 8;
  }

  private userAmount(asset: string, text: string): bigint {
    const scale = this.scaleOf(asset);
    let value: bigint;
    try {
      if (decimalPlaces(text) > scale) fail('AMOUNT_PRECISION', { decimals: scale });
      value = parseDecimal(text, scale);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      fail('AMOUNT_INVALID');
    }
    if (value <= 0n || value > MAX_UNITS) fail('AMOUNT_INVALID');
    return value;
  }

  // ---- views --------------------------------------------------------------------------------------------------

  private projectView(row: ProjectRow, now: number, lang: Lang, listed: Set<string>): SubscriptionProject {
    const { intro: _intro, ...rest } = this.adminProjectView(row, now, listed);
    const texts = JSON.parse(row.intro) as Partial<LocalizedText>;
    return {
      id: rest.id,
      token: rest.token,
      tokenName: rest.tokenName,
      quote: rest.quote,
      price: rest.price,
      supply: rest.supply,
      startsAt: rest.startsAt,
      endsAt: rest.endsAt,
      minCommit: rest.minCommit,
      maxCommit: rest.maxCommit,
      phase: rest.phase,
      paused: rest.paused,
      committed: rest.committed,
      applicants: rest.applicants,
      subscribedRatio: rest.subscribedRatio,
      allocated: rest.allocated,
      raised: rest.raised,
      intro: texts[lang] || texts.en || '',
      settledAt: rest.settledAt,
      market: rest.market,
    };
  }

  private adminProjectView(row: ProjectRow, now: number, listed: Set<string>): AdminSubscriptionProject {
    const quoteScale = this.scaleOf(row.quote);
    const tokenScale = this.scaleOf(row.token);
    const texts = JSON.parse(row.intro) as Partial<LocalizedText>;
    const intro = Object.fromEntries(LANGS.map((l) => [l, texts[l] ?? ''])) as LocalizedText;
    const symbol = `${row.token}_${row.quote}`;
    const ratio = subscribedRatio(row.committed, {
      supply: row.supply,
      price: row.price,
      tokenScale,
      quoteScale,
    });
    return {
      id: n(row.id),
      token: row.token,
      tokenName: row.token_name,
      quote: row.quote,
      price: formatDecimal(row.price, PRICE_DECIMALS),
      supply: formatDecimal(row.supply, tokenScale),
      startsAt: n(row.starts_at),
      endsAt: n(row.ends_at),
      minCommit: formatDecimal(row.min_commit, quoteScale),
      maxCommit: formatDecimal(row.max_commit, quoteScale),
      phase: phaseOf(row, now),
      paused: row.paused === 1n,
      committed: formatDecimal(row.committed, quoteScale),
      applicants: n(row.applicants),
      subscribedRatio: formatDecimal(ratio, 2),
      allocated: formatDecimal(row.allocated, tokenScale),
      raised: formatDecimal(row.raised, quoteScale),
      intro,
      settledAt: row.settled_at === null ? null : n(row.settled_at),
      market: listed.has(symbol) ? symbol : null,
      displayPrecision: this.deps.ledger.hasAsset(row.token) ? this.deps.ledger.asset(row.token).display_precision : 4,
      refunded: formatDecimal(row.refunded, quoteScale),
      pendingApplications: this.deps.repo.pendingCount(n(row.id)),
      createdAt: n(row.created_at),
      updatedAt: n(row.updated_at),
    };
  }

  private applicationView(row: ApplicationRow): SubscriptionApplication {
    const project = this.projectRow(n(row.project_id));
    const quoteScale = this.scaleOf(project.quote);
    const tokenScale = this.scaleOf(project.token);
    const opt = (v: bigint | null, scale: number) => (v === null ? null : formatDecimal(v, scale));
    return {
      id: n(row.id),
      projectId: n(row.project_id),
      token: project.token,
      quote: project.quote,
      price: formatDecimal(project.price, PRICE_DECIMALS),
      committed: formatDecimal(row.amount, quoteScale),
      state: row.state,
      allocation: opt(row.allocation, tokenScale),
      cost: opt(row.cost, quoteScale),
      refund: opt(row.refund, quoteScale),
      createdAt: n(row.created_at),
      settledAt: row.settled_at === null ? null : n(row.settled_at),
    };
  }

  // ---- funding records ----------------------------------------------------------------------------------------

  private describeRecords(): void {
    const kinds: Record<string, { text: SubscriptionText; direction: WalletRecord['direction'] }> = {
      [SUBSCRIPTION_REASONS.commit]: { text: 'commit', direction: 'internal' },
      [SUBSCRIPTION_REASONS.withdraw]: { text: 'withdraw', direction: 'internal' },
      [SUBSCRIPTION_REASONS.pay]: { text: 'pay', direction: 'out' },
      [SUBSCRIPTION_REASONS.deliver]: { text: 'deliver', direction: 'in' },
      [SUBSCRIPTION_REASONS.refund]: { text: 'refund', direction: 'internal' },
    };
    const read = (m: Movement, _uid: number, lang: Lang): WalletRecord => {
      const line = m.lines[0];
      if (!line) throw new Error(`movement ${m.entryId} has no line of the user`);
      const kind = kinds[m.reason] ?? { text: 'commit', direction: 'internal' };
      const project = this.deps.repo.project(Number(m.meta?.projectId));
      // A hold or release moves between the buckets; a payment leaves the hold; a delivery arrives available.
      const moved = line.available !== 0n ? line.available : line.frozen;
      return {
        key: `subscription:${m.entryId}`,
        type: 'product',
        id: m.entryId,
        asset: line.asset,
        amount: formatDecimal(moved < 0n ? -moved : moved, this.scaleOf(line.asset)),
        fee: formatDecimal(0n, this.scaleOf(line.asset)),
        direction: kind.direction,
        status: 'done',
        network: null,
        txHash: null,
        fromWallet: null,
        toWallet: null,
        counterparty: null,
        product: 'subscription',
        title: subscriptionText(kind.text, lang, project?.token ?? line.asset),
        createdAt: m.createdAt,
      };
    };
    this.deps.wallet.describeRecords({ reasons: Object.values(SUBSCRIPTION_REASONS), filter: 'product', read });
  }
}

/** Where a project stands at `now` (stored marks first: settled or cancelled; then the window). */
export function phaseOf(project: ProjectRow, now: number): SubscriptionPhase {
  if (project.cancelled_at !== null) return 'cancelled';
  if (project.settled_at !== null) return 'settled';
  if (now < n(project.starts_at)) return 'upcoming';
  if (now < n(project.ends_at)) return 'open';
  return 'calculating';
}

function operatorAmount(text: string, scale: number, field: string): bigint {
  try {
    if (decimalPlaces(text) > scale) throw new Error('precision');
    const value = parseDecimal(text, scale);
    if (value > MAX_UNITS) throw new Error('range');
    return value;
  } catch {
    fail('INVALID_PARAMS', { detail: `${field}: at most ${scale} decimals` });
  }
}
