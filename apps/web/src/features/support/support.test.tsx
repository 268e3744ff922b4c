import {
  aesEcbDecrypt,
  CIPHER_HEADER,
  type SupportFrame,
  type SupportMessage,
  type SupportThread,
  unwrapCipherKey,
} from '@bourse/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query';
import { useSession } from '../../lib/stores/session';
import { initTestI18n } from '../../test/i18n';
import UnreadBadge from './components/UnreadBadge';
import { useOutbox } from './outbox';
import ServePage from './pages/ServePage';

/** The live channel, faked: who listens to what, and a way to push them frames. */
const listeners: {
  channel: string;
  listener: (data: unknown) => void;
  ready?: (() => void) | undefined;
  active: boolean;
}[] = [];

vi.mock('../../lib/live', () => ({
  live: {
    subscribe(channel: string, _params: unknown, listener: (data: unknown) => void, ready?: () => void) {
      const entry = { channel, listener, ready, active: true };
      listeners.push(entry);
      return () => {
        entry.active = false;
      };
    },
  },
}));

/** The server acknowledged the subscriptions: live from now on. */
async function acknowledge(): Promise<void> {
  await act(async () => {
    for (const entry of listeners) if (entry.active && entry.channel === 'support') entry.ready?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function push(frame: SupportFrame): Promise<void> {
  await act(async () => {
    for (const entry of listeners) if (entry.active && entry.channel === 'support') entry.listener(frame);
    // The query cache tells its observers on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  /** A JSON body opened from its envelope, or the multipart form as sent. */
  body: unknown;
}

type Answer = { data: unknown } | { code: number; msg: string };

/** The server, faked: each call answered by `respond`; every call recorded (bodies opened from the envelope). */
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

function message(id: number, author: SupportMessage['author'], body = `message ${id}`): SupportMessage {
  return {
    id,
    author,
    operatorName: author === 'operator' ? 'Mia' : null,
    body,
    attachmentId: null,
    createdAt: Date.now() - 60_000 + id,
    readAt: null,
  };
}

function thread(messages: SupportMessage[], options: { more?: boolean; status?: 'open' | 'closed' } = {}) {
  return {
    conversation:
      messages.length === 0
        ? null
        : { id: 7, status: options.status ?? 'open', createdAt: 0, lastMessageAt: 0, closedAt: null },
    messages,
    more: options.more ?? false,
    unread: 0,
  } satisfies SupportThread;
}

function renderWithClient(element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const renderChat = () => renderWithClient(<ServePage query={{}} />);
const textarea = () => document.querySelector<HTMLTextAreaElement>('textarea[name="body"]') as HTMLTextAreaElement;

async function write(text: string): Promise<void> {
  fireEvent.change(textarea(), { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  });
}

function receiptOf(text: string): string {
  const item = screen.getByText(text).closest('.support-msg');
  return item?.querySelector('.support-msg__receipt')?.textContent ?? '';
}

beforeAll(async () => {
  await initTestI18n();
  // Toasts render imperatively; with React 19 antd-mobile needs to be told how (as app/bootstrap.ts does).
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
    uid: 10000001,
    expiresAt: 0,
    user: {
      uid: 10000001,
      email: 'al***@example.com',
      phone: null,
      nickname: null,
      avatar: null,
      inviteCode: 'ABCDEFGH',
      createdAt: 0,
      frozen: false,
      security: { twoFactor: false, fundPassword: false, identity: 'unverified' },
    },
  });
});

const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(URL, objectUrls);
  useSession.getState().clear();
  useOutbox.setState({ items: [] });
});

describe('the support chat', () => {
  it('greets a first visit, sends what the user writes, and follows support live: answer, receipt, read', async () => {
    let messages: SupportMessage[] = [];
    let release: () => void = () => undefined;
    const requests = stubServer(async (request) => {
      if (request.path === '/mapi/support/thread') return { data: thread(messages) };
      if (request.path === '/mapi/support/message') {
        // The answer waits, so the page can be seen sending.
        await new Promise<void>((resolve) => (release = resolve));
        const sent = message(1, 'user', (request.body as { body: string }).body);
        messages = [sent];
        return { data: sent };
      }
      return { data: null };
    });
    renderChat();
    expect(await screen.findByText('How can we help?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    expect(listeners.some((l) => l.channel === 'support' && l.active)).toBe(true);

    await write('  My deposit has not arrived.  ');
    expect(screen.getByText('My deposit has not arrived.')).toBeTruthy();
    expect(receiptOf('My deposit has not arrived.')).toContain('Sending…');
    expect(textarea().value).toBe('');
    await act(async () => release());
    // The first message opened the conversation: the thread comes again from the server, with it.
    await waitFor(() => expect(receiptOf('My deposit has not arrived.')).toBe('Sent'));
    expect(requests.find((r) => r.path === '/mapi/support/message')?.body).toEqual({
      body: 'My deposit has not arrived.',
    });
    expect(screen.queryByText('How can we help?')).toBeNull();

    // Support answers: the answer, with the operator's name; support read the message; the page reads the answer.
    await push({ kind: 'read', conversationId: 7, upTo: 1 });
    expect(receiptOf('My deposit has not arrived.')).toBe('Read');
    await push({ kind: 'message', conversationId: 7, message: message(2, 'operator', 'Looking into it now.') });
    const answer = screen.getByText('Looking into it now.').closest('.support-msg');
    expect(answer?.querySelector('.support-msg__name')?.textContent).toBe('Mia');
    await waitFor(() => expect(requests.filter((r) => r.path === '/mapi/support/read')).toHaveLength(1));
    // Up to the answer on screen: one that arrives while the call is on its way stays unread.
    expect(requests.find((r) => r.path === '/mapi/support/read')?.body).toEqual({ upTo: 2 });

    // Support closes the conversation: the page says how to go on.
    await push({ kind: 'closed', conversationId: 7 });
    expect(screen.getByRole('status').textContent).toBe(
      'This conversation has been closed. Send a message to start a new one.',
    );
  });

  it('keeps a refused message with the reason, and sends it again on retry', async () => {
    let refuse = true;
    const requests = stubServer((request) => {
      if (request.path === '/mapi/support/thread') return { data: thread([message(1, 'user', 'Hi')]) };
      if (request.path === '/mapi/support/message') {
        if (refuse) return { code: 1002, msg: 'Too many requests, try again later.' };
        return { data: message(2, 'user', 'Are you there?') };
      }
      return { data: null };
    });
    renderChat();
    await screen.findByText('Hi');
    await write('Are you there?');
    expect(await screen.findByText('Not sent: Too many requests, try again later.')).toBeTruthy();
    refuse = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    await waitFor(() => expect(receiptOf('Are you there?')).toBe('Sent'));
    expect(requests.filter((r) => r.path === '/mapi/support/message')).toHaveLength(2);
    expect(screen.queryByText(/Not sent/)).toBeNull();
  });

  it('asks the server again when the chat opens: an answer whose live frame was missed still shows', async () => {
    let messages = [message(1, 'user', 'Where is my deposit?')];
    stubServer((request) =>
      request.path === '/mapi/support/thread' ? { data: thread(messages) } : { data: { unread: 0 } },
    );
    const client = createQueryClient();
    const chat = () => {
      const router = createMemoryRouter([{ path: '*', element: <ServePage query={{}} /> }], { initialEntries: ['/'] });
      return render(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    };
    const first = chat();
    expect(await screen.findByText('Where is my deposit?')).toBeTruthy();
    first.unmount();
    // Support answered while no page listened to the channel (no frame reached the app).
    messages = [...messages, message(2, 'operator', 'It is credited now.')];
    chat();
    expect(await screen.findByText('It is credited now.')).toBeTruthy();
  });

  it('loads earlier messages with the oldest one’s id', async () => {
    const newest = Array.from({ length: 40 }, (_, i) => message(41 + i, i % 2 ? 'operator' : 'user'));
    const requests = stubServer((request) => {
      if (request.path !== '/mapi/support/thread') return { data: null };
      if (request.query.get('before') === '41') return { data: thread([message(40, 'user', 'The very first one')]) };
      return { data: { ...thread(newest, { more: true }), unread: 0 } };
    });
    renderChat();
    const earlier = await screen.findByRole('button', { name: 'Show earlier messages' });
    await act(async () => {
      fireEvent.click(earlier);
    });
    expect(await screen.findByText('The very first one')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/mapi/support/thread').map((r) => r.query.get('before'))).toContain('41');
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
    // The oldest message comes first.
    expect(document.querySelector('.msg-text')?.textContent).toBe('The very first one');
  });

  it('checks an image before it goes, previews it, and sends it with the text as multipart', async () => {
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    const requests = stubServer((request) => {
      if (request.path === '/mapi/support/thread') return { data: thread([]) };
      if (request.path === '/mapi/support/attachment')
        return { data: { ...message(1, 'user', 'Here'), attachmentId: 1 } };
      return { data: null };
    });
    renderChat();
    await screen.findByText('How can we help?');
    const input = document.querySelector<HTMLInputElement>('input[name="image"]') as HTMLInputElement;

    fireEvent.change(input, { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Choose a JPEG, PNG or WebP image.')).toBeTruthy();
    const large = new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [large] } });
    expect(await screen.findByText('The image must be 3 MB or smaller.')).toBeTruthy();
    expect(document.querySelector('.msg-composer__thumb')).toBeNull();

    const photo = new File([new Uint8Array(2048)], 'deposit.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(document.querySelector('.msg-composer__thumb')?.getAttribute('src')).toBe('blob:preview');
    await write('Here');
    await waitFor(() => expect(requests.some((r) => r.path === '/mapi/support/attachment')).toBe(true));
    const form = requests.find((r) => r.path === '/mapi/support/attachment')?.body as FormData;
    expect(form.get('image')).toBe(photo);
    expect(form.get('body')).toBe('Here');
    expect(document.querySelector('.msg-composer__thumb')).toBeNull();
  });
});

describe('the unread badge', () => {
  it('shows support’s unread answers and counts a new one as it arrives', async () => {
    let unread = 2;
    stubServer((request) => (request.path === '/mapi/support/unread' ? { data: { unread } } : { data: null }));
    renderWithClient(<UnreadBadge />);
    expect(await screen.findByText('2 unread')).toBeTruthy();
    expect(document.querySelector('.adm-badge-content')?.textContent).toBe('2');
    unread = 3;
    await push({ kind: 'message', conversationId: 7, message: message(9, 'operator') });
    expect(await screen.findByText('3 unread')).toBeTruthy();
  });

  it('asks for the count again once its subscription is live (an answer may have come before it was)', async () => {
    let unread = 0;
    const requests = stubServer((request) =>
      request.path === '/mapi/support/unread' ? { data: { unread } } : { data: null },
    );
    renderWithClient(<UnreadBadge />);
    await waitFor(() => expect(requests.filter((r) => r.path === '/mapi/support/unread')).toHaveLength(1));
    expect(document.querySelector('.adm-badge')).toBeNull();
    // Support answered between the first count and the subscription: no frame tells of it.
    unread = 1;
    await acknowledge();
    expect(await screen.findByText('1 unread')).toBeTruthy();
  });

  it('shows nothing when everything is read, or to a visitor', async () => {
    stubServer(() => ({ data: { unread: 0 } }));
    renderWithClient(
      <UnreadBadge>
        <span>icon</span>
      </UnreadBadge>,
    );
    await act(async () => undefined);
    expect(screen.getByText('icon')).toBeTruthy();
    expect(document.querySelector('.adm-badge')).toBeNull();
  });
});
