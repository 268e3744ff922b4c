import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths';

/** The first operator's password in journeys (there is no default: the harness sets one). */
export const E2E_ADMIN_PASSWORD = 'bourse-e2e-admin-2026';

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dataDir: string;
  /** The server's output so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment (e.g. LINES, SMTP_URL); PORT, DATA_DIR, DEMO_DATA and HOST are set by the harness. */
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

/** A free TCP port on 127.0.0.1 (the server prints PORT=0 as 0, so we choose the port ourselves). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/common/ping`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${log()}`);
}

/**
 * Starts the real built server (`apps/server/dist/main.js`, built by `npm run build`) on a free port with a fresh
 * temporary data directory and the demo data, and waits until it answers.
 */
export async function startServer(options: StartServerOptions = {}): Promise<TestServer> {
  // E2E_SERVER_MAIN / WEB_DIST / ADMIN_DIST point at builds made elsewhere (e.g. `apps/server/dist-perp`).
  const main = path.resolve(REPO_ROOT, process.env.E2E_SERVER_MAIN ?? 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const webDist = path.resolve(REPO_ROOT, process.env.WEB_DIST ?? 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bourse-e2e-'));
  const child = spawn(process.execPath, [main], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // Every journey's users register from 127.0.0.1; the per-address limits have server tests of their own.
      CODES_PER_ADDRESS_HOUR: '100000',
      CODE_DESTINATIONS_PER_ADDRESS_HOUR: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const log = () => output;
  try {
    await waitUntilUp(url, child, options.startTimeoutMs ?? 30_000, log);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    url,
    port,
    dataDir,
    log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt?: number;
}

/**
 * The newest six-digit verification code sent to `to` (email or mobile number) at or after `since`, read from the
 * server's outbox (`$DATA_DIR/outbox/*.json`, used when no SMTP server is configured). Waits for it to arrive.
 */
export async function readCode(
  server: Pick<TestServer, 'dataDir'>,
  to: string,
  options: { since?: number; timeoutMs?: number } = {},
): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const wanted = to.toLowerCase();
  while (Date.now() < deadline) {
    const files = existsSync(outbox) ? (await readdir(outbox)).filter((f) => f.endsWith('.json')) : [];
    const messages: OutboxMessage[] = [];
    for (const file of files) {
      try {
        messages.push(JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as OutboxMessage);
      } catch {
        // being written right now
      }
    }
    const match = messages
      .filter((m) => m.to.toLowerCase() === wanted && (m.createdAt ?? 0) >= (options.since ?? 0))
      .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))[0];
    const code = match ? /\b(\d{6})\b/.exec(match.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification code for ${to} in ${outbox}`);
}
