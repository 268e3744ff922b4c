import { ERRORS, type SupportMessage, type SupportThread } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../test/images';
import {
  get,
  LiveClient,
  loginOperator,
  post,
  registerUser,
  startServer,
  type TestServer,
  type TestUser,
} from '../../test/harness';
import { upload } from '../security/testing';

let server: TestServer;
let support: { token: string };
beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: 'support-admin-2026' });
  support = await loginOperator(server, 'support');
});
afterAll(async () => {
  await server.close();
});

async function live(user: TestUser): Promise<LiveClient> {
  const client = await LiveClient.connect(server.wsUrl);
  client.send({ op: 'login', uid: user.uid, token: user.token });
  await client.next((f) => f.channel === 'login' && f.code === 200);
  client.send({ op: 'sub', channel: 'support' });
  await client.next((f) => f.channel === 'sub');
  return client;
}

describe('customer service', () => {
  it('a trader writes, an operator answers in real time, read receipts both ways, then the conversation closes', async () => {
    const trader = await registerUser(server);
    const socket = await live(trader);
    try {
      const empty = await get<SupportThread>(server, '/mapi/support/thread', { token: trader.token });
      expect(empty.body.data).toEqual({ conversation: null, messages: [], more: false, unread: 0 });

      const sent = await post<SupportMessage>(
        server,
        '/mapi/support/message',
        { body: 'My deposit is not there yet' },
        {
          token: trader.token,
        },
      );
      expect(sent.body.data).toMatchObject({ author: 'user', body: 'My deposit is not there yet', readAt: null });

      // The operator's inbox: unread first, with the user's context beside the conversation.
      const inbox = await get<{ list: { conversation: { id: number }; uid: number; unread: number }[] }>(
        server,
        '/admin/api/support/conversations',
        { token: support.token },
      );
      const item = inbox.body.data.list.find((c) => c.uid === trader.uid);
      expect(item?.unread).toBe(1);
      const id = item?.conversation.id ?? 0;
      const detail = await get<{ user: { uid: number; identity: string; frozen: boolean } }>(
        server,
        `/admin/api/support/conversations/${id}`,
        { token: support.token },
      );
      expect(detail.body.data.user).toMatchObject({ uid: trader.uid, identity: 'unverified', frozen: false });

      const reply = await post<SupportMessage>(
        server,
        `/admin/api/support/conversations/${id}/reply`,
        { body: 'It needs one more confirmation; it will be credited in a minute.' },
        { token: support.token },
      );
      expect(reply.body.data).toMatchObject({ author: 'operator', operatorName: expect.any(String) });
      // Live: the trader's message was read, and the answer arrived.
      const read = await socket.next((f) => f.channel === 'support' && (f.data as { kind: string }).kind === 'read');
      expect(read.data).toMatchObject({ kind: 'read', conversationId: id, upTo: sent.body.data.id });
      const answered = await socket.next(
        (f) =>
          f.channel === 'support' &&
          (f.data as { kind: string; message?: { author: string } }).message?.author === 'operator',
      );
      expect(answered.data).toMatchObject({ kind: 'message', message: { body: reply.body.data.body } });

      expect(
        (await get<{ unread: number }>(server, '/mapi/support/unread', { token: trader.token })).body.data.unread,
      ).toBe(1);
      // A second answer comes while the trader's read of the first is on its way: it stays unread.
      const second = await post<SupportMessage>(
        server,
        `/admin/api/support/conversations/${id}/reply`,
        { body: 'Here is the transaction on the explorer.' },
        { token: support.token },
      );
      const upToFirst = await post(server, '/mapi/support/read', { upTo: reply.body.data.id }, { token: trader.token });
      expect(upToFirst.body.code).toBe(200);
      expect(
        (await get<{ unread: number }>(server, '/mapi/support/unread', { token: trader.token })).body.data.unread,
      ).toBe(1);
      const seen = await get<SupportThread>(server, '/mapi/support/thread', { token: trader.token });
      expect(seen.body.data.messages.map((m) => [m.id, m.readAt === null])).toEqual([
        [sent.body.data.id, false],
        [reply.body.data.id, false],
        [second.body.data.id, true],
      ]);
      // Without `upTo`: everything.
      const all = await post(server, '/mapi/support/read', {}, { token: trader.token });
      expect(all.body).toMatchObject({ code: 200 });
      expect(
        (await get<{ unread: number }>(server, '/mapi/support/unread', { token: trader.token })).body.data.unread,
      ).toBe(0);
      const thread = await get<SupportThread>(server, '/mapi/support/thread', { token: trader.token });
      expect(thread.body.data.messages.map((m) => m.author)).toEqual(['user', 'operator', 'operator']);
      expect(thread.body.data.messages[0]?.readAt).not.toBeNull();

      const closed = await post(server, `/admin/api/support/conversations/${id}/close`, undefined, {
        token: support.token,
      });
      expect(closed.body.data).toMatchObject({ status: 'closed' });
      await socket.next((f) => f.channel === 'support' && (f.data as { kind: string }).kind === 'closed');
      // Writing again opens a new conversation.
      await post(server, '/mapi/support/message', { body: 'One more question' }, { token: trader.token });
      const next = await get<SupportThread>(server, '/mapi/support/thread', { token: trader.token });
      expect(next.body.data.conversation?.id).not.toBe(id);
      expect(next.body.data.conversation?.status).toBe('open');
    } finally {
      socket.close();
    }
  });

  it('an operator’s read covers the messages the console showed, not one the user sent meanwhile', async () => {
    const trader = await registerUser(server);
    const socket = await live(trader);
    try {
      const first = await post<SupportMessage>(
        server,
        '/mapi/support/message',
        { body: 'Hello' },
        { token: trader.token },
      );
      const second = await post<SupportMessage>(
        server,
        '/mapi/support/message',
        { body: 'Are you there?' },
        { token: trader.token },
      );
      const thread = await get<SupportThread>(server, '/mapi/support/thread', { token: trader.token });
      const id = thread.body.data.conversation?.id ?? 0;
      const read = await post(
        server,
        `/admin/api/support/conversations/${id}/read`,
        { upTo: first.body.data.id },
        { token: support.token },
      );
      expect(read.body.code).toBe(200);
      const receipt = await socket.next((f) => f.channel === 'support' && (f.data as { kind: string }).kind === 'read');
      expect(receipt.data).toMatchObject({ kind: 'read', conversationId: id, upTo: first.body.data.id });
      const detail = await get<{ messages: SupportMessage[] }>(server, `/admin/api/support/conversations/${id}`, {
        token: support.token,
      });
      expect(detail.body.data.messages.map((m) => [m.id, m.readAt === null])).toEqual([
        [first.body.data.id, false],
        [second.body.data.id, true],
      ]);
      // A read of something else than a message id is refused and changes nothing.
      const bad = await post(
        server,
        `/admin/api/support/conversations/${id}/read`,
        { upTo: -3 },
        { token: support.token },
      );
      expect(bad.body.code).not.toBe(200);
      const badUser = await post(server, '/mapi/support/read', { upTo: 'all' }, { token: trader.token });
      expect(badUser.body.code).not.toBe(200);
      const after = await get<{ messages: SupportMessage[] }>(server, `/admin/api/support/conversations/${id}`, {
        token: support.token,
      });
      expect(after.body.data.messages[1]?.readAt).toBeNull();
    } finally {
      socket.close();
    }
  });

  it('takes images checked like identity uploads, served only to their trader and to support', async () => {
    const trader = await registerUser(server);
    const other = await registerUser(server);
    const sent = await upload<SupportMessage>(
      server,
      '/mapi/support/attachment',
      { body: 'screenshot' },
      [{ field: 'image', bytes: pngImage() }],
      { token: trader.token },
    );
    expect(sent.body.data).toMatchObject({ body: 'screenshot', attachmentId: expect.any(Number) });
    const id = sent.body.data.attachmentId ?? 0;
    const own = await fetch(`${server.url}/mapi/support/attachment/${id}`, {
      headers: { authorization: trader.token },
    });
    expect(own.headers.get('content-type')).toBe('image/png');
    const foreign = await get(server, `/mapi/support/attachment/${id}`, { token: other.token });
    expect(foreign.body.code).toBe(ERRORS.NOT_FOUND.code);
    const operator = await fetch(`${server.url}/admin/api/support/attachment/${id}`, {
      headers: { authorization: support.token },
    });
    expect(operator.status).toBe(200);
    const html = await upload(
      server,
      '/mapi/support/attachment',
      {},
      [{ field: 'image', bytes: Buffer.from('<svg onload="alert(1)"></svg>'), type: 'image/png' }],
      { token: trader.token },
    );
    expect(html.body.code).toBe(ERRORS.UNSUPPORTED_FILE_TYPE.code);
  });

  it('counts unanswered conversations on the dashboard, for support only', async () => {
    const trader = await registerUser(server);
    await post(server, '/mapi/support/message', { body: 'hello' }, { token: trader.token });
    const dashboard = await get<{ queues: { key: string; pending: number }[] }>(server, '/admin/api/dashboard', {
      token: support.token,
    });
    expect(dashboard.body.data.queues.find((q) => q.key === 'support')?.pending).toBeGreaterThan(0);
    const content = await loginOperator(server, 'content');
    expect((await get(server, '/admin/api/support/conversations', { token: content.token })).status).toBe(403);
  });
});
