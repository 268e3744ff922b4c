import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './paths';

export const CHROMIUM_PATH = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type AppLang = 'en' | 'zh_CN' | 'zh_HK' | 'es' | 'fr';
export type AppTheme = 'dark' | 'light';

export interface NewPageOptions {
  lang?: AppLang;
  theme?: AppTheme;
  viewport?: { width: number; height: number };
  /** `false`: a desktop browser (no touch, no mobile emulation), e.g. for the operator console. Default true. */
  mobile?: boolean;
  /** More localStorage entries set before the app starts (e.g. a stored login). */
  storage?: Record<string, string>;
}

export interface AppPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  /** Opens a route of the app: `go('/pages/login/login')`. */
  go(route: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh phone-sized page (390×844, touch) with its own storage, language and theme preset the way the app stores
 * them (`bourse.lang`, `bourse.theme`).
 */
export async function newPage(browser: Browser, baseUrl: string, options: NewPageOptions = {}): Promise<AppPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? PHONE_VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: options.mobile ?? true,
    hasTouch: options.mobile ?? true,
  });
  const storage: Record<string, string> = {
    'bourse.lang': options.lang ?? 'en',
    'bourse.theme': options.theme ?? 'dark',
    ...options.storage,
  };
  await context.addInitScript((entries: Record<string, string>) => {
    // Only on the first load: the app's own changes (login, settings) must survive navigation and reloads.
    if (sessionStorage.getItem('e2e.seeded')) return;
    sessionStorage.setItem('e2e.seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  // The server sends a Content-Security-Policy with the app: any violation is an error of the journey.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return {
    page,
    context,
    errors,
    async go(route) {
      await page.goto(`${baseUrl}/#${route}`);
    },
    close: () => context.close(),
  };
}

/** Saves a screenshot as `e2e/artifacts/<name>.png` (git-ignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  // Let transitions and toasts settle so the picture shows what a person sees.
  await page.waitForTimeout(200);
  await page.screenshot({ path: file });
  return file;
}

/** Whether anything is wider than the viewport (a broken mobile layout). */
export function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      document.documentElement.scrollWidth > window.innerWidth ||
      Array.from(document.querySelectorAll<HTMLElement>('.page-scroll')).some((e) => e.scrollWidth > e.clientWidth + 1),
  );
}
