import { ERRORS } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableTwoFactor, codeFor } from '../modules/security/testing';
import { get, LiveClient, post, registerUser, startServer, type TestServer, type TestUser } from '../test/harness';
import { startWalletServer } from '../modules/wallet/testing';

let server: TestServer;

beforeAll(async () => {
  // Assets, networks and markets as on a fresh install.
  server = (await startWalletServer()).server;
});
afterAll(async () => {
  await server.close();
});

function tally(bodies: { code: number }[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const b of bodies) out[b.code] = (out[b.code] ?? 0) + 1;
  return out;
}

/** 49 wrong guesses and the right one last, all sent at once. */
function burst<T>(make: (guess: 'wrong' | 'right', i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: 50 }, (_, i) => make(i === 49 ? 'right' : 'wrong', i)));
}

describe('lockouts hold under concurrency', () => {
  it('login: a burst of 50 guesses evaluates at most 5, and the right one is refused once locked', async () => {
    const user = await registerUser(server);
    const answers = await burst((guess, i) =>
      post(server, '/api/user/login', {
        account: user.account,
        password: guess === 'right' ? user.password : `wrong-${i}-pass`,
      }),
    );
    const codes = tally(answers.map((a) => a.body));
    expect(codes[ERRORS.WRONG_ACCOUNT_OR_PASSWORD.code] ?? 0).toBeLessThanOrEqual(5);
    expect(codes[200]).toBeUndefined();
    expect(answers.at(-1)?.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
    expect((codes[ERRORS.WRONG_ACCOUNT_OR_PASSWORD.code] ?? 0) + (codes[ERRORS.TOO_MANY_REQUESTS.code] ?? 0)).toBe(50);
    // Still locked for the right password afterwards.
    const later = await post(server, '/api/user/login', { account: user.account, password: user.password });
    expect(later.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
  });

  it('login: a right password among concurrent guesses of the owner still succeeds when it comes early', async () => {
    const user = await registerUser(server);
    const answers = await Promise.all([
      post(server, '/api/user/login', { account: user.account, password: user.password }),
      post(server, '/api/user/login', { account: user.account, password: 'wrong-pass-1' }),
      post(server, '/api/user/login', { account: user.account, password: 'wrong-pass-2' }),
    ]);
    expect(answers[0]?.body.code).toBe(200);
  });

  it('operator login: the same cut-off', async () => {
    await server.ctx.operators.ensureOperator('burst@bourse.test', 'operator-pass-2026', 'Burst', 'support');
    const answers = await burst((guess, i) =>
      post(server, '/admin/api/login', {
        email: 'burst@bourse.test',
        password: guess === 'right' ? 'operator-pass-2026' : `wrong-${i}`,
      }),
    );
    const codes = tally(answers.map((a) => a.body));
    expect(codes[ERRORS.WRONG_ACCOUNT_OR_PASSWORD.code] ?? 0).toBeLessThanOrEqual(5);
    expect(codes[200]).toBeUndefined();
    expect(answers.at(-1)?.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
  });

  it('fund password: a burst of 50 evaluates at most 5, and the right one is refused once locked', async () => {
    const user = await registerUser(server);
    const set = await post(
      server,
      '/mapi/user/setFundPassword',
      { loginPassword: user.password, fundPassword: '135790', confirmFundPassword: '135790' },
      { token: user.token },
    );
    expect(set.body.code).toBe(200);
    const answers = await burst((guess, i) =>
      post(
        server,
        '/mapi/user/changeFundPassword',
        {
          oldFundPassword: guess === 'right' ? '135790' : String(200000 + i),
          fundPassword: '246802',
          confirmFundPassword: '246802',
        },
        { token: user.token },
      ),
    );
    const codes = tally(answers.map((a) => a.body));
    expect(codes[ERRORS.WRONG_FUND_PASSWORD.code] ?? 0).toBeLessThanOrEqual(5);
    expect(codes[200]).toBeUndefined();
    expect(answers.at(-1)?.body.code).toBe(ERRORS.FUND_PASSWORD_LOCKED.code);
    expect((codes[ERRORS.WRONG_FUND_PASSWORD.code] ?? 0) + (codes[ERRORS.FUND_PASSWORD_LOCKED.code] ?? 0)).toBe(50);
  });

  it('two-factor at login: a burst of 50 codes evaluates at most 5, and the right one is refused once locked', async () => {
    const user = await registerUser(server);
    const secret = await enableTwoFactor(server, user);
    const right = codeFor(server, secret);
    const answers = await burst((guess, i) =>
      post(server, '/api/user/login', {
        account: user.account,
        password: user.password,
        totp: guess === 'right' ? right : String(100000 + i).slice(-6),
      }),
    );
    const codes = tally(answers.map((a) => a.body));
    expect(codes[ERRORS.WRONG_TWO_FACTOR_CODE.code] ?? 0).toBeLessThanOrEqual(5);
    expect(codes[200]).toBeUndefined();
    expect(answers.at(-1)?.body.code).not.toBe(200);
  });

  it('the login password asked before a sensitive change: at most 5 of a burst evaluated', async () => {
    const user = await registerUser(server);
    const answers = await burst((guess, i) =>
      post(
        server,
        '/mapi/user/updatePassword',
        {
          oldPassword: guess === 'right' ? user.password : `wrong-${i}-pass`,
          password: 'brand-new-pass',
          confirmPassword: 'brand-new-pass',
        },
        { token: user.token },
      ),
    );
    const codes = tally(answers.map((a) => a.body));
    expect(codes[ERRORS.WRONG_OLD_PASSWORD.code] ?? 0).toBeLessThanOrEqual(5);
    expect(codes[200]).toBeUndefined();
    expect(answers.at(-1)?.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
  });
});

describe('changing or resetting the fund password locks withdrawals for 24 hours', () => {
  it('change: withdrawals locked with the fund-password reason; set for the first time: not locked', async () => {
    const user = await registerUser(server);
    await post(
      server,
      '/mapi/user/setFundPassword',
      { loginPassword: user.password, fundPassword: '112233', confirmFundPassword: '112233' },
      { token: user.token },
    );
    const info = await get<{ lockReason: string | null }>(
      server,
      '/mapi/wallet/withdrawInfo?asset=USDT&network=TRC20',
      {
        token: user.token,
      },
    );
    expect(info.body.data.lockReason).toBeNull();
    const changed = await post(
      server,
      '/mapi/user/changeFundPassword',
      { oldFundPassword: '112233', fundPassword: '445566', confirmFundPassword: '445566' },
      { token: user.token },
    );
    expect(changed.body.code).toBe(200);
    const locked = await get<{ lockReason: string | null; lockedUntil: number }>(
      server,
      '/mapi/wallet/withdrawInfo?asset=USDT&network=TRC20',
      { token: user.token },
    );
    expect(locked.body.data.lockReason).toBe('fundPassword');
    const until = locked.body.data.lockedUntil - server.clock.now();
    expect(until).toBeGreaterThan(24 * 3600_000 - 5_000);
    expect(until).toBeLessThanOrEqual(24 * 3600_000);
    const refused = await post(
      server,
      '/mapi/wallet/withdraw',
      {
        asset: 'USDT',
        network: 'TRC20',
        address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
        amount: '10',
        fundPassword: '445566',
      },
      { token: user.token },
    );
    expect(refused.body.code).toBe(ERRORS.WITHDRAW_LOCKED_FUND_PASSWORD_CHANGE.code);
    const overview = await get<{ withdrawLockReason: string }>(server, '/mapi/security/overview', {
      token: user.token,
    });
    expect(overview.body.data.withdrawLockReason).toBe('fundPassword');
  });
});

describe('verification codes per destination and per client address', () => {
  it('one address reaches at most 5 destinations an hour, however the requests arrive', async () => {
    const limited = await startServer({ CODES_PER_ADDRESS_HOUR: '30', CODE_DESTINATIONS_PER_ADDRESS_HOUR: '5' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post(limited, '/api/user/sendCode', { account: `fan${i}@example.com`, scene: 'register' }),
        ),
      );
      const codes = tally(answers.map((a) => a.body));
      expect(codes[200]).toBe(5);
      expect(codes[ERRORS.TOO_MANY_REQUESTS.code]).toBe(7);
      // An address already reached may get a new code after the per-destination minute…
      const sentTo = answers.findIndex((a) => a.body.code === 200);
      limited.clock.advance(61_000);
      const again = await post(limited, '/api/user/sendCode', {
        account: `fan${sentTo}@example.com`,
        scene: 'register',
      });
      expect(again.body.code).toBe(200);
      // …a new one only after the hour.
      const sixth = await post(limited, '/api/user/sendCode', { account: 'sixth@example.com', scene: 'register' });
      expect(sixth.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
      limited.clock.advance(3600_000);
      const later = await post(limited, '/api/user/sendCode', { account: 'sixth@example.com', scene: 'register' });
      expect(later.body.code).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('one destination gets one code a minute, whatever the address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(server, '/api/user/sendCode', { account: 'once@example.com', scene: 'register' }),
      ),
    );
    expect(tally(answers.map((a) => a.body))[200]).toBe(1);
  });
});

describe('flash-recipient look-ups', () => {
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    user = await registerUser(server);
    other = await registerUser(server);
  });

  it('answer only for an exact uid, email or mobile number', async () => {
    const look = (to: string) =>
      get<{ uid: number }>(server, `/mapi/wallet/flashRecipient?to=${encodeURIComponent(to)}`, { token: user.token });
    expect((await look(String(other.uid))).body.data.uid).toBe(other.uid);
    expect((await look(other.account)).body.data.uid).toBe(other.uid);
    for (const partial of [
      String(other.uid).slice(0, 7),
      `${other.uid}0`,
      other.account.slice(0, 6),
      other.account.split('@')[0] ?? '',
      `%${other.account.slice(2)}`,
      '*',
      `${other.account} `.repeat(2),
    ]) {
      expect((await look(partial)).body.code, partial).toBe(ERRORS.USER_NOT_FOUND.code);
    }
  });

  it('are limited per user, hits and misses alike', async () => {
    const limited = await registerUser(server);
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      const answer = await get(server, `/mapi/wallet/flashRecipient?to=${10_000_000 + i}`, { token: limited.token });
      codes.push(answer.body.code);
    }
    expect(codes.slice(0, 30)).not.toContain(ERRORS.TOO_MANY_REQUESTS.code);
    expect(codes.slice(30)).toEqual([ERRORS.TOO_MANY_REQUESTS.code, ERRORS.TOO_MANY_REQUESTS.code]);
    // Another user is not affected.
    expect((await get(server, `/mapi/wallet/flashRecipient?to=${other.uid}`, { token: user.token })).body.code).toBe(
      200,
    );
  });
});

describe('revoked and expired sessions stop at once', () => {
  it('logout, a password change elsewhere, and expiry each end the token for the very next request', async () => {
    const user = await registerUser(server);
    const second = await post<{ token: string }>(server, '/api/user/login', {
      account: user.account,
      password: user.password,
    });
    const info = (token: string) => get(server, '/mapi/user/info', { token });
    expect((await info(second.body.data.token)).body.code).toBe(200);
    await post(server, '/mapi/user/logout', undefined, { token: second.body.data.token });
    expect((await info(second.body.data.token)).status).toBe(401);

    const third = await post<{ token: string }>(server, '/api/user/login', {
      account: user.account,
      password: user.password,
    });
    expect((await info(third.body.data.token)).body.code).toBe(200);
    await post(
      server,
      '/mapi/user/updatePassword',
      { oldPassword: user.password, password: 'another-pass-1', confirmPassword: 'another-pass-1' },
      { token: user.token },
    );
    expect((await info(third.body.data.token)).status).toBe(401);
    expect((await info(user.token)).body.code).toBe(200);

    server.clock.advance(server.ctx.config.account.sessionTtlMs);
    expect((await info(user.token)).status).toBe(401);
  });

  it('an expired session’s socket gets no more private frames', async () => {
    const user = await registerUser(server);
    const live = await LiveClient.connect(server.wsUrl);
    try {
      live.send({ op: 'login', uid: user.uid, token: user.token });
      await live.next((f) => f.channel === 'login' && f.code === 200);
      live.send({ op: 'sub', channel: 'spot-entrust-order' });
      await live.next((f) => f.channel === 'sub');
      server.clock.advance(server.ctx.config.account.sessionTtlMs + 1);
      expect(server.ctx.hub.publishToUser(user.uid, 'spot-entrust-order', { x: 1 } as never)).toBe(0);
      const frame = await live.next((f) => f.channel === 'login');
      expect(frame.code).toBe(400);
    } finally {
      live.close();
    }
  });
});
