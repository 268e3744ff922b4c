import {
  CHAT_MESSAGE_MAX,
  CHAT_RATE,
  CHAT_REPORT_RATE,
  type ChatHistory,
  type ChatMe,
  type ChatMessage,
  type ChatMute,
  type ChatRoom,
  ERRORS,
} from '@bourse/contract';
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
import { seedChatDemo } from './demo';
import { WordFilter } from './filter';

let server: TestServer;
let admin: { token: string };
let moderator: { token: string };
let compliance: { token: string };
let nick = 0;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: 'chat-admin-2026' });
  admin = await loginOperator(server, 'admin');
  moderator = await loginOperator(server, 'support');
  compliance = await loginOperator(server, 'compliance');
});
afterAll(async () => {
  await server.close();
});

/** A user with a nickname (as the profile page sets it). */
async function chatter(): Promise<TestUser & { nickname: string }> {
  const user = await registerUser(server);
  const nickname = `Chatter${process.pid}n${++nick}`;
  server.ctx.account.setNickname(user.uid, nickname);
  return { ...user, nickname };
}

async function watch(room: string, user?: TestUser): Promise<LiveClient> {
  const client = await LiveClient.connect(server.wsUrl);
  if (user) {
    client.send({ op: 'login', uid: user.uid, token: user.token });
    await client.next((f) => f.channel === 'login' && f.code === 200);
  }
  client.send({ op: 'sub', channel: 'chat', room });
  await client.next((f) => f.channel === 'sub');
  return client;
}

const say = (user: TestUser, body: string, room = 'en') =>
  post<ChatMessage>(server, '/mapi/chat/messages', { room, body }, { token: user.token });

/** Lets the user's rate-limit window pass. */
const pause = () => server.clock.advance(CHAT_RATE.windowMs + 1);

describe('rooms and history', () => {
  it('has one public room per language, readable without a session', async () => {
    const rooms = await get<ChatRoom[]>(server, '/mapi/chat/rooms');
    expect(rooms.body.data.map((r) => r.key)).toEqual(['en', 'zh_CN', 'zh_HK', 'es', 'fr']);
    expect(rooms.body.data[1]?.name).toBe('简体中文');
    const unknown = await get(server, '/mapi/chat/messages?room=de');
    expect(unknown.body.code).toBe(ERRORS.CHAT_ROOM_NOT_FOUND.code);
  });

  it('pages back through a room with a cursor, oldest first, without gaps or repeats', async () => {
    const author = await chatter();
    for (let i = 1; i <= 45; i++) server.ctx.community.seedMessage(author.uid, 'fr', `ligne ${i}`, (46 - i) * 1000);
    const first = await get<ChatHistory>(server, '/mapi/chat/messages?room=fr&size=20');
    expect(first.body.data.more).toBe(true);
    expect(first.body.data.messages.at(-1)?.body).toBe('ligne 45');
    const seen: string[] = first.body.data.messages.map((m) => m.body);
    let page = first.body.data;
    while (page.more) {
      const before = page.messages[0]?.id;
      page = (await get<ChatHistory>(server, `/mapi/chat/messages?room=fr&size=20&before=${before}`)).body.data;
      seen.unshift(...page.messages.map((m) => m.body));
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `ligne ${i + 1}`));
    // Nickname and avatar come from the author's profile.
    expect(first.body.data.messages[0]).toMatchObject({ uid: author.uid, nickname: author.nickname, avatar: null });
  });

  it('seeds a demo conversation into empty rooms, once', async () => {
    await seedChatDemo(server.ctx.community, server.ctx.account);
    const zh = await get<ChatHistory>(server, '/mapi/chat/messages?room=zh_CN');
    expect(zh.body.data.messages.length).toBeGreaterThanOrEqual(8);
    expect(zh.body.data.messages.every((m) => m.nickname !== null)).toBe(true);
    const count = (await get<ChatRoom[]>(server, '/mapi/chat/rooms')).body.data.find((r) => r.key === 'zh_CN');
    await seedChatDemo(server.ctx.community, server.ctx.account);
    const again = (await get<ChatRoom[]>(server, '/mapi/chat/rooms')).body.data.find((r) => r.key === 'zh_CN');
    expect(again?.messages).toBe(count?.messages);
  });
});

