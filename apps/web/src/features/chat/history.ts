import type { ChatHistory, ChatMessage, ChatRemoval } from '@bourse/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** A room's history in the query cache: pages[0] is the newest page, each next page is older. */
export type HistoryData = InfiniteData<ChatHistory, number | undefined>;

/** Every message loaded, oldest first, each once. */
export function historyMessages(data: { pages: readonly ChatHistory[] } | undefined): ChatMessage[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: ChatMessage[] = [];
  for (let p = data.pages.length - 1; p >= 0; p--) {
    for (const message of data.pages[p]?.messages ?? []) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

/** A new message (live, or the user's own confirmed) at the end of the newest page; one already there is kept. */
export function withMessage(data: HistoryData, message: ChatMessage): HistoryData {
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  const messages = [...newest.messages, message].sort((a, b) => a.id - b.id);
  return { ...data, pages: [{ ...newest, messages }, ...older] };
}

/** A removed message keeps its place, without its text and image. */
export function withRemoved(data: HistoryData, id: number, by: ChatRemoval): HistoryData {
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.messages.some((m) => m.id === id && m.removed === null)) return page;
    changed = true;
    return {
      ...page,
      messages: page.messages.map((m) => (m.id === id ? { ...m, body: '', image: null, removed: by } : m)),
    };
  });
  return changed ? { ...data, pages } : data;
}

/** The first letter of a name for an avatar without a picture ("S" for SatsStacker, "小" for 小梅). */
export function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

/** A stable hue per user, so a person's letter avatar keeps its colour. */
export function hueOf(uid: number): number {
  return (uid * 47) % 360;
}
