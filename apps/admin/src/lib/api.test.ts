import { operatorApi, securityAdminApi, walletAdminApi } from '@bourse/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiDeps, CLIENT_CODES, createApiClient } from './api';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(answer: (sent: Sent) => Response | Promise<Response>, token: string | null = 'operator-token') {
  const sent: Sent[] = [];
  const deps = {
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request: Sent = {
        url: String(input),
        method: init?.method ?? 'GET',
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: init?.body as string | undefined,
      };
      sent.push(request);
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return answer(request);
    }),
    lang: () => 'zh',
    token: () => token,
    unauthorized: vi.fn(),
    notify: vi.fn(),
    messages: { network: () => 'offline', timeout: () => 'too slow', badResponse: () => 'unreadable' },
  } satisfies ApiDeps;
  return { client: createApiClient(deps), deps, sent };
}

describe('the console’s API client', () => {
  it('names every call by its route: path parameters, query, body, the lang header and the token', async () => {
    const { client, sent } = setup(() => json({ code: 200, msg: 'success', data: null }));
    await client.call(securityAdminApi.rejectIdentity, { params: { id: 42 }, body: { reason: 'Blurred photo' } });
    await client.call(walletAdminApi.withdrawals, { query: { status: 'review', uid: 7, page: 2 } });
    expect(sent[0]).toMatchObject({
      url: '/admin/api/identity/42/reject',
      method: 'POST',
      headers: { lang: 'zh', authorization: 'operator-token', 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Blurred photo' }),
    });
    expect(sent[1]).toMatchObject({ url: '/admin/api/wallet/withdrawals?status=review&uid=7&page=2', method: 'GET' });
    expect(sent[1]?.body).toBeUndefined();
  });

  it('sends a POST without a body as no body at all (no JSON content type to refuse)', async () => {
    const { client, sent } = setup(() => json({ code: 200, msg: 'success', data: null }));
    await client.call(securityAdminApi.approveIdentity, { params: { id: 3 } });
    expect(sent[0]?.headers['content-type']).toBeUndefined();
    expect(sent[0]?.body).toBeUndefined();
  });

  it('resolves with the envelope’s data', async () => {
    const profile = { id: 1, email: 'a@b.c', name: 'A', role: 'admin', permissions: ['session'] };
    const { client } = setup(() => json({ code: 200, msg: 'success', data: profile }));
    await expect(client.call(operatorApi.me)).resolves.toEqual(profile);
  });

  it('shows the server’s msg for a refused call and throws it with its code', async () => {
    const { client, deps } = setup(() => json({ code: 1004, msg: '无权进行此操作', data: null }, 403));
    const error = await client.call(walletAdminApi.approveWithdrawal, { body: { id: 9 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1004, msg: '无权进行此操作' });
    expect(deps.notify).toHaveBeenCalledWith('无权进行此操作');
    expect(deps.unauthorized).not.toHaveBeenCalled();
  });

  it('leaves the message to the caller with toast: false', async () => {
    const { client, deps } = setup(() => json({ code: 2006, msg: 'Wrong email or password', data: null }, 400));
    await expect(
      client.call(operatorApi.login, { body: { email: 'a@b.c', password: 'x' }, toast: false }),
    ).rejects.toMatchObject({ code: 2006, msg: 'Wrong email or password' });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('ends the session on 401, without a message (the sign-in page says why)', async () => {
    const { client, deps } = setup(() => json({ code: 401, msg: 'Please log in first.', data: null }, 401));
    await expect(client.call(operatorApi.me)).rejects.toMatchObject({ code: 401 });
    expect(deps.unauthorized).toHaveBeenCalledTimes(1);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('turns a network failure, a timeout and an unreadable answer into client codes with their messages', async () => {
    const offline = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline.client.call(operatorApi.me)).rejects.toMatchObject({
      code: CLIENT_CODES.NETWORK,
      msg: 'offline',
    });
    expect(offline.deps.notify).toHaveBeenCalledWith('offline');

    const html = setup(() => new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    await expect(html.client.call(operatorApi.me)).rejects.toMatchObject({ code: CLIENT_CODES.BAD_RESPONSE });
    expect(html.deps.notify).toHaveBeenCalledWith('unreadable');

    vi.useFakeTimers();
    try {
      const slow = setup(
        (request) =>
          new Promise<Response>((_resolve, reject) => {
            void request;
            setTimeout(() => reject(new DOMException('aborted', 'AbortError')), 70_000);
          }),
      );
      const pending = slow.client.call(operatorApi.me, { timeoutMs: 1000 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(70_000);
      expect(await pending).toMatchObject({ code: CLIENT_CODES.TIMEOUT, msg: 'too slow' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a one-off token instead of the session’s (the two-factor setup session)', async () => {
    const { client, sent } = setup(() => json({ code: 200, msg: 'success', data: null }), null);
    await client.call(operatorApi.me, { token: 'setup-token' });
    await client.call(operatorApi.me);
    expect(sent[0]?.headers.authorization).toBe('setup-token');
    expect(sent[1]?.headers.authorization).toBeUndefined();
  });

  it('fetches a file route as bytes with the token, and reads a refusal from its envelope', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const ok = setup(() => new Response(png, { headers: { 'content-type': 'image/png' } }));
    const blob = await ok.client.file(securityAdminApi.identityPhoto, { params: { id: 5, side: 'front' } });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png);
    expect(ok.sent[0]).toMatchObject({
      url: '/admin/api/identity/5/photo/front',
      headers: { authorization: 'operator-token' },
    });

    const refused = setup(() => json({ code: 404, msg: 'Not found', data: null }, 404));
    await expect(
      refused.client.file(securityAdminApi.identityPhoto, { params: { id: 5, side: 'back' }, toast: false }),
    ).rejects.toMatchObject({ code: 404, msg: 'Not found' });
  });
});
