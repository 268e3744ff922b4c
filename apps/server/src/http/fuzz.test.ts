import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, get, loginOperator, type TestServer } from '../test/harness';
import { fund, startWalletServer, walletUser } from '../modules/wallet/testing';

/**
 * Fuzzes every route of the OpenAPI document with hostile values of every kind, as the right caller (a user's
 * token for user routes, an admin's for operator routes): no answer is a 5xx, every answer is the envelope, and a
 * refused request changes nothing — the whole database is hashed before and after it (apart from the counters a
 * refusal is meant to move), and the ledger reconciles at the end.
 */

interface OpenApiSchema {
  type?: string | string[];
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  enum?: unknown[];
  items?: OpenApiSchema;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: OpenApiSchema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
}

/** What a refusal may legitimately change: attempt counters, last-use times, refusals in the audit log. */
const VOLATILE: Record<string, string[] | 'all'> = {
  sessions: ['last_used_at'],
  verification_codes: ['attempts'],
  users: ['fund_password_failures', 'fund_password_locked_until'],
  operator_audit: 'all',
  operator_sessions: ['last_used_at'],
};

/**
 * The database's hash, hashed again only when something was written since the last time (`total_changes()` of the
 * server's one connection): most fuzzed requests are refused without a write, and hashing every table twice for each
 * of them made the sweep minutes long.
 */
let known: { changes: number; hash: string } | undefined;
function stateHash(server: TestServer): string {
  const changes = server.ctx.tx.changes();
  if (known?.changes !== changes) known = { changes, hash: databaseHash(server) };
  return known.hash;
}

function databaseHash(server: TestServer): string {
  const db = server.ctx.db;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const hash = createHash('sha256');
  for (const table of tables) {
    const skip = VOLATILE[table];
    if (skip === 'all') continue;
    const rows = db.prepare(`SELECT * FROM "${table}"`).safeIntegers(true).all() as Record<string, unknown>[];
    hash.update(table);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (skip?.includes(column)) continue;
        hash.update(`${column}=${Buffer.isBuffer(value) ? value.toString('hex') : String(value)};`);
      }
    }
  }
  return hash.digest('hex');
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e308',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    '1_000',
    '١٢٣',
    '１２３',
    '../../etc/passwd',
    '%00',
    '\u0000',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '${7*7}',
    '__proto__',
    'constructor',
    '💥',
    'BTC_USDT',
    'USDT',
    'TRC20',
    'spot',
    '123456',
    '99999999999999999999999999999999',
    '0.000000000000000000000000000001',
    'a'.repeat(300),
    'x'.repeat(20_000),
  ),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 1.5, 2 ** 53, -(2 ** 53), 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', 'id', 'amount'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A value for one field: often plausible for its schema (so handlers get past validation), often hostile. */
function fieldValue(schema: OpenApiSchema | undefined): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<unknown>[] = [];
  if (schema?.enum && schema.enum.length > 0) plausible.push(fc.constantFrom(...schema.enum));
  const types = Array.isArray(schema?.type) ? schema.type : schema?.type ? [schema.type] : [];
  if (types.includes('integer') || types.includes('number')) {
    plausible.push(fc.integer({ min: schema?.minimum ?? -5, max: Math.min(schema?.maximum ?? 100, 10_000_000) }));
  }
  if (types.includes('string')) plausible.push(fc.constantFrom('1', '10.5', 'USDT', 'TRC20', 'BTC_USDT', 'abc12345'));
  if (types.includes('boolean')) plausible.push(fc.boolean());
  return plausible.length > 0 ? fc.oneof(fc.oneof(...plausible), hostileValue) : hostileValue;
}

function objectFor(schema: OpenApiSchema | undefined): fc.Arbitrary<unknown> {
  const props = schema?.properties ?? {};
  const names = Object.keys(props);
  if (names.length === 0) return hostileValue;
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) record[name] = fieldValue(props[name]);
  return fc.oneof(
    { weight: 4, arbitrary: fc.record(record, { requiredKeys: [] }) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function encodeQuery(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text ?? '')}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Routes that end the caller's own session: fuzzing them would sign the fuzzer out. */
const SKIPPED = new Set(['POST /mapi/user/logout', 'POST /admin/api/logout']);

let server: TestServer;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  // Assets, networks and markets as on a fresh install; a user with a fund password and a balance.
  const w = await startWalletServer();
  server = w.server;
  const user = await walletUser(w);
  userToken = user.token;
  await fund(w, user, 'USDT', 'TRC20', '1000');
  adminToken = (await loginOperator(server, 'admin')).token;
});
afterAll(async () => {
  await server.close();
});

describe('fuzzing every route of the OpenAPI document', () => {
  it('never answers 5xx, always in the envelope, and a refused request changes nothing', async () => {
    const doc = (await (await fetch(`${server.url}/docs/json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const outcomes = new Map<string, number>();
    let requests = 0;
    let routes = 0;
    for (const [openApiPath, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const upper = method.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'DELETE'].includes(upper)) continue;
        const path = openApiPath.replace(/\{(\w+)\}/g, ':$1');
        if (SKIPPED.has(`${upper} ${path}`) || path.startsWith('/docs') || path === '/ws') continue;
        routes++;
        const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
        const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const token = path.startsWith('/admin/api/') ? adminToken : path.startsWith('/mapi/') ? userToken : undefined;
        const input = fc.record({
          params: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, fieldValue(p.schema)]))),
          query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, fieldValue(p.schema)])), {
            requiredKeys: [],
          }),
          body: bodySchema ? objectFor(bodySchema) : fc.option(hostileValue, { nil: undefined }),
          sealed: fc.boolean(),
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ params, query, body, sealed }) => {
            const url =
              path.replace(/:(\w+)/g, (_w, name: string) => {
                const value = params[name];
                return encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
              }) + encodeQuery(query);
            const before = stateHash(server);
            const answer = await call(server, upper as 'GET', url, upper === 'GET' ? undefined : (body ?? {}), {
              token,
              sealed: sealed && upper === 'POST',
              lang: 'en',
            });
            requests++;
            const outcome = answer.status >= 500 ? '5xx' : answer.body.code === 200 ? 'ok' : `refused ${answer.status}`;
            outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
            expect(answer.status, `${upper} ${url}`).toBeLessThan(500);
            expect(answer.body, `${upper} ${url}`).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
            if (answer.body.code !== 200) expect(stateHash(server), `${upper} ${url} changed state`).toBe(before);
          }),
          // Fixed by default so a failure reproduces; FUZZ_SEED / FUZZ_RUNS explore further.
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
    }
    const reconciled = await get<{ ok: boolean }>(server, '/admin/api/ledger/reconcile', { token: adminToken });
    expect(reconciled.body.data.ok).toBe(true);
    process.stdout.write(
      `fuzz: ${routes} routes, ${requests} requests, outcomes ${JSON.stringify(Object.fromEntries(outcomes))}\n`,
    );
  }, 600_000);
});
