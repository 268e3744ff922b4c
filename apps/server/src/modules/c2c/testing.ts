import { type C2COrder, type C2CPaymentMethod, parseDecimal } from '@bourse/contract';
import { expect } from 'vitest';
import { get, post, registerUser, seed, startServer, type TestServer, type TestUser } from '../../test/harness';
import { pngImage } from '../../test/images';
import { user } from '../ledger';
import { operatorToken, upload } from '../security/testing';
import { FUND_PASSWORD } from '../wallet/testing';

/** Test support for C2C: verified users with fiat funds, merchants with ads, orders. */

export { FUND_PASSWORD };

export interface C2CWorld {
  server: TestServer;
  admin: string;
  /** How users register (default: the code from the outbox; a mail test reads it from its SMTP server). */
  register?: (server: TestServer) => Promise<TestUser>;
}

export async function startC2CServer(env: Record<string, string> = {}): Promise<C2CWorld> {
  const server = await startServer({ ADMIN_PASSWORD: 'c2c-admin-2026', ...env });
  await seed(server);
  return { server, admin: await operatorToken(server) };
}

let counter = 0;

/** A registered user with a verified identity (Zhang Wei), a fund password and a nickname. */
export async function verifiedUser(w: C2CWorld, nickname?: string): Promise<TestUser> {
  const u = await (w.register ?? registerUser)(w.server);
  const n = ++counter;
  const submitted = await upload(
    w.server,
    '/mapi/security/identity/submit',
    { type: 'id_card', familyName: 'Zhang', givenName: 'Wei', number: `1101051949123${String(n).padStart(5, '0')}` },
    [
      { field: 'front', bytes: pngImage(4) },
      { field: 'back', bytes: pngImage(4) },
      { field: 'hand', bytes: pngImage(4) },
    ],
    { token: u.token },
  );
  expect(submitted.body.code).toBe(200);
  const list = await get<{ list: { id: number }[] }>(w.server, `/admin/api/identity/list?status=pending&uid=${u.uid}`, {
    token: w.admin,
  });
  const id = list.body.data.list[0]?.id;
  const approved = await post(w.server, `/admin/api/identity/${id}/approve`, undefined, { token: w.admin });
  expect(approved.body.code).toBe(200);
  const set = await post(
    w.server,
    '/mapi/user/setFundPassword',
    { loginPassword: u.password, fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD },
    { token: u.token },
  );
  expect(set.body.code).toBe(200);
  if (nickname) w.server.ctx.account.setNickname(u.uid, `${nickname}${n}`);
  return u;
}

/** Credits the user's fiat wallet from the treasury (as a transfer from spot would). */
export function fundFiat(w: C2CWorld, uid: number, asset: string, amount: string): void {
  const { ledger, tx } = w.server.ctx;
  tx.run(() =>
    ledger.transfer({
      reference: `test:fiat:${uid}:${asset}:${++counter}`,
      reason: 'test.fund',
      from: { owner: { kind: 'system', name: 'treasury' }, wallet: 'fiat', asset },
      to: user(uid, 'fiat', asset),
      amount: ledger.parseAmount(asset, amount),
    }),
  );
}

export function fiatBalance(w: C2CWorld, uid: number, asset = 'USDT'): { available: bigint; frozen: bigint } {
  return w.server.ctx.ledger.balance(user(uid, 'fiat', asset));
}

export const usdt = (amount: string) => parseDecimal(amount, 8);

export async function addPayment(
  w: C2CWorld,
  u: TestUser,
  type: 'alipay' | 'wechat' | 'bank' | 'paypal' = 'alipay',
  account = `acct${++counter}@pay.test`,
): Promise<C2CPaymentMethod> {
  const fields: Record<string, string> = { type, holder: 'Zhang Wei', account };
  if (type === 'bank') fields.bankName = 'Test Bank';
  const answer = await upload<C2CPaymentMethod>(w.server, '/mapi/c2c/payments/add', fields, [], { token: u.token });
  expect(answer.body.code).toBe(200);
  return answer.body.data;
}

/** A verified user with a payment method and a deposit, approved by the operator. */
export async function merchant(w: C2CWorld, funds = '10000'): Promise<{ u: TestUser; method: C2CPaymentMethod }> {
  const u = await verifiedUser(w, 'Merchant');
  const method = await addPayment(w, u);
  fundFiat(w, u.uid, 'USDT', funds);
  const applied = await post(
    w.server,
    '/mapi/c2c/merchant/apply',
    { requestId: `apply-request-${u.uid}` },
    { token: u.token },
  );
  expect(applied.body.code).toBe(200);
  const approved = await post(w.server, `/admin/api/c2c/merchants/${u.uid}/approve`, undefined, { token: w.admin });
  expect(approved.body.code).toBe(200);
  return { u, method };
}

export async function sellAd(
  w: C2CWorld,
  m: { u: TestUser; method: C2CPaymentMethod },
  over: Record<string, unknown> = {},
): Promise<number> {
  const answer = await post<{ id: number }>(
    w.server,
    '/mapi/c2c/ads/create',
    {
      side: 'sell',
      asset: 'USDT',
      fiat: 'CNY',
      priceType: 'fixed',
      fixedPrice: '7.20',
      total: '1000',
      minAmount: '72',
      maxAmount: '7200',
      paymentMethodIds: [m.method.id],
      requestId: `ad-request-${++counter}`,
      ...over,
    },
    { token: m.u.token },
  );
  expect(answer.body.code, answer.body.msg).toBe(200);
  return answer.body.data.id;
}

export async function order(
  w: C2CWorld,
  u: TestUser,
  adId: number,
  amount: string,
  over: Record<string, unknown> = {},
) {
  return post<C2COrder>(
    w.server,
    '/mapi/c2c/orders/create',
    { adId, amount, requestId: `order-request-${++counter}`, ...over },
    { token: u.token },
  );
}

export function expectEscrowConsistent(w: C2CWorld): void {
  expect(w.server.ctx.c2c.escrowProblems()).toEqual([]);
  const report = w.server.ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

/** Moves the test clock and runs what fell due; signs the operator in again (sessions end after 30 idle minutes). */
export async function advance(w: C2CWorld, ms: number): Promise<void> {
  w.server.clock.advance(ms);
  await w.server.runDue();
  w.admin = await operatorToken(w.server);
}
