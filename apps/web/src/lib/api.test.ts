import {
  aesEcbDecrypt,
  aesEcbEncrypt,
  CIPHER_HEADER,
  randomCipherKey,
  supportApi,
  unwrapCipherKey,
  wrapCipherKey,
} from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiDeps, ApiError, CLIENT_CODES, createApiClient } from './api';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function answer(status: number, payload: unknown, sealed: boolean): Response {
  const json = JSON.stringify(payload);
  const key = randomCipherKey();
  const headers = new Map<string, string>();
  if (sealed) headers.set(CIPHER_HEADER, wrapCipherKey(key));
  return {
    status,
    headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
    text: async () => (sealed ? aesEcbEncrypt(json, key) : json),
  } as unknown as Response;
}

function setup(respond: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  let now = 1_000_000;
  const deps = {
    fetch: vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const request: Sent = {
        url: String(url),
        method: init?.method ?? 'GET',
        headers: init?.headers as Record<string, string>,
        body: init?.body,
      };
      sent.push(request);
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return respond(request);
    }) as unknown as typeof fetch,
    base: () => 'https://line.example',
    lang: () => 'hk',
    token: vi.fn<() => string | null>(() => 'tok-123'),
    deviceId: () => 'web-device',
    now: () => now,
    clearLogin: vi.fn(),
    goToLogin: vi.fn(),
    toast: vi.fn(),
    recheckLines: vi.fn(),
    messages: { network: () => 'offline', timeout: () => 'too slow', badResponse: () => 'unreadable' },
  } satisfies ApiDeps;
  return { client: createApiClient(deps), deps, sent, advance: (ms: number) => (now += ms) };
}

