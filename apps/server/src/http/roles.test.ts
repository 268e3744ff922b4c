import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  API_ROUTES,
  ERRORS,
  OPERATOR_ROLES,
  type OperatorRole,
  operatorRouteTable,
  type RouteDef,
  ROLE_PERMISSIONS,
  replaceSection,
  roleTable,
} from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, get, loginOperator, post, startServer, type TestServer } from '../test/harness';
import { redact } from './routes';
import { startWalletServer } from '../modules/wallet/testing';

let server: TestServer;
const tokens = new Map<OperatorRole, string>();

beforeAll(async () => {
  // Assets, networks and markets as on a fresh install.
  server = (await startWalletServer()).server;
  for (const role of OPERATOR_ROLES) tokens.set(role, (await loginOperator(server, role)).token);
});
afterAll(async () => {
  await server.close();
});

const operatorRoutes = API_ROUTES.filter((r) => r.access.kind === 'operator');

function concretePath(def: RouteDef): string {
  return def.path.replace(/:(\w+)/g, (_w, name: string) =>
    name === 'id' ? '999999' : name === 'side' ? 'front' : name === 'symbol' ? 'NOPE_USDT' : 'x',
  );
}

describe('operator roles', () => {
  it('matches docs/operators.md: the role table and every operator route with its permission', () => {
    const doc = readFileSync(path.join(server.ctx.config.repoRoot, 'docs/operators.md'), 'utf8');
    const expected = replaceSection(
      replaceSection(doc, 'roles', roleTable()),
      'routes',
      operatorRouteTable(API_ROUTES),
    );
    // Out of date: run `npm run docs:operators`.
    expect(doc).toBe(expected);
  });

  it('allows or refuses every operator route for every role exactly as documented', async () => {
    let calls = 0;
    for (const def of operatorRoutes) {
      const permission = def.access.kind === 'operator' ? def.access.permission : 'session';
      for (const role of OPERATOR_ROLES) {
        // Logging out ends the session the matrix uses: it gets a session of its own.
        const token = def.path.endsWith('/logout')
          ? (await loginOperator(server, role)).token
          : (tokens.get(role) as string);
        const answer = await call(server, def.method, concretePath(def), def.method === 'GET' ? undefined : {}, {
          token,
        });
        calls++;
        const where = `${role} ${def.method} ${def.path}`;
        if (ROLE_PERMISSIONS[role].includes(permission)) {
          expect(answer.status, where).not.toBe(403);
          expect(answer.status, where).not.toBe(401);
          expect(answer.status, where).toBeLessThan(500);
        } else {
          expect(answer.status, where).toBe(403);
          expect(answer.body, where).toMatchObject({ code: ERRORS.UNAUTHORIZED_OPERATION.code, data: null });
        }
      }
    }
    process.stdout.write(
      `role matrix: ${operatorRoutes.length} operator routes × ${OPERATOR_ROLES.length} roles = ${calls} calls\n`,
    );
  }, 120_000);

  it('records refusals in the audit log', async () => {
    const content = tokens.get('content') as string;
    const refused = await get(server, '/admin/api/wallet/withdrawals', { token: content });
    expect(refused.status).toBe(403);
    const log = await get<{ list: { route: string; outcome: string; role: string }[] }>(
      server,
      '/admin/api/audit?outcome=refused&route=GET%20/admin/api/wallet/withdrawals',
      { token: tokens.get('admin') },
    );
    expect(log.body.data.list[0]).toMatchObject({
      route: 'GET /admin/api/wallet/withdrawals',
      outcome: 'refused',
      role: 'content',
    });
  });
});

describe('the audit log', () => {
  it('is written by the route layer in the action’s transaction: one row for a change, none for a refused change', async () => {
    const admin = await loginOperator(server, 'admin');
    const count = () =>
      server.ctx.db
        .prepare<[string], number>('SELECT COUNT(*) FROM operator_audit WHERE outcome = ?')
        .pluck()
        .get('done');
    const before = count();
    const changed = await post(
      server,
      '/admin/api/wallet/networks/update',
      { asset: 'USDT', network: 'TRC20', withdrawFee: '1.5' },
      { token: admin.token },
    );
    expect(changed.body.code).toBe(200);
    expect(count()).toBe((before ?? 0) + 1);
    const row = server.ctx.db
      .prepare('SELECT * FROM operator_audit WHERE operator_id = ? ORDER BY id DESC LIMIT 1')
      .get(admin.id) as { route: string; target: string; change: string; ip: string; role: string };
    expect(row).toMatchObject({
      route: 'POST /admin/api/wallet/networks/update',
      target: 'asset=USDT network=TRC20',
      ip: '127.0.0.1',
      role: 'admin',
    });
    expect(JSON.parse(row.change)).toMatchObject({ asset: 'USDT', network: 'TRC20', withdrawFee: '1.5' });

    // A refused change (the rule says no after access passed) leaves no audit row: both roll back together.
    const failed = await post(
      server,
      '/admin/api/wallet/networks/update',
      { asset: 'USDT', network: 'TRC20', depositMin: '0' },
      { token: admin.token },
    );
    expect(failed.body.code).not.toBe(200);
    expect(count()).toBe((before ?? 0) + 1);
  });

  it('masks secrets in the recorded change', () => {
    expect(
      redact({ email: 'a@b.c', password: 'p', nested: [{ totp: '123456', code: '1', fundPassword: 'x' }] }),
    ).toEqual({
      email: 'a@b.c',
      password: '***',
      nested: [{ totp: '***', code: '***', fundPassword: '***' }],
    });
  });

  it('is append-only', () => {
    expect(() => server.ctx.db.prepare('UPDATE operator_audit SET route = ?').run('x')).toThrow(/append-only/);
    expect(() => server.ctx.db.prepare('DELETE FROM operator_audit').run()).toThrow(/append-only/);
  });

  it('is readable by admins only', async () => {
    for (const role of OPERATOR_ROLES) {
      const answer = await get(server, '/admin/api/audit', { token: tokens.get(role) });
      expect(answer.status, role).toBe(role === 'admin' ? 200 : 403);
    }
  });
});

describe('the first operator', () => {
  it('has no default password: one is generated, returned once to be printed, and only its hash is stored', async () => {
    const fresh = await startServer();
    try {
      expect(fresh.ctx.config.operators.password).toBeUndefined();
      const first = await fresh.ctx.operators.ensureFirstOperator('admin@bourse.local', undefined);
      expect(first.generatedPassword).toMatch(/^[\w-]{20}$/);
      const again = await fresh.ctx.operators.ensureFirstOperator('admin@bourse.local', undefined);
      expect(again.generatedPassword).toBeNull();
      const stored = fresh.ctx.db.prepare('SELECT password_hash FROM operators').pluck().all() as string[];
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatch(/^\$argon2id\$/);
      expect(stored[0]).not.toContain(first.generatedPassword);
      const login = await post(fresh, '/admin/api/login', {
        email: 'admin@bourse.local',
        password: first.generatedPassword,
      });
      expect(login.body.code).toBe(200);
      const old = await post(fresh, '/admin/api/login', { email: 'admin@bourse.local', password: 'bourse-admin' });
      expect(old.body.code).toBe(ERRORS.WRONG_ACCOUNT_OR_PASSWORD.code);
    } finally {
      await fresh.close();
    }
  });
});
