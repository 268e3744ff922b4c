import { randomUUID } from 'node:crypto';
import type { LoginStorage } from './app';
import { operatorCall } from './app';
import { pngImage } from './console';
import type { TestServer } from './server';

/**
 * The preamble journeys share: a user's API calls, balances, a deposit on the simulated chain (CHAIN_BLOCK_MS=0
 * servers: blocks are mined through the operator API), a transfer between the user's wallets, real-name verification
 * approved by an operator, a fund password.
 */
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A call to the user API (`/mapi/…`, `/api/…`) with the user's token: GET without a body, POST JSON with one. */
export async function userCall<T>(server: TestServer, login: LoginStorage, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', authorization: login['bourse.token'] },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A multipart call of the user API (text fields and PNG files), as the app's upload forms send. */
export async function userUpload<T>(
  server: TestServer,
  login: LoginStorage,
  path: string,
  fields: Record<string, string>,
  files: Record<string, Buffer> = {},
): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, bytes] of Object.entries(files)) {
    form.append(k, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${k}.png`);
  }
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: login['bourse.token'], lang: 'en' },
    body: form,
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

type Balances = { wallets: { wallet: string; assets: { asset: string; available: string; frozen: string }[] }[] };

/** What one of the user's wallets holds of an asset ("0" when it holds none). */
export async function walletBalance(
  server: TestServer,
  login: LoginStorage,
  wallet: string,
  asset: string,
): Promise<{ available: string; frozen: string }> {
  const b = await userCall<Balances>(server, login, '/mapi/wallet/balances');
  const row = b.wallets.find((w) => w.wallet === wallet)?.assets.find((a) => a.asset === asset);
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

/**
 * An operator's test deposit of `amount` to the user's address on the simulated chain, mined until it is credited to
 * spot (the server must run with CHAIN_BLOCK_MS=0: the chain moves only when mined). Spot must hold none of the asset.
 */
export async function depositOnChain(
  server: TestServer,
  admin: string,
  login: LoginStorage,
  asset: string,
  network: string,
  amount: string,
): Promise<void> {
  const { address } = await userCall<{ address: string }>(
    server,
    login,
    `/mapi/wallet/depositAddress?asset=${asset}&network=${network}`,
  );
  await operatorCall(server, admin, '/admin/api/wallet/chain/deposit', { asset, network, address, amount });
  await operatorCall(server, admin, '/admin/api/wallet/chain/mine', { blocks: 6 });
  for (let i = 0; i < 50 && (await walletBalance(server, login, 'spot', asset)).available !== amount; i++) {
    await operatorCall(server, admin, '/admin/api/wallet/chain/mine', { blocks: 1 });
  }
  const credited = (await walletBalance(server, login, 'spot', asset)).available;
  if (credited !== amount) throw new Error(`deposit of ${amount} ${asset} not credited (spot: ${credited})`);
}

/** Moves funds between the user's own wallets (e.g. spot → fiat for C2C). */
export async function transferBetweenWallets(
  server: TestServer,
  login: LoginStorage,
  asset: string,
  from: string,
  to: string,
  amount: string,
): Promise<void> {
  await userCall(server, login, '/mapi/wallet/transfer', { asset, from, to, amount, requestId: randomUUID() });
}

/** Real-name verification as a user submits it (three photos), approved by an operator. */
export async function verifyIdentity(
  server: TestServer,
  admin: string,
  login: LoginStorage,
  person: { familyName: string; givenName: string; number: string } = {
    familyName: 'Li',
    givenName: 'Na',
    number: '110105194912310021',
  },
): Promise<void> {
  const photo = pngImage(40, 30, [90, 120, 200]);
  await userUpload(
    server,
    login,
    '/mapi/security/identity/submit',
    { type: 'id_card', ...person },
    { front: photo, back: photo, hand: photo },
  );
  const list = await operatorCall<{ list: { id: number }[] }>(
    server,
    admin,
    `/admin/api/identity/list?status=pending&uid=${login['bourse.uid']}`,
  );
  await operatorCall(server, admin, `/admin/api/identity/${list.list[0]?.id ?? 0}/approve`, {});
}

/** Sets the user's fund password (the login password confirms it). */
export async function setFundPassword(
  server: TestServer,
  login: LoginStorage,
  loginPassword: string,
  fundPassword: string,
): Promise<void> {
  await userCall(server, login, '/mapi/user/setFundPassword', {
    loginPassword,
    fundPassword,
    confirmFundPassword: fundPassword,
  });
}
