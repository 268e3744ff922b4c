import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppLang,
  type AppTheme,
  hasHorizontalOverflow,
  launchBrowser,
  type LoginStorage,
  newPage,
  operatorCall,
  operatorToken,
  registerViaApi,
  screenshot,
  startServer,
  type TestServer,
  uniqueEmail,
  verifyIdentity,
  waitForRoute,
  walletBalance,
} from '../harness';
import { pngImage } from '../harness/console';

/**
 * The C2C journey: a newcomer (verified by an operator) buys USDT from a demo merchant on the offers page, marks the
 * order paid on the order page; the demo merchant's bot (a scheduler job) releases; the order shows completed and the
 * coins are in the user's fiat wallet. Then the C2C pages in English and Chinese, dark and light.
 */
const PASSWORD = 'journey-pass1';

let server: TestServer;
let browser: Browser;
let admin: string;
let login: LoginStorage;
let orderId = 0;

async function fiatUsdt(): Promise<{ available: string; frozen: string }> {
  return walletBalance(server, login, 'fiat', 'USDT');
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await operatorToken(server);
  login = await registerViaApi(server, uniqueEmail('c2c'), PASSWORD);
  await verifyIdentity(server, admin, login);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('c2c journey', () => {
  it('buys from a demo merchant → marks paid → the bot releases → the coins are in the fiat wallet', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: login });
    const { page } = app;
    try {
      await app.go('/pages/c2c/index?trade=buy&asset=USDT&fiat=CNY');
      const offers = page.getByTestId('c2c-offers');
      await expect.poll(() => offers.locator('.c2c-offer').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      // Best price first: the demo's 7.25 CNY before 7.28.
      const first = offers.locator('.c2c-offer').first();
      expect(await first.textContent()).toContain('7.25');
      expect(await first.textContent()).toContain('Maple OTC');
      await screenshot(page, 'c2c-offers-en-dark');

      await first.getByRole('button').click();
      await page.getByTestId('c2c-take-amount').locator('input').fill('725');
      await screenshot(page, 'c2c-take-en-dark');
      await page.getByTestId('c2c-place-order').click();
      await waitForRoute(page, '/pages/c2c/order');
      orderId = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
      const state = page.getByTestId('c2c-order-state');
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 15_000 }).toBe('unpaid');
      expect(await page.getByTestId('c2c-order-quantity').textContent()).toBe('100 USDT');
      expect(await page.getByTestId('c2c-order-amount').textContent()).toBe('725.00 CNY');
      await expect.poll(() => page.getByTestId('c2c-timer').textContent()).toMatch(/Pay within 1[45]:\d\d/);
      await screenshot(page, 'c2c-order-unpaid-en-dark');

      // The chat: a line and a picture of the transfer, both shown at once and kept.
      await page.getByTestId('c2c-chat-input').locator('input').fill('Paying now by Alipay');
      await page.getByTestId('c2c-chat').getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => page.getByTestId('c2c-chat').textContent()).toContain('Paying now by Alipay');
      await page
        .getByTestId('c2c-chat')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: pngImage(60, 40, [30, 160, 90]) });
      await page.locator('.c2c-msg__image').waitFor({ timeout: 15_000 });

      // Mark paid, naming the account paid to; the demo merchant's bot releases within a few seconds.
      await page.getByTestId('c2c-mark-paid').click();
      await page.locator('[data-testid^="c2c-paid-"]').first().click();
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 30_000 }).toMatch(/^(paid|completed)$/);
      await expect.poll(() => state.getAttribute('data-state'), { timeout: 30_000 }).toBe('completed');
      await expect.poll(() => page.getByTestId('c2c-chat').textContent()).toContain('The seller released the coins.');
      await screenshot(page, 'c2c-order-completed-en-dark');
      expect(await fiatUsdt()).toEqual({ available: '100', frozen: '0' });

      // My orders lists it as finished; the ledger still reconciles.
      await app.go('/pages/c2c/orders');
      await page.getByText('Finished', { exact: true }).click();
      await expect.poll(() => page.getByTestId('c2c-orders').textContent(), { timeout: 15_000 }).toContain('Completed');
      const report = await operatorCall<{ ok: boolean; problems: string[] }>(
        server,
        admin,
        '/admin/api/ledger/reconcile',
      );
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  const looks: [AppLang, AppTheme][] = [
    ['en', 'light'],
    ['zh_CN', 'dark'],
    ['zh_CN', 'light'],
  ];
  for (const [lang, theme] of looks) {
    it(`shows the C2C pages in ${lang}, ${theme}, without overflow`, async () => {
      const app = await newPage(browser, server.url, { lang, theme, storage: login });
      const { page } = app;
      try {
        await app.go('/pages/c2c/index');
        await page.getByTestId('c2c-offers').waitFor({ timeout: 15_000 });
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await screenshot(page, `c2c-offers-${lang}-${theme}`);
        await app.go(`/pages/c2c/order?id=${orderId}`);
        await page.getByTestId('c2c-order').waitFor({ timeout: 15_000 });
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await screenshot(page, `c2c-order-${lang}-${theme}`);
        await app.go('/pages/usreMei/quicpass');
        await page.getByTestId('c2c-quick-amount').locator('input').fill('500');
        await page.getByTestId('c2c-quote').waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('c2c-quote').textContent()).toContain('7.25');
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await screenshot(page, `c2c-quick-${lang}-${theme}`);
        await app.go('/pages/c2c/ads');
        await page.getByText(lang === 'en' ? 'New ad' : '发布广告', { exact: true }).waitFor({ timeout: 15_000 });
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await screenshot(page, `c2c-ads-${lang}-${theme}`);
        await app.go('/pages/c2c/merchant');
        await page.getByTestId('c2c-merchant-status').waitFor({ timeout: 15_000 });
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await screenshot(page, `c2c-merchant-${lang}-${theme}`);
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }
});
