import { type Dashboard, ERRORS, type TwoFactorReset } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../lib/totp';
import {
  get,
  loginOperator,
  operatorSecret,
  post,
  registerUser,
  startServer,
  type TestServer,
} from '../../test/harness';
import { enableTwoFactor, settleClock } from '../security/testing';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: 'console-admin-2026' });
});
afterAll(async () => {
  await server.close();
});

const propose = (uid: number, reason: string, token: string) =>
  post<TwoFactorReset>(server, `/admin/api/users/${uid}/two-factor-reset`, { reason }, { token });
const decide = (id: number, how: 'approve' | 'reject', token: string, note?: string) =>
  post<TwoFactorReset>(server, `/admin/api/two-factor-resets/${id}/${how}`, note ? { note } : {}, { token });
const pendingResets = async (token: string) =>
  (await get<Dashboard>(server, '/admin/api/dashboard', { token })).body.data.queues.find(
    (q) => q.key === 'twoFactorResets',
  )?.pending;

describe('resetting a user’s two-factor (maker-checker)', () => {
  it('needs a second operator: the proposer cannot approve their own; approval switches it off', async () => {
    const maker = await loginOperator(server, 'admin');
    const checker = await loginOperator(server, 'admin');
    const u = await registerUser(server);
    await enableTwoFactor(server, u);
    const before = (await pendingResets(maker.token)) ?? 0;

    const proposed = await propose(u.uid, 'Lost phone; identity checked on a video call', maker.token);
    expect(proposed.body.code, proposed.body.msg).toBe(200);
    expect(proposed.body.data).toMatchObject({ uid: u.uid, status: 'pending', proposedBy: maker.id, decidedBy: null });
    expect(await pendingResets(maker.token)).toBe(before + 1);
    // One open proposal per user.
    expect((await propose(u.uid, 'again', checker.token)).body.code).toBe(ERRORS.ALREADY_HANDLED.code);

    const own = await decide(proposed.body.data.id, 'approve', maker.token);
    expect(own.body.code).toBe(ERRORS.SAME_OPERATOR_APPROVAL.code);
    expect((await decide(proposed.body.data.id, 'reject', maker.token)).body.code).toBe(
      ERRORS.SAME_OPERATOR_APPROVAL.code,
    );
    expect(server.ctx.security.twoFactor.isEnabled(u.uid)).toBe(true);

    const approved = await decide(proposed.body.data.id, 'approve', checker.token, 'Checked');
    expect(approved.body.data).toMatchObject({ status: 'approved', decidedBy: checker.id, note: 'Checked' });
    expect(server.ctx.security.twoFactor.isEnabled(u.uid)).toBe(false);
    expect(await pendingResets(maker.token)).toBe(before);
    // The user's sessions ended; withdrawals wait 24 hours as after switching two-factor off.
    expect((await get(server, '/mapi/security/overview', { token: u.token })).body.code).toBe(401);
    expect(server.ctx.security.twoFactor.withdrawLock(u.uid)?.reason).toBe('twoFactor');
    expect((await decide(proposed.body.data.id, 'approve', checker.token)).body.code).toBe(ERRORS.ALREADY_HANDLED.code);

    // Audited automatically: who proposed, who approved.
    const audit = server.ctx.db
      .prepare("SELECT operator_id AS operatorId, route FROM operator_audit WHERE target LIKE ? AND outcome = 'done'")
      .all(`%${proposed.body.data.id}%`) as { operatorId: number; route: string }[];
    expect(audit).toContainEqual({
      operatorId: checker.id,
      route: 'POST /admin/api/two-factor-resets/:id/approve',
    });
  });

  it('is rejected by another operator and leaves two-factor on; needs two-factor to be on', async () => {
    const maker = await loginOperator(server, 'admin');
    const checker = await loginOperator(server, 'admin');
    const u = await registerUser(server);
    expect((await propose(u.uid, 'no 2FA', maker.token)).body.code).toBe(ERRORS.TWO_FACTOR_NOT_ENABLED.code);
    expect((await propose(99_999_999, 'nobody', maker.token)).body.code).toBe(ERRORS.USER_NOT_FOUND.code);
    expect((await propose(u.uid, '', maker.token)).body.code).toBe(ERRORS.INVALID_PARAMS.code);
    await enableTwoFactor(server, u);
    const proposed = await propose(u.uid, 'Caller could not prove who they are', maker.token);
    const rejected = await decide(proposed.body.data.id, 'reject', checker.token, 'Not the owner');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decidedBy: checker.id, note: 'Not the owner' });
    expect(server.ctx.security.twoFactor.isEnabled(u.uid)).toBe(true);
    const list = await get<{ list: TwoFactorReset[]; total: number }>(
      server,
      `/admin/api/two-factor-resets?uid=${u.uid}`,
      { token: checker.token },
    );
    expect(list.body.data.list.map((r) => r.status)).toEqual(['rejected']);
  });

  it('is refused to roles without users.manage', async () => {
    const u = await registerUser(server);
    const support = await loginOperator(server, 'support');
    expect((await propose(u.uid, 'x', support.token)).body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    // users.read may see the proposals.
    expect((await get(server, '/admin/api/two-factor-resets', { token: support.token })).body.code).toBe(200);
    const content = await loginOperator(server, 'content');
    expect((await get(server, '/admin/api/two-factor-resets', { token: content.token })).body.code).toBe(
      ERRORS.UNAUTHORIZED_OPERATION.code,
    );
  });
});

