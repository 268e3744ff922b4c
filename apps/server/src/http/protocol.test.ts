import { CIPHER_HEADER, ERRORS, sealEnvelope } from '@bourse/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, get, outboxCode, post, registerUser, startServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('answer envelope and language', () => {
  it('answers unknown routes with 404 in the envelope, in the caller’s language', async () => {
    const en = await get(server, '/api/nothing-here');
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ code: 404, msg: 'This service does not exist.', data: null });
    expect((await get(server, '/api/nothing-here', { lang: 'hk' })).body.msg).toBe('請求的服務不存在');
    expect((await get(server, '/api/nothing-here', { lang: 'es' })).body.msg).toBe('Este servicio no existe.');
    expect((await get(server, '/api/nothing-here', { lang: 'fr' })).body.msg).toBe("Ce service n'existe pas.");
    // Spec §7: anything other than hk / en falls to Simplified Chinese.
    expect((await get(server, '/api/nothing-here', { lang: 'ja' })).body.msg).toBe('请求的服务不存在');
  });

  it('answers a body that is not JSON with INVALID_PARAMS', async () => {
    const response = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"account": ',
    });
    const body = (await response.json()) as { code: number };
    expect(response.status).toBe(400);
    expect(body.code).toBe(ERRORS.INVALID_PARAMS.code);
  });

  it('never leaks the details of an unexpected failure', async () => {
    const broken = await startServer();
    broken.ctx.db.close();
    const answer = await post(
      broken,
      '/api/user/login',
      { account: 'x@example.com', password: 'whatever1' },
      { lang: 'zh' },
    );
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ code: 500, msg: '服务器错误，请稍后再试', data: null });
    await broken.app.close().catch(() => undefined);
  });

  it('allows cross-origin calls from another service line', async () => {
    const preflight = await fetch(`${server.url}/api/user/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain(CIPHER_HEADER);
    const answer = await get(server, '/api/nothing-here', { headers: { origin: 'https://app.example.com' } });
    expect(answer.headers.get('access-control-expose-headers')).toBe(CIPHER_HEADER);
  });
});

describe('request envelope (AES-128-ECB)', () => {
  it('accepts a wrapped body and wraps the answer under a fresh key', async () => {
    const sent = await post(
      server,
      '/api/user/sendCode',
      { account: 'sealed@example.com', scene: 'register' },
      { sealed: true },
    );
    expect(sent.body.code).toBe(200);
    expect(sent.headers.get(CIPHER_HEADER)).toBeTruthy();
    expect(sent.headers.get('content-type')).toContain('text/plain');
    const registered = await post<{ uid: number }>(
      server,
      '/api/user/registerOpen',
      {
        account: 'sealed@example.com',
        code: outboxCode(server, 'sealed@example.com'),
        password: 'secret123',
        confirmPassword: 'secret123',
        agreement: true,
      },
      { sealed: true },
    );
    expect(registered.body.code).toBe(200);
    const login = await post(
      server,
      '/api/user/login',
      { account: 'sealed@example.com', password: 'secret123' },
      { sealed: true },
    );
    expect(login.body.code).toBe(200);
  });

  it('wraps error answers too, in the caller’s language', async () => {
    const answer = await post(
      server,
      '/api/user/login',
      { account: 'nobody@example.com', password: 'x' },
      { sealed: true, lang: 'hk' },
    );
    expect(answer.headers.get(CIPHER_HEADER)).toBeTruthy();
    expect(answer.body).toEqual({ code: ERRORS.WRONG_ACCOUNT_OR_PASSWORD.code, msg: '帳號或密碼錯誤', data: null });
  });

  it('accepts the plain and the wrapped form of an authenticated call alike', async () => {
    const user = await registerUser(server);
    const plain = await post(server, '/mapi/user/logout', undefined, { token: user.token });
    expect(plain.body.code).toBe(200);
    const again = await registerUser(server);
    const wrapped = await post(server, '/mapi/user/logout', undefined, { token: again.token, sealed: true });
    expect(wrapped.body.code).toBe(200);
  });

  it('refuses a header that is not a wrapped key, and a body under the wrong key', async () => {
    const badHeader = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { [CIPHER_HEADER]: 'garbage', 'content-type': 'text/plain' },
      body: 'abc',
    });
    expect(((await badHeader.json()) as { code: number }).code).toBe(ERRORS.ENVELOPE_INVALID.code);
    const one = sealEnvelope({ account: 'a@example.com', password: 'x' });
    const other = sealEnvelope({});
    const mismatched = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { [CIPHER_HEADER]: other.header, 'content-type': 'text/plain' },
      body: one.body,
    });
    expect(mismatched.status).toBe(400);
  });
});

describe('mail delivery over SMTP', () => {
  it('sends the verification code through the configured SMTP server, in the caller’s language', async () => {
    const received: { to: string; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const mailed = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    try {
      const answer = await call(
        mailed,
        'POST',
        '/api/user/sendCode',
        { account: 'mail@example.com', scene: 'register' },
        { lang: 'en' },
      );
      expect(answer.body).toMatchObject({ code: 200, data: { sentTo: 'ma***@example.com', resendAfter: 60 } });
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toBe('mail@example.com');
      const code = /verification code is (\d{6})/.exec(received[0]?.data.replace(/=\r\n/g, '') ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const registered = await post(mailed, '/api/user/registerOpen', {
        account: 'mail@example.com',
        code,
        password: 'secret123',
        confirmPassword: 'secret123',
        agreement: true,
      });
      expect(registered.body.code).toBe(200);
    } finally {
      await mailed.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