describe('API client', () => {
  it('GET: base host of the line, query, language header, token and device id', async () => {
    const { client, sent } = setup(() => answer(200, { code: 200, msg: 'success', data: [1, 2] }, false));
    await expect(
      client.get('/api/common/getAllNotice', { query: { page: 2, size: 20, category: undefined } }),
    ).resolves.toEqual([1, 2]);
    expect(sent[0]?.url).toBe('https://line.example/api/common/getAllNotice?page=2&size=20');
    expect(sent[0]?.headers).toMatchObject({ lang: 'hk', authorization: 'tok-123', 'x-device-id': 'web-device' });
  });

  it('POST: seals the body in the envelope and opens the sealed answer', async () => {
    const { client, sent } = setup((request) => {
      const key = unwrapCipherKey(request.headers[CIPHER_HEADER] ?? '');
      const body = JSON.parse(aesEcbDecrypt(String(request.body), key)) as { account: string };
      return answer(200, { code: 200, msg: 'success', data: { echoed: body.account } }, true);
    });
    await expect(client.post('/api/user/login', { account: 'a@b.co', password: 'secret1' })).resolves.toEqual({
      echoed: 'a@b.co',
    });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers['content-type']).toBe('text/plain');
    expect(sent[0]?.body).not.toContain('a@b.co');
  });

  it('upload: multipart body as is, no envelope, same headers', async () => {
    const { client, sent } = setup(() =>
      answer(200, { code: 200, msg: 'success', data: { avatar: '/u/1.png' } }, false),
    );
    const form = new FormData();
    form.append('avatar', new Blob(['x']), 'a.png');
    await expect(client.upload('/mapi/user/avatar', form)).resolves.toEqual({ avatar: '/u/1.png' });
    expect(sent[0]?.body).toBe(form);
    expect(sent[0]?.headers).not.toHaveProperty(CIPHER_HEADER);
    expect(sent[0]?.headers).not.toHaveProperty('content-type');
    expect(sent[0]?.headers).toMatchObject({ authorization: 'tok-123', lang: 'hk' });
  });

  it('call: the route table names the path and the query; a POST body is sealed, a form goes as is', async () => {
    const { client, sent } = setup((request) => {
      if (request.method === 'POST' && typeof request.body === 'string') {
        const key = unwrapCipherKey(request.headers[CIPHER_HEADER] ?? '');
        const body = JSON.parse(aesEcbDecrypt(request.body, key)) as { body: string };
        return answer(200, { code: 200, msg: 'success', data: { echoed: body.body } }, false);
      }
      return answer(200, { code: 200, msg: 'success', data: { unread: 2 } }, false);
    });
    await expect(client.call(supportApi.unread)).resolves.toEqual({ unread: 2 });
    await client.call(supportApi.thread, { query: { before: 41 } });
    await client.call(supportApi.thread, { query: { before: undefined } });
    await expect(client.call(supportApi.send, { body: { body: 'Hello' } })).resolves.toEqual({ echoed: 'Hello' });
    const form = new FormData();
    form.append('image', new Blob(['x']), 'a.png');
    await client.call(supportApi.attach, { form });
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET https://line.example/mapi/support/unread',
      'GET https://line.example/mapi/support/thread?before=41',
      'GET https://line.example/mapi/support/thread',
      'POST https://line.example/mapi/support/message',
      'POST https://line.example/mapi/support/attachment',
    ]);
    expect(sent[4]?.body).toBe(form);
  });

  it('file: an image answer comes back as bytes; an envelope in its place is the error it carries', async () => {
    const image = new Blob(['png-bytes'], { type: 'image/png' });
    let found = true;
    const { client, sent, deps } = setup(() =>
      found
        ? ({
            status: 200,
            headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'image/png' : null) },
            blob: async () => image,
            text: async () => 'not text',
          } as unknown as Response)
        : answer(200, { code: 1004, msg: 'Not found.', data: null }, false),
    );
    await expect(client.file(supportApi.attachment, { params: { id: 12 } })).resolves.toBe(image);
    expect(sent[0]?.url).toBe('https://line.example/mapi/support/attachment/12');
    expect(sent[0]?.headers).toMatchObject({ authorization: 'tok-123' });
    found = false;
    await expect(client.file(supportApi.attachment, { params: { id: 13 }, toast: false })).rejects.toMatchObject({
      code: 1004,
      msg: 'Not found.',
    });
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('sends no Authorization header when logged out', async () => {
    const { client, sent, deps } = setup(() => answer(200, { code: 200, msg: 'success', data: null }, false));
    deps.token.mockReturnValue(null);
    await client.get('/api/common/ping');
    expect(sent[0]?.headers).not.toHaveProperty('authorization');
  });

  it('code 401: clears the stored login and goes to the login page, without a toast', async () => {
    const { client, deps } = setup(() => answer(401, { code: 401, msg: 'Please log in first.', data: null }, true));
    const error = await client.get('/mapi/user/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 401, msg: 'Please log in first.' });
    expect(deps.clearLogin).toHaveBeenCalledOnce();
    expect(deps.goToLogin).toHaveBeenCalledOnce();
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('code 401 with loginRedirect: false only forgets the login', async () => {
    const { client, deps } = setup(() => answer(401, { code: 401, msg: 'x', data: null }, false));
    await expect(client.get('/mapi/user/info', { loginRedirect: false })).rejects.toBeInstanceOf(ApiError);
    expect(deps.clearLogin).toHaveBeenCalledOnce();
    expect(deps.goToLogin).not.toHaveBeenCalled();
  });

  it('other codes: toast of msg and a typed ApiError; callers can opt out of the toast', async () => {
    const { client, deps } = setup(() =>
      answer(400, { code: 2006, msg: 'Wrong account or password.', data: null }, true),
    );
    await expect(client.post('/api/user/login', {})).rejects.toMatchObject({
      code: 2006,
      msg: 'Wrong account or password.',
    });
    expect(deps.toast).toHaveBeenCalledWith('Wrong account or password.');
    deps.toast.mockClear();
    await expect(client.post('/api/user/login', {}, { toast: false })).rejects.toMatchObject({ code: 2006 });
    expect(deps.toast).not.toHaveBeenCalled();
    expect(deps.clearLogin).not.toHaveBeenCalled();
  });

  it('an unreadable answer is an ApiError too', async () => {
    const { client, deps } = setup(
      () =>
        ({
          status: 502,
          headers: { get: () => null },
          text: async () => '<html>Bad gateway</html>',
        }) as unknown as Response,
    );
    await expect(client.get('/api/common/getBanner')).rejects.toMatchObject({ code: CLIENT_CODES.BAD_RESPONSE });
    expect(deps.toast).toHaveBeenCalledWith('unreadable');
  });

  it('network failure: re-checks the lines at most once per 60 s and passes the error on', async () => {
    const { client, deps, advance } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/api/common/getBanner')).rejects.toMatchObject({
      code: CLIENT_CODES.NETWORK,
      msg: 'offline',
    });
    expect(deps.recheckLines).toHaveBeenCalledTimes(1);
    advance(30_000);
    await expect(client.get('/api/common/getBanner')).rejects.toBeInstanceOf(ApiError);
    expect(deps.recheckLines).toHaveBeenCalledTimes(1);
    advance(29_999);
    await expect(client.post('/api/user/login', {})).rejects.toBeInstanceOf(ApiError);
    expect(deps.recheckLines).toHaveBeenCalledTimes(1);
    advance(1);
    await expect(client.get('/api/common/getBanner')).rejects.toBeInstanceOf(ApiError);
    expect(deps.recheckLines).toHaveBeenCalledTimes(2);
    expect(deps.toast).toHaveBeenCalledWith('offline');
  });

  describe('timeout', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('gives up after 60 s', async () => {
      const { client, deps } = setup(
        (request) =>
          new Promise<Response>((_resolve, reject) => {
            void request;
            setTimeout(() => reject(new DOMException('aborted', 'AbortError')), 60_000);
          }),
      );
      const pending = client.get('/api/common/getBanner').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await pending).toMatchObject({ code: CLIENT_CODES.TIMEOUT, msg: 'too slow' });
      expect(deps.recheckLines).toHaveBeenCalledOnce();
    });
  });
});
