import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppLang,
  type AppTheme,
  fill,
  hasHorizontalOverflow,
  launchBrowser,
  loginViaApi,
  newPage,
  operatorCall,
  operatorToken,
  readCode,
  screenshot,
  startServer,
  type TestServer,
  uniqueEmail,
  waitForRoute,
} from '../harness';

/**
 * The foundation journey: register on the newer form with the demo invitation code, log out, log in, land on the
 * home page — in English and Chinese, dark and light.
 */
const PASSWORD = 'journey-pass1';

const LANG_HEADER: Record<AppLang, string> = { en: 'en', zh_CN: 'zh', zh_HK: 'hk', es: 'es', fr: 'fr' };
const WELCOME_BACK: Partial<Record<AppLang, string>> = { en: 'Welcome back', zh_CN: '欢迎回来' };
/** Registration logs the new account in: home greets a new member, not a returning one. */
const WELCOME_NEW: Partial<Record<AppLang, string>> = { en: 'Welcome to Bourse', zh_CN: '欢迎来到 Bourse' };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// Each language once in each theme: the full journey twice, the other two pairs as a logged-in look at home and Me.
const runs: { lang: AppLang; theme: AppTheme }[] = [
  { lang: 'en', theme: 'dark' },
  { lang: 'zh_CN', theme: 'light' },
];
const looks: { lang: AppLang; theme: AppTheme }[] = [
  { lang: 'en', theme: 'light' },
  { lang: 'zh_CN', theme: 'dark' },
  { lang: 'zh_HK', theme: 'dark' },
];

