import type { UserProfile } from '@bourse/contract';
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { api } from '../lib/api';
import { applyDocumentSettings } from '../lib/document';
import { initI18n, setI18nLanguage } from '../lib/i18n';
import { initLines, lineHttp, lineWsUrl } from '../lib/lines';
import { live } from '../lib/live';
import { setNavigator } from '../lib/navigation';
import { queryClient, USER_SCOPE } from '../lib/query';
import { createRegistry } from '../lib/registry';
import { installRootFontSize } from '../lib/rem';
import { useSession } from '../lib/stores/session';
import { useSettings } from '../lib/stores/settings';
import { createAppRouter } from './router';
import { eagerLocaleBundles, features, routes } from './routes';

type Container = (Element | DocumentFragment) & { __bourseRoot?: Root };

/** antd-mobile's imperative Toast and Dialog render through this (its React 19 compatibility hook). */
function renderImperativeComponentsWithReact19(): void {
  unstableSetRender((node, container) => {
    const target = container as Container;
    target.__bourseRoot ??= createRoot(target);
    const root = target.__bourseRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete target.__bourseRoot;
    };
  });
}

/**
 * Start order: rendering hooks and layout → languages → document settings and their watchers → routes → service
 * line and live channel → the stored login's profile.
 */
export function bootstrap() {
  renderImperativeComponentsWithReact19();
  installRootFontSize();

  const settings = useSettings.getState();
  initI18n(eagerLocaleBundles, settings.lang);
  applyDocumentSettings(settings);

  useSettings.subscribe((next, prev) => {
    if (next.theme !== prev.theme || next.upDown !== prev.upDown || next.lang !== prev.lang) {
      applyDocumentSettings(next);
    }
    const langChanged = next.lang !== prev.lang;
    const lineChanged = lineHttp(next) !== lineHttp(prev) || lineWsUrl(next, next.lang) !== lineWsUrl(prev, next.lang);
    if (langChanged) setI18nLanguage(next.lang);
    if (langChanged || lineChanged) {
      // Server texts (messages, notices) are in the request's language and from the chosen line: fetch again.
      live.restart();
      void queryClient.invalidateQueries();
    }
  });

  useSession.subscribe((next, prev) => {
    if (next.token === prev.token) return;
    live.authChanged();
    if (next.token === null) queryClient.removeQueries({ queryKey: [USER_SCOPE] });
  });

  const registry = createRegistry(features);
  const router = createAppRouter(routes);
  setNavigator((to, options) => void router.navigate(to, options));

  initLines();
  live.start();
  if (useSession.getState().token) {
    api
      .get<UserProfile>('/mapi/user/info', { toast: false, loginRedirect: false })
      .then((profile) => useSession.getState().setProfile(profile))
      .catch(() => undefined);
  }
  return { router, registry };
}
