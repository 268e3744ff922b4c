import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { parseDecimal } from '@bourse/contract';
import pino from 'pino';
import { buildApp, seedModules } from '../../app';
import { loadConfig } from '../../config';
import type { Transactions } from '../../lib/tx';
import type { Services } from '../../platform/module';
import { findRepoRoot } from '../../lib/paths';
import { DEFAULT_NETWORK_SETTINGS } from '../chain';
import { DEFAULT_ASSETS } from '../ledger';
import { DEFAULT_MARKETS } from './markets-default';

/** The services the fixtures use (a test server's `ctx` or a built app's services with the platform's `tx`). */
export type FixtureContext = Pick<Services, 'ledger' | 'wallet' | 'spot' | 'account'> & { tx: Transactions };

/**
 * Support for tests and benchmarks that run the real server as a child process: a data directory prepared with
 * funded traders (through real deposits), and the built server started on it. No test framework in here, so the
 * benchmark can use it too.
 */

/** The configuration a fresh install gets (assets, deposit networks, the default markets); idempotent. */
export function ensureSpotConfig(ctx: FixtureContext): void {
  if (ctx.ledger.listAssets().length === 0) for (const asset of DEFAULT_ASSETS) ctx.ledger.upsertAsset(asset);
  ctx.wallet.ensureDefaultNetworks();
  const existing = new Set(ctx.spot.markets().map((m) => m.symbol));
  for (const m of DEFAULT_MARKETS) if (!existing.has(`${m.base}_${m.quote}`)) ctx.spot.createMarket(m);
}

/**
 * Credits spot balances the way money really arrives: a deposit on the simulated chain to each user's deposit
 * address, mined until credited, so the ledger reconciles against the wallet's own records.
 */
export async function fund(
  ctx: FixtureContext,
  grants: { uid: number; asset: string; amount: string }[],
): Promise<void> {
  const sim = ctx.wallet.simulator();
  for (const g of grants) {
    const network = DEFAULT_NETWORK_SETTINGS.find((n) => n.asset === g.asset)?.network;
    if (!network) throw new Error(`no network for ${g.asset}`);
    const { address } = ctx.wallet.depositAddress(g.uid, g.asset, network);
    ctx.tx.run(() => sim.injectDeposit({ network, asset: g.asset, to: address, amount: parseDecimal(g.amount, 8) }));
  }
  await sim.mine(6);
}

/** Settings for a quiet server: no market makers, no chart history, little logging. */
export function quietEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-2026',
    MARKET_MAKERS: 'off',
    MARKET_BACKFILL_DAYS: '0',
    MARKET_HISTORY_DAYS: '0',
  };
}

export interface PreparedTrader {
  uid: number;
  token: string;
  account: string;
}

/**
 * Creates `count` users in `dataDir` (with login tokens that stay valid in a server started later on it) and funds
 * each with `grants` (asset → amount). Runs the app in-process and closes it again.
 */
export async function prepareTraders(
  env: Record<string, string>,
  count: number,
  grants: Record<string, string>,
): Promise<PreparedTrader[]> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const built = await buildApp(config, { logger: pino({ level: 'silent' }) });
  const { app } = built;
  const ctx: FixtureContext = { ...built.services, tx: built.platform.tx };
  try {
    await seedModules(built);
    ensureSpotConfig(ctx);
    const traders: PreparedTrader[] = [];
    for (let i = 0; i < count; i++) {
      const account = `trader${i}@bench.local`;
      const password = 'bench-secret';
      const uid = await ctx.account.createUser({ account, password });
      const login = await ctx.account.login(
        { account, password },
        { device: null, userAgent: 'bench', ip: '127.0.0.1' },
      );
      traders.push({ uid, token: login.token, account });
    }
    await fund(
      ctx,
      traders.flatMap((t) => Object.entries(grants).map(([asset, amount]) => ({ uid: t.uid, asset, amount }))),
    );
    return traders;
  } finally {
    await app.close();
  }
}

/** The built server (apps/server/dist/main.js) in a child process. */
export class ServerProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    readonly exited: Promise<number | null>,
  ) {}

  get wsUrl(): string {
    return `${this.url.replace(/^http/, 'ws')}/ws`;
  }

  static async start(env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess> {
    const main = path.join(findRepoRoot(), 'apps/server/dist/main.js');
    const child = spawn(process.execPath, [...nodeArgs, main], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Bourse is running: (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1].replace('localhost', '127.0.0.1'));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
    return new ServerProcess(child, url, exited);
  }

  /** kill -9: no shutdown hook runs, nothing is flushed by the server itself. */
  async crash(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  async stop(): Promise<void> {
    this.child.kill('SIGTERM');
    await this.exited;
  }
}
