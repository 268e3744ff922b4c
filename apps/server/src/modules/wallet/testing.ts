import { expect } from 'vitest';
import {
  get,
  operatorSession,
  post,
  registerUser,
  seed,
  startServer,
  type TestServer,
  type TestUser,
} from '../../test/harness';
import type { ChainSimulator } from '../chain';

/** Test support for the wallet: a server with assets, networks and an operator; funding through the chain. */

export const FUND_PASSWORD = '246810';

export interface WalletServer {
  server: TestServer;
  /** Operator token. */
  admin: string;
  sim: ChainSimulator;
}

/** The first operator's password in wallet tests (there is no default). */
const ADMIN_PASSWORD = 'wallet-admin-2026';

export async function startWalletServer(env: Record<string, string> = {}): Promise<WalletServer> {
  const server = await startServer({ ADMIN_PASSWORD, ...env });
  // Every wallet takes transfers only while its product is available: wallet tests stand alone, as if the modules of
  // the contract, fiat, options, gold and mining wallets were there.
  server.ctx.products.declareBuilt(['futures', 'c2c', 'options', 'rewards', 'mining']);
  await seed(server);
  return { server, admin: await operatorLogin(server), sim: server.ctx.wallet.simulator() };
}

/**
 * A fresh token of the first operator (operator sessions end after 30 idle minutes and 12 hours at most: tests that
 * move the clock further sign in again).
 */
export async function operatorLogin(server: TestServer): Promise<string> {
  return operatorSession(
    server,
    server.ctx.config.operators.email,
    server.ctx.config.operators.password ?? ADMIN_PASSWORD,
  );
}

/** A registered user with the fund password set. */
export async function walletUser(w: WalletServer): Promise<TestUser> {
  const u = await registerUser(w.server);
  const set = await post(
    w.server,
    '/mapi/user/setFundPassword',
    { loginPassword: u.password, fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD },
    { token: u.token },
  );
  expect(set.body.code).toBe(200);
  return u;
}

export async function depositAddress(w: WalletServer, u: TestUser, asset: string, network: string): Promise<string> {
  const answer = await get<{ address: string }>(
    w.server,
    `/mapi/wallet/depositAddress?asset=${asset}&network=${network}`,
    {
      token: u.token,
    },
  );
  expect(answer.body.code).toBe(200);
  return answer.body.data.address;
}

/** A test deposit by the operator to the user's address, mined until done. Returns the transaction hash. */
export async function fund(
  w: WalletServer,
  u: TestUser,
  asset: string,
  network: string,
  amount: string,
  blocks = 6,
): Promise<string> {
  const address = await depositAddress(w, u, asset, network);
  const sent = await post<{ txHash: string; uid: number | null }>(
    w.server,
    '/admin/api/wallet/chain/deposit',
    { asset, network, address, amount },
    { token: w.admin },
  );
  expect(sent.body.code).toBe(200);
  expect(sent.body.data.uid).toBe(u.uid);
  if (blocks > 0) await w.sim.mine(blocks);
  return sent.body.data.txHash;
}

export async function spot(
  w: WalletServer,
  u: TestUser,
  asset: string,
): Promise<{ available: string; frozen: string }> {
  const answer = await get<{
    wallets: { wallet: string; assets: { asset: string; available: string; frozen: string }[] }[];
  }>(w.server, '/mapi/wallet/balances', { token: u.token });
  const row = answer.body.data.wallets.find((x) => x.wallet === 'spot')?.assets.find((a) => a.asset === asset);
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

export function expectReconciled(w: WalletServer): void {
  const report = w.server.ctx.ledger.reconcile();
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

/** A valid address of the network's format that belongs to nobody here. */
export const EXTERNAL = {
  TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ERC20: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
} as const;
