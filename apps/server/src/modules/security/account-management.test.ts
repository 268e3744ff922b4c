import {
  ERRORS,
  type IdentityInfo,
  type LoginSession,
  type NewcomerTasks,
  type SecurityOverview,
} from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, LiveClient, post, registerUser, startServer, type TestServer, type TestUser } from '../../test/harness';
import { pngImage } from '../../test/images';
import { system, user as userAccount } from '../ledger';
import { codeFor, enableTwoFactor, operatorToken, upload } from './testing';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  server.ctx.ledger.upsertAsset({ code: 'USDT', name: 'Tether USD', scale: 8, displayPrecision: 4 });
});
afterAll(async () => {
  await server.close();
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function loginFrom(user: TestUser, userAgent: string): Promise<string> {
  const answer = await post<{ token: string }>(
    server,
    '/api/user/login',
    { account: user.account, password: user.password, device: 'device-1234' },
    { headers: { 'user-agent': userAgent } },
  );
  if (answer.body.code !== 200) throw new Error(answer.body.msg);
  return answer.body.data.token;
}

function sessions(token: string) {
  return get<LoginSession[]>(server, '/mapi/security/sessions', { token });
}

describe('login devices', () => {
  it('lists the live sessions with device, address and times, marking the current one', async () => {
    const user = await registerUser(server);
    const phone = await loginFrom(user, ANDROID_CHROME);
    await loginFrom(user, IPHONE_SAFARI);
    const list = (await sessions(phone)).body.data;
    expect(list).toHaveLength(3);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: 'Chrome · Android', deviceId: 'device-1234', ip: '127.0.0.1' });
    expect(list.map((s) => s.device)).toContain('Safari · iOS');
    for (const s of list) {
      expect(s.createdAt).toBeGreaterThan(0);
      expect(s.lastUsedAt).toBeGreaterThanOrEqual(s.createdAt);
    }
  });

  it('signs out one session: its token answers 401 and its live channel gets code 400', async () => {
    const user = await registerUser(server);
    const other = await loginFrom(user, IPHONE_SAFARI);
    const live = await LiveClient.connect(`${server.wsUrl}?lang=en`);
    live.send({ op: 'login', uid: user.uid, token: other });
    expect((await live.next((f) => f.channel === 'login')).code).toBe(200);

    const target = (await sessions(user.token)).body.data.find((s) => !s.current);
    const revoked = await post(server, '/mapi/security/sessions/revoke', { id: target?.id }, { token: user.token });
    expect(revoked.body.code).toBe(200);
    const frame = await live.next((f) => f.channel === 'login');
    expect(frame.code).toBe(400);
    live.close();
    expect((await get(server, '/mapi/user/info', { token: other })).body.code).toBe(401);
    expect((await get(server, '/mapi/user/info', { token: user.token })).body.code).toBe(200);
    expect((await sessions(user.token)).body.data).toHaveLength(1);
  });

  it('signs out every other session and keeps this one', async () => {
    const user = await registerUser(server);
    const a = await loginFrom(user, ANDROID_CHROME);
    const b = await loginFrom(user, IPHONE_SAFARI);
    const answer = await post<{ revoked: number }>(server, '/mapi/security/sessions/revokeOthers', undefined, {
      token: user.token,
    });
    expect(answer.body.data.revoked).toBe(2);
    for (const token of [a, b]) expect((await get(server, '/mapi/user/info', { token })).body.code).toBe(401);
    expect((await sessions(user.token)).body.data.map((s) => s.current)).toEqual([true]);
  });
});

describe('security centre', () => {
  it('shows every protection and the 24-hour withdrawal lock after a password change', async () => {
    const user = await registerUser(server);
    const before = (await get<SecurityOverview>(server, '/mapi/security/overview', { token: user.token })).body.data;
    expect(before).toMatchObject({
      phone: null,
      loginPasswordChangedAt: null,
      withdrawLockedUntil: null,
      withdrawLockReason: null,
      fundPassword: false,
      twoFactor: false,
      identity: 'unverified',
      activeSessions: 1,
    });
    expect(before.email).toMatch(/\*\*\*@example\.com$/);

    const changed = await post(
      server,
      '/mapi/user/updatePassword',
      { oldPassword: user.password, password: 'changed123', confirmPassword: 'changed123' },
      { token: user.token },
    );
    expect(changed.body.code).toBe(200);
    const after = (await get<SecurityOverview>(server, '/mapi/security/overview', { token: user.token })).body.data;
    expect(after.loginPasswordChangedAt).not.toBeNull();
    expect(after.withdrawLockedUntil).toBe((after.loginPasswordChangedAt ?? 0) + 24 * 3600_000);
    expect(after.withdrawLockReason).toBe('password');

    server.clock.advance(24 * 3600_000 + 1000);
    const later = (await get<SecurityOverview>(server, '/mapi/security/overview', { token: user.token })).body.data;
    expect(later.withdrawLockedUntil).toBeNull();
    expect(later.withdrawLockReason).toBeNull();
  });
});

