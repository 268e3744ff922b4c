import { ERRORS, errorMessage } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, registerUser, startServer, type TestServer, type TestUser } from '../../test/harness';
import { codeFor, enableTwoFactor, settleClock } from './testing';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface Setup {
  secret: string;
  otpauthUrl: string;
  label: string;
}

async function setup(user: TestUser) {
  return post<Setup>(server, '/mapi/security/twoFactor/setup', undefined, { token: user.token });
}

async function status(user: TestUser) {
  return (await get<{ enabled: boolean }>(server, '/mapi/security/twoFactor', { token: user.token })).body.data;
}

function login(user: TestUser, totp?: string, lang?: string) {
  return post<{ token: string }>(
    server,
    '/api/user/login',
    { account: user.account, password: user.password, ...(totp === undefined ? {} : { totp }) },
    { lang },
  );
}

describe('two-factor setup', () => {
  it('gives a 20-byte Base32 key and its otpauth URI, the same one again until it is confirmed', async () => {
    const user = await registerUser(server);
    const first = await setup(user);
    expect(first.body.code).toBe(200);
    expect(first.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.body.data.otpauthUrl).toBe(
      `otpauth://totp/Bourse:${encodeURIComponent(user.account)}?secret=${first.body.data.secret}&issuer=Bourse`,
    );
    expect((await setup(user)).body.data.secret).toBe(first.body.data.secret);
    expect(await status(user)).toEqual({ enabled: false, enabledAt: null });

    // An unconfirmed key is replaced after half an hour.
    server.clock.advance(31 * 60_000);
    expect((await setup(user)).body.data.secret).not.toBe(first.body.data.secret);
  });

  it('keeps the key only sealed with the server key', async () => {
    const user = await registerUser(server);
    const { secret } = (await setup(user)).body.data;
    const row = server.ctx.db.prepare('SELECT secret_sealed FROM two_factor WHERE uid = ?').get(user.uid) as {
      secret_sealed: string;
    };
    expect(row.secret_sealed.startsWith('v1.')).toBe(true);
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.secret_sealed.toUpperCase()).not.toContain(secret);
  });

  it('is enabled only by a right code and the login password, each refusal in the caller’s language', async () => {
    const user = await registerUser(server);
    const { secret } = (await setup(user)).body.data;
    settleClock(server);
    const wrongCode = codeFor(server, secret) === '000000' ? '000001' : '000000';
    const cases = [
      [{ code: wrongCode, password: user.password }, 'WRONG_TWO_FACTOR_CODE'],
      [{ code: '12345', password: user.password }, 'TWO_FACTOR_FORMAT'],
      [{ code: codeFor(server, secret), password: 'not-my-password' }, 'WRONG_LOGIN_PASSWORD'],
    ] as const;
    for (const [body, key] of cases) {
      for (const [header, lang] of [
        ['zh', 'zh_CN'],
        ['es', 'es'],
      ] as const) {
        const answer = await post(server, '/mapi/security/twoFactor/enable', body, { token: user.token, lang: header });
        expect(answer.body.code).toBe(ERRORS[key].code);
        expect(answer.body.msg).toBe(errorMessage(key, lang));
      }
    }
    expect((await status(user)).enabled).toBe(false);
    const profile = await get<{ security: { twoFactor: boolean } }>(server, '/mapi/user/info', { token: user.token });
    expect(profile.body.data.security.twoFactor).toBe(false);

    const enabled = await post<{ enabled: boolean; enabledAt: number }>(
      server,
      '/mapi/security/twoFactor/enable',
      { code: codeFor(server, secret), password: user.password },
      { token: user.token },
    );
    expect(enabled.body.code).toBe(200);
    expect(enabled.body.data.enabled).toBe(true);
    const after = await get<{ security: { twoFactor: boolean } }>(server, '/mapi/user/info', { token: user.token });
    expect(after.body.data.security.twoFactor).toBe(true);
    expect((await setup(user)).body.code).toBe(ERRORS.TWO_FACTOR_ALREADY_ENABLED.code);
  });

  it('cannot be enabled without a key first', async () => {
    const user = await registerUser(server);
    const answer = await post(
      server,
      '/mapi/security/twoFactor/enable',
      { code: '123456', password: user.password },
      { token: user.token, lang: 'fr' },
    );
    expect(answer.body.code).toBe(ERRORS.TWO_FACTOR_SETUP_REQUIRED.code);
    expect(answer.body.msg).toBe(errorMessage('TWO_FACTOR_SETUP_REQUIRED', 'fr'));
  });
});

