import type { SupportMessage } from '@bourse/contract';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/client';
import { closeConsole, loadTexts, openConsole, operatorProfile, type SeenCall } from '../../test/console';
import { SUPPORT_POLL_MS, supportKeys } from './api';
import { latestUnreadFromUser, shortTime, useDeskPolling } from './polling';

const UID = 10000077;
const T0 = Date.UTC(2026, 4, 1, 9, 0);

function message(id: number, change: Partial<SupportMessage> = {}): SupportMessage {
  return {
    id,
    author: 'user',
    operatorName: null,
    body: `message ${id}`,
    attachmentId: null,
    createdAt: T0 + id * 60_000,
    readAt: null,
    ...change,
  };
}

function server() {
  const messages: SupportMessage[] = [
    message(1, { body: 'My deposit has not arrived.' }),
    message(2, { body: '', attachmentId: 2 }),
  ];
  const conversation = { id: 3, status: 'open' as const, createdAt: T0, lastMessageAt: T0 + 120_000, closedAt: null };
  return (call: SeenCall) => {
    if (call.url.startsWith('/admin/api/support/conversations?')) {
      const unread = messages.filter((m) => m.author === 'user' && m.readAt === null).length;
      return {
        list: [{ conversation, uid: UID, nickname: 'Ada', unread, lastMessage: messages.at(-1) ?? null }],
        total: 1,
        page: 1,
        size: 20,
      };
    }
    if (call.url === '/admin/api/support/conversations/3') {
      return {
        conversation,
        messages,
        user: {
          uid: UID,
          nickname: 'Ada',
          email: 'ada@example.com',
          phone: null,
          identity: 'pending',
          twoFactor: false,
          frozen: true,
          createdAt: T0,
          recentOrders: [
            {
              id: 5,
              symbol: 'BTC/USDT',
              side: 'buy',
              status: 'open',
              price: '60000',
              quantity: '0.01',
              createdAt: T0,
            },
          ],
          recentWithdrawals: [],
        },
      };
    }
    if (call.url === '/admin/api/support/conversations/3/read') {
      for (const m of messages) if (m.author === 'user') m.readAt ??= Date.now();
      return null;
    }
    if (call.url === '/admin/api/support/conversations/3/reply') {
      const reply = message(messages.length + 1, {
        author: 'operator',
        operatorName: 'Mei',
        body: (call.body as { body: string }).body,
      });
      messages.push(reply);
      return reply;
    }
    if (call.url === '/admin/api/support/attachment/2') {
      return new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), {
        headers: { 'content-type': 'image/png' },
      });
    }
    return undefined;
  };
}

beforeAll(async () => {
  await loadTexts();
  // jsdom has no object URLs: the picture's address is a stand-in.
  URL.createObjectURL ??= () => 'blob:stand-in';
  URL.revokeObjectURL ??= () => undefined;
});
afterEach(closeConsole);

describe('customer service', { timeout: 30_000 }, () => {
  it('opens a conversation from the inbox, marks it read once, and answers it', async () => {
    const calls = openConsole(operatorProfile('support'), '#/support', server());
    expect((await screen.findByTestId('support-unread-3', {}, { timeout: 15_000 })).textContent).toBe('2');
    fireEvent.click(screen.getByTestId('support-conversation-3'));
    await screen.findByText('My deposit has not arrived.', {}, { timeout: 10_000 });
    expect(window.location.hash).toBe('#/support/3');

    // Opened means read: one call, and the inbox's count goes.
    await waitFor(() => expect(screen.queryByTestId('support-unread-3')).toBeNull(), { timeout: 10_000 });
    expect(calls.filter((call) => call.url.endsWith('/read'))).toHaveLength(1);
    // Up to the newest message shown: one the user sends meanwhile stays unread.
    expect(calls.find((call) => call.url.endsWith('/read'))?.body).toEqual({ upTo: 2 });

    // The image comes as bytes with the operator's token, shown through an object URL.
    await waitFor(() => expect(calls.some((call) => call.url === '/admin/api/support/attachment/2')).toBe(true));

    // Beside it, the user: the uid leads to their page (support may look users up), their state at a glance.
    const context = screen.getByTestId('support-user');
    expect(screen.getByTestId('support-user-link').getAttribute('href')).toBe(`#/users/${UID}`);
    expect(context.textContent).toContain('Verification pending');
    expect(context.textContent).toContain('Frozen');
    expect(context.textContent).toContain('BTC/USDT');

    fireEvent.change(screen.getByTestId('support-reply'), { target: { value: 'We are on it.' } });
    fireEvent.click(screen.getByTestId('support-send'));
    await screen.findByText('We are on it.', {}, { timeout: 10_000 });
    expect(calls.find((call) => call.url.endsWith('/reply'))?.body).toEqual({ body: 'We are on it.' });
    await waitFor(() => expect((screen.getByTestId('support-reply') as HTMLTextAreaElement).value).toBe(''));
  });

  it('refreshes the inbox and the open conversation every few seconds (no live channel for operators)', async () => {
    openConsole(operatorProfile('support'), '#/support/3', server());
    await screen.findByText('My deposit has not arrived.', {}, { timeout: 15_000 });
    const interval = (key: readonly unknown[]) => {
      const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
      const option = query?.observers[0]?.options.refetchInterval;
      return typeof option === 'function' ? 'function' : option;
    };
    expect(interval(supportKeys.conversation(3))).toBe(SUPPORT_POLL_MS);
    expect(interval(supportKeys.inbox('open', 1, 20))).toBe(SUPPORT_POLL_MS);
  });

  it('shows the uid without a link to a role that may not look users up', async () => {
    openConsole(operatorProfile('support', ['session', 'dashboard.read', 'support.chat']), '#/support/3', server());
    const context = await screen.findByTestId('support-user', {}, { timeout: 15_000 });
    expect(context.textContent).toContain(String(UID));
    expect(screen.queryByTestId('support-user-link')).toBeNull();
  });
});

describe('the desk’s polling', () => {
  it('polls while the operator is at the desk, stops after the idle time, and resumes on activity', () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useDeskPolling(5000, 60_000));
      expect(result.current).toBe(5000);
      act(() => void vi.advanceTimersByTime(75_000));
      expect(result.current).toBe(false);
      act(() => void window.dispatchEvent(new Event('keydown')));
      expect(result.current).toBe(5000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('knows the newest message of the user nobody has read', () => {
    expect(latestUnreadFromUser([])).toBeNull();
    expect(
      latestUnreadFromUser([
        message(1),
        message(2, { readAt: T0 }),
        message(4),
        message(5, { author: 'operator', operatorName: 'Mei' }),
      ]),
    ).toBe(4);
    expect(latestUnreadFromUser([message(1, { readAt: T0 })])).toBeNull();
  });

  it('writes today’s times as a clock and older ones with their date', () => {
    const now = new Date(2026, 4, 1, 18, 0).getTime();
    expect(shortTime(new Date(2026, 4, 1, 9, 5).getTime(), now)).toBe('09:05');
    expect(shortTime(new Date(2026, 3, 30, 23, 59).getTime(), now)).toBe('04-30 23:59');
    expect(shortTime(new Date(2025, 11, 31, 10, 0).getTime(), now)).toBe('2025-12-31');
  });
});
