import { Skeleton } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { PageBoundary } from '../components/PageBoundary';
import { loadSignInPage } from '../features/auth';
import { queryClient } from '../lib/client';
import { useSession } from '../lib/stores/session';

const SignInPage = lazy(loadSignInPage);
const Shell = lazy(() => import('./Shell'));

/** Longest timer browsers keep (about 24.8 days); longer waits are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Signed in: the console; otherwise the sign-in page, at the same address, so the operator comes back where they
 * were. A session ends at its expiry (timed here), on sign-out and on any 401 (the API client); what the last
 * operator's queries held goes with it.
 */
export function AuthGate() {
  const session = useSession((state) => state.session);
  const end = useSession((state) => state.end);

  useEffect(() => {
    if (!session) {
      queryClient.clear();
      return undefined;
    }
    const timer = setTimeout(
      () => {
        if (Date.now() >= session.expiresAt) end('expired');
      },
      Math.min(Math.max(0, session.expiresAt - Date.now()), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [session, end]);

  // The shell's own failure (not a page's: each page has its frame) offers a reload rather than a blank screen.
  return (
    <PageBoundary resetKey={session ? 'shell' : 'sign-in'} onRetry={() => window.location.reload()}>
      <Suspense fallback={<Skeleton active className="gate-skeleton" />}>
        {session ? <Shell /> : <SignInPage />}
      </Suspense>
    </PageBoundary>
  );
}
