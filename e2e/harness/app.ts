import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { AppPage } from './browser';
import { E2E_ADMIN_PASSWORD, readCode, type TestServer } from './server';

/** What the app keeps for a login (see apps/web/src/lib/storage.ts). */
export type LoginStorage = Record<'bourse.token' | 'bourse.uid' | 'bourse.profile', string>;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(server: TestServer, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A unique address for one test run. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

/** Registers an account through the API (newer form, demo invitation code) — for journeys that start logged in. */
export async function registerViaApi(
  server: TestServer,
  account: string,
  password: string,
  inviteCode = 'DEMO2026',
): Promise<LoginStorage> {
  const since = Date.now() - 1000;
  await call(server, '/api/user/sendCode', { account, scene: 'register' });
  const code = await readCode(server, account, { since });
  const result = await call<{ token: string; uid: number; user: unknown }>(server, '/api/user/register', {
    account,
    code,
    password,
    confirmPassword: password,
    inviteCode,
    agreement: true,
  });
  return toStorage(result);
}

/** Logs in through the API; pass the result as `newPage(…, { storage })` to open the app already logged in. */
export async function loginViaApi(server: TestServer, account: string, password: string): Promise<LoginStorage> {
  return toStorage(await call(server, '/api/user/login', { account, password }));
}

function toStorage(result: { token: string; uid: number; user: unknown }): LoginStorage {
  return {
    'bourse.token': result.token,
    'bourse.uid': String(result.uid),
    'bourse.profile': JSON.stringify(result.user),
  };
}

/** The route the app shows, e.g. `/pages/index/home` (hash routing). */
export function currentRoute(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '') || '/';
}

/** Waits until the app shows a route (path only, query ignored). */
export async function waitForRoute(page: Page, path: string, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(
    (wanted) => (window.location.hash.replace(/^#/, '').split('?')[0] || '/') === wanted,
    path,
    { timeout: timeoutMs },
  );
}

/** Fills a form field of the app by its name (the app's inputs carry `name`). */
export async function fill(app: AppPage, name: string, value: string): Promise<void> {
  const input = app.page.locator(`input[name="${name}"]`);
  await input.fill(value);
}

/**
 * How far each server's clock was moved by {@link advanceClock} (TEST_CLOCK servers): its "now" is real time plus
 * this, and two-factor codes must be computed at the server's now.
 */
const clockOffsets = new WeakMap<TestServer, number>();

/** The server's current time (real time, plus what {@link advanceClock} added). */
export function serverNow(server: TestServer): number {
  return Date.now() + (clockOffsets.get(server) ?? 0);
}

/** Authenticator secrets of operators the journeys signed in, per server (two-factor is required for operators). */
const operatorSecrets = new WeakMap<TestServer, Map<string, string>>();

/** RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
export function totpCode(secretBase32: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of secretBase32.toUpperCase().replace(/[\s=]/g, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const digest = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = (digest[19] ?? 0) & 15;
  const code = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/**
 * Signs an operator in as the console does: password, then two-factor — set up on the first sign-in (the secret is
 * remembered for later sign-ins), a fresh code afterwards (waiting for the next step when this one's code was used).
 */
export async function operatorSignIn(server: TestServer, email: string, password: string): Promise<string> {
  const secrets = operatorSecrets.get(server) ?? new Map<string, string>();
  operatorSecrets.set(server, secrets);
  for (let attempt = 0; attempt < 3; attempt++) {
    const secret = secrets.get(email);
    const response = await fetch(`${server.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en' },
      body: JSON.stringify({ email, password, ...(secret ? { totp: totpCode(secret, serverNow(server)) } : {}) }),
    });
    const answer = (await response.json()) as Envelope<{ token: string; twoFactor: 'on' | 'setup' }>;
    if (answer.code === 2035) {
      // This step's code was used by the previous sign-in: the next one comes within 30 seconds.
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (serverNow(server) % 30_000) + 200));
      continue;
    }
    if (answer.code !== 200) throw new Error(`operator sign-in: ${answer.code} ${answer.msg}`);
    if (answer.data.twoFactor === 'on') return answer.data.token;
    const setup = await call<{ secret: string }>(server, '/admin/api/twoFactor/setup', {}, answer.data.token);
    await call(
      server,
      '/admin/api/twoFactor/enable',
      { code: totpCode(setup.secret, serverNow(server)) },
      answer.data.token,
    );
    secrets.set(email, setup.secret);
    return answer.data.token;
  }
  throw new Error('operator sign-in: no fresh two-factor code');
}

const operatorTokens = new WeakMap<TestServer, string>();

/**
 * The first operator's token (the harness sets its password), for journeys that need the operator side; one
 * session per server, signed in again only when it has ended.
 */
export async function operatorToken(server: TestServer): Promise<string> {
  const known = operatorTokens.get(server);
  if (known) {
    const me = await fetch(`${server.url}/admin/api/me`, { headers: { authorization: known } });
    if (me.ok && ((await me.json()) as Envelope<unknown>).code === 200) return known;
  }
  const token = await operatorSignIn(server, 'admin@bourse.local', E2E_ADMIN_PASSWORD);
  operatorTokens.set(server, token);
  return token;
}

/**
 * Moves a TEST_CLOCK server's time forward by `ms` and waits until every scheduled job that fell due has run
 * (`POST /admin/api/scheduler/clock`, docs/scheduler.md). Returns the server's new time. Sessions age with the clock:
 * a trader's session survives a few days, the harness signs the operator in again when needed.
 */
export async function advanceClock(server: TestServer, ms: number): Promise<number> {
  const token = await operatorToken(server);
  const answer = await call<{ now: number; runs: number }>(server, '/admin/api/scheduler/clock', { ms }, token);
  clockOffsets.set(server, (clockOffsets.get(server) ?? 0) + ms);
  return answer.now;
}

/** A call to the operator API (`/admin/api/…`) with an operator token. */
export function operatorCall<T>(server: TestServer, token: string, path: string, body?: unknown): Promise<T> {
  return call<T>(server, path, body, token);
}