describe('signing a user out everywhere', () => {
  it('ends every session of the user (users.manage)', async () => {
    const admin = await loginOperator(server, 'admin');
    const u = await registerUser(server);
    const second = await post<{ token: string }>(server, '/api/user/login', {
      account: u.account,
      password: u.password,
    });
    const revoked = await post<{ revoked: number }>(server, `/admin/api/users/${u.uid}/sessions/revoke`, undefined, {
      token: admin.token,
    });
    expect(revoked.body.data).toEqual({ revoked: 2 });
    expect((await get(server, '/mapi/security/overview', { token: u.token })).body.code).toBe(401);
    expect((await get(server, '/mapi/security/overview', { token: second.body.data.token })).body.code).toBe(401);
    const support = await loginOperator(server, 'support');
    expect(
      (await post(server, `/admin/api/users/${u.uid}/sessions/revoke`, undefined, { token: support.token })).body.code,
    ).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
  });
});

describe('signing a user out of one device', () => {
  it('ends that session only; another user’s session id is not found; support may not', async () => {
    const admin = await loginOperator(server, 'admin');
    const u = await registerUser(server);
    const second = await post<{ token: string }>(server, '/api/user/login', {
      account: u.account,
      password: u.password,
    });
    const other = await registerUser(server);
    const sessions = (
      await get<{ sessions: { id: number }[] }>(server, `/admin/api/users/${u.uid}`, { token: admin.token })
    ).body.data.sessions;
    expect(sessions).toHaveLength(2);
    const otherSessions = (
      await get<{ sessions: { id: number }[] }>(server, `/admin/api/users/${other.uid}`, { token: admin.token })
    ).body.data.sessions;
    const foreign = await post(server, `/admin/api/users/${u.uid}/sessions/${otherSessions[0]?.id}/revoke`, undefined, {
      token: admin.token,
    });
    expect(foreign.body.code).toBe(ERRORS.NOT_FOUND.code);
    expect((await get(server, '/mapi/security/overview', { token: other.token })).body.code).toBe(200);
    const support = await loginOperator(server, 'support');
    const refused = await post(server, `/admin/api/users/${u.uid}/sessions/${sessions[0]?.id}/revoke`, undefined, {
      token: support.token,
    });
    expect(refused.body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    const newest = Math.max(...sessions.map((s) => s.id));
    const revoked = await post<{ revoked: number }>(
      server,
      `/admin/api/users/${u.uid}/sessions/${newest}/revoke`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(revoked.body.data).toEqual({ revoked: 1 });
    expect((await get(server, '/mapi/security/overview', { token: second.body.data.token })).body.code).toBe(401);
    expect((await get(server, '/mapi/security/overview', { token: u.token })).body.code).toBe(200);
  });
});

describe('an operator’s own password', () => {
  it('changes with the current password and a code; other sessions end; the old password stops working', async () => {
    const op = await loginOperator(server, 'content', 'first-pass-2026');
    const secret = operatorSecret(server, op.email) as string;
    const other = await loginOperator(server, 'content');
    settleClock(server);
    const code = () => totp(base32Decode(secret), server.clock.now());
    const change = (body: Record<string, string>) => post(server, '/admin/api/me/password', body, { token: op.token });
    expect(
      (await change({ currentPassword: 'wrong-pass', newPassword: 'second-pass-2026', code: code() })).body.code,
    ).toBe(ERRORS.WRONG_OLD_PASSWORD.code);
    expect(
      (await change({ currentPassword: 'first-pass-2026', newPassword: 'first-pass-2026', code: code() })).body.code,
    ).toBe(ERRORS.PASSWORD_SAME_AS_OLD.code);
    expect(
      (await change({ currentPassword: 'first-pass-2026', newPassword: 'second-pass-2026', code: '000000' })).body.code,
    ).toBe(ERRORS.WRONG_TWO_FACTOR_CODE.code);
    const done = await change({ currentPassword: 'first-pass-2026', newPassword: 'second-pass-2026', code: code() });
    expect(done.body.code, done.body.msg).toBe(200);
    // This session goes on; the old password no longer signs in.
    expect((await get(server, '/admin/api/me', { token: op.token })).body.code).toBe(200);
    expect((await get(server, '/admin/api/me', { token: other.token })).body.code).toBe(200);
    const old = await post(server, '/admin/api/login', { email: op.email, password: 'first-pass-2026' });
    expect(old.body.code).toBe(ERRORS.WRONG_ACCOUNT_OR_PASSWORD.code);
    // The audit row keeps no password.
    const row = server.ctx.db
      .prepare("SELECT change FROM operator_audit WHERE route = 'POST /admin/api/me/password' AND outcome = 'done'")
      .get() as { change: string };
    expect(row.change).not.toContain('second-pass');
  });
});

describe('the menu badges’ queue counts', () => {
  it('answers each role only the queues it works', async () => {
    const keys = async (role: 'admin' | 'compliance' | 'support') =>
      (
        await get<{ key: string; pending: number }[]>(server, '/admin/api/queues', {
          token: (await loginOperator(server, role)).token,
        })
      ).body.data
        .map((q) => q.key)
        .sort();
    expect(await keys('compliance')).toEqual(['identity']);
    const support = await keys('support');
    expect(support).toContain('support');
    expect(support).not.toContain('withdrawals');
    expect(support).not.toContain('identity');
    const admin = await keys('admin');
    expect(admin).toEqual(expect.arrayContaining(['identity', 'withdrawals', 'twoFactorResets', 'support']));
    expect((await get(server, '/admin/api/queues')).body.code).toBe(401);
  });
});
