import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { useScrollContainer } from '../components/ScrollArea';

/** Within this many pixels of an edge counts as being at it. */
const EDGE_PX = 96;

export interface ChatScrollState {
  /** The thread has arrived (before that there is nothing to place). */
  ready: boolean;
  /** The oldest message shown: a smaller one means older messages arrived above. */
  firstId: number | null;
  /** The newest item shown (a message or a message on its way): a new one means something arrived below. */
  lastKey: string | null;
  /** The newest item is the user's own: always brought into view. */
  lastIsMine: boolean;
  canLoadOlder: boolean;
  loadOlder(): void;
}

/**
 * Steers the page's one scroll container like a chat: opens at the newest message; follows new ones while the
 * reader is at the bottom (and always for their own); near the top loads older messages and keeps the message the
 * reader was looking at in place when they arrive above it.
 */
export function useChatScroll(content: RefObject<HTMLElement | null>, state: ChatScrollState): void {
  const container = useScrollContainer();
  const atBottom = useRef(true);
  const height = useRef(0);
  const first = useRef<number | null>(null);
  const last = useRef<string | null>(null);
  const { canLoadOlder, loadOlder } = state;

  useEffect(() => {
    const element = container?.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
      if (element.scrollTop < EDGE_PX && canLoadOlder) loadOlder();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [container, canLoadOlder, loadOlder]);

  // The composer growing (an image chosen, more lines) or the keyboard opening: stay at the bottom if there.
  useEffect(() => {
    const element = container?.current;
    const target = content.current;
    if (!element || !target || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
      height.current = element.scrollHeight;
    });
    observer.observe(target);
    observer.observe(element);
    return () => observer.disconnect();
  }, [container, content]);

  useLayoutEffect(() => {
    const element = container?.current;
    if (!element || !state.ready) return;
    const olderArrived = first.current !== null && state.firstId !== null && state.firstId < first.current;
    const newArrived = state.lastKey !== last.current;
    if (olderArrived) {
      element.scrollTop += element.scrollHeight - height.current;
    } else if (last.current === null || (newArrived && (atBottom.current || state.lastIsMine))) {
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
    }
    first.current = state.firstId;
    last.current = state.lastKey;
    height.current = element.scrollHeight;
  });
}
