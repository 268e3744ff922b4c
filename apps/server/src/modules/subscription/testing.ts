import {
  type LocalizedText,
  parseDecimal,
  type SubscriptionApplication,
  type SubscriptionProjectValues,
} from '@bourse/contract';
import { expect } from 'vitest';
import {
  type ApiAnswer,
  post,
  startServer,
  type TestContext,
  type TestServer,
  type TestUser,
} from '../../test/harness';
import { OffsetClock } from '../../lib/clock';
import { user } from '../ledger';
import { ensureSpotConfig, fund } from '../spot/testing';

/** Test support for new-coin subscription: a stopped clock, a project the test defines, funded users. */

/** A clock that stands still until the test moves it (window ends at the instant, ± 1 ms). */
export class StoppedClock extends OffsetClock {
  constructor(private t: number) {
    super();
  }

  override now(): number {
    return this.t;
  }

  override advance(ms: number): void {
    this.t += ms;
  }

  set(t: number): void {
    this.t = t;
  }
}

export const HOUR = 3_600_000;
export const T0 = Date.UTC(2026, 10, 23, 10);
/** The test project's window: from T0 + 1 h to T0 + 25 h. */
export const OPENS = T0 + HOUR;
export const CLOSES = T0 + 25 * HOUR;

export interface SubscriptionWorld {
  server: TestServer;
  ctx: TestContext;
  clock: StoppedClock;
}

export async function startSubscriptionServer(
  options: { at?: number; dataDir?: string } = {},
): Promise<SubscriptionWorld> {
  const clock = new StoppedClock(options.at ?? T0);
  const env: Record<string, string> = { SESSION_TTL_HOURS: '8760' };
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  const server = await startServer(env, undefined, { clock });
  ensureSpotConfig(server.ctx);
  return { server, ctx: server.ctx, clock };
}

const intro = (text: string): LocalizedText => ({ en: text, zh_CN: text, zh_HK: text, es: text, fr: text });

/** 10,000 NOVA at 0.5 USDT (5,000 USDT worth), commitments of 100 to 5,000 USDT. */
export const NOVA: SubscriptionProjectValues = {
  token: 'NOVA',
  tokenName: 'Nova Network',
  displayPrecision: 2,
  quote: 'USDT',
  price: '0.5',
  supply: '10000',
  startsAt: OPENS,
  endsAt: CLOSES,
  minCommit: '100',
  maxCommit: '5000',
  intro: intro('Nova'),
  paused: false,
};

export function createProject(ctx: TestContext, over: Partial<SubscriptionProjectValues> = {}): number {
  return ctx.subscription.createProject({ ...NOVA, ...over }).id;
}

export const units = (amount: string): bigint => parseDecimal(amount, 8);

export function spot(ctx: TestContext, uid: number, asset = 'USDT'): { available: bigint; frozen: bigint } {
  return ctx.ledger.balance(user(uid, 'spot', asset));
}

export async function fundUsdt(ctx: TestContext, grants: { uid: number; amount: string }[]): Promise<void> {
  await fund(
    ctx,
    grants.map((g) => ({ ...g, asset: 'USDT' })),
  );
}

let requests = 0;
export const requestId = (): string => `subscription-test-${process.pid}-${++requests}`;

export function apply(
  server: TestServer,
  u: TestUser,
  body: { projectId: number; amount: string; requestId?: string },
  lang = 'en',
): Promise<ApiAnswer<SubscriptionApplication>> {
  return post<SubscriptionApplication>(
    server,
    '/mapi/subscription/apply',
    { requestId: requestId(), ...body },
    { token: u.token, lang },
  );
}

export function withdraw(
  server: TestServer,
  u: TestUser,
  applicationId: number,
): Promise<ApiAnswer<SubscriptionApplication>> {
  return post<SubscriptionApplication>(
    server,
    '/mapi/subscription/withdraw',
    { applicationId, requestId: requestId() },
    { token: u.token },
  );
}

export function expectReconciled(ctx: TestContext): void {
  const report = ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}
