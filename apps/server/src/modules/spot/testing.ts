import { parseDecimal, type SpotOrder } from '@bourse/contract';
import { expect } from 'vitest';
import type { AppContext } from '../../app-context';
import { type ApiAnswer, post, startServer, type TestServer, type TestUser } from '../../test/harness';
import { DEFAULT_NETWORK_SETTINGS } from '../chain/networks';
import { DEFAULT_ASSETS } from '../ledger/assets';
import { user } from '../ledger/types';
import { DEFAULT_MARKETS } from './markets-default';

/** Test support for spot: a server with the default assets and markets, and funding through real deposits. */

/** The configuration a fresh install gets (assets, deposit networks, the default markets); idempotent. */
export function ensureSpotConfig(ctx: AppContext): void {
  if (ctx.ledger.listAssets().length === 0) for (const asset of DEFAULT_ASSETS) ctx.ledger.upsertAsset(asset);
  ctx.wallet.ensureDefaultNetworks();
  const existing = new Set(ctx.spot.markets().map((m) => m.symbol));
  for (const m of DEFAULT_MARKETS) if (!existing.has(`${m.base}_${m.quote}`)) ctx.spot.createMarket(m);
}

export async function startSpotServer(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer(env);
  await server.ctx.operators.ensureOperator(server.ctx.config.admin.email, server.ctx.config.admin.password);
  ensureSpotConfig(server.ctx);
  return server;
}

/**
 * Credits spot balances the way money really arrives: a deposit on the simulated chain to each user's deposit
 * address, mined until credited. So the ledger reconciles against the wallet's own records.
 */
export async function fund(ctx: AppContext, grants: { uid: number; asset: string; amount: string }[]): Promise<void> {
  const sim = ctx.wallet.simulator();
  for (const g of grants) {
    const network = DEFAULT_NETWORK_SETTINGS.find((n) => n.asset === g.asset)?.network;
    if (!network) throw new Error(`no network for ${g.asset}`);
    const { address } = ctx.wallet.depositAddress(g.uid, g.asset, network);
    ctx.tx.run(() => sim.injectDeposit({ network, asset: g.asset, to: address, amount: parseDecimal(g.amount, 8) }));
  }
  await sim.mine(6);
}

export function balance(ctx: AppContext, uid: number, asset: string): { available: bigint; frozen: bigint } {
  return ctx.ledger.balance(user(uid, 'spot', asset));
}

export function units(amount: string): bigint {
  return parseDecimal(amount, 8);
}

export async function order(
  server: TestServer,
  u: TestUser,
  body: Record<string, unknown>,
  lang?: string,
): Promise<ApiAnswer<SpotOrder>> {
  return post<SpotOrder>(server, '/mapi/spot/neworder', body, { token: u.token, lang });
}

/** Places an order that must be accepted; returns it. */
export async function placed(server: TestServer, u: TestUser, body: Record<string, unknown>): Promise<SpotOrder> {
  const answer = await order(server, u, body);
  expect(answer.body.msg).toBe('success');
  expect(answer.body.code).toBe(200);
  return answer.body.data;
}

/** The ledger's full reconciliation plus the spot invariant: each user's frozen balance is what their open orders hold. */
export function expectConsistent(ctx: AppContext): void {
  const report = ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  const held = ctx.spot.frozenByOrders();
  const rows = ctx.db
    .prepare<[], { owner_id: bigint; asset: string; frozen: bigint }>(
      "SELECT owner_id, asset, frozen FROM ledger_accounts WHERE owner_kind = 'user' AND wallet = 'spot' AND frozen <> 0",
    )
    .safeIntegers(true)
    .all();
  const ledgerFrozen = new Map(rows.map((r) => [`${r.owner_id}:${r.asset}`, r.frozen]));
  const userHeld = new Map([...held].filter(([, v]) => v !== 0n));
  expect(Object.fromEntries([...ledgerFrozen].map(([k, v]) => [k, v.toString()]))).toEqual(
    Object.fromEntries(
      [...userHeld].filter(([k]) => Number(k.split(':')[0]) < 2 ** 52).map(([k, v]) => [k, v.toString()]),
    ),
  );
}
