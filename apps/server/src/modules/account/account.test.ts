import { ERRORS, errorMessage } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, LiveClient, outboxCode, post, registerUser, startServer, type TestServer } from '../../test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

function userCount(): number {
  return (server.ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
}

async function codeFor(account: string): Promise<string> {
  const sent = await post(server, '/api/user/sendCode', { account, scene: 'register' });
  expect(sent.body.code).toBe(200);
  return outboxCode(server, account);
}

describe('registration', () => {
  it('registers by email with a code, logs the user in and gives a numeric uid and an own invitation code', async () => {
    const account = 'Alice@Example.com';
    const code = await codeFor('alice@example.com');
    const answer = await post<{ uid: number; token: string; user: { inviteCode: string; email: string } }>(
      server,
      '/api/user/registerOpen',
      { account, code, password: 'secret123', confirmPassword: 'secret123', agreement: true },
    );
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.uid).toBeGreaterThan(10_000_000);
    expect(answer.body.data.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(answer.body.data.user.email).toBe('al***@example.com');
    const me = await get<{ uid: number }>(server, '/mapi/user/info', { token: answer.body.data.token });
    expect(me.body.data.uid).toBe(answer.body.data.uid);
  });

  it('registers by 11-digit mobile number', async () => {
    const code = await codeFor('13800138000');
    const answer = await post(server, '/api/user/registerOpen', {
      account: '13800138000',
      code,
      password: 'secret123',
      confirmPassword: 'secret123',
      agreement: true,
    });
    expect(answer.body.code).toBe(200);
  });

  it('requires an invitation code on the newer form and links the inviter', async () => {
    const inviter = await registerUser(server);
    const inviterProfile = await get<{ inviteCode: string }>(server, '/mapi/user/info', { token: inviter.token });
    const code = await codeFor('bob@example.com');
    const base = {
      account: 'bob@example.com',
      code,
      password: 'secret123',
      confirmPassword: 'secret123',
      agreement: true,
    };

    const missing = await post(server, '/api/user/register', base, { lang: 'zh' });
    expect(missing.body.code).toBe(ERRORS.INVITATION_CODE_REQUIRED.code);
    expect(missing.body.msg).toBe('请输入邀请码');

    const wrong = await post(server, '/api/user/register', { ...base, inviteCode: 'NOPE1234' });
    expect(wrong.body.code).toBe(ERRORS.INVALID_INVITATION_CODE.code);

    const okAnswer = await post<{ uid: number }>(server, '/api/user/register', {
      ...base,
      inviteCode: inviterProfile.body.data.inviteCode.toLowerCase(),
    });
    expect(okAnswer.body.code).toBe(200);
    const row = server.ctx.account.getUser(okAnswer.body.data.uid);
    expect(row?.inviter_uid).toBe(inviter.uid);
  });

  it.each([
    ['a password of 5 characters', { password: '12345', confirmPassword: '12345' }, 'PASSWORD_LENGTH'],
    ['a password of 19 characters', { password: 'a'.repeat(19), confirmPassword: 'a'.repeat(19) }, 'PASSWORD_LENGTH'],
    ['passwords that differ', { password: 'secret123', confirmPassword: 'secret124' }, 'PASSWORDS_DO_NOT_MATCH'],
    ['the agreement not ticked', { agreement: false }, 'AGREEMENT_REQUIRED'],
    ['a malformed email', { account: 'carol@' }, 'EMAIL_INVALID'],
    ['an empty account', { account: '' }, 'ACCOUNT_REQUIRED'],
    ['a 10-digit mobile number', { account: '1380013800' }, 'MOBILE_INVALID'],
    ['a wrong code', { code: '000000' }, 'WRONG_VERIFICATION_CODE'],
    ['a code that is not six digits', { code: '12ab' }, 'WRONG_VERIFICATION_CODE'],
  ] as const)(
    'refuses %s with its catalogue error in the caller’s language and writes nothing',
    async (_, change, key) => {
      const code = await codeFor(`carol${key.length}${_.length}@example.com`).catch(() => '111111');
      const body = {
        account: `carol${key.length}${_.length}@example.com`,
        code: code === '000000' ? '000001' : code,
        password: 'secret123',
        confirmPassword: 'secret123',
        agreement: true,
        ...change,
      };
      const before = userCount();
      for (const [header, lang] of [
        ['en', 'en'],
        ['hk', 'zh_HK'],
        ['fr', 'fr'],
      ] as const) {
        const answer = await post(server, '/api/user/registerOpen', body, { lang: header });
        expect(answer.body.code).toBe(ERRORS[key].code);
        expect(answer.body.msg).toBe(errorMessage(key, lang));
        expect(answer.body.data).toBeNull();
      }
      expect(userCount()).toBe(before);
    },
  );

  it('refuses an account that exists, before sending a code and at registration', async () => {
    const user = await registerUser(server);
    const sent = await post(server, '/api/user/sendCode', { account: user.account, scene: 'register' });
    expect(sent.body.code).toBe(ERRORS.ACCOUNT_EXISTS.code);
  });

  it('sends at most one code a minute to an address', async () => {
    await post(server, '/api/user/sendCode', { account: 'dave@example.com', scene: 'register' });
    const again = await post(server, '/api/user/sendCode', { account: 'dave@example.com', scene: 'register' });
    expect(again.body.code).toBe(ERRORS.CODE_SENT_TOO_OFTEN.code);
  });

  it('burns a code after five wrong tries', async () => {
    const code = await codeFor('erin@example.com');
    const body = { account: 'erin@example.com', password: 'secret123', confirmPassword: 'secret123', agreement: true };
    for (let i = 0; i < 5; i++) {
      const wrong = await post(server, '/api/user/registerOpen', {
        ...body,
        code: code === '999999' ? '999998' : '999999',
      });
      expect(wrong.body.code).toBe(ERRORS.WRONG_VERIFICATION_CODE.code);
    }
    const right = await post(server, '/api/user/registerOpen', { ...body, code });
    expect(right.body.code).toBe(ERRORS.WRONG_VERIFICATION_CODE.code);
  });
});

describe('login and logout', () => {
  it('logs in, answers 401 on a revoked token, and refuses a wrong password without saying which part was wrong', async () => {
    const user = await registerUser(server);
    const wrong = await post(server, '/api/user/login', { account: user.account, password: 'nope12345' });
    expect(wrong.body.code).toBe(ERRORS.WRONG_ACCOUNT_OR_PASSWORD.code);
    const unknown = await post(server, '/api/user/login', { account: 'nobody@example.com', password: 'nope12345' });
    expect(unknown.body.code).toBe(ERRORS.WRONG_ACCOUNT_OR_PASSWORD.code);

    const login = await post<{ token: string }>(server, '/api/user/login', {
      account: user.account,
      password: user.password,
    });
    expect(login.body.code).toBe(200);
    const token = login.body.data.token;
    expect((await get(server, '/mapi/user/info', { token })).body.code).toBe(200);

    expect((await post(server, '/mapi/user/logout', undefined, { token })).body.code).toBe(200);
    const after = await get(server, '/mapi/user/info', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
    // The registration session is a different session and still works.
    expect((await get(server, '/mapi/user/info', { token: user.token })).body.code).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const answer = await get(server, '/mapi/user/info', { lang: 'zh' });
    expect(answer.body).toEqual({ code: 401, msg: '请先登录', data: null });
  });

  it('locks an account after five failed logins, even for the right password', async () => {
    const user = await registerUser(server);
    for (let i = 0; i < 5; i++) await post(server, '/api/user/login', { account: user.account, password: 'wrong-one' });
    const locked = await post(server, '/api/user/login', { account: user.account, password: user.password });
    expect(locked.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
    server.clock.advance(16 * 60_000);
    const later = await post(server, '/api/user/login', { account: user.account, password: user.password });
    expect(later.body.code).toBe(200);
  });
});

describe('forgot password', () => {
  it('resets with a code, revokes every session and lets the new password in', async () => {
    const user = await registerUser(server);
    expect((await post(server, '/api/user/sendCode', { account: user.account, scene: 'reset' })).body.code).toBe(200);
    const code = outboxCode(server, user.account);
    const reset = await post(server, '/api/user/resetPassword', {
      account: user.account,
      code,
      password: 'brandnew1',
      confirmPassword: 'brandnew1',
    });
    expect(reset.body.code).toBe(200);
    expect((await get(server, '/mapi/user/info', { token: user.token })).body.code).toBe(401);
    expect((await post(server, '/api/user/login', { account: user.account, password: user.password })).body.code).toBe(
      ERRORS.WRONG_ACCOUNT_OR_PASSWORD.code,
    );
    expect((await post(server, '/api/user/login', { account: user.account, password: 'brandnew1' })).body.code).toBe(
      200,
    );
    expect(server.ctx.account.passwordChangedAt(user.uid)).not.toBeNull();
  });

  it('refuses an unknown account', async () => {
    const answer = await post(server, '/api/user/sendCode', { account: 'ghost@example.com', scene: 'reset' });
    expect(answer.body.code).toBe(ERRORS.USER_NOT_FOUND.code);
  });
});

describe('fund password', () => {
  it('is set once with the login password, must be six digits, and locks after five wrong tries', async () => {
    const user = await registerUser(server);
    const token = user.token;
    const bad = await post(
      server,
      '/mapi/user/setFundPassword',
      { loginPassword: user.password, fundPassword: '12345a', confirmFundPassword: '12345a' },
      { token },
    );
    expect(bad.body.code).toBe(ERRORS.FUND_PASSWORD_FORMAT.code);
    const wrongLogin = await post(
      server,
      '/mapi/user/setFundPassword',
      { loginPassword: 'nope', fundPassword: '123456', confirmFundPassword: '123456' },
      { token },
    );
    expect(wrongLogin.body.code).toBe(ERRORS.WRONG_LOGIN_PASSWORD.code);
    const set = await post(
      server,
      '/mapi/user/setFundPassword',
      { loginPassword: user.password, fundPassword: '123456', confirmFundPassword: '123456' },
      { token },
    );
    expect(set.body.code).toBe(200);

    await expect(server.ctx.account.verifyFundPassword(user.uid, '123456')).resolves.toBeUndefined();
    for (let left = 4; left >= 1; left--) {
      await expect(server.ctx.account.verifyFundPassword(user.uid, '000000')).rejects.toMatchObject({
        key: 'WRONG_FUND_PASSWORD',
        params: { left },
      });
    }
    await expect(server.ctx.account.verifyFundPassword(user.uid, '000000')).rejects.toMatchObject({
      key: 'FUND_PASSWORD_LOCKED',
    });
    await expect(server.ctx.account.verifyFundPassword(user.uid, '123456')).rejects.toMatchObject({
      key: 'FUND_PASSWORD_LOCKED',
    });
    server.clock.advance(61 * 60_000);
    await expect(server.ctx.account.verifyFundPassword(user.uid, '123456')).resolves.toBeUndefined();

    const change = await post(
      server,
      '/mapi/user/changeFundPassword',
      { oldFundPassword: '123456', fundPassword: '654321', confirmFundPassword: '654321' },
      { token },
    );
    expect(change.body.code).toBe(200);
    await expect(server.ctx.account.verifyFundPassword(user.uid, '654321')).resolves.toBeUndefined();
  });
});

describe('password change', () => {
  it('needs the old password, keeps this session and signs out the others', async () => {
    const user = await registerUser(server);
    const other = await post<{ token: string }>(server, '/api/user/login', {
      account: user.account,
      password: user.password,
    });
    const wrongOld = await post(
      server,
      '/mapi/user/updatePassword',
      { oldPassword: 'nope', password: 'another1', confirmPassword: 'another1' },
      { token: user.token },
    );
    expect(wrongOld.body.code).toBe(ERRORS.WRONG_OLD_PASSWORD.code);
    const changed = await post(
      server,
      '/mapi/user/updatePassword',
      { oldPassword: user.password, password: 'another1', confirmPassword: 'another1' },
      { token: user.token },
    );
    expect(changed.body.code).toBe(200);
    expect((await get(server, '/mapi/user/info', { token: user.token })).body.code).toBe(200);
    expect((await get(server, '/mapi/user/info', { token: other.body.data.token })).body.code).toBe(401);
  });
});

describe('live channel sessions', () => {
  it('answers login with 200, ping with pong, and pushes code 400 when the session is revoked', async () => {
    const user = await registerUser(server);
    const live = await LiveClient.connect(`${server.wsUrl}?lang=zh`);
    live.send({ op: 'login', uid: user.uid, token: user.token });
    expect((await live.next((f) => f.channel === 'login')).code).toBe(200);
    live.send({ op: 'ping' });
    expect((await live.next((f) => f.channel === 'pong')).code).toBe(200);

    await post(server, '/mapi/user/logout', undefined, { token: user.token });
    const revoked = await live.next((f) => f.channel === 'login');
    expect(revoked.code).toBe(400);
    expect(revoked.msg).toBe('登录状态已失效，请重新登录');
    live.close();
  });

  it('answers an invalid token, or a uid that is not the token’s, with 400', async () => {
    const user = await registerUser(server);
    const live = await LiveClient.connect(server.wsUrl);
    live.send({ op: 'login', uid: user.uid, token: 'x'.repeat(43) });
    expect((await live.next((f) => f.channel === 'login')).code).toBe(400);
    live.send({ op: 'login', uid: user.uid + 1, token: user.token });
    expect((await live.next((f) => f.channel === 'login')).code).toBe(400);
    live.close();
  });
});
