import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CLIENT_KEY } from '@bourse/contract';
import { z } from 'zod';
import { envBool as bool, readEnv } from './lib/env';
import { findRepoRoot } from './lib/paths';
import { MODULES } from './modules';
import type { ModuleConfig } from './platform/module';

const LineConfig = z.object({ name: z.string().min(1), http: z.string(), ws: z.string() });

/** Every setting the server reads, from the environment, validated once at start. Nothing else reads process.env. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
  CLIENT_KEY: z.string().length(16).default(DEFAULT_CLIENT_KEY),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bourse <no-reply@bourse.local>'),
  DEMO_DATA: bool.default(true),
  // Browser journeys only: the clock follows real time plus an offset an administrator can advance.
  TEST_CLOCK: bool.default(false),
  LINES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      try {
        return z.array(LineConfig).min(1).parse(JSON.parse(v));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'LINES must be a JSON array of {name, http, ws}' });
        return z.NEVER;
      }
    }),
  TRUST_PROXY: bool.default(false),
});

/** The settings every part of the server shares; each module adds its own slice (`ModuleConfig`). */
export interface CoreConfig {
  port: number;
  host: string;
  dataDir: string;
  dbFile: string;
  uploadsDir: string;
  outboxDir: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  publicUrl: string | undefined;
  webDist: string;
  /** The built operator console (apps/admin/dist), served at /admin/. */
  adminDist: string;
  clientKey: string;
  /** The server's own key for secrets kept at rest (two-factor secrets): SECRET_KEY or one generated in DATA_DIR. */
  secretKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoData: boolean;
  /**
   * TEST_CLOCK: time is real time plus an offset that `POST /admin/api/scheduler/clock` advances (administrators
   * only), running every job that falls due — for browser journeys that need a day to pass. Never in production.
   */
  testClock: boolean;
  lines: { name: string; http: string; ws: string }[];
  trustProxy: boolean;
  repoRoot: string;
}

/** The whole configuration: the core settings and every module's slice under its name. */
export type Config = CoreConfig & ModuleConfig;

/** A module's settings reader (a manifest's `config`). */
export type ConfigReader = (env: NodeJS.ProcessEnv) => unknown;

/**
 * Every setting the server reads, from the environment, validated once at start: the core here, each module's slice
 * by the reader in its manifest. Nothing else reads process.env.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  modules: readonly { name: string; config?: ConfigReader }[] = MODULES,
): Config {
  const e = readEnv(Env, env);
  const repoRoot = findRepoRoot();
  const dataDir = path.resolve(e.DATA_DIR);
  const core: CoreConfig = {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbFile: path.join(dataDir, 'bourse.db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    adminDist: path.resolve(e.ADMIN_DIST ?? path.join(repoRoot, 'apps/admin/dist')),
    clientKey: e.CLIENT_KEY,
    secretKey: e.SECRET_KEY ?? persistedSecretKey(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoData: e.DEMO_DATA,
    testClock: e.TEST_CLOCK,
    lines: e.LINES ?? [{ name: 'Main', http: '', ws: '' }],
    trustProxy: e.TRUST_PROXY,
    repoRoot,
  };
  const slices: Record<string, unknown> = {};
  for (const module of modules) if (module.config) slices[module.name] = module.config(env);
  return { ...core, ...slices } as Config;
}

/**
 * Without SECRET_KEY, a random key is generated on first start and kept beside the database (mode 0600), so a fresh
 * install never runs on a key that ships with the code. Losing this file makes stored two-factor secrets unreadable.
 */
function persistedSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: use theirs.
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new Error(`invalid configuration: ${file} holds a key shorter than 32 characters`);
  return key;
}
