import { ERRORS } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../lib/totp';
import { get, loginOperator, operatorSession, post, startServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: 'operators-admin-2026' });
});
afterAll(async () => {
  await server.close();
});

const code = (secret: string, steps = 0) => totp(base32Decode(secret), server.clock.now() + steps * 30_000);

describe('two-factor for every operator', () => {
  it('sets it up at the first sign-in; until then the session reaches nothing but the setup', async () => {
    await server.ctx.operators.ensureOperator('first@bourse.test', 'first-pass-2026', 'First', 'finance');
    const login = await post<{ token: string; twoFactor: string }>(server, '/admin/api/login', {
      email: 'first@bourse.test',
      password: 'first-pass-2026',
    });
    expect(login.body.data.twoFactor).toBe('setup');
    const token = login.body.data.token;
    const blocked = await get(server, '/admin/api/wallet/withdrawals', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe(ERRORS.OPERATOR_TWO_FACTOR_SETUP_REQUIRED.code);
    expect((await get(server, '/admin/api/me', { token })).body.code).toBe(200);

    const setup = await post<{ secret: string; otpauthUrl: string }>(server, '/admin/api/twoFactor/setup', undefined, {
      token,
    });
    expect(setup.body.data.otpauthUrl).toContain('otpauth://totp/');
    const wrong = await post(server, '/admin/api/twoFactor/enable', { code: '000000' }, { token });
    expect(wrong.body.code).toBe(ERRORS.WRONG_TWO_FACTOR_CODE.code);
    const enabled = await post(
      server,
      '/admin/api/twoFactor/enable',
      { code: code(setup.body.data.secret) },
      { token },
    );
    expect(enabled.body.code).toBe(200);
    // The same session is whole now.
    expect((await get(server, '/admin/api/wallet/withdrawals', { token })).body.code).toBe(200);

    // Later sign-ins need a fresh code.
    const noCode = await post(server, '/admin/api/login', { email: 'first@bourse.test', password: 'first-pass-2026' });
    expect(noCode.body.code).toBe(ERRORS.TWO_FACTOR_REQUIRED.code);
    const sameStep = await post(server, '/admin/api/login', {
      email: 'first@bourse.test',
      password: 'first-pass-2026',
      totp: code(setup.body.data.secret),
    });
    expect(sameStep.body.code).toBe(ERRORS.TWO_FACTOR_CODE_USED.code);
    const next = await post<{ twoFactor: string }>(server, '/admin/api/login', {
      email: 'first@bourse.test',
      password: 'first-pass-2026',
      totp: code(setup.body.data.secret, 1),
    });
    expect(next.body.data.twoFactor).toBe('on');
  });

  it('ends a session after 30 idle minutes', async () => {
    const op = await loginOperator(server, 'support');
    expect((await get(server, '/admin/api/me', { token: op.token })).body.code).toBe(200);
    server.clock.advance(29 * 60_000);
    expect((await get(server, '/admin/api/me', { token: op.token })).body.code).toBe(200);
    server.clock.advance(31 * 60_000);
    expect((await get(server, '/admin/api/me', { token: op.token })).status).toBe(401);
  });
});

describe('managing operators', () => {
  it('creates an operator with a role and a password shown once; the new operator signs in with it', async () => {
    const admin = await loginOperator(server, 'admin');
    const created = await post<{ operator: { id: number; role: string }; password: string }>(
      server,
      '/admin/api/operators',
      { email: 'Content@Bourse.test', name: 'Content desk', role: 'content' },
      { token: admin.token },
    );
    expect(created.body.data.operator).toMatchObject({ role: 'content', twoFactor: false, status: 'active' });
    const token = await operatorSession(server, 'content@bourse.test', created.body.data.password);
    expect((await get(server, '/admin/api/content/banners', { token })).body.code).toBe(200);
    expect((await get(server, '/admin/api/wallet/withdrawals', { token })).status).toBe(403);
    // The audit row keeps what happened, never the password.
    const row = server.ctx.db
      .prepare("SELECT result FROM operator_audit WHERE route = 'POST /admin/api/operators' ORDER BY id DESC")
      .pluck()
      .get() as string;
    expect(row).not.toContain(created.body.data.password);
    expect(JSON.parse(row)).toMatchObject({ password: '***', operator: { email: 'content@bourse.test' } });
    const twice = await post(
      server,
      '/admin/api/operators',
      { email: 'content@bourse.test', name: 'Again', role: 'content' },
      { token: admin.token },
    );
    expect(twice.body.code).toBe(ERRORS.ACCOUNT_EXISTS.code);
  });

  it('changes roles and status, never one’s own, and keeps one active admin', async () => {
    const admin = await loginOperator(server, 'admin');
    const other = await loginOperator(server, 'support');
    const promoted = await post(
      server,
      `/admin/api/operators/${other.id}/update`,
      { role: 'risk' },
      { token: admin.token },
    );
    expect(promoted.body.data).toMatchObject({ role: 'risk' });
    const self = await post(
      server,
      `/admin/api/operators/${admin.id}/update`,
      { role: 'content' },
      { token: admin.token },
    );
    expect(self.body.code).toBe(ERRORS.OPERATOR_SELF_CHANGE.code);
    // Disabling ends the operator's sessions at once.
    const disabled = await post(
      server,
      `/admin/api/operators/${other.id}/update`,
      { status: 'disabled' },
      {
        token: admin.token,
      },
    );
    expect(disabled.body.data).toMatchObject({ status: 'disabled' });
    expect((await get(server, '/admin/api/me', { token: other.token })).status).toBe(401);
    // Only admins left active are these; demoting every other admin but the last works, the last one does not.
    const admins = server.ctx.operators.list().filter((o) => o.role === 'admin' && o.status === 'active');
    const second = await loginOperator(server, 'admin');
    for (const a of admins) {
      if (a.id === second.id) continue;
      await post(server, `/admin/api/operators/${a.id}/update`, { status: 'disabled' }, { token: second.token });
    }
    const last = await loginOperator(server, 'risk');
    expect(last.id).toBeGreaterThan(0);
    const refused = server.ctx.operators.list().filter((o) => o.role === 'admin' && o.status === 'active');
    expect(refused.map((o) => o.id)).toEqual([second.id]);
    expect(() => server.ctx.operators.update(last.id, second.id, { status: 'disabled' })).toThrow(
      expect.objectContaining({ key: 'LAST_ADMIN' }),
    );
  });

  it('resets a password and two-factor: sessions end, the next sign-in sets two-factor up again', async () => {
    const admin = await loginOperator(server, 'admin');
    const target = await loginOperator(server, 'finance');
    const reset = await post<{ password: string }>(
      server,
      `/admin/api/operators/${target.id}/resetPassword`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect((await get(server, '/admin/api/me', { token: target.token })).status).toBe(401);
    const cleared = await post(server, `/admin/api/operators/${target.id}/resetTwoFactor`, undefined, {
      token: admin.token,
    });
    expect(cleared.body.data).toMatchObject({ twoFactor: false });
    const again = await post<{ twoFactor: string }>(server, '/admin/api/login', {
      email: target.email,
      password: reset.body.data.password,
    });
    expect(again.body.data.twoFactor).toBe('setup');
  });
});