describe('foundation journey', () => {
  for (const { lang, theme } of runs) {
    it(`register → log out → log in → home (${lang}, ${theme})`, async () => {
      const app = await newPage(browser, server.url, { lang, theme });
      const { page } = app;
      const tag = `${lang}-${theme}`;
      const langHeaders = new Set<string>();
      page.on('request', (request) => {
        if (request.url().includes('/api/')) langHeaders.add(request.headers().lang ?? '');
      });
      try {
        // The share link pre-fills the invitation code.
        await app.go('/pages/login/register?code=DEMO2026');
        await page.locator('input[name="account"]').waitFor();
        expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
        expect(await page.locator('input[name="inviteCode"]').inputValue()).toBe('DEMO2026');

        // Client-side validation answers with the catalogue's messages before anything is sent.
        await page.locator('button[type="submit"]').click();
        await expect.poll(() => page.locator('.field__error').count()).toBeGreaterThan(0);
        await screenshot(page, `register-errors-${tag}`);

        const email = uniqueEmail(tag);
        await fill(app, 'account', email);
        const since = Date.now() - 1000;
        await page.locator('.field__code-button').click();
        const code = await readCode(server, email, { since });
        await expect.poll(() => page.locator('.field__code-button').isDisabled()).toBe(true); // 60 s countdown
        await fill(app, 'code', code);
        await fill(app, 'password', PASSWORD);
        await fill(app, 'confirmPassword', PASSWORD);
        await page.locator('.agreement .adm-checkbox').click();
        await screenshot(page, `register-filled-${tag}`);
        await page.locator('button[type="submit"]').click();

        // Registered and logged in: home greets the new member and points to a first deposit.
        await waitForRoute(page, '/pages/index/home');
        await page.locator('.home-greeting--new').waitFor();
        const welcome = WELCOME_NEW[lang];
        if (welcome) expect(await page.locator('.home-greeting__title').textContent()).toBe(welcome);
        // The login page is for visitors: opened while logged in, it goes back home.
        await app.go('/pages/login/login');
        await waitForRoute(page, '/pages/index/home');
        await page.locator('.banner img').first().waitFor();
        await page.locator('.ticker__item').first().waitFor();
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await screenshot(page, `home-registered-${tag}`);

        // Me tab: profile with uid; log out with confirmation.
        await page.locator('.adm-tab-bar-item').last().click();
        await waitForRoute(page, '/pages/usreMei/usreMei');
        await page.locator('.me-uid').waitFor();
        expect(await page.locator('.me-profile__account').textContent()).toContain('@example.com');
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await screenshot(page, `me-${tag}`);
        await page.locator('.me-logout button').click();
        await page.locator('.adm-dialog-button-bold').click();
        await page.locator('.me-guest').waitFor();
        expect(await page.evaluate(() => localStorage.getItem('bourse.token'))).toBeNull();
        await screenshot(page, `me-logged-out-${tag}`);

        // Log in again from the Me page.
        await page.locator('.me-guest__actions button').first().click();
        await waitForRoute(page, '/pages/login/login');
        await fill(app, 'account', email);
        await fill(app, 'password', PASSWORD);
        await screenshot(page, `login-${tag}`);
        await page.locator('button[type="submit"]').click();
        await waitForRoute(page, '/pages/index/home');
        await page.locator('.home-greeting').waitFor();
        const back = WELCOME_BACK[lang];
        if (back) expect(await page.locator('.home-greeting__title').textContent()).toBe(back);
        expect(await page.evaluate(() => localStorage.getItem('bourse.token'))).toBeTruthy();
        await screenshot(page, `home-${tag}`);

        // Every API call carried the chosen language.
        expect([...langHeaders]).toEqual([LANG_HEADER[lang]]);
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }

  for (const { lang, theme } of looks) {
    it(`home and Me, logged in (${lang}, ${theme})`, async () => {
      const storage = await loginViaApi(server, 'demo@bourse.local', 'demo123456');
      const app = await newPage(browser, server.url, { lang, theme, storage });
      try {
        await app.go('/');
        await app.page.locator('.home-greeting').waitFor();
        await app.page.locator('.banner img').first().waitFor();
        expect(await hasHorizontalOverflow(app.page)).toBe(false);
        await screenshot(app.page, `home-${lang}-${theme}`);
        await app.page.locator('.adm-tab-bar-item').last().click();
        await app.page.locator('.me-uid').waitFor();
        expect(await hasHorizontalOverflow(app.page)).toBe(false);
        await screenshot(app.page, `me-${lang}-${theme}`);
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }

  it('the home ticker follows the live channel', async () => {
    const app = await newPage(browser, server.url, { lang: 'en' });
    try {
      await app.go('/');
      await app.page.locator('.ticker__item').first().waitFor();
      const token = await operatorToken(server);
      const title = `Live notice ${Date.now()}`;
      await operatorCall(server, token, '/admin/api/content/articles', {
        category: 'notice',
        pinned: true,
        published: true,
        translations: { en: { title, body: 'Published while the page was open.' } },
      });
      // No reload: the `home` channel pushes the notice and the ticker shows it at once.
      await app.page.locator('.ticker__item', { hasText: title }).waitFor({ timeout: 10_000 });
      await screenshot(app.page, 'home-live-notice');
    } finally {
      await app.close();
    }
  });

  it('a wrong password shows the server message and stays on the login page', async () => {
    const app = await newPage(browser, server.url, { lang: 'en' });
    try {
      await app.go('/pages/login/login');
      await fill(app, 'account', 'demo@bourse.local');
      await fill(app, 'password', 'not-the-password');
      await app.page.locator('button[type="submit"]').click();
      await app.page.locator('.adm-toast-main', { hasText: 'Wrong account or password.' }).waitFor();
      expect(new URL(app.page.url()).hash).toContain('/pages/login/login');
    } finally {
      await app.close();
    }
  });

  it('runs under its Content-Security-Policy: no violation on the way, and an injected inline script is refused', async () => {
    const page = await fetch(`${server.url}/`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/connect-src 'self'/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');

    const storage = await loginViaApi(server, 'demo@bourse.local', 'demo123456');
    const app = await newPage(browser, server.url, { lang: 'en', storage });
    try {
      for (const route of [
        '/',
        '/pages/home/market',
        '/pages/market/kLine?symbol=BTC_USDT',
        '/pages/usreMei/property',
      ]) {
        await app.go(route);
        await app.page.locator('.page-scroll, .adm-nav-bar').first().waitFor();
      }
      expect(app.errors).toEqual([]);
      // The policy is enforced, and a violation would fail the journeys: the detector sees this one.
      await app.page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inline = true';
        document.body.appendChild(script);
      });
      expect(await app.page.evaluate(() => 'inline' in window || '__inline' in window)).toBe(false);
      await expect.poll(() => app.errors.some((e) => e.includes('CSP violation: script-src'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
