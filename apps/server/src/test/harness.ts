import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CIPHER_HEADER,
  type Envelope,
  ERRORS,
  LANG_HEADER,
  type OperatorRole,
  aesEcbDecrypt,
  sealEnvelope,
  unwrapCipherKey,
} from '@bourse/contract';
import pino from 'pino';
import WebSocket from 'ws';
import { type BuiltApp, buildApp, seedModules, startModules } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/database';
import type { Router } from '../http/router';
import { OffsetClock } from '../lib/clock';
import { base32Decode, totp } from '../lib/totp';
import type { Platform, Services } from '../platform/module';

/** What a test may look at: every module's service, the platform, and the database for white-box checks. */
export type TestContext = Services & Platform & { db: Db };

export interface TestServer {
  url: string;
  wsUrl: string;
  app: Router;
  ctx: TestContext;
  built: BuiltApp;
  clock: OffsetClock;
  dataDir: string;
  /**
   * Runs every scheduled job's slots due up to `now` (default: the test clock's now), awaiting asynchronous ones;
   * resolves with the number of runs. Unless the server was started with `realTime`, this is how jobs run.
   */
  runDue(now?: number): Promise<number>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /**
   * The scheduler's timer runs, as in a server (blocks, price steps, bot rounds, publishing in real time). By default
   * it stays off: time-driven rules run only when the test calls `runDue` (after moving `clock`), so nothing writes
   * behind the test's back.
   */
  realTime?: boolean;
  /** The server's clock (default: real time plus an offset the test advances); a test may stop time with its own. */
  clock?: OffsetClock;
}

/** Every module's first-start data, as `npm start` loads it (DEMO_DATA decides the demo part). */
export function seed(server: TestServer): Promise<void> {
  return seedModules(server.built);
}

/** A real server on a free port with a fresh temporary database. */
export async function startServer(
  env: Record<string, string> = {},
  /** Called before the server listens (hooks can no longer be added after). */
  instrument?: (app: Router) => void,
  options: ServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    CHAIN_BLOCK_MS: '0',
    // Every test user registers from 127.0.0.1; the per-address limits have tests of their own.
    CODES_PER_ADDRESS_HOUR: '100000',
    CODE_DESTINATIONS_PER_ADDRESS_HOUR: '100000',
    ...env,
  });
  const clock = options.clock ?? new OffsetClock();
  const built = await buildApp(config, { clock, logger: pino({ level: env.LOG_LEVEL ?? 'silent' }) });
  const { app } = built;
  const ctx: TestContext = { ...built.services, ...built.platform, db: built.db };
  // Jobs run when the test calls `runDue`, or in real time with `realTime` (the chain has no block job while
  // CHAIN_BLOCK_MS is 0). Tests that need the market's background work start it themselves.
  await startModules(built, options.realTime ? ['scheduler', 'chain'] : ['chain']);
  instrument?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    app,
    ctx,
    built,
    clock,
    dataDir,
    runDue: (now = clock.now()) => built.services.scheduler.runDue(now),
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface CallOptions {
  lang?: string;
  token?: string;
  /** Send the body in the spec §7 cipher envelope and open the enveloped answer. */
  sealed?: boolean;
  headers?: Record<string, string>;
}

/** Calls the API as the app does: language header, token, optionally the cipher envelope. */
export async function call<T = unknown>(
  server: { url: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  route: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.lang !== undefined) headers[LANG_HEADER] = options.lang;
  if (options.token) headers.authorization = options.token;
  let payload: string | undefined;
  if (body !== undefined) {
    if (options.sealed) {
      const sealed = sealEnvelope(body);
      headers[CIPHER_HEADER] = sealed.header;
      headers['content-type'] = 'text/plain';
      payload = sealed.body;
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  } else if (options.sealed && method === 'POST') {
    headers[CIPHER_HEADER] = sealEnvelope(null).header;
  }
  const response = await fetch(`${server.url}${route}`, { method, headers, body: payload });
  const text = await response.text();
  const responseKey = response.headers.get(CIPHER_HEADER);
  const json = responseKey ? aesEcbDecrypt(text, unwrapCipherKey(responseKey)) : text;
  return { status: response.status, body: JSON.parse(json) as Envelope<T>, headers: response.headers };
}

export const get = <T = unknown>(server: { url: string }, route: string, options?: CallOptions) =>
  call<T>(server, 'GET', route, undefined, options);
export const post = <T = unknown>(server: { url: string }, route: string, body?: unknown, options?: CallOptions) =>
  call<T>(server, 'POST', route, body, options);

/** The newest code the outbox holds for a destination (no SMTP server is configured in tests by default). */
export function outboxCode(server: TestServer, to: string): string {
  const dir = path.join(server.dataDir, 'outbox');
  const files = readdirSync(dir).sort((a, b) => {
    const [ta = 0, na = 0] = a.replace('.json', '').split('-').map(Number);
    const [tb = 0, nb = 0] = b.replace('.json', '').split('-').map(Number);
    return ta - tb || na - nb;
  });
  for (const file of files.reverse()) {
    const message = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string; text: string };
    if (message.to === to) {
      const code = /\b(\d{6})\b/.exec(message.text)?.[1];
      if (code) return code;
    }
  }
  throw new Error(`no code in the outbox for ${to}`);
}

