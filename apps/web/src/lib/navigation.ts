import { useSession } from './stores/session';

/**
 * Navigation from outside React (the API client on 401, the live channel on code 400). The app installs the
 * router's navigate function at start; until then, and in tests, the hash is set directly.
 */
export const HOME_PATH = '/pages/index/home';
export const LOGIN_PATH = '/pages/login/login';

/** Pages a login must never return to (they would loop or make no sense once logged in). */
const ACCESS_PREFIXES = ['/pages/login/', '/pages/forgetPwd/'];

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function setNavigator(navigate: Navigate | null): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, options);
  else if (typeof window !== 'undefined') window.location.hash = `#${to}`;
}

/** The current route with its query, e.g. `/pages/index/notice?id=3`. */
export function currentRoute(): string {
  if (typeof window === 'undefined') return '/';
  const hash = window.location.hash.replace(/^#/, '');
  return hash === '' ? '/' : hash;
}

export function isAccessRoute(route: string): boolean {
  return ACCESS_PREFIXES.some((prefix) => route.startsWith(prefix));
}

/** The login page, remembering where to come back to. */
export function loginRoute(returnTo: string = currentRoute()): string {
  if (isAccessRoute(returnTo) || returnTo === '/' || returnTo === HOME_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(returnTo)}`;
}

/** Where to go after a successful login: the remembered page when it is a safe in-app route, else home. */
export function afterLoginRoute(redirect: string | undefined): string {
  return safeRedirect(redirect) ?? HOME_PATH;
}

/** A `?redirect=` worth going back to: an in-app route that is not an access page; null otherwise. */
export function safeRedirect(redirect: string | undefined): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || isAccessRoute(redirect)) return null;
  return redirect;
}

/** Whether the page behind this one is in the app's history (not a page opened directly from a link). */
export function hasPreviousPage(): boolean {
  if (typeof window === 'undefined') return false;
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
}

export function goToLogin(returnTo: string = currentRoute()): void {
  if (currentRoute().startsWith(LOGIN_PATH)) return;
  navigateTo(loginRoute(returnTo));
}

/**
 * For actions that need a login (a "Buy" button on a public page): true when a login is stored; otherwise sends to
 * the login page, which comes back here afterwards, and returns false.
 */
export function requireLogin(returnTo: string = currentRoute()): boolean {
  if (useSession.getState().token !== null) return true;
  navigateTo(loginRoute(returnTo));
  return false;
}
