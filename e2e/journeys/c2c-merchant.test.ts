import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceClock,
  type AppLang,
  type AppPage,
  type AppTheme,
  depositOnChain,
  hasHorizontalOverflow,
  launchBrowser,
  type LoginStorage,
  newPage,
  operatorCall,
  operatorToken,
  registerViaApi,
  screenshot,
  serverNow,
  setFundPassword,
  startServer,
  type TestServer,
  transferBetweenWallets,
  uniqueEmail,
  userCall,
  verifyIdentity,
  waitForRoute,
  walletBalance,
} from '../harness';
import { CONSOLE_KEYS, CONSOLE_VIEWPORT, pngImage } from '../harness/console';

/**
 * C2C with two browsers: a real user becomes a merchant (payment method with its Alipay QR code, deposit from the
 * fiat wallet, approved by an operator) and publishes a sell ad on the ads page (then edits it while offline); a
 * buyer trades with them, each side in its own browser context:
 * (a) order → paid → released, each side seeing the other's step live;
 * (b) order → paid → appeal (reason and an evidence image) → an operator rules in the console → both balances;
 * (d) the merchant's third cancellation in a day: the order page shows the 50 % penalty before it applies;
 * (c) on the test clock: the payment timer runs out, the escrow stays held while the buyer may still appeal, then the
 *     window ends and the escrow goes back into the ad.
 * The server runs with TEST_CLOCK (time moves by the operator API) and CHAIN_BLOCK_MS=0 (deposits are mined).
 */
const PASSWORD = 'journey-pass1';
const FUND_PASSWORD = '135246';
const MINUTE = 60_000;

let server: TestServer;
let browser: Browser;
let admin: string;
let merchant: LoginStorage;
let buyer: LoginStorage;
let adId = 0;
let appealedOrder = 0;

interface C2COrderView {
  id: number;
  no: string;
  state: string;
  version: number;
}
interface MerchantInfo {
  status: string;
  deposit: { held: string; forfeited: string; required: string };
  cancelsToday: number;
}
interface MyAd {
  id: number;
  remaining: string;
  status: string;
  price: string | null;
}

const fiat = (who: LoginStorage) => walletBalance(server, who, 'fiat', 'USDT');
const myAd = async () => (await userCall<MyAd[]>(server, merchant, '/mapi/c2c/ads')).find((a) => a.id === adId);

/** The order's state as its page shows it (the page follows the live channel: no reload). */
const stateOf = (page: Page) => page.getByTestId('c2c-order-state').getAttribute('data-state');

async function typeFundPassword(page: Page, password: string): Promise<void> {
  const popup = page.locator('.security-check');
  await popup.waitFor();
  await popup.locator('[data-testid="fund-password"]').click();
  await page.keyboard.type(password, { delay: 30 });
}

