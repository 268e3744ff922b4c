import { PullToRefresh } from 'antd-mobile';
import { createContext, type ReactNode, type RefObject, useContext, useLayoutEffect, useRef } from 'react';
import { useCommonT } from '../lib/locales';

/** Scroll positions of tab pages, kept while the app runs (spec §2: tab switching remembers the position). */
const scrollMemory = new Map<string, number>();

const ScrollContainerContext = createContext<RefObject<HTMLDivElement | null> | null>(null);

/**
 * The page's scroll container, for a page that steers it itself (a chat keeps to the bottom and loads older messages
 * at the top) without adding a scroller of its own.
 */
export function useScrollContainer(): RefObject<HTMLDivElement | null> | null {
  return useContext(ScrollContainerContext);
}

export interface ScrollAreaProps {
  /** Remember and restore the scroll position under this key (tab pages). */
  memoryKey?: string;
  /** Pull down to refresh (spec (R) pages). */
  onRefresh?: () => Promise<unknown>;
  children: ReactNode;
}

/** The page's one scroll container; pull-to-refresh lives inside it so gestures never fight a nested scroller. */
export function ScrollArea({ memoryKey, onRefresh, children }: ScrollAreaProps) {
  const t = useCommonT();
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !memoryKey) return;
    const saved = scrollMemory.get(memoryKey) ?? 0;
    let restoring = saved > 0;
    let frame = 0;
    let tries = 0;
    // Content may still be arriving (lazy page, cached queries rendering): retry for about a second.
    const restore = () => {
      element.scrollTop = saved;
      if (Math.abs(element.scrollTop - saved) > 1 && tries++ < 60) frame = requestAnimationFrame(restore);
      else restoring = false;
    };
    if (restoring) restore();
    const remember = () => {
      if (!restoring) scrollMemory.set(memoryKey, element.scrollTop);
    };
    const stopRestoring = () => {
      restoring = false;
      cancelAnimationFrame(frame);
    };
    element.addEventListener('scroll', remember, { passive: true });
    element.addEventListener('touchstart', stopRestoring, { passive: true });
    element.addEventListener('wheel', stopRestoring, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', remember);
      element.removeEventListener('touchstart', stopRestoring);
      element.removeEventListener('wheel', stopRestoring);
    };
  }, [memoryKey]);

  return (
    <div className="page-scroll" ref={ref}>
      <ScrollContainerContext.Provider value={ref}>
        {onRefresh ? (
          <PullToRefresh
            onRefresh={onRefresh}
            pullingText={t('pullToRefresh')}
            canReleaseText={t('releaseToRefresh')}
            refreshingText={t('refreshing')}
            completeText={t('refreshed')}
          >
            <div className="page-scroll__content">{children}</div>
          </PullToRefresh>
        ) : (
          <div className="page-scroll__content">{children}</div>
        )}
      </ScrollContainerContext.Provider>
    </div>
  );
}
