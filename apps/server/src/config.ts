import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CLIENT_KEY } from '@bourse/contract';
import { z } from 'zod';
import { findRepoRoot } from './lib/paths';
import type { MarketSettings } from './modules/market/service';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A non-negative decimal as text (percentages, amounts): parsed exactly where it is used, never as a float. */
const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'a decimal number such as 1.5');

const LineConfig = z.object({ name: z.string().min(1), http: z.string(), ws: z.string() });

/** Every setting the server reads, from the environment, validated once at start. Nothing else reads process.env. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  CLIENT_KEY: z.string().length(16).default(DEFAULT_CLIENT_KEY),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 7),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bourse <no-reply@bourse.local>'),
  DEMO_DATA: bool.default(true),
  ADMIN_EMAIL: z.string().default('admin@bourse.local'),
  ADMIN_PASSWORD: z.string().min(8).default('bourse-admin'),
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
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  TRUST_PROXY: bool.default(false),
  // Simulated chain: a block every this many milliseconds; 0 mines only when told (tests, operator route).
  CHAIN_BLOCK_MS: z.coerce.number().int().min(0).default(3000),
  // Market data (modules/market/README.md): index prices, market makers, first-start history, live events.
  PRICE_SOURCE: z.enum(['simulator', 'ccxt']).default('simulator'),
  PRICE_SEED: z.string().min(1).default('bourse'),
  PRICE_START: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = z.record(z.string(), decimal).safeParse(v ? safeJson(v) : {});
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'PRICE_START must be JSON like {"BTC_USDT":"65000"}' });
      return z.NEVER;
    }),
  PRICE_STEP_MS: z.coerce.number().int().min(10).default(1000),
  CCXT_EXCHANGE: z.string().min(1).default('binance'),
  CCXT_POLL_MS: z.coerce.number().int().min(1000).default(5000),
  MARKET_MAKERS: z.enum(['on', 'off', '1', '0', 'true', 'false', 'yes', 'no']).optional(),
  MARKET_MAKER_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  MARKET_MAKER_TAKES_PER_MINUTE: z.coerce.number().min(0).max(6000).default(12),
  MARKET_BACKFILL_DAYS: z.coerce.number().int().min(0).max(366).default(30),
  MARKET_HISTORY_DAYS: z.coerce.number().int().min(0).max(3660).default(365),
  MARKET_EVENT_MOVE_5M: decimal.default('1'),
  MARKET_EVENT_ABNORMAL_1M: decimal.default('2'),
  MARKET_EVENT_LARGE_TRADE: decimal.optional(),
  MARKET_EVENT_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(300),
  MARKET_PUBLISH_MS: z.coerce.number().int().min(50).default(1000),
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  dbFile: string;
  uploadsDir: string;
  outboxDir: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  publicUrl: string | undefined;
  webDist: string;
  clientKey: string;
  /** The server's own key for secrets kept at rest (two-factor secrets): SECRET_KEY or one generated in DATA_DIR. */
  secretKey: string;
  sessionTtlMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoData: boolean;
  admin: { email: string; password: string; isDefault: boolean };
  lines: { name: string; http: string; ws: string }[];
  login: { maxFailures: number; maxFailuresPerAddress: number; lockMs: number };
  trustProxy: boolean;
  repoRoot: string;
  chain: { blockMs: number };
  market: MarketSettings;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${detail}`);
  }
  const e = parsed.data;
  const repoRoot = findRepoRoot();
  const dataDir = path.resolve(e.DATA_DIR);
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbFile: path.join(dataDir, 'bourse.db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    clientKey: e.CLIENT_KEY,
    secretKey: e.SECRET_KEY ?? persistedSecretKey(dataDir),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoData: e.DEMO_DATA,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, isDefault: env.ADMIN_PASSWORD === undefined },
    lines: e.LINES ?? [{ name: 'Main', http: '', ws: '' }],
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      lockMs: e.LOGIN_LOCK_MINUTES * 60_000,
    },
    trustProxy: e.TRUST_PROXY,
    repoRoot,
    chain: { blockMs: e.CHAIN_BLOCK_MS },
    market: {
      priceSource: e.PRICE_SOURCE,
      seed: e.PRICE_SEED,
      startPrices: e.PRICE_START,
      stepMs: e.PRICE_STEP_MS,
      ccxt: { exchange: e.CCXT_EXCHANGE, pollMs: e.CCXT_POLL_MS },
      makers: {
        // On with the demo data unless told otherwise: a fresh install is a live market, tests are quiet.
        enabled: e.MARKET_MAKERS === undefined ? e.DEMO_DATA : ['on', '1', 'true', 'yes'].includes(e.MARKET_MAKERS),
        intervalMs: e.MARKET_MAKER_INTERVAL_MS,
        takesPerMinute: e.MARKET_MAKER_TAKES_PER_MINUTE,
      },
      history: { minuteDays: e.MARKET_BACKFILL_DAYS, hourDays: e.MARKET_HISTORY_DAYS },
      events: {
        move5mPercent: e.MARKET_EVENT_MOVE_5M,
        abnormal1mPercent: e.MARKET_EVENT_ABNORMAL_1M,
        largeTradeQuote: e.MARKET_EVENT_LARGE_TRADE,
        cooldownMs: e.MARKET_EVENT_COOLDOWN_SECONDS * 1000,
      },
      publishMs: e.MARKET_PUBLISH_MS,
    },
  };
  return { ...config, ...overrides };
}

/**
 * Without SECRET_KEY, a random key is generated on first start and kept beside the database (mode 0600), so a fresh
 * install never runs on a key that ships with the code. Losing this file makes stored two-factor secrets unreadable.
 */
function persistedSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
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