let accountCounter = 0;

export interface TestUser {
  uid: number;
  token: string;
  account: string;
  password: string;
}

/** Registers a user through the real API (code from the outbox), with the demo-free open form. */
export async function registerUser(server: TestServer, account?: string, password = 'secret123'): Promise<TestUser> {
  const who = account ?? `user${process.pid}x${++accountCounter}@example.com`;
  const sent = await post(server, '/api/user/sendCode', { account: who, scene: 'register' });
  if (sent.body.code !== 200) throw new Error(`sendCode failed: ${sent.body.msg}`);
  const answer = await post<{ uid: number; token: string }>(server, '/api/user/registerOpen', {
    account: who,
    code: outboxCode(server, who),
    password,
    confirmPassword: password,
    agreement: true,
  });
  if (answer.body.code !== 200) throw new Error(`register failed: ${answer.body.msg}`);
  return { uid: answer.body.data.uid, token: answer.body.data.token, account: who, password };
}

interface Frame {
  channel: string;
  code: number;
  msg?: string;
  topic?: string;
  data?: unknown;
}

/** A live-channel client that keeps every frame so tests can wait for the one they expect. */
export class LiveClient {
  readonly frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
  }

  static async connect(url: string): Promise<LiveClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new LiveClient(socket);
  }

  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** Resolves with the first frame (already received or coming) that matches. */
  next(match: (f: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame in time')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          this.frames.splice(this.frames.indexOf(f), 1);
          resolve(f);
        },
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}

let operatorCounter = 0;

export interface TestOperator {
  id: number;
  token: string;
  email: string;
}

/** Authenticator secrets of the operators a test signed in, per server (two-factor is required for operators). */
const operatorSecrets = new WeakMap<TestServer, Map<string, string>>();

/**
 * Signs an operator in through the API as the console does: password, then two-factor — set up on the first
 * sign-in (the secret is remembered for later sign-ins of the same test server), a fresh code afterwards (when the
 * current step's code was used already, the clock moves to the next step).
 */
export async function operatorSession(server: TestServer, email: string, password: string): Promise<string> {
  const secrets = operatorSecrets.get(server) ?? new Map<string, string>();
  operatorSecrets.set(server, secrets);
  const code = (secret: string) => totp(base32Decode(secret), server.clock.now());
  const known = secrets.get(email);
  for (let attempt = 0; attempt < 3; attempt++) {
    const login = await post<{ token: string; twoFactor: 'on' | 'setup' }>(server, '/admin/api/login', {
      email,
      password,
      ...(known ? { totp: code(known) } : {}),
    });
    if (login.body.code === ERRORS.TWO_FACTOR_CODE_USED.code) {
      server.clock.advance(30_000);
      continue;
    }
    if (login.body.code !== 200) throw new Error(`operator login failed: ${login.body.code} ${login.body.msg}`);
    const { token, twoFactor } = login.body.data;
    if (twoFactor === 'on') return token;
    const setup = await post<{ secret: string }>(server, '/admin/api/twoFactor/setup', undefined, { token });
    if (setup.body.code !== 200) throw new Error(`two-factor setup failed: ${setup.body.msg}`);
    const enabled = await post(
      server,
      '/admin/api/twoFactor/enable',
      { code: code(setup.body.data.secret) },
      { token },
    );
    if (enabled.body.code !== 200) throw new Error(`two-factor enable failed: ${enabled.body.msg}`);
    secrets.set(email, setup.body.data.secret);
    return token;
  }
  throw new Error('operator login: no fresh two-factor code');
}

/** The authenticator secret of an operator this test server signed in (to compute codes in a test). */
export function operatorSecret(server: TestServer, email: string): string | undefined {
  return operatorSecrets.get(server)?.get(email);
}

/** A new operator of a role, logged in through the API. */
export async function loginOperator(
  server: TestServer,
  role: OperatorRole = 'admin',
  password = 'operator-pass-2026',
): Promise<TestOperator> {
  const email = `op${process.pid}x${++operatorCounter}@bourse.test`;
  const id = await server.ctx.operators.ensureOperator(email, password, `Operator ${operatorCounter}`, role);
  return { id, token: await operatorSession(server, email, password), email };
}