describe('two-factor at login', () => {
  it('asks for the code (2025), refuses a wrong one, lets the right one in once', async () => {
    const user = await registerUser(server);
    const secret = await enableTwoFactor(server, user);

    const missing = await login(user, undefined, 'hk');
    expect(missing.body.code).toBe(2025);
    expect(missing.body.msg).toBe(errorMessage('TWO_FACTOR_REQUIRED', 'zh_HK'));

    const right = codeFor(server, secret);
    const wrong = await login(user, right === '999999' ? '999998' : '999999');
    expect(wrong.body.code).toBe(ERRORS.WRONG_TWO_FACTOR_CODE.code);

    const ok = await login(user, right);
    expect(ok.body.code).toBe(200);

    const replay = await login(user, right, 'en');
    expect(replay.body.code).toBe(ERRORS.TWO_FACTOR_CODE_USED.code);
    expect(replay.body.msg).toBe(errorMessage('TWO_FACTOR_CODE_USED', 'en'));

    server.clock.advance(30_000);
    expect((await login(user, codeFor(server, secret))).body.code).toBe(200);
  });

  it('accepts one step of clock drift either way and refuses two', async () => {
    const user = await registerUser(server);
    const secret = await enableTwoFactor(server, user);
    // The step before now was used to enable; one more step makes "one step back" a fresh code.
    server.clock.advance(30_000);

    expect((await login(user, codeFor(server, secret, -2))).body.code).toBe(ERRORS.WRONG_TWO_FACTOR_CODE.code);
    expect((await login(user, codeFor(server, secret, 2))).body.code).toBe(ERRORS.WRONG_TWO_FACTOR_CODE.code);
    expect((await login(user, codeFor(server, secret, -1))).body.code).toBe(200);

    server.clock.advance(60_000);
    expect((await login(user, codeFor(server, secret, 1))).body.code).toBe(200);
    // A code older than one already accepted is refused too: codes only move forward.
    expect((await login(user, codeFor(server, secret, 0))).body.code).toBe(ERRORS.TWO_FACTOR_CODE_USED.code);
  });

  it('locks code entry after five wrong codes, even for the right one', async () => {
    const user = await registerUser(server);
    const secret = await enableTwoFactor(server, user);
    const right = codeFor(server, secret);
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expect(() => server.ctx.account.requireSecondFactor(user.uid, wrong)).toThrow('WRONG_TWO_FACTOR_CODE');
    }
    expect(() => server.ctx.account.requireSecondFactor(user.uid, right)).toThrow('TOO_MANY_REQUESTS');
    server.clock.advance(16 * 60_000);
    expect(() => server.ctx.account.requireSecondFactor(user.uid, codeFor(server, secret))).not.toThrow();
  });
});

describe('two-factor for sensitive actions (withdrawals use accounts.requireSecondFactor)', () => {
  it('lets users without two-factor pass and requires a fresh code from those with it', async () => {
    const plain = await registerUser(server);
    expect(() => server.ctx.account.requireSecondFactor(plain.uid, undefined)).not.toThrow();

    const user = await registerUser(server);
    const secret = await enableTwoFactor(server, user);
    expect(() => server.ctx.account.requireSecondFactor(user.uid, undefined)).toThrow('TWO_FACTOR_REQUIRED');
    expect(() => server.ctx.account.requireSecondFactor(user.uid, '12ab56')).toThrow('TWO_FACTOR_FORMAT');
    const code = codeFor(server, secret);
    expect(() => server.ctx.account.requireSecondFactor(user.uid, code)).not.toThrow();
    expect(() => server.ctx.account.requireSecondFactor(user.uid, code)).toThrow('TWO_FACTOR_CODE_USED');
  });

  it('gives the code back when the action it was used for rolls back', async () => {
    const user = await registerUser(server);
    const secret = await enableTwoFactor(server, user);
    const code = codeFor(server, secret);
    expect(() =>
      server.ctx.tx.run(() => {
        server.ctx.account.requireSecondFactor(user.uid, code);
        throw new Error('withdrawal failed after the check');
      }),
    ).toThrow('withdrawal failed');
    expect(() => server.ctx.account.requireSecondFactor(user.uid, code)).not.toThrow();
  });
});

describe('closing two-factor', () => {
  it('needs a current code and the login password; login then needs no code', async () => {
    const user = await registerUser(server);
    const secret = await enableTwoFactor(server, user);

    const noPassword = await post(
      server,
      '/mapi/security/twoFactor/close',
      { code: codeFor(server, secret), password: 'wrong-password' },
      { token: user.token, lang: 'zh' },
    );
    expect(noPassword.body.code).toBe(ERRORS.WRONG_LOGIN_PASSWORD.code);
    expect(noPassword.body.msg).toBe('登录密码错误');
    const noCode = await post(
      server,
      '/mapi/security/twoFactor/close',
      { password: user.password },
      { token: user.token },
    );
    expect(noCode.body.code).toBe(ERRORS.TWO_FACTOR_FORMAT.code);
    expect((await status(user)).enabled).toBe(true);

    const closed = await post(
      server,
      '/mapi/security/twoFactor/close',
      { code: codeFor(server, secret), password: user.password },
      { token: user.token },
    );
    expect(closed.body.code).toBe(200);
    expect((await status(user)).enabled).toBe(false);
    expect((await login(user)).body.code).toBe(200);

    const again = await post(
      server,
      '/mapi/security/twoFactor/close',
      { code: codeFor(server, secret), password: user.password },
      { token: user.token },
    );
    expect(again.body.code).toBe(ERRORS.TWO_FACTOR_NOT_ENABLED.code);
  });
});
