import {
  aesEcbDecrypt,
  CIPHER_HEADER,
  type ChatFrame,
  type ChatHistory,
  type ChatMe,
  type ChatMessage,
  type ChatRoom,
  ERRORS,
  unwrapCipherKey,
} from '@bourse/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query';
import { useSession } from '../../lib/stores/session';
import { initTestI18n } from '../../test/i18n';
import ChatPage from './pages/ChatPage';

const ME = 10000001;

/** The live channel, faked: who listens to which room, and a way to push them frames. */
const listeners: { channel: string; room: unknown; listener: (data: unknown) => void; active: boolean }[] = [];

vi.mock('../../lib/live', () => ({
  live: {
    subscribe(channel: string, params: { room?: unknown }, listener: (data: unknown) => void) {
      const entry = { channel, room: params.room, listener, active: true };
      listeners.push(entry);
      return () => {
        entry.active = false;
      };
    },
  },
}));

async function push(room: string, frame: ChatFrame): Promise<void> {
  await act(async () => {
    for (const entry of listeners)
      if (entry.active && entry.channel === 'chat' && entry.room === room) entry.listener(frame);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Answer = { data: unknown } | { code: number; msg: string };

function stubServer(respond: (request: Request) => Answer | Promise<Answer>): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://app.test');
      const headers = (init?.headers ?? {}) as Record<string, string>;
      let body: unknown = init?.body;
      if (typeof body === 'string' && headers[CIPHER_HEADER]) {
        body = JSON.parse(aesEcbDecrypt(body, unwrapCipherKey(headers[CIPHER_HEADER])));
      }
      const request = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
      requests.push(request);
      const answer = await respond(request);
      const envelope = 'data' in answer ? { code: 200, msg: 'success', data: answer.data } : { ...answer, data: null };
      return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

const ROOMS: ChatRoom[] = [
  { key: 'en', name: 'English', messages: 3, lastMessageAt: 0 },
  { key: 'zh_CN', name: '简体中文', messages: 1, lastMessageAt: 0 },
];

function message(id: number, uid: number, body: string, room: ChatMessage['room'] = 'en'): ChatMessage {
  return {
    id,
    room,
    uid,
    nickname: uid === ME ? 'Me' : `Trader${uid}`,
    avatar: null,
    body,
    image: null,
    createdAt: Date.now() - 60_000 + id,
    removed: null,
  };
}

function meAnswer(mutedUntil: number | null = null): ChatMe {
  return { uid: ME, nickname: 'Me', avatar: null, mutedUntil };
}

/** A server with a room of history: older pages by cursor. */
function chatServer(options: { me?: ChatMe; onSend?: (request: Request) => Answer } = {}) {
  const older: ChatMessage[] = [message(1, 5, 'the very first message')];
  const newest: ChatMessage[] = [message(2, 5, 'hello room'), message(3, 6, 'gm everyone')];
  return stubServer((request) => {
    if (request.path === '/mapi/chat/rooms') return { data: ROOMS };
    if (request.path === '/mapi/chat/me') return { data: options.me ?? meAnswer() };
    if (request.path === '/mapi/chat/messages' && request.method === 'GET') {
      const room = request.query.get('room');
      if (room === 'zh_CN')
        return { data: { messages: [message(50, 5, '大家好', 'zh_CN')], more: false } satisfies ChatHistory };
      const before = request.query.get('before');
      return {
        data: (before ? { messages: older, more: false } : { messages: newest, more: true }) satisfies ChatHistory,
      };
    }
    if (request.path === '/mapi/chat/messages' && options.onSend) return options.onSend(request);
    if (request.path === '/mapi/chat/messages/3/report') return { data: { reported: true } };
    return { data: null };
  });
}

function renderChat(query: Record<string, string> = {}) {
  const router = createMemoryRouter([{ path: '*', element: <ChatPage query={query} /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const textarea = () => document.querySelector<HTMLTextAreaElement>('textarea[name="body"]') as HTMLTextAreaElement;

beforeAll(async () => {
  await initTestI18n();
  unstableSetRender((node, container) => {
    const root = createRoot(container);
    root.render(node);
    return async () => root.unmount();
  });
});

beforeEach(() => {
  listeners.length = 0;
  useSession.getState().signIn({
    token: 't'.repeat(43),
    uid: ME,
    expiresAt: 0,
    user: {
      uid: ME,
      email: 'me***@example.com',
      phone: null,
      nickname: 'Me',
      avatar: null,
      inviteCode: 'ABCDEFGH',
      createdAt: 0,
      frozen: false,
      security: { twoFactor: false, fundPassword: false, identity: 'unverified' },
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('the community chat', () => {
  it('opens the room of the app’s language with its newest messages, names and letter avatars, and pages back', async () => {
    const requests = chatServer();
    renderChat();
    expect(await screen.findByText('gm everyone')).toBeTruthy();
    expect(screen.getByText('Trader6')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'English' }).getAttribute('aria-selected')).toBe('true');
    expect(listeners.some((l) => l.active && l.channel === 'chat' && l.room === 'en')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(await screen.findByText('the very first message')).toBeTruthy();
    expect(requests.some((r) => r.path === '/mapi/chat/messages' && r.query.get('before') === '2')).toBe(true);
    expect(await screen.findByText('This is the beginning of the room.')).toBeTruthy();
  });

  it('switches rooms: listens to the new one only', async () => {
    chatServer();
    renderChat();
    await screen.findByText('gm everyone');
    fireEvent.click(screen.getByRole('tab', { name: '简体中文' }));
    expect(await screen.findByText('大家好')).toBeTruthy();
    expect(listeners.filter((l) => l.active && l.channel === 'chat').map((l) => l.room)).toEqual(['zh_CN']);
  });

  it('shows messages arriving live, and a removed one disappears in place', async () => {
    chatServer();
    renderChat();
    await screen.findByText('gm everyone');
    await push('en', { kind: 'message', message: message(4, 7, 'BTC breaking out') });
    expect(screen.getByText('BTC breaking out')).toBeTruthy();
    await push('en', { kind: 'removed', room: 'en', id: 4, by: 'moderator' });
    expect(screen.queryByText('BTC breaking out')).toBeNull();
    expect(screen.getByText('This message was removed by a moderator.')).toBeTruthy();
    await push('en', { kind: 'removed', room: 'en', id: 3, by: 'author' });
    expect(screen.getByText('This message was deleted.')).toBeTruthy();
  });

  it('asks for the room again when the app comes back on screen (frames may have been missed meanwhile)', async () => {
    const requests = chatServer();
    renderChat();
    await screen.findByText('gm everyone');
    const loads = () => requests.filter((r) => r.path === '/mapi/chat/messages' && r.method === 'GET').length;
    const before = loads();
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    try {
      visibility.mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(loads()).toBeGreaterThan(before));
    } finally {
      visibility.mockRestore();
    }
  });

  it('sends what the user writes; the message joins the room once, even when its live frame follows', async () => {
    const requests = chatServer({
      onSend: (request) => ({ data: message(10, ME, (request.body as { body: string }).body) }),
    });
    renderChat();
    await screen.findByText('gm everyone');
    fireEvent.change(textarea(), { target: { value: '  hi all  ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    await waitFor(() => expect(screen.getAllByText('hi all')).toHaveLength(1));
    expect(requests.find((r) => r.path === '/mapi/chat/messages' && r.method === 'POST')?.body).toEqual({
      room: 'en',
      body: 'hi all',
    });
    expect(textarea().value).toBe('');
    await push('en', { kind: 'message', message: message(10, ME, 'hi all') });
    expect(screen.getAllByText('hi all')).toHaveLength(1);
    // The user's own message is on the right, without their name.
    expect(screen.getByText('hi all').closest('.chat-msg')?.classList.contains('chat-msg--mine')).toBe(true);
  });

  it('keeps the text in the composer when the server refuses it (too fast), to send again later', async () => {
    chatServer({
      onSend: () => ({ code: ERRORS.CHAT_RATE_LIMITED.code, msg: 'You are sending too fast. Try again in 4 s.' }),
    });
    renderChat();
    await screen.findByText('gm everyone');
    fireEvent.change(textarea(), { target: { value: 'one more thing' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false));
    expect(textarea().value).toBe('one more thing');
    expect(screen.queryByText('one more thing', { selector: '.msg-text' })).toBeNull();
  });

  it('turns to the muted state when the server refuses a message because a moderator muted the user', async () => {
    let muted: number | null = null;
    chatServer({
      onSend: () => {
        muted = Date.now() + 10 * 60_000;
        return { code: ERRORS.CHAT_MUTED.code, msg: 'A moderator has muted you for another 10 min.' };
      },
      get me() {
        return meAnswer(muted);
      },
    });
    renderChat();
    await screen.findByText('gm everyone');
    fireEvent.change(textarea(), { target: { value: 'let me talk' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(await screen.findByText(/A moderator has muted you until/)).toBeTruthy();
    expect(document.querySelector('textarea[name="body"]')).toBeNull();
  });

  it('reports someone else’s message with a reason from its actions', async () => {
    const requests = chatServer();
    renderChat();
    await screen.findByText('gm everyone');
    const bubble = screen.getByRole('button', { name: /gm everyone/ });
    fireEvent.contextMenu(bubble);
    fireEvent.click(await screen.findByText('Report'));
    fireEvent.click(await screen.findByText('Scam or fraud'));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/mapi/chat/messages/3/report')?.body).toEqual({ reason: 'scam' }),
    );
  });
});
