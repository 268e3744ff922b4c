import type { Page } from 'playwright-core';
import type { AppPage } from './browser';
import { readCode, type TestServer } from './server';

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

/** The first operator's token (ADMIN_EMAIL / ADMIN_PASSWORD defaults), for journeys that need the operator side. */
export async function operatorToken(server: TestServer): Promise<string> {
  const result = await call<{ token: string }>(server, '/admin/api/login', {
    email: 'admin@bourse.local',
    password: 'bourse-admin',
  });
  return result.token;
}

/** A call to the operator API (`/admin/api/…`) with an operator token. */
export function operatorCall<T>(server: TestServer, token: string, path: string, body?: unknown): Promise<T> {
  return call<T>(server, path, body, token);
}