describe('newcomer centre', () => {
  it('shows each task done or not from the real state', async () => {
    const user = await registerUser(server);
    const tasks = async () =>
      (await get<NewcomerTasks>(server, '/mapi/security/newcomer', { token: user.token })).body.data;
    expect(await tasks()).toEqual({
      tasks: [
        { key: 'identity', done: false },
        { key: 'twoFactor', done: false },
        { key: 'deposit', done: false },
        { key: 'trade', done: false },
      ],
      done: 0,
      total: 4,
    });

    await enableTwoFactor(server, user);
    server.ctx.tx.run(() =>
      server.ctx.ledger.transfer({
        reference: `test:deposit:${user.uid}`,
        reason: 'wallet.deposit',
        from: system('hot_wallet', 'USDT'),
        to: userAccount(user.uid, 'spot', 'USDT'),
        amount: 100_00000000n,
      }),
    );
    const midway = await tasks();
    expect(midway.tasks.filter((t) => t.done).map((t) => t.key)).toEqual(['twoFactor', 'deposit']);

    await upload(
      server,
      '/mapi/security/identity/submit',
      { type: 'passport', familyName: 'Doe', givenName: 'Jane', number: `P${user.uid}` },
      [
        { field: 'front', bytes: pngImage() },
        { field: 'hand', bytes: pngImage() },
      ],
      { token: user.token },
    );
    expect((await tasks()).tasks.find((t) => t.key === 'identity')?.done).toBe(false);
    const admin = await operatorToken(server);
    const list = await get<{ list: { id: number }[] }>(server, `/admin/api/identity/list?uid=${user.uid}`, {
      token: admin,
    });
    await post(server, `/admin/api/identity/${list.body.data.list[0]?.id}/approve`, undefined, { token: admin });
    server.ctx.tx.run(() =>
      server.ctx.ledger.transfer({
        reference: `test:trade:${user.uid}`,
        reason: 'spot.trade',
        from: userAccount(user.uid, 'spot', 'USDT'),
        to: system('fees', 'USDT'),
        amount: 1n,
      }),
    );
    const finished = await tasks();
    expect(finished.done).toBe(4);
  });
});

