import { existsSync } from 'node:fs';
import path from 'node:path';
import { ERRORS, errorMessage, type ErrorKey, langFromHeader, type UserProfile } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, outboxCode, post, registerUser, startServer, type TestServer, type TestUser } from '../../test/harness';
import { pngImage, webpImage } from '../../test/images';
import { codeFor, enableTwoFactor, upload } from '../security/testing';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

let phoneCounter = 0;
function freshPhone(): string {
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(++phoneCounter).padStart(4, '0')}`;
}

async function bindCode(account: string): Promise<string> {
  const sent = await post(server, '/api/user/sendCode', { account, scene: 'bind' });
  expect(sent.body.code).toBe(200);
  return outboxCode(server, account);
}

function profile(user: TestUser) {
  return get<UserProfile>(server, '/mapi/user/info', { token: user.token });
}

describe('binding a phone number or email', () => {
  it('binds a phone to an email account with a code sent to it and the login password; login works with it', async () => {
    const user = await registerUser(server);
    const phone = freshPhone();
    const code = await bindCode(phone);

    const wrongPassword = await post(
      server,
      '/mapi/user/bind',
      { account: phone, code, password: 'not-mine-1' },
      { token: user.token, lang: 'zh' },
    );
    expect(wrongPassword.body.code).toBe(ERRORS.WRONG_LOGIN_PASSWORD.code);
    expect(wrongPassword.body.msg).toBe('登录密码错误');
    const wrongCode = await post(
      server,
      '/mapi/user/bind',
      { account: phone, code: code === '000000' ? '000001' : '000000', password: user.password },
      { token: user.token },
    );
    expect(wrongCode.body.code).toBe(ERRORS.WRONG_VERIFICATION_CODE.code);
    expect((await profile(user)).body.data.phone).toBeNull();

    const bound = await post<UserProfile>(
      server,
      '/mapi/user/bind',
      { account: phone, code, password: user.password },
      { token: user.token },
    );
    expect(bound.body.code).toBe(200);
    expect(bound.body.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect((await post(server, '/api/user/login', { account: phone, password: user.password })).body.code).toBe(200);

    // The code is used up, and the account already has a phone.
    const again = await post(
      server,
      '/mapi/user/bind',
      { account: freshPhone(), code, password: user.password },
      { token: user.token, lang: 'en' },
    );
    expect(again.body.code).toBe(ERRORS.ALREADY_BOUND.code);
    expect(again.body.msg).toBe(errorMessage('ALREADY_BOUND', 'en'));
  });

  it('refuses an address another account holds, before sending a code and at binding', async () => {
    const holder = await registerUser(server, freshPhone());
    const user = await registerUser(server);
    const sent = await post(server, '/api/user/sendCode', { account: holder.account, scene: 'bind' }, { lang: 'hk' });
    expect(sent.body.code).toBe(ERRORS.ALREADY_BOUND.code);
    expect(sent.body.msg).toBe(errorMessage('ALREADY_BOUND', 'zh_HK'));
    const bind = await post(
      server,
      '/mapi/user/bind',
      { account: holder.account, code: '123456', password: user.password },
      { token: user.token },
    );
    expect(bind.body.code).toBe(ERRORS.ALREADY_BOUND.code);
    expect((await profile(user)).body.data.phone).toBeNull();
  });

  it('binds an email to a phone account', async () => {
    const user = await registerUser(server, freshPhone());
    const email = `bound${process.pid}x${++phoneCounter}@example.com`;
    const code = await bindCode(email);
    const bound = await post<UserProfile>(
      server,
      '/mapi/user/bind',
      { account: email.toUpperCase(), code, password: user.password },
      { token: user.token },
    );
    expect(bound.body.code).toBe(200);
    expect(bound.body.data.email).toBe(`${email.slice(0, 2)}***@example.com`);
  });

  it('needs the two-factor code when two-factor is on', async () => {
    const user = await registerUser(server);
    const secret = await enableTwoFactor(server, user);
    const phone = freshPhone();
    const code = await bindCode(phone);
    const missing = await post(
      server,
      '/mapi/user/bind',
      { account: phone, code, password: user.password },
      { token: user.token },
    );
    expect(missing.body.code).toBe(ERRORS.TWO_FACTOR_REQUIRED.code);
    expect((await profile(user)).body.data.phone).toBeNull();
    const bound = await post(
      server,
      '/mapi/user/bind',
      { account: phone, code, password: user.password, totp: codeFor(server, secret) },
      { token: user.token },
    );
    expect(bound.body.code).toBe(200);
  });
});

describe('changing the bound email or phone', () => {
  async function currentCode(user: TestUser, to: 'email' | 'phone', current: string): Promise<string> {
    const sent = await post<{ sentTo: string }>(
      server,
      `/mapi/user/sendSecurityCode?to=${to}`,
      {},
      { token: user.token },
    );
    expect(sent.body.code).toBe(200);
    return outboxCode(server, current);
  }

  it('needs a code from the current and the new address and the password; then signs out others and locks withdrawals', async () => {
    const user = await registerUser(server);
    const other = await post<{ token: string }>(server, '/api/user/login', {
      account: user.account,
      password: user.password,
    });
    const otherToken = other.body.data.token;
    const next = `moved${process.pid}x${++phoneCounter}@example.com`;
    const oldCode = await currentCode(user, 'email', user.account);
    const newCode = await bindCode(next);
    const change = (body: Record<string, unknown>, lang = 'en') =>
      post<UserProfile>(server, '/mapi/user/changeBound', body, { token: user.token, lang });
    const before = (await profile(user)).body.data;

    // Each proof is needed, and each refusal changes nothing.
    const wrong = (c: string) => (c === '000000' ? '000001' : '000000');
    const refusals: [Record<string, unknown>, ErrorKey, string][] = [
      [
        { account: next, code: newCode, currentCode: wrong(oldCode), password: user.password },
        'WRONG_VERIFICATION_CODE',
        'zh',
      ],
      [
        { account: next, code: wrong(newCode), currentCode: oldCode, password: user.password },
        'WRONG_VERIFICATION_CODE',
        'fr',
      ],
      [{ account: next, code: newCode, currentCode: oldCode, password: 'not-mine-1' }, 'WRONG_LOGIN_PASSWORD', 'hk'],
      [{ account: user.account, code: newCode, currentCode: oldCode, password: user.password }, 'ALREADY_BOUND', 'es'],
      [
        { account: freshPhone(), code: newCode, currentCode: oldCode, password: user.password },
        'ACCOUNT_NOT_BOUND',
        'en',
      ],
    ];
    for (const [body, key, lang] of refusals) {
      const answer = await change(body, lang);
      expect(answer.body.code).toBe(ERRORS[key].code);
      expect(answer.body.msg).toBe(errorMessage(key, langFromHeader(lang)));
      expect((await profile(user)).body.data).toEqual(before);
    }

    const changed = await change({ account: next, code: newCode, currentCode: oldCode, password: user.password });
    expect(changed.body.code).toBe(200);
    expect(changed.body.data.email).toBe(`${next.slice(0, 2)}***@example.com`);
    // The new address logs in, the old one no longer does; the other session is gone, this one stays.
    expect((await post(server, '/api/user/login', { account: next, password: user.password })).body.code).toBe(200);
    expect(
      (await post(server, '/api/user/login', { account: user.account, password: user.password })).body.code,
    ).not.toBe(200);
    expect((await get(server, '/mapi/user/info', { token: otherToken })).body.code).toBe(401);
    expect((await profile(user)).body.code).toBe(200);
    // Withdrawals wait 24 hours, and the security centre says why.
    const overview = await get<{ withdrawLockReason: string }>(server, '/mapi/security/overview', {
      token: user.token,
    });
    expect(overview.body.data.withdrawLockReason).toBe('contact');
    // Both codes are used up.
    const again = await change({ account: `x${next}`, code: newCode, currentCode: oldCode, password: user.password });
    expect(again.body.code).not.toBe(200);
  });

  it('changes a phone with a code sent to that phone, and asks for two-factor when it is on', async () => {
    const phone = freshPhone();
    const user = await registerUser(server, phone);
    const secret = await enableTwoFactor(server, user);
    const next = freshPhone();
    const oldCode = await currentCode(user, 'phone', phone);
    const newCode = await bindCode(next);
    const body = { account: next, code: newCode, currentCode: oldCode, password: user.password };
    const missing = await post(server, '/mapi/user/changeBound', body, { token: user.token });
    expect(missing.body.code).toBe(ERRORS.TWO_FACTOR_REQUIRED.code);
    const changed = await post<UserProfile>(
      server,
      '/mapi/user/changeBound',
      { ...body, totp: codeFor(server, secret) },
      { token: user.token },
    );
    expect(changed.body.code).toBe(200);
    expect(changed.body.data.phone).toBe(`${next.slice(0, 3)}****${next.slice(-4)}`);
    // A security code for an address the account does not have is refused.
    const none = await post(server, '/mapi/user/sendSecurityCode?to=email', {}, { token: user.token, lang: 'zh' });
    expect(none.body.code).toBe(ERRORS.ACCOUNT_NOT_BOUND.code);
  });
});

describe('nickname', () => {
  it('sets a nickname, unique regardless of case; the owner may change its case', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const name = `Alice ${process.pid}`;
    const set = await post<UserProfile>(
      server,
      '/mapi/user/nickname',
      { nickname: `  ${name} ` },
      { token: alice.token },
    );
    expect(set.body.code).toBe(200);
    expect(set.body.data.nickname).toBe(name);

    const taken = await post(
      server,
      '/mapi/user/nickname',
      { nickname: name.toUpperCase() },
      { token: bob.token, lang: 'zh' },
    );
    expect(taken.body.code).toBe(ERRORS.NICKNAME_TAKEN.code);
    expect(taken.body.msg).toBe('昵称已被占用');
    expect((await profile(bob)).body.data.nickname).toBeNull();

    const recased = await post<UserProfile>(
      server,
      '/mapi/user/nickname',
      { nickname: name.toLowerCase() },
      { token: alice.token },
    );
    expect(recased.body.data.nickname).toBe(name.toLowerCase());
  });

  it.each([
    ['one character', 'A', 'NICKNAME_LENGTH'],
    ['21 characters', 'N'.repeat(21), 'NICKNAME_LENGTH'],
    ['only spaces', '     ', 'NICKNAME_LENGTH'],
    ['markup', '<b>bold</b>', 'NICKNAME_INVALID'],
    ['an emoji', 'Rocket 🚀', 'NICKNAME_INVALID'],
    ['a staff name', 'Bourse_Support', 'NICKNAME_INVALID'],
    ['a Chinese staff name', '官方客服', 'NICKNAME_INVALID'],
  ] as const)('refuses %s with its catalogue error and keeps the old nickname', async (_, nickname, key: ErrorKey) => {
    const user = await registerUser(server);
    for (const [header, lang] of [
      ['en', 'en'],
      ['es', 'es'],
    ] as const) {
      const answer = await post(server, '/mapi/user/nickname', { nickname }, { token: user.token, lang: header });
      expect(answer.body.code).toBe(ERRORS[key].code);
      expect(answer.body.msg).toBe(errorMessage(key, lang));
    }
    expect((await profile(user)).body.data.nickname).toBeNull();
  });

  it('accepts names in other scripts', async () => {
    const user = await registerUser(server);
    const answer = await post<UserProfile>(
      server,
      '/mapi/user/nickname',
      { nickname: `小明_${process.pid % 1000}` },
      { token: user.token },
    );
    expect(answer.body.code).toBe(200);
  });
});

describe('avatar', () => {
  it('uploads an image, serves it publicly with safe headers, and replaces the old file', async () => {
    const user = await registerUser(server);
    const first = await upload<{ avatar: string }>(
      server,
      '/mapi/user/avatar',
      {},
      [{ field: 'avatar', bytes: pngImage(8) }],
      {
        token: user.token,
      },
    );
    expect(first.body.code).toBe(200);
    expect(first.body.data.avatar).toMatch(/^\/api\/user\/avatar\/[0-9a-f]{32}\.png$/);
    expect((await profile(user)).body.data.avatar).toBe(first.body.data.avatar);

    const image = await fetch(`${server.url}${first.body.data.avatar}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await image.arrayBuffer()).equals(pngImage(8))).toBe(true);

    const second = await upload<{ avatar: string }>(
      server,
      '/mapi/user/avatar',
      {},
      [{ field: 'avatar', bytes: webpImage(), type: 'image/webp' }],
      { token: user.token },
    );
    expect(second.body.data.avatar).toMatch(/\.webp$/);
    const oldFile = path.join(server.ctx.config.uploadsDir, 'avatars', first.body.data.avatar.split('/').pop() ?? '');
    expect(existsSync(oldFile)).toBe(false);
    expect((await get(server, first.body.data.avatar)).body.code).toBe(ERRORS.NOT_FOUND.code);
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'UNSUPPORTED_FILE_TYPE'],
    ['HTML named .png', Buffer.from('<html><script>alert(1)</script></html>'), 'UNSUPPORTED_FILE_TYPE'],
    ['an image over 2 MB', Buffer.concat([pngImage(), Buffer.alloc(2 * 1024 * 1024)]), 'PAYLOAD_TOO_LARGE'],
  ] as const)('refuses %s and keeps the old avatar', async (_, bytes, key: ErrorKey) => {
    const user = await registerUser(server);
    const answer = await upload(server, '/mapi/user/avatar', {}, [{ field: 'avatar', bytes }], {
      token: user.token,
      lang: 'fr',
    });
    expect(answer.body.code).toBe(ERRORS[key].code);
    expect(answer.body.msg).toBe(errorMessage(key, 'fr'));
    expect((await profile(user)).body.data.avatar).toBeNull();
  });

  it('answers a name that is not an avatar file with NOT_FOUND', async () => {
    expect((await get(server, '/api/user/avatar/..%2F..%2Fbourse.db')).body.code).toBe(ERRORS.NOT_FOUND.code);
    expect((await get(server, `/api/user/avatar/${'0'.repeat(32)}.png`)).body.code).toBe(ERRORS.NOT_FOUND.code);
  });
});