/** The buyer takes `amount` CNY of the merchant's ad on the offers page; returns the order id from the order page. */
async function placeOrder(app: AppPage, amount: string): Promise<number> {
  const { page } = app;
  await app.go('/pages/c2c/index?trade=buy&asset=USDT&fiat=CNY');
  const offer = page.getByTestId(`c2c-offer-${adId}`);
  await offer.waitFor({ timeout: 15_000 });
  await offer.getByRole('button').click();
  await page.getByTestId('c2c-take-amount').locator('input').fill(amount);
  await page.getByTestId('c2c-place-order').click();
  await waitForRoute(page, '/pages/c2c/order');
  return Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { CHAIN_BLOCK_MS: '0', TEST_CLOCK: 'true' } }),
    launchBrowser(),
  ]);
  admin = await operatorToken(server);
  [merchant, buyer] = await Promise.all([
    registerViaApi(server, uniqueEmail('c2c-merchant'), PASSWORD),
    registerViaApi(server, uniqueEmail('c2c-buyer'), PASSWORD),
  ]);
  await verifyIdentity(server, admin, merchant, { familyName: 'Li', givenName: 'Na', number: '110105194912310021' });
  await verifyIdentity(server, admin, buyer, { familyName: 'Wang', givenName: 'Fang', number: '110105198001010038' });
  await setFundPassword(server, merchant, PASSWORD, FUND_PASSWORD);
  // The merchant's capital: 2,000 USDT deposited on the chain, moved to the fiat wallet (the deposit is 500).
  await depositOnChain(server, admin, merchant, 'USDT', 'TRC20', '2000');
  await transferBetweenWallets(server, merchant, 'USDT', 'spot', 'fiat', '2000');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('c2c with a merchant', () => {
  it('a user becomes a merchant: payment method with a QR code, deposit, approval, an ad published and edited', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: merchant });
    const { page } = app;
    try {
      // Alipay with its QR code (the holder is the verified name).
      await app.go('/pages/c2c/payments');
      await page.getByRole('tab', { name: 'Alipay' }).click();
      await page.locator('.c2c-field', { hasText: 'Name' }).locator('input').fill('Li Na');
      await page.locator('.c2c-field', { hasText: 'Account' }).locator('input').fill('lina@alipay.test');
      await page
        .locator('input[name="qr"]')
        .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: pngImage(64, 64, [240, 240, 240]) });
      await page.getByTestId('c2c-qr-preview').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('c2c-payment-qr').waitFor({ timeout: 15_000 });
      await screenshot(page, 'c2c-payments-qr-en-dark');

      // The application: nickname and the 500 USDT deposit held from the fiat wallet.
      await app.go('/pages/c2c/merchant');
      await page.getByTestId('c2c-merchant-status').waitFor({ timeout: 15_000 });
      await page
        .locator('.c2c-field', { hasText: 'Nickname' })
        .locator('input')
        .fill(`Pine${Date.now() % 100000}`);
      await page.getByRole('button', { name: 'Apply and pay the deposit' }).click();
      await expect
        .poll(() => page.getByTestId('c2c-merchant-status').textContent(), { timeout: 15_000 })
        .toBe('Application under review');
      expect(await fiat(merchant)).toEqual({ available: '1500', frozen: '500' });
      await operatorCall(server, admin, `/admin/api/c2c/merchants/${merchant['bourse.uid']}/approve`, {});
      await page.reload();
      await expect
        .poll(() => page.getByTestId('c2c-merchant-status').textContent(), { timeout: 15_000 })
        .toBe('Active merchant');

      // A sell ad: 1,000 USDT at 7.40 CNY, orders of 73–7,300 CNY, 15 minutes to pay; listed at once.
      await app.go('/pages/c2c/ads');
      const form = page.getByTestId('c2c-ad-form');
      await form.waitFor({ timeout: 15_000 });
      await page.getByTestId('c2c-ad-price').locator('input').fill('7.40');
      await page.getByTestId('c2c-ad-total').locator('input').fill('1000');
      await page.getByTestId('c2c-ad-min').locator('input').fill('73');
      await page.getByTestId('c2c-ad-max').locator('input').fill('7300');
      await page.getByTestId('c2c-ad-terms').locator('textarea').fill('Alipay only, name must match.');
      await page.getByTestId('c2c-ad-save').click();
      const ads = page.getByTestId('c2c-my-ads');
      await expect.poll(() => ads.textContent(), { timeout: 15_000 }).toContain('7.40 CNY');
      adId = (await userCall<MyAd[]>(server, merchant, '/mapi/c2c/ads'))[0]?.id ?? 0;
      expect(await fiat(merchant)).toEqual({ available: '500', frozen: '1500' });

      // Edited while offline: the price drops to 7.30, then it goes online again.
      await page.getByTestId(`c2c-ad-${adId}`).getByRole('button', { name: 'Take offline' }).click();
      await page.getByTestId(`c2c-edit-${adId}`).click();
      await expect.poll(() => page.getByTestId('c2c-ad-price').locator('input').inputValue()).toBe('7.40');
      await page.getByTestId('c2c-ad-price').locator('input').fill('7.30');
      await screenshot(page, 'c2c-ad-edit-en-dark');
      await page.getByTestId('c2c-ad-save').click();
      await expect.poll(() => ads.textContent(), { timeout: 15_000 }).toContain('7.30 CNY');
      await page.getByTestId(`c2c-ad-${adId}`).getByRole('button', { name: 'Put online' }).click();
      await expect.poll(async () => (await myAd())?.status, { timeout: 15_000 }).toBe('listed');
      expect(await myAd()).toMatchObject({ price: '7.30', remaining: '1000' });

      // A buy ad at a floating price: 99 % of the index (USDT 1 × the operator's 7.2 CNY) — the server prices it.
      await page.getByRole('tab', { name: 'Buy', exact: true }).click();
      await page.getByRole('tab', { name: 'Floating' }).click();
      await page.getByTestId('c2c-ad-ratio').locator('input').fill('99');
      await page.getByTestId('c2c-ad-total').locator('input').fill('500');
      await page.getByTestId('c2c-ad-min').locator('input').fill('100');
      await page.getByTestId('c2c-ad-max').locator('input').fill('3000');
      await page.getByTestId('c2c-ad-save').click();
      await expect.poll(() => ads.textContent(), { timeout: 15_000 }).toContain('Floating: index × 99.00%');
      const floating = (await userCall<(MyAd & { priceType: string })[]>(server, merchant, '/mapi/c2c/ads')).find(
        (a) => a.priceType === 'floating',
      );
      expect(floating).toMatchObject({ status: 'listed', price: '7.13' });
      expect(await ads.textContent()).toContain('Buy USDT · 7.13 CNY');
      await expect.poll(() => page.locator('.adm-toast-main').count(), { timeout: 8_000 }).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'c2c-ads-merchant-en-dark');
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('(a) order → paid → released: each side sees the other’s step live', async () => {
    const b = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: buyer });
    const m = await newPage(browser, server.url, { lang: 'en', theme: 'light', storage: merchant });
    try {
      // The merchant watches their orders; the buyer's new order appears there without a reload.
      await m.go('/pages/c2c/orders');
      await m.page.getByText('In progress', { exact: true }).click();
      const id = await placeOrder(b, '730');
      await expect.poll(() => stateOf(b.page), { timeout: 15_000 }).toBe('unpaid');
      expect(await b.page.getByTestId('c2c-order-amount').textContent()).toBe('730.00 CNY');
      expect(await b.page.getByTestId('c2c-order-quantity').textContent()).toBe('100 USDT');
      // The buyer sees where to pay: the Alipay account and its QR code.
      await b.page.getByTestId('c2c-order-qr').waitFor({ timeout: 15_000 });
      await screenshot(b.page, 'c2c-order-qr-en-dark');
      // In-app: the notification of the new order arrives live, with a link to it.
      const notices = m.page.getByTestId('c2c-notices');
      await expect.poll(() => notices.textContent(), { timeout: 15_000 }).toContain('New order on your ad');
      await screenshot(m.page, 'c2c-orders-notices-en-light');
      const row = m.page.getByTestId('c2c-orders').locator(`a[href*="id=${id}"]`);
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      await waitForRoute(m.page, '/pages/c2c/order');
      await expect.poll(() => stateOf(m.page), { timeout: 15_000 }).toBe('unpaid');

      await b.page.getByTestId('c2c-mark-paid').click();
      await b.page.locator('[data-testid^="c2c-paid-"]').first().click();
      await expect.poll(() => stateOf(b.page), { timeout: 15_000 }).toBe('paid');
      // Live on the merchant's page: paid, and the release button.
      await expect.poll(() => stateOf(m.page), { timeout: 15_000 }).toBe('paid');
      await screenshot(m.page, 'c2c-order-paid-merchant-en-light');
      await m.page.getByTestId('c2c-release').click();
      await typeFundPassword(m.page, FUND_PASSWORD);
      await expect.poll(() => stateOf(m.page), { timeout: 15_000 }).toBe('completed');
      await expect.poll(() => stateOf(b.page), { timeout: 15_000 }).toBe('completed');
      await expect.poll(() => b.page.getByTestId('c2c-chat').textContent()).toContain('The seller released the coins.');
      expect(await fiat(buyer)).toEqual({ available: '100', frozen: '0' });
      // The merchant: 500 available, the deposit (500) and the ad's remaining 900 held.
      expect(await fiat(merchant)).toEqual({ available: '500', frozen: '1400' });
      expect(await myAd()).toMatchObject({ remaining: '900' });
      expect(b.errors).toEqual([]);
      expect(m.errors).toEqual([]);
    } finally {
      await b.close();
      await m.close();
    }
  });

  it('(b) order → paid → appeal with evidence → an operator rules in the console → both balances', async () => {
    const b = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: buyer });
    const m = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: merchant });
    try {
      const id = await placeOrder(b, '1460');
      appealedOrder = id;
      await expect.poll(() => stateOf(b.page), { timeout: 15_000 }).toBe('unpaid');
      await b.page.getByTestId('c2c-mark-paid').click();
      await b.page.locator('[data-testid^="c2c-paid-"]').first().click();
      await expect.poll(() => stateOf(b.page), { timeout: 15_000 }).toBe('paid');
      await m.go(`/pages/c2c/order?id=${id}`);
      await expect.poll(() => stateOf(m.page), { timeout: 15_000 }).toBe('paid');

      // The buyer appeals: a too-short reason keeps the button off; ten characters and a picture of the transfer.
      await b.page.getByTestId('c2c-appeal-open').click();
      await waitForRoute(b.page, '/pages/c2c/appeal');
      const reason = b.page.getByTestId('c2c-appeal-reason').locator('textarea');
      await reason.fill('paid');
      expect(await b.page.getByTestId('c2c-appeal-send').isDisabled()).toBe(true);
      await reason.fill('I paid 1460 CNY by Alipay, no release');
      await b.page
        .locator('input[name="evidence"]')
        .setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: pngImage(80, 50, [40, 140, 220]) });
      await b.page.locator('.c2c-thumb img').waitFor();
      await screenshot(b.page, 'c2c-appeal-en-dark');
      await b.page.getByTestId('c2c-appeal-send').click();
      await waitForRoute(b.page, '/pages/c2c/order');
      await expect.poll(() => stateOf(b.page), { timeout: 15_000 }).toBe('appeal');
      await b.page.locator('.c2c-evidence__image').waitFor({ timeout: 15_000 });
      // Live on the merchant's side too, with the evidence.
      await expect.poll(() => stateOf(m.page), { timeout: 15_000 }).toBe('appeal');
      await m.page.locator('.c2c-evidence__image').waitFor({ timeout: 15_000 });
      await screenshot(m.page, 'c2c-order-appeal-merchant-en-dark');

      // The operator opens the appeal in the console, sees the evidence, rules release (the buyer paid).
      admin = await operatorToken(server);
      const operator = await operatorCall<unknown>(server, admin, '/admin/api/me');
      const session = JSON.stringify({ token: admin, expiresAt: serverNow(server) + 3_600_000, operator });
      const c = await newPage(browser, server.url, {
        viewport: CONSOLE_VIEWPORT,
        mobile: false,
        storage: { [CONSOLE_KEYS.lang]: 'en', [CONSOLE_KEYS.theme]: 'dark' },
      });
      try {
        await c.page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
          CONSOLE_KEYS.session,
          session,
        ] as const);
        await c.page.goto(`${server.url}/admin/#/c2c`);
        await c.page.getByTestId(`c2c-appeal-${id}`).click({ timeout: 30_000 });
        const detail = c.page.getByTestId('c2c-order-detail');
        await expect.poll(() => detail.textContent(), { timeout: 15_000 }).toContain('I paid 1460 CNY by Alipay');
        await detail.locator('img').first().waitFor({ timeout: 15_000 });
        await screenshot(c.page, 'console-c2c-appeal-dark');
        await c.page.getByTestId('c2c-rule-submit').click();
        await expect
          .poll(() => c.page.getByTestId('c2c-detail-state').textContent(), { timeout: 15_000 })
          .toBe('completed');
        expect(c.errors).toEqual([]);
      } finally {
        await c.close();
      }

      // Both sides see the ruling live; the buyer has 300 USDT, the merchant's ad 700 left.
      await expect.poll(() => stateOf(b.page), { timeout: 15_000 }).toBe('completed');
      await expect.poll(() => stateOf(m.page), { timeout: 15_000 }).toBe('completed');
      expect(await b.page.getByTestId('c2c-appeal').textContent()).toContain('Ruled: coins released to the buyer');
      expect(await fiat(buyer)).toEqual({ available: '300', frozen: '0' });
      expect(await fiat(merchant)).toEqual({ available: '500', frozen: '1200' });
      expect(await myAd()).toMatchObject({ remaining: '700' });
      expect(b.errors).toEqual([]);
      expect(m.errors).toEqual([]);
    } finally {
      await b.close();
      await m.close();
    }
  });

  it('(d) the merchant’s third cancellation in a day forfeits 50% of the deposit, shown before it applies', async () => {
    const m = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: merchant });
    try {
      // The merchant buys from a demo merchant and cancels: two are free.
      const offers = await userCall<{ list: { id: number; merchant: { nickname: string } }[] }>(
        server,
        merchant,
        '/api/c2c/offers?trade=buy&asset=USDT&fiat=CNY',
      );
      const demoAd = offers.list.find((a) => a.merchant.nickname === 'Maple OTC')?.id ?? 0;
      const orderOnDemo = (n: number) =>
        userCall<C2COrderView>(server, merchant, '/mapi/c2c/orders/create', {
          adId: demoAd,
          amount: '725',
          requestId: `journey-cancel-${n}-${Date.now()}`,
        });
      for (const n of [1, 2]) {
        const o = await orderOnDemo(n);
        await userCall(server, merchant, '/mapi/c2c/orders/cancel', { id: o.id, version: o.version });
      }
      expect(await userCall<MerchantInfo>(server, merchant, '/mapi/c2c/merchant')).toMatchObject({
        cancelsToday: 2,
        deposit: { held: '500', forfeited: '0' },
      });

      // The third: the order page asks first, naming the amount.
      const third = await orderOnDemo(3);
      await m.go(`/pages/c2c/order?id=${third.id}`);
      await expect.poll(() => stateOf(m.page), { timeout: 15_000 }).toBe('unpaid');
      // Shown on the page before anything is tapped, and again in the confirmation.
      expect(await m.page.getByTestId('c2c-penalty-warning').textContent()).toContain(
        'cancelling this order costs 250 USDT of your merchant deposit',
      );
      await m.page.getByTestId('c2c-cancel').click();
      const dialog = m.page.locator('.adm-dialog');
      await expect
        .poll(() => dialog.textContent(), { timeout: 10_000 })
        .toContain('This cancellation costs 250 USDT of your merchant deposit. Cancel anyway?');
      await screenshot(m.page, 'c2c-cancel-penalty-en-dark');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => stateOf(m.page), { timeout: 15_000 }).toBe('cancelled');
      expect(await userCall<MerchantInfo>(server, merchant, '/mapi/c2c/merchant')).toMatchObject({
        cancelsToday: 3,
        deposit: { held: '250', forfeited: '250' },
      });
      // 250 left the merchant's wallet for good: 500 available, deposit 250 + ad 700 held.
      expect(await fiat(merchant)).toEqual({ available: '500', frozen: '950' });
      const movements = await operatorCall<{ list: { kind: string; amount: string; orderId: number | null }[] }>(
        server,
        admin,
        `/admin/api/c2c/deposits?uid=${merchant['bourse.uid']}`,
      );
      expect(movements.list[0]).toMatchObject({ kind: 'penalty', amount: '250', orderId: third.id });
      await m.go('/pages/c2c/merchant');
      await expect
        .poll(() => m.page.getByTestId('c2c-merchant').textContent(), { timeout: 15_000 })
        .toContain('Held 250 / 500 USDT');
      expect(m.errors).toEqual([]);
    } finally {
      await m.close();
    }
  });

  it('(c) the payment timer runs out: the escrow stays held for the appeal window, then returns to the ad', async () => {
    const b = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: buyer });
    const m = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: merchant });
    try {
      const id = await placeOrder(b, '730');
      await expect.poll(() => stateOf(b.page), { timeout: 15_000 }).toBe('unpaid');
      await m.go(`/pages/c2c/order?id=${id}`);
      await expect.poll(() => stateOf(m.page), { timeout: 15_000 }).toBe('unpaid');
      expect(await myAd()).toMatchObject({ remaining: '600' });

      // Fifteen minutes pass on the server's clock: the scheduler times the order out.
      await advanceClock(server, 15 * MINUTE + 6_000);
      await expect.poll(() => stateOf(b.page), { timeout: 15_000 }).toBe('timed_out');
      await expect.poll(() => stateOf(m.page), { timeout: 15_000 }).toBe('timed_out');
      // The buyer may still appeal; the escrow is still held (not back in the ad).
      await expect
        .poll(() => b.page.getByTestId('c2c-timer').textContent())
        .toMatch(/You may still appeal for 1[45]:\d\d/);
      await b.page.getByTestId('c2c-appeal-open').waitFor();
      expect(await myAd()).toMatchObject({ remaining: '600' });
      const held = await operatorCall<{ order: { escrowHeld: string } }>(
        server,
        await operatorToken(server),
        `/admin/api/c2c/orders/${id}`,
      );
      expect(held.order.escrowHeld).toBe('100');
      await screenshot(b.page, 'c2c-order-timed-out-en-dark');

      // The window (15 minutes) ends: cancelled, the 100 USDT back in the listed ad.
      await advanceClock(server, 15 * MINUTE + 6_000);
      await expect.poll(() => stateOf(b.page), { timeout: 15_000 }).toBe('cancelled');
      await expect.poll(() => stateOf(m.page), { timeout: 15_000 }).toBe('cancelled');
      expect(await myAd()).toMatchObject({ remaining: '700' });
      expect(await fiat(buyer)).toEqual({ available: '300', frozen: '0' });
      expect(await b.page.getByTestId('c2c-appeal-open').count()).toBe(0);
      const report = await operatorCall<{ ok: boolean; problems: string[] }>(
        server,
        await operatorToken(server),
        '/admin/api/ledger/reconcile',
      );
      expect(report.problems).toEqual([]);
      expect(b.errors).toEqual([]);
      expect(m.errors).toEqual([]);
    } finally {
      await b.close();
      await m.close();
    }
  });

  const looks: [AppLang, AppTheme][] = [
    ['en', 'light'],
    ['zh_CN', 'dark'],
    ['zh_CN', 'light'],
  ];
  for (const [lang, theme] of looks) {
    it(`shows the merchant's and the appeal pages in ${lang}, ${theme}, without overflow`, async () => {
      const app = await newPage(browser, server.url, { lang, theme, storage: merchant });
      const { page } = app;
      try {
        for (const [path, testId, name] of [
          ['/pages/c2c/ads', 'c2c-my-ads', 'ads'],
          ['/pages/c2c/payments', 'c2c-payments', 'payments'],
          [`/pages/c2c/appeal?id=${appealedOrder}`, 'c2c-appeal-page', 'appeal'],
          [`/pages/c2c/order?id=${appealedOrder}`, 'c2c-evidence', 'order-evidence'],
        ] as const) {
          await app.go(path);
          await page.getByTestId(testId).waitFor({ timeout: 15_000 });
          expect(await hasHorizontalOverflow(page)).toBe(false);
          await screenshot(page, `c2c-${name}-${lang}-${theme}`);
        }
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }

  it('shows the console C2C settings and the deposit movements, dark and light', async () => {
    admin = await operatorToken(server);
    const operator = await operatorCall<unknown>(server, admin, '/admin/api/me');
    const session = JSON.stringify({ token: admin, expiresAt: serverNow(server) + 3_600_000, operator });
    for (const theme of ['dark', 'light'] as AppTheme[]) {
      const c = await newPage(browser, server.url, {
        viewport: CONSOLE_VIEWPORT,
        mobile: false,
        storage: { [CONSOLE_KEYS.lang]: theme === 'dark' ? 'en' : 'zh_CN', [CONSOLE_KEYS.theme]: theme },
      });
      try {
        await c.page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
          CONSOLE_KEYS.session,
          session,
        ] as const);
        await c.page.goto(`${server.url}/admin/#/c2c/settings`);
        await c.page.getByTestId('c2c-settings').waitFor({ timeout: 30_000 });
        const window = c.page.locator(
          '[data-testid="c2c-appeal-window"] input, input[data-testid="c2c-appeal-window"]',
        );
        expect(await window.inputValue()).toBe('15');
        await screenshot(c.page, `console-c2c-settings-${theme}`);
        await c.page.goto(`${server.url}/admin/#/c2c?tab=deposits`);
        const table = c.page.getByTestId('c2c-deposits');
        await expect.poll(() => table.textContent(), { timeout: 15_000 }).toContain('250 USDT');
        await screenshot(c.page, `console-c2c-deposits-${theme}`);
        // The other tabs: the merchant (active, deposit 250 of 500), their ad, the orders with what escrow holds.
        const nickname = (await userCall<MerchantInfo & { nickname: string }>(server, merchant, '/mapi/c2c/merchant'))
          .nickname;
        for (const [tab, expected] of [
          ['merchants', '250 / 500 USDT'],
          ['ads', '7.30 CNY'],
          ['orders', nickname],
        ] as const) {
          await c.page.goto(`${server.url}/admin/#/c2c?tab=${tab}`);
          await expect
            .poll(() => c.page.getByTestId(`c2c-${tab}`).textContent(), { timeout: 15_000 })
            .toContain(expected);
          await screenshot(c.page, `console-c2c-${tab}-${theme}`);
        }
        expect(c.errors).toEqual([]);
      } finally {
        await c.close();
      }
    }
  });
});