describe('one user never reaches another user’s security data', () => {
  it('keeps documents, sessions, two-factor and profile of A out of B’s reach on every endpoint', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const aSecret = await enableTwoFactor(server, a);
    await upload(
      server,
      '/mapi/security/identity/submit',
      { type: 'passport', familyName: 'Ada', givenName: 'Lovelace', number: `A${a.uid}` },
      [
        { field: 'front', bytes: pngImage(3) },
        { field: 'hand', bytes: pngImage(3) },
      ],
      { token: a.token },
    );
    await post(server, '/mapi/user/nickname', { nickname: `Ada${a.uid}` }, { token: a.token });
    const aSessions = (await sessions(a.token)).body.data;

    // Reads answer B's own state.
    const overview = await get<SecurityOverview>(server, '/mapi/security/overview', { token: b.token });
    expect(overview.body.data).toMatchObject({ twoFactor: false, identity: 'unverified', activeSessions: 1 });
    expect((await get(server, '/mapi/security/twoFactor', { token: b.token })).body.data).toEqual({
      enabled: false,
      enabledAt: null,
    });
    expect((await get<IdentityInfo>(server, '/mapi/security/identity', { token: b.token })).body.data.state).toBe(
      'unverified',
    );
    for (const side of ['front', 'back', 'hand']) {
      const photo = await get(server, `/mapi/security/identity/photo/${side}`, { token: b.token });
      expect(photo.body.code).toBe(ERRORS.NOT_FOUND.code);
    }
    const bSessions = (await sessions(b.token)).body.data;
    expect(bSessions.map((s) => s.id).some((id) => aSessions.some((s) => s.id === id))).toBe(false);
    const newcomer = await get<NewcomerTasks>(server, '/mapi/security/newcomer', { token: b.token });
    expect(newcomer.body.data.done).toBe(0);
    expect((await get<{ uid: number }>(server, '/mapi/user/info', { token: b.token })).body.data.uid).toBe(b.uid);

    // Writes by B never touch A.
    for (const s of aSessions) {
      const revoke = await post(server, '/mapi/security/sessions/revoke', { id: s.id }, { token: b.token });
      expect(revoke.body.code).toBe(ERRORS.NOT_FOUND.code);
    }
    await post(server, '/mapi/security/sessions/revokeOthers', undefined, { token: b.token });
    const close = await post(
      server,
      '/mapi/security/twoFactor/close',
      { code: codeFor(server, aSecret), password: b.password },
      { token: b.token },
    );
    expect(close.body.code).toBe(ERRORS.TWO_FACTOR_NOT_ENABLED.code);
    const setup = await post<{ secret: string }>(server, '/mapi/security/twoFactor/setup', undefined, {
      token: b.token,
    });
    expect(setup.body.data.secret).not.toBe(aSecret);
    const taken = await post(server, '/mapi/user/nickname', { nickname: `ada${a.uid}` }, { token: b.token });
    expect(taken.body.code).toBe(ERRORS.NICKNAME_TAKEN.code);
    await upload(server, '/mapi/user/avatar', {}, [{ field: 'avatar', bytes: pngImage(5) }], { token: b.token });
    await upload(
      server,
      '/mapi/security/identity/submit',
      { type: 'passport', familyName: 'Bob', givenName: 'B', number: `B${b.uid}` },
      [
        { field: 'front', bytes: pngImage(6) },
        { field: 'hand', bytes: pngImage(6) },
      ],
      { token: b.token },
    );

    expect((await sessions(a.token)).body.data.map((s) => s.id).sort()).toEqual(aSessions.map((s) => s.id).sort());
    expect((await get(server, '/mapi/security/twoFactor', { token: a.token })).body.data).toMatchObject({
      enabled: true,
    });
    const aProfile = await get<{ nickname: string; avatar: string | null }>(server, '/mapi/user/info', {
      token: a.token,
    });
    expect(aProfile.body.data).toMatchObject({ nickname: `Ada${a.uid}`, avatar: null });
    const aIdentity = await get<IdentityInfo>(server, '/mapi/security/identity', { token: a.token });
    expect(aIdentity.body.data).toMatchObject({ familyName: 'Ada', state: 'pending' });
    const aPhoto = await fetch(`${server.url}/mapi/security/identity/photo/front`, {
      headers: { authorization: a.token },
    });
    expect(Buffer.from(await aPhoto.arrayBuffer()).equals(pngImage(3))).toBe(true);

    // Operator routes are closed to user tokens.
    for (const route of ['/admin/api/identity/list', '/admin/api/identity/1', '/admin/api/identity/1/photo/front']) {
      expect((await get(server, route, { token: b.token })).body.code).toBe(401);
    }
    expect((await post(server, '/admin/api/identity/1/approve', undefined, { token: b.token })).body.code).toBe(401);
  });

  it('answers 401 on every security endpoint without a login', async () => {
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/mapi/security/overview'],
      ['GET', '/mapi/security/twoFactor'],
      ['POST', '/mapi/security/twoFactor/setup'],
      ['POST', '/mapi/security/twoFactor/enable'],
      ['POST', '/mapi/security/twoFactor/close'],
      ['GET', '/mapi/security/identity'],
      ['POST', '/mapi/security/identity/submit'],
      ['GET', '/mapi/security/identity/photo/front'],
      ['GET', '/mapi/security/sessions'],
      ['POST', '/mapi/security/sessions/revoke'],
      ['POST', '/mapi/security/sessions/revokeOthers'],
      ['GET', '/mapi/security/newcomer'],
      ['POST', '/mapi/user/bind'],
      ['POST', '/mapi/user/changeBound'],
      ['POST', '/mapi/user/sendSecurityCode'],
      ['POST', '/mapi/user/nickname'],
      ['POST', '/mapi/user/avatar'],
    ];
    for (const [method, route] of routes) {
      const answer = method === 'GET' ? await get(server, route) : await post(server, route, {});
      expect(answer.body.code, route).toBe(401);
    }
  });
});
