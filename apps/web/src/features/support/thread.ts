import type { SupportMessage, SupportThread } from '@bourse/contract';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * The conversation as the query cache holds it: pages of the thread, the newest first (`before` = undefined), each
 * page's messages oldest first. Live frames and sent messages are written into the newest page; these functions are
 * pure, so the page, the badge and the tests agree on what a frame does.
 */
export type ThreadData = InfiniteData<SupportThread, unknown>;

/** Every loaded message, oldest first, each once. */
export function threadMessages(data: ThreadData | undefined): SupportMessage[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: SupportMessage[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}

function mapPages(data: ThreadData, change: (page: SupportThread, index: number) => SupportThread): ThreadData {
  return { ...data, pages: data.pages.map(change) };
}

/** The conversation's current state (null before the first message). */
export function currentConversation(data: ThreadData | undefined): SupportThread['conversation'] {
  return data?.pages[0]?.conversation ?? null;
}

/**
 * A message of the current conversation (an answer, or the user's own from this or another device): replaces the
 * copy already shown, or joins the newest page.
 */
export function withMessage(data: ThreadData, message: SupportMessage): ThreadData {
  const known = data.pages.some((page) => page.messages.some((m) => m.id === message.id));
  if (known) {
    return mapPages(data, (page) => ({
      ...page,
      messages: page.messages.map((m) =>
        m.id === message.id ? { ...message, readAt: m.readAt ?? message.readAt } : m,
      ),
    }));
  }
  return mapPages(data, (page, index) =>
    index === 0 ? { ...page, messages: [...page.messages, message].sort((a, b) => a.id - b.id) } : page,
  );
}

/** Support read the user's messages up to `upTo` (a `read` frame): their receipts turn to "Read". */
export function withUserMessagesRead(data: ThreadData, upTo: number, at: number): ThreadData {
  return mapPages(data, (page) => ({
    ...page,
    messages: page.messages.map((m) =>
      m.author === 'user' && m.readAt === null && m.id <= upTo ? { ...m, readAt: at } : m,
    ),
  }));
}

/** The user read support's messages up to `upTo` (what was on screen when the page told the server). */
export function withSupportMessagesRead(data: ThreadData, upTo: number, at: number): ThreadData {
  return mapPages(data, (page) => {
    const messages = page.messages.map((m) =>
      m.author === 'operator' && m.readAt === null && m.id <= upTo ? { ...m, readAt: at } : m,
    );
    return { ...page, messages, unread: messages.filter((m) => m.author === 'operator' && m.readAt === null).length };
  });
}

/** Support closed the conversation: the page says so, and the next message opens a new one. */
export function withClosed(data: ThreadData, conversationId: number, at: number): ThreadData {
  return mapPages(data, (page) =>
    page.conversation?.id === conversationId
      ? { ...page, conversation: { ...page.conversation, status: 'closed', closedAt: at } }
      : page,
  );
}

/** The newest page only: after the conversation changed, older pages belong to the previous one. */
export function newestPageOnly(data: ThreadData): ThreadData {
  return { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}

/** Support's messages on screen that the user has not read yet; the newest one's id, or null. */
export function lastUnreadFromSupport(messages: readonly SupportMessage[]): number | null {
  let last: number | null = null;
  for (const m of messages) if (m.author === 'operator' && m.readAt === null) last = m.id;
  return last;
}
