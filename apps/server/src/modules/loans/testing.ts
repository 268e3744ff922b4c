import { type Loan, parseDecimal } from '@bourse/contract';
import { SMTPServer } from 'smtp-server';
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
import { DEMO_LOAN_ASSETS, DEMO_LOAN_BOOK, DEMO_LOAN_COLLATERAL } from './demo';

/** Test support for loans: the demo terms and book, an index the test sets (USDT per coin). */

export const units = (amount: string): bigint => parseDecimal(amount, 8);

export class TestPrices {
  private readonly prices = new Map<string, bigint>([['USDT', units('1')]]);
  set(asset: string, price: string): void {
    this.prices.set(asset, units(price));
  }
  usdt(asset: string): bigint | null {
    return this.prices.get(asset) ?? null;
  }
}

/** A clock that stands still until the test moves it. */
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
}

/** A whole minute (and a whole day): the minute job's slots fall on the clock's steps. */
export const T0 = Date.UTC(2026, 10, 23, 0, 0, 0);

export async function startLoansServer(
  env: Record<string, string> = {},
  at = T0,
): Promise<{ server: TestServer; prices: TestPrices }> {
  // Sessions outlive the days a test moves the clock through.
  const server = await startServer({ SESSION_TTL_HOURS: '8760', ...env }, undefined, { clock: new StoppedClock(at) });
  ensureSpotConfig(server.ctx);
  const prices = new TestPrices();
  prices.set('BTC', '100000');
  prices.set('ETH', '4000');
  server.ctx.loans.usePrices(prices);
  server.ctx.loans.seedDemo(DEMO_LOAN_ASSETS, DEMO_LOAN_COLLATERAL, DEMO_LOAN_BOOK);
  return { server, prices };
}

export async function fundSpot(ctx: TestContext, uid: number, asset: string, amount: string): Promise<void> {
  await fund(ctx, [{ uid, asset, amount }]);
}

export function spot(ctx: TestContext, uid: number, asset: string): { available: bigint; frozen: bigint } {
  return ctx.ledger.balance(user(uid, 'spot', asset));
}

let requests = 0;
export const rid = (): string => `loans-test-${process.pid}-${++requests}`;

export function borrow(
  server: TestServer,
  u: TestUser,
  body: { loanAsset?: string; amount: string; collateralAsset?: string; collateral: string },
  lang?: string,
): Promise<ApiAnswer<Loan>> {
  return post<Loan>(
    server,
    '/mapi/loans/borrow',
    { loanAsset: 'USDT', collateralAsset: 'BTC', requestId: rid(), ...body },
    { token: u.token, lang },
  );
}

/** The ledger reconciles and each live loan's collateral is exactly its hold. */
export function expectLoansConsistent(ctx: TestContext): void {
  const report = ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  const rows = ctx.db
    .prepare<[], { id: bigint; collateral: bigint; status: string }>('SELECT id, collateral, status FROM loans')
    .safeIntegers(true)
    .all();
  for (const r of rows) {
    const held = r.status === 'open' || r.status === 'liquidating' ? r.collateral : 0n;
    expect(ctx.ledger.holdOf(`loans:collateral:${r.id}`)?.amount ?? 0n).toBe(held);
  }
}

/** A local SMTP server that keeps every message it receives (the server under test mails through it). */
export interface Mailbox {
  url: string;
  received: { to: string; text: string }[];
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: Mailbox['received'] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        // The body decoded (base64 or quoted-printable), so tests can read the words.
        const split = data.indexOf('\r\n\r\n');
        const head = data.slice(0, split);
        const body = data.slice(split + 4);
        const text = /Content-Transfer-Encoding: base64/i.test(head)
          ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
          : body
              .replace(/=\r?\n/g, '')
              .replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Registers a user whose code arrives in `mailbox` (a server that mails through SMTP has no outbox). */
export async function registerByMail(server: TestServer, mailbox: Mailbox, account: string): Promise<TestUser> {
  const sent = await post(server, '/api/user/sendCode', { account, scene: 'register' });
  if (sent.body.code !== 200) throw new Error(`sendCode failed: ${sent.body.msg}`);
  const mail = mailbox.received.find((m) => m.to === account);
  const code = /(\d{6})/.exec(mail?.text ?? '')?.[1];
  const answer = await post<{ uid: number; token: string }>(server, '/api/user/registerOpen', {
    account,
    code,
    password: 'secret123',
    confirmPassword: 'secret123',
    agreement: true,
  });
  if (answer.body.code !== 200) throw new Error(`register failed: ${answer.body.msg}`);
  return { uid: answer.body.data.uid, token: answer.body.data.token, account, password: 'secret123' };
}

/** The demo loan terms and book on a server that started without demo data. */
export function seedLoansDemo(ctx: TestContext): void {
  ctx.loans.seedDemo(DEMO_LOAN_ASSETS, DEMO_LOAN_COLLATERAL, DEMO_LOAN_BOOK);
}
