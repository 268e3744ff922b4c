import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AppNavBar } from '../components/AppNavBar';
import { AppTabBar } from '../components/AppTabBar';
import { NotFoundState } from '../components/BlockState';
import { LazyPage } from '../components/LazyPage';
import { PageChromeProvider, usePageChromeState } from '../components/PageChrome';
import { ScrollArea } from '../components/ScrollArea';
import { useQueryParams } from '../hooks/useQueryParams';
import type { FeatureRoute } from '../lib/feature';
import { useMessage } from '../lib/i18n';
import { useCommonT } from '../lib/locales';
import { HOME_PATH, loginRoute } from '../lib/navigation';
import { useRegistry } from '../lib/registry';
import { useSession } from '../lib/stores/session';

/**
 * What every route looks like: navigation bar (unless a tab), the one scroll container (with pull-to-refresh on (R)
 * pages and scroll memory on tabs), the lazily loaded page with its query parameters, and the tab bar on tabs.
 */
export function RouteFrame({ route }: { route: FeatureRoute }) {
  const location = useLocation();
  const query = useQueryParams();
  const message = useMessage();
  const common = useCommonT();
  const queryClient = useQueryClient();
  const loggedIn = useSession((s) => s.token !== null);
  const chrome = usePageChromeState();
  const navigate = useNavigate();
  const closed = useRegistry().closedProduct(route) !== undefined;
  const title = chrome.title ?? message(route.title);
  const { refresh } = chrome;

  useEffect(() => {
    document.title = title ? `${title} · ${common('appName')}` : common('appName');
  }, [title, common]);

  const onRefresh = useCallback(async () => {
    await (refresh.current ? refresh.current() : queryClient.refetchQueries({ type: 'active' }));
  }, [refresh, queryClient]);

  if (route.requiresLogin && !loggedIn) {
    return <Navigate to={loginRoute(`${location.pathname}${location.search}`)} replace />;
  }

  const showNav = route.navBar ?? route.tab === undefined;
  return (
    <PageChromeProvider value={chrome.value}>
      <div className={`page${route.tab ? ' page--tab' : ''}`}>
        {showNav && <AppNavBar title={title} rightSlotRef={chrome.setRightSlot} />}
        <ScrollArea
          memoryKey={route.tab ? route.path : undefined}
          onRefresh={route.refreshable ? onRefresh : undefined}
        >
          {closed ? (
            // An operator switched the product off (or it is not built): its calls would be refused anyway.
            <NotFoundState
              title={common('productClosed')}
              action={{ label: common('backHome'), onClick: () => void navigate(HOME_PATH, { replace: true }) }}
            />
          ) : (
            <LazyPage load={route.page} query={query} />
          )}
        </ScrollArea>
        {route.tab && <AppTabBar active={route.tab} />}
      </div>
    </PageChromeProvider>
  );
}
