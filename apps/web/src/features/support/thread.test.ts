import type { SupportMessage, SupportThread } from '@bourse/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySupportFrame, supportKeys } from './api';
import { messageDay } from './format';
import {
  lastUnreadFromSupport,
  newestPageOnly,
  type ThreadData,
  threadMessages,
  withClosed,
  withMessage,
  withSupportMessagesRead,
  withUserMessagesRead,
} from './thread';

function message(id: number, author: SupportMessage['author'], readAt: number | null = null): SupportMessage {
  return {
    id,
    author,
    operatorName: author === 'operator' ? 'Mia' : null,
    body: `message ${id}`,
    attachmentId: null,
    createdAt: 1_000 * id,
    readAt,
  };
}

function page(messages: SupportMessage[], more = false, status: 'open' | 'closed' = 'open'): SupportThread {
  return {
    conversation: { id: 7, status, createdAt: 0, lastMessageAt: 0, closedAt: null },
    messages,
    more,
    unread: messages.filter((m) => m.author === 'operator' && m.readAt === null).length,
  };
}

/** Two pages: the newest (5, 6) and an older one (3, 4). */
function data(): ThreadData {
  return {
    pages: [page([message(5, 'user'), message(6, 'operator')], true), page([message(3, 'user'), message(4, 'user')])],
    pageParams: [undefined, 5],
  };
}

const ids = (d: ThreadData) => threadMessages(d).map((m) => m.id);

