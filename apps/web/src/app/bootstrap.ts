import type { UserProfile } from '@bourse/contract';
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { loadAdmLocale } from '../lib/admLocale';
import { api } from '../lib/api';
import { applyDocumentSettings } from '../lib/document';
import { initI18n, setI18nLanguage } from '../lib/i18n';
import { initLines, lineHttp, lineWsUrl } from '../lib/lines';
import { live } from '../lib/live';
import { setNavigator } from '../lib/navigation';
import { prefetchProducts } from '../lib/products';
import { queryClient, USER_SCOPE } from '../lib/query';
import { createRegistry } from '../lib/registry';
import { installRootFontSize } from '../lib/rem';
import { useSession } from '../lib/stores/session';
import { useSettings } from '../lib/stores/settings';
import { createAppRouter } from './router';
import { features, routes, shellLocaleBundles } from './routes';

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

/** The page the app opens on, fetched (code and texts) while the shell's texts arrive rather than after them. */
function prefetchOpeningPage(): void {
  const path = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  const route = routes.find((r) => r.path === path || r.aliases?.includes(path));
  route?.page().catch(() => undefined);
}

/**
 * Start order: rendering hooks and layout → document settings → languages (the shell's texts in the active language,
 * awaited, while the opening page is fetched) → settings watchers → routes → service line and live channel → the
 * stored login's profile.
 */
export async function bootstrap() {
  renderImperativeComponentsWithReact19();
  installRootFontSize();

  const settings = useSettings.getState();
  applyDocumentSettings(settings);
  // The products' availability comes with the texts, so a closed product's shortcuts never flash in and out.
  const texts = Promise.all([
    initI18n(shellLocaleBundles, settings.lang),
    loadAdmLocale(settings.lang),
    prefetchProducts(queryClient),
  ]);
  prefetchOpeningPage();
  // Offline at start: draw the shell anyway; its pages show their own load failure and retry.
  await texts.catch(() => undefined);

  useSettings.subscribe((next, prev) => {
    if (next.theme !== prev.theme || next.upDown !== prev.upDown || next.lang !== prev.lang) {
      applyDocumentSettings(next);
    }
    const langChanged = next.lang !== prev.lang;
    const lineChanged = lineHttp(next) !== lineHttp(prev) || lineWsUrl(next, next.lang) !== lineWsUrl(prev, next.lang);
    if (langChanged) void setI18nLanguage(next.lang);
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
