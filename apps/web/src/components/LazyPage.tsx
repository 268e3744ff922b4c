import { PAGE_LOAD_TIMEOUT_MS } from '@bourse/contract';
import { Component, type ComponentType, type ErrorInfo, type ReactNode, useEffect, useState } from 'react';
import type { PageModule, PageProps, QueryParams } from '../lib/feature';
import { useCommonT } from '../lib/locales';
import { DelayedLoading, TapToRetry } from './PageState';

type Loader = () => Promise<PageModule>;

const loaded = new WeakMap<Loader, ComponentType<PageProps>>();

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Page: ComponentType<PageProps> }
  | { status: 'failed' }
  | { status: 'timeout' };

function initialState(load: Loader): LoadState {
  const Page = loaded.get(load);
  return Page ? { status: 'ready', Page } : { status: 'loading' };
}

/**
 * Loads a page's code on demand (spec §2): placeholder after 200 ms, a tap-to-reload message when loading fails,
 * and the spec's timeout message after 60 s. A page that throws while rendering gets the same tap-to-reload.
 */
export function LazyPage({ load, query }: { load: Loader; query: QueryParams }) {
  const t = useCommonT();
  const [state, setState] = useState<LoadState>(() => initialState(load));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (loaded.has(load)) return;
    let settled = false;
    const timeout = setTimeout(() => {
      settled = true;
      setState({ status: 'timeout' });
    }, PAGE_LOAD_TIMEOUT_MS);
    load().then(
      (module) => {
        loaded.set(load, module.default);
        if (settled) return;
        settled = true;
        setState({ status: 'ready', Page: module.default });
      },
      () => {
        if (settled) return;
        settled = true;
        setState({ status: 'failed' });
      },
    );
    return () => {
      settled = true;
      clearTimeout(timeout);
    };
  }, [load, attempt]);

  const retry = () => {
    // A module that failed once stays failed in the browser's module map: after a second failure, reload the app.
    if (attempt > 0 && state.status === 'failed') {
      window.location.reload();
      return;
    }
    setState(initialState(load));
    setAttempt((n) => n + 1);
  };

  switch (state.status) {
    case 'loading':
      return <DelayedLoading />;
    case 'failed':
      return <TapToRetry message={t('pageLoadFailed')} onRetry={retry} />;
    case 'timeout':
      return <TapToRetry message={t('pageTimeout')} onRetry={retry} />;
    case 'ready':
      return (
        <PageErrorBoundary fallback={(reset) => <TapToRetry message={t('pageLoadFailed')} onRetry={reset} />}>
          <state.Page query={query} />
        </PageErrorBoundary>
      );
  }
}

interface BoundaryProps {
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}

/** Keeps one broken page from blanking the whole app. */
export class PageErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('page crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback(() => this.setState({ failed: false }));
    return this.props.children;
  }
}
