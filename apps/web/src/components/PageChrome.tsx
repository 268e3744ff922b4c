import {
  createContext,
  type MutableRefObject,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

export type RefreshHandler = () => Promise<unknown>;

interface Chrome {
  rightSlot: HTMLElement | null;
  setTitle(title: string | undefined): void;
  refresh: MutableRefObject<RefreshHandler | null>;
}

const ChromeContext = createContext<Chrome | null>(null);

/** Held by the route frame: what the page asked of the navigation bar and pull-to-refresh. */
export function usePageChromeState(): {
  title: string | undefined;
  setRightSlot(element: HTMLElement | null): void;
  refresh: MutableRefObject<RefreshHandler | null>;
  value: Chrome;
} {
  const [title, setTitle] = useState<string | undefined>();
  const [rightSlot, setRightSlot] = useState<HTMLElement | null>(null);
  const refresh = useRef<RefreshHandler | null>(null);
  const value = useMemo<Chrome>(() => ({ rightSlot, setTitle, refresh }), [rightSlot]);
  return { title, setRightSlot, refresh, value };
}

export function PageChromeProvider({ value, children }: { value: Chrome; children: ReactNode }) {
  return <ChromeContext.Provider value={value}>{children}</ChromeContext.Provider>;
}

/** Replaces the route's title in the navigation bar (e.g. with the article's title). */
export function usePageTitle(title: string | undefined): void {
  const chrome = useContext(ChromeContext);
  useEffect(() => {
    chrome?.setTitle(title);
    return () => chrome?.setTitle(undefined);
  }, [chrome, title]);
}

/** Replaces what pull-to-refresh does (by default it refetches every query the page is showing). */
export function usePageRefresh(handler: RefreshHandler): void {
  const chrome = useContext(ChromeContext);
  useEffect(() => {
    if (!chrome) return;
    chrome.refresh.current = handler;
    return () => {
      chrome.refresh.current = null;
    };
  }, [chrome, handler]);
}

/** Renders its children in the right slot of the navigation bar. */
export function NavRight({ children }: { children: ReactNode }) {
  const chrome = useContext(ChromeContext);
  return chrome?.rightSlot ? createPortal(children, chrome.rightSlot) : null;
}