describe('writing', () => {
  it('delivers a message live to everyone in the room and to nobody in another room', async () => {
    const alice = await chatter();
    const bob = await chatter();
    const bobSocket = await watch('es', bob);
    const guestSocket = await watch('es');
    const elsewhere = await watch('zh_HK');
    try {
      const sent = await say(alice, '¡Hola a todos!', 'es');
      expect(sent.body.data).toMatchObject({ room: 'es', uid: alice.uid, nickname: alice.nickname, removed: null });
      for (const socket of [bobSocket, guestSocket]) {
        const frame = await socket.next((f) => f.channel === 'chat');
        expect(frame).toMatchObject({ topic: 'es', data: { kind: 'message', message: { id: sent.body.data.id } } });
      }
      await say(bob, 'Hola Alice', 'es');
      await bobSocket.next((f) => f.channel === 'chat');
      expect(elsewhere.frames.filter((f) => f.channel === 'chat')).toEqual([]);
    } finally {
      for (const s of [bobSocket, guestSocket, elsewhere]) s.close();
    }
  });

  it('needs a session to write, and refuses empty, too long and unknown-room messages', async () => {
    const user = await chatter();
    expect((await post(server, '/mapi/chat/messages', { room: 'en', body: 'hi' })).status).toBe(401);
    expect((await say(user, '   ')).body.code).toBe(ERRORS.CHAT_MESSAGE_EMPTY.code);
    expect((await say(user, 'x'.repeat(CHAT_MESSAGE_MAX + 1))).body.code).toBe(ERRORS.CHAT_MESSAGE_TOO_LONG.code);
    expect((await say(user, 'hi', 'xx')).body.code).toBe(ERRORS.CHAT_ROOM_NOT_FOUND.code);
  });

  it(`limits each user to ${CHAT_RATE.messages} messages per ${CHAT_RATE.windowMs / 1000} s, across rooms`, async () => {
    const fast = await chatter();
    const other = await chatter();
    for (let i = 0; i < CHAT_RATE.messages; i++) {
      expect((await say(fast, `message ${i}`, i % 2 ? 'en' : 'fr')).body.code).toBe(200);
    }
    const refused = await say(fast, 'one more');
    expect(refused.body.code).toBe(ERRORS.CHAT_RATE_LIMITED.code);
    expect(refused.body.msg).toMatch(/\d+ s/);
    // Another user is not held back by it.
    expect((await say(other, 'me too')).body.code).toBe(200);
    pause();
    expect((await say(fast, 'one more')).body.code).toBe(200);
  });

  it('refuses the same text twice within a minute', async () => {
    const user = await chatter();
    expect((await say(user, 'buy buy buy')).body.code).toBe(200);
    expect((await say(user, 'buy buy buy')).body.code).toBe(ERRORS.CHAT_DUPLICATE_MESSAGE.code);
    server.clock.advance(61_000);
    expect((await say(user, 'buy buy buy')).body.code).toBe(200);
  });

  it('sends an image that everyone can see until the message is removed; refuses what is not an image', async () => {
    const user = await chatter();
    const sent = await upload<ChatMessage>(
      server,
      '/mapi/chat/images',
      { room: 'en', body: 'my chart' },
      [{ field: 'image', bytes: pngImage(4) }],
      { token: user.token },
    );
    expect(sent.body.data).toMatchObject({ body: 'my chart', image: `/mapi/chat/images/${sent.body.data.id}` });
    const image = await fetch(`${server.url}${sent.body.data.image}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(pngImage(4))).toBe(true);

    const notImage = await upload(
      server,
      '/mapi/chat/images',
      { room: 'en' },
      [{ field: 'image', bytes: Buffer.from('<script>alert(1)</script>'), type: 'image/png' }],
      { token: user.token },
    );
    expect(notImage.body.code).toBe(ERRORS.UNSUPPORTED_FILE_TYPE.code);
    pause();
    const badRoom = await upload(server, '/mapi/chat/images', { room: 'de' }, [{ field: 'image', bytes: pngImage() }], {
      token: user.token,
    });
    expect(badRoom.body.code).toBe(ERRORS.CHAT_ROOM_NOT_FOUND.code);

    await post(server, `/mapi/chat/messages/${sent.body.data.id}/delete`, {}, { token: user.token });
    expect((await get(server, sent.body.data.image ?? '')).body.code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('answers PRODUCT_CLOSED while the chat is switched off', async () => {
    const user = await chatter();
    const off = await post(server, '/admin/api/products/update', { key: 'chat', enabled: false }, admin);
    expect(off.body.code).toBe(200);
    try {
      expect((await say(user, 'anyone?')).body.code).toBe(ERRORS.PRODUCT_CLOSED.code);
      expect((await get(server, '/mapi/chat/rooms')).body.code).toBe(ERRORS.PRODUCT_CLOSED.code);
    } finally {
      await post(server, '/admin/api/products/update', { key: 'chat', enabled: true }, admin);
    }
  });
});

describe('removing', () => {
  it('lets the author remove their own message, and nobody else', async () => {
    const author = await chatter();
    const stranger = await chatter();
    const sent = await say(author, 'oops, wrong room');
    const id = sent.body.data.id;
    const refused = await post(server, `/mapi/chat/messages/${id}/delete`, {}, { token: stranger.token });
    expect(refused.body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    const socket = await watch('en');
    try {
      const removed = await post<ChatMessage>(server, `/mapi/chat/messages/${id}/delete`, {}, { token: author.token });
      expect(removed.body.data).toMatchObject({ id, removed: 'author', body: '' });
      const frame = await socket.next((f) => f.channel === 'chat');
      expect(frame.data).toEqual({ kind: 'removed', room: 'en', id, by: 'author' });
    } finally {
      socket.close();
    }
    const again = await post(server, `/mapi/chat/messages/${id}/delete`, {}, { token: author.token });
    expect(again.body.code).toBe(ERRORS.CHAT_MESSAGE_NOT_FOUND.code);
  });

  it('a moderator’s delete disappears from every connected app and from the history; its reports close', async () => {
    const author = await chatter();
    const reader = await chatter();
    const a = await watch('zh_CN', author);
    const b = await watch('zh_CN', reader);
    try {
      const sent = await say(author, '加我私聊，保证翻倍', 'zh_CN');
      const id = sent.body.data.id;
      await a.next((f) => f.channel === 'chat');
      await b.next((f) => f.channel === 'chat');
      await post(server, `/mapi/chat/messages/${id}/report`, { reason: 'scam' }, { token: reader.token });

      const removed = await post<ChatMessage>(server, `/admin/api/chat/messages/${id}/delete`, {}, moderator);
      // The moderator still sees what it said; nobody else does.
      expect(removed.body.data).toMatchObject({ removed: 'moderator', body: '加我私聊，保证翻倍' });
      for (const socket of [a, b]) {
        const frame = await socket.next((f) => f.channel === 'chat');
        expect(frame.data).toEqual({ kind: 'removed', room: 'zh_CN', id, by: 'moderator' });
      }
      const history = await get<ChatHistory>(server, '/mapi/chat/messages?room=zh_CN');
      expect(history.body.data.messages.find((m) => m.id === id)).toMatchObject({ removed: 'moderator', body: '' });
      const open = await get<{ list: { message: { id: number } }[] }>(server, '/admin/api/chat/reports', moderator);
      expect(open.body.data.list.some((r) => r.message.id === id)).toBe(false);
      const closed = await get<{ list: { message: { id: number }; outcome: string }[] }>(
        server,
        '/admin/api/chat/reports?status=closed',
        moderator,
      );
      expect(closed.body.data.list.find((r) => r.message.id === id)?.outcome).toBe('removed');
      const twice = await post(server, `/admin/api/chat/messages/${id}/delete`, {}, moderator);
      expect(twice.body.code).toBe(ERRORS.ALREADY_HANDLED.code);
    } finally {
      a.close();
      b.close();
    }
  });
});

describe('reports', () => {
  it('queues reported messages for the moderators, once per reporter, never one’s own', async () => {
    const author = await chatter();
    const r1 = await chatter();
    const r2 = await chatter();
    const id = (await say(author, 'free airdrop at my link')).body.data.id;
    const report = (user: TestUser, reason: string) =>
      post(server, `/mapi/chat/messages/${id}/report`, { reason }, { token: user.token });
    expect((await report(author, 'spam')).body.code).toBe(ERRORS.CHAT_REPORT_OWN.code);
    expect((await report(r1, 'spam')).body.data).toEqual({ reported: true });
    expect((await report(r1, 'scam')).body.code).toBe(ERRORS.CHAT_ALREADY_REPORTED.code);
    expect((await report(r2, 'scam')).body.code).toBe(200);
    expect((await report(r2, 'nonsense')).body.code).not.toBe(200);

    const queue = await get<{ list: { message: ChatMessage; reports: number; reasons: unknown[] }[] }>(
      server,
      '/admin/api/chat/reports',
      moderator,
    );
    const item = queue.body.data.list.find((r) => r.message.id === id);
    expect(item).toMatchObject({ reports: 2, message: { body: 'free airdrop at my link', uid: author.uid } });
    expect(item?.reasons).toEqual(
      expect.arrayContaining([
        { reason: 'scam', count: 1 },
        { reason: 'spam', count: 1 },
      ]),
    );
    expect(server.ctx.community.openReports()).toBeGreaterThan(0);

    const dismissed = await post<{ closed: number }>(server, `/admin/api/chat/reports/${id}/dismiss`, {}, moderator);
    expect(dismissed.body.data).toEqual({ closed: 2 });
    expect((await post(server, `/admin/api/chat/reports/${id}/dismiss`, {}, moderator)).body.code).toBe(
      ERRORS.ALREADY_HANDLED.code,
    );
    // Dismissed: the message stays.
    const history = await get<ChatHistory>(server, '/mapi/chat/messages?room=en');
    expect(history.body.data.messages.find((m) => m.id === id)?.removed).toBeNull();
  });

  it(`limits reports to ${CHAT_REPORT_RATE.reports} per hour per user`, async () => {
    const reporter = await chatter();
    const authors = await Promise.all([chatter(), chatter(), chatter()]);
    const ids: number[] = [];
    for (let i = 0; i <= CHAT_REPORT_RATE.reports; i++) {
      const author = authors[i % authors.length] as TestUser;
      if (i % authors.length === 0) pause();
      ids.push((await say(author, `note ${i} ${Math.random()}`)).body.data.id);
    }
    for (const id of ids.slice(0, CHAT_REPORT_RATE.reports)) {
      expect((await post(server, `/mapi/chat/messages/${id}/report`, { reason: 'spam' }, reporter)).body.code).toBe(
        200,
      );
    }
    const over = await post(server, `/mapi/chat/messages/${ids.at(-1)}/report`, { reason: 'spam' }, reporter);
    expect(over.body.code).toBe(ERRORS.CHAT_RATE_LIMITED.code);
  });
});

describe('mutes', () => {
  it('refuses a muted user at once, until the mute runs out or is lifted', async () => {
    const user = await chatter();
    expect((await say(user, 'before the mute')).body.code).toBe(200);
    const muted = await post<ChatMute>(
      server,
      '/admin/api/chat/mutes',
      { uid: user.uid, minutes: 10, reason: 'spamming links' },
      moderator,
    );
    expect(muted.body.data).toMatchObject({ uid: user.uid, nickname: user.nickname, reason: 'spamming links' });
    const refused = await say(user, 'can I still talk?');
    expect(refused.body.code).toBe(ERRORS.CHAT_MUTED.code);
    expect(refused.body.msg).toContain('10');
    const me = await get<ChatMe>(server, '/mapi/chat/me', { token: user.token });
    expect(me.body.data.mutedUntil).toBe(muted.body.data.until);
    const images = await upload(server, '/mapi/chat/images', { room: 'en' }, [{ field: 'image', bytes: pngImage() }], {
      token: user.token,
    });
    expect(images.body.code).toBe(ERRORS.CHAT_MUTED.code);
    const list = await get<ChatMute[]>(server, '/admin/api/chat/mutes', moderator);
    expect(list.body.data.some((m) => m.uid === user.uid)).toBe(true);

    server.clock.advance(10 * 60_000 + 1);
    expect((await say(user, 'back again')).body.code).toBe(200);
    expect((await get<ChatMe>(server, '/mapi/chat/me', { token: user.token })).body.data.mutedUntil).toBeNull();

    pause();
    await post(server, '/admin/api/chat/mutes', { uid: user.uid, minutes: 60, reason: 'again' }, moderator);
    expect((await say(user, 'hello?')).body.code).toBe(ERRORS.CHAT_MUTED.code);
    expect((await post(server, `/admin/api/chat/mutes/${user.uid}/lift`, {}, moderator)).body.code).toBe(200);
    expect((await say(user, 'thanks')).body.code).toBe(200);
    const notMuted = await post(server, `/admin/api/chat/mutes/${user.uid}/lift`, {}, moderator);
    expect(notMuted.body.code).toBe(ERRORS.CHAT_NOT_MUTED.code);
    const nobody = await post(server, '/admin/api/chat/mutes', { uid: 99_999_999, minutes: 5, reason: 'x' }, admin);
    expect(nobody.body.code).toBe(ERRORS.USER_NOT_FOUND.code);
  });

  it('is for operators who may moderate only', async () => {
    const user = await chatter();
    const body = { uid: user.uid, minutes: 5, reason: 'x' };
    expect((await post(server, '/admin/api/chat/mutes', body, compliance)).status).toBe(403);
    expect((await post(server, '/admin/api/chat/mutes', body, { token: user.token })).status).toBe(401);
    expect((await get(server, '/admin/api/chat/reports', compliance)).status).toBe(403);
  });
});

describe('word filter', () => {
  it('refuses new messages with a listed word from the moment it is added, until it is taken off', async () => {
    const user = await chatter();
    const words = await post<{ word: string }[]>(server, '/admin/api/chat/words', { word: 'Ponzi' }, moderator);
    expect(words.body.data.map((w) => w.word)).toContain('ponzi');
    expect((await post(server, '/admin/api/chat/words', { word: 'PONZI' }, moderator)).body.code).toBe(
      ERRORS.CHAT_WORD_EXISTS.code,
    );
    await post(server, '/admin/api/chat/words', { word: '刷单' }, moderator);

    expect((await say(user, 'this is a PONZI scheme')).body.code).toBe(ERRORS.CHAT_MESSAGE_BLOCKED.code);
    // Full-width letters are the same word.
    expect((await say(user, 'ｐｏｎｚｉ!')).body.code).toBe(ERRORS.CHAT_MESSAGE_BLOCKED.code);
    expect((await say(user, '有人刷单吗', 'zh_CN')).body.code).toBe(ERRORS.CHAT_MESSAGE_BLOCKED.code);
    expect((await say(user, 'ponzies are not a word I filter')).body.code).toBe(200);

    await post(server, '/admin/api/chat/words/delete', { word: 'ponzi' }, moderator);
    expect((await say(user, 'ponzi talk is fine again')).body.code).toBe(200);
    await post(server, '/admin/api/chat/words/delete', { word: '刷单' }, moderator);
  });

  it('matches Latin words whole and other scripts anywhere', () => {
    const filter = new WordFilter(['ass', 'scam coin', '傻瓜']);
    expect(filter.blocks('what a class')).toBe(false);
    expect(filter.blocks('Ass!')).toBe(true);
    expect(filter.blocks('this SCAM COIN again')).toBe(true);
    expect(filter.blocks('你是傻瓜吗')).toBe(true);
    expect(filter.blocks('你好')).toBe(false);
  });
});