describe('the conversation in the cache', () => {
  it('lists every loaded message oldest first, whatever page it sits on', () => {
    expect(ids(data())).toEqual([3, 4, 5, 6]);
    expect(threadMessages(undefined)).toEqual([]);
  });

  it('adds a new message once, however often it arrives (the send answer and the live frame)', () => {
    const once = withMessage(data(), message(8, 'user'));
    const twice = withMessage(once, message(8, 'user'));
    expect(ids(twice)).toEqual([3, 4, 5, 6, 8]);
    // A message arriving late still lands in order.
    expect(ids(withMessage(twice, message(7, 'operator')))).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('keeps a read receipt it already has when the same message comes again', () => {
    const read = withUserMessagesRead(data(), 5, 99);
    const again = withMessage(read, message(5, 'user'));
    expect(threadMessages(again).find((m) => m.id === 5)?.readAt).toBe(99);
  });

  it('turns the user’s messages up to `upTo` to read, and only theirs', () => {
    const read = threadMessages(withUserMessagesRead(data(), 4, 42));
    expect(read.map((m) => [m.id, m.readAt])).toEqual([
      [3, 42],
      [4, 42],
      [5, null],
      [6, null],
    ]);
  });

  it('marks support’s messages read up to what was on screen and recounts the unread', () => {
    const withNew = withMessage(data(), message(9, 'operator'));
    expect(lastUnreadFromSupport(threadMessages(withNew))).toBe(9);
    const read = withSupportMessagesRead(withNew, 6, 50);
    expect(
      threadMessages(read)
        .filter((m) => m.readAt === 50)
        .map((m) => m.id),
    ).toEqual([6]);
    // An answer that arrived after the page told the server stays unread.
    expect(lastUnreadFromSupport(threadMessages(read))).toBe(9);
    expect(read.pages[0]?.unread).toBe(1);
  });

  it('closes only the conversation the frame names, and drops older pages when the conversation changes', () => {
    expect(withClosed(data(), 8, 1).pages[0]?.conversation?.status).toBe('open');
    expect(withClosed(data(), 7, 1).pages.map((p) => p.conversation?.status)).toEqual(['closed', 'closed']);
    expect(newestPageOnly(data())).toEqual({ pages: [data().pages[0]], pageParams: [undefined] });
  });
});

describe('frames of the support channel', () => {
  function client(): QueryClient {
    const queryClient = new QueryClient();
    queryClient.setQueryData(supportKeys.thread, data());
    queryClient.setQueryData(supportKeys.unread, { unread: 0 });
    return queryClient;
  }

  it('an answer joins the thread and makes the unread count stale', () => {
    const queryClient = client();
    applySupportFrame(queryClient, { kind: 'message', conversationId: 7, message: message(10, 'operator') });
    expect(ids(queryClient.getQueryData<ThreadData>(supportKeys.thread) as ThreadData)).toContain(10);
    expect(queryClient.getQueryState(supportKeys.unread)?.isInvalidated).toBe(true);
  });

  it('a read receipt and the closing change the thread; a frame of another shape changes nothing', () => {
    const queryClient = client();
    applySupportFrame(queryClient, { kind: 'read', conversationId: 7, upTo: 5 }, 77);
    applySupportFrame(queryClient, { kind: 'closed', conversationId: 7 }, 78);
    applySupportFrame(queryClient, { kind: 'message', conversationId: 'x' });
    const thread = queryClient.getQueryData<ThreadData>(supportKeys.thread) as ThreadData;
    expect(threadMessages(thread).find((m) => m.id === 5)?.readAt).toBe(77);
    expect(thread.pages[0]?.conversation).toMatchObject({ status: 'closed', closedAt: 78 });
    expect(ids(thread)).toEqual([3, 4, 5, 6]);
  });

  /** The thread query with a server whose answers the test gives, one per fetch. */
  function server(queryClient: QueryClient) {
    const asked: Array<(value: ThreadData) => void> = [];
    queryClient.setQueryDefaults(supportKeys.thread, {
      queryFn: () => new Promise<ThreadData>((resolve) => asked.push(resolve)),
      retry: false,
    });
    return asked;
  }
  const answer = (status: 'open' | 'closed'): ThreadData => ({
    pages: [page([message(5, 'user')], false, status)],
    pageParams: [undefined],
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const status = (queryClient: QueryClient) =>
    queryClient.getQueryData<ThreadData>(supportKeys.thread)?.pages[0]?.conversation?.status;

  it('a frame during a refetch of the thread asks again: the answer under way read the thread before the change', async () => {
    const queryClient = new QueryClient();
    const asked = server(queryClient);
    queryClient.setQueryData(supportKeys.thread, data());
    void queryClient.refetchQueries({ queryKey: supportKeys.thread });
    await settle();
    expect(asked).toHaveLength(1);
    applySupportFrame(queryClient, { kind: 'closed', conversationId: 7 }, 78);
    expect(asked).toHaveLength(2);
    // The first answer, read before the closing, comes last: it is not shown.
    asked[1]?.(answer('closed'));
    await settle();
    asked[0]?.(answer('open'));
    await settle();
    expect(status(queryClient)).toBe('closed');
  });

  it('a frame during the first load of the thread: the load finishes, then the thread is asked for again', async () => {
    const queryClient = new QueryClient();
    const asked = server(queryClient);
    void queryClient.prefetchQuery({ queryKey: supportKeys.thread });
    await settle();
    applySupportFrame(queryClient, { kind: 'closed', conversationId: 7 }, 78);
    expect(asked).toHaveLength(1);
    asked[0]?.(answer('open'));
    await settle();
    expect(asked).toHaveLength(2);
    asked[1]?.(answer('closed'));
    await settle();
    expect(status(queryClient)).toBe('closed');
  });

  it('a frame with no fetch under way asks nothing', () => {
    const queryClient = client();
    applySupportFrame(queryClient, { kind: 'closed', conversationId: 7 }, 78);
    expect(queryClient.getQueryState(supportKeys.thread)?.isInvalidated).toBe(false);
  });

  it('a message of another conversation (a new one opened elsewhere) reloads the newest page', () => {
    const queryClient = client();
    applySupportFrame(queryClient, { kind: 'message', conversationId: 8, message: message(11, 'user') });
    const thread = queryClient.getQueryData<ThreadData>(supportKeys.thread) as ThreadData;
    expect(thread.pages).toHaveLength(1);
    expect(ids(thread)).not.toContain(11);
    expect(queryClient.getQueryState(supportKeys.thread)?.isInvalidated).toBe(true);
  });
});

describe('dates above the messages', () => {
  const now = new Date(2026, 4, 20, 15, 0).getTime();
  it('today, yesterday, a date, and the year when it is not this one', () => {
    expect(messageDay(new Date(2026, 4, 20, 0, 5).getTime(), now, 'en-US')).toBe('today');
    expect(messageDay(new Date(2026, 4, 19, 23, 55).getTime(), now, 'en-US')).toBe('yesterday');
    expect(messageDay(new Date(2026, 4, 2, 9).getTime(), now, 'en-US')).toBe('May 2');
    expect(messageDay(new Date(2026, 4, 2, 9).getTime(), now, 'zh-CN')).toBe('5月2日');
    expect(messageDay(new Date(2025, 11, 31, 9).getTime(), now, 'en-US')).toBe('Dec 31, 2025');
  });
});
