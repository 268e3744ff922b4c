import type { ChatHistory, ChatMessage } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { type HistoryData, historyMessages, hueOf, initialOf, withMessage, withRemoved } from './history';

function message(id: number, body = `m${id}`): ChatMessage {
  return { id, room: 'en', uid: 7, nickname: 'Sam', avatar: null, body, image: null, createdAt: id, removed: null };
}

function data(...pages: ChatHistory[]): HistoryData {
  return { pages, pageParams: pages.map((_, i) => (i === 0 ? undefined : i)) };
}

describe('the cached history of a room', () => {
  const cached = data(
    { messages: [message(4), message(5)], more: true },
    { messages: [message(1), message(2), message(3)], more: false },
  );

  it('lists every loaded message oldest first, once', () => {
    const overlapping = data(
      { messages: [message(3), message(4)], more: true },
      { messages: [message(2), message(3)], more: false },
    );
    expect(historyMessages(cached).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(historyMessages(overlapping).map((m) => m.id)).toEqual([2, 3, 4]);
    expect(historyMessages(undefined)).toEqual([]);
  });

  it('adds a new message at the end of the newest page, once (the send answer and its live frame)', () => {
    const once = withMessage(cached, message(6));
    expect(historyMessages(once).map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(withMessage(once, message(6))).toBe(once);
  });

  it('keeps a removed message in its place without its text or image', () => {
    const withImage = withMessage(cached, { ...message(6), image: '/mapi/chat/images/6' });
    const removed = withRemoved(withImage, 6, 'moderator');
    expect(historyMessages(removed).at(-1)).toMatchObject({ id: 6, body: '', image: null, removed: 'moderator' });
    expect(withRemoved(removed, 6, 'moderator')).toBe(removed);
    expect(withRemoved(removed, 99, 'author')).toBe(removed);
  });

  it('gives a letter avatar the first letter of the name and a colour of its own', () => {
    expect(initialOf('sats')).toBe('S');
    expect(initialOf('小梅')).toBe('小');
    expect(initialOf('  ')).toBe('?');
    expect(hueOf(7)).toBe(hueOf(7));
    expect(hueOf(7)).not.toBe(hueOf(8));
  });
});
