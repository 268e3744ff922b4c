import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceClock,
  type AppLang,
  CONSOLE_KEYS,
  CONSOLE_VIEWPORT,
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
  waitForRoute,
} from '../harness';
import { operatorSignIn } from '../harness/app';

/**
 * The earn journey on a TEST_CLOCK server: a user with 20,000 USDT subscribes 10,000 to the demo's flexible USDT
 * product (4.5% a year) and commits 100 USDT to the demo's NOVA sale in the browser; three days pass on the test
 * clock — the scheduler pays the two complete accrual days (10,000 × 0.045 / 365 = 1.23287671… a day, the remainder
 * carried), which the records page shows; the user redeems everything and the balance is the principal plus exactly
 * what was paid. Three more days close NOVA's window: the page shows the allocation (2,000 NOVA for 100 USDT, the sale
 * being undersubscribed). Then the pages in English and Chinese, dark and light.
 */
const PASSWORD = 'journey-pass1';
const DAY = 86_400_000;

let server: TestServer;
let browser: Browser;
let admin: string;
let login: LoginStorage;

type Balances = { wallets: { wallet: string; assets: { asset: string; available: string; frozen: string }[] }[] };

const userCall = <T>(path: string, body?: unknown) => operatorCall<T>(server, login['bourse.token'], path, body);

async function spot(asset: string): Promise<{ available: string; frozen: string }> {
  const b = await userCall<Balances>('/mapi/wallet/balances');
  const row = b.wallets.find((w) => w.wallet === 'spot')?.assets.find((a) => a.asset === asset);
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

async function clickText(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: text, exact: true }).click();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { CHAIN_BLOCK_MS: '0', TEST_CLOCK: 'true' } }),
    launchBrowser(),
  ]);
  admin = await operatorToken(server);
  login = await registerViaApi(server, uniqueEmail('earn'), PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('earn journey', () => {
  it('subscribe flexible → days pass on the test clock → returns shown → redeem → balance; NOVA allocation', async () => {
    // 20,000 USDT arrive the way money really does: a deposit on the simulated chain, mined until done.
    const { address } = await userCall<{ address: string }>('/mapi/wallet/depositAddress?asset=USDT&network=TRC20');
    await operatorCall(server, admin, '/admin/api/wallet/chain/deposit', {
      asset: 'USDT',
      network: 'TRC20',
      address,
      amount: '20000',
    });
    await operatorCall(server, admin, '/admin/api/wallet/chain/mine', { blocks: 2 });
    await expect.poll(() => spot('USDT'), { timeout: 15_000 }).toEqual({ available: '20000', frozen: '0' });
    const app = await newPage(browser, server.url, { storage: login });
    const { page } = app;
    try {
      const products = await userCall<{ id: number; asset: string; kind: string }[]>('/mapi/wealth/products');
      const flex = products.find((p) => p.asset === 'USDT' && p.kind === 'flexible');
      expect(flex).toBeDefined();

      // The product list, then the product's terms and the subscription form.
      await app.go('/pages/financial/financial');
      await page.getByTestId(`wealth-product-${flex?.id}`).click();
      await waitForRoute(page, '/pages/financial/financial');
      await expect.poll(() => page.getByTestId('wealth-apr').textContent()).toBe('4.5%');
      await expect.poll(() => page.getByTestId('wealth-available').textContent()).toContain('20,000');
      // Below the minimum: the catalogue's message, nothing locked.
      await page.locator('#wealth-amount').fill('5');
      await clickText(page, 'Subscribe');
      await expect
        .poll(() => page.locator('.field__error').first().textContent())
        .toContain('below the minimum purchase');
      await page.locator('#wealth-amount').fill('10000');
      await clickText(page, 'Subscribe');
      await waitForRoute(page, '/pages/financial/records');
      const card = page.locator('[data-testid^="wealth-position-"]').first();
      await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('10,000');
      expect(await spot('USDT')).toEqual({ available: '10000', frozen: '10000' });

      // A commitment to the open NOVA sale.
      await app.go('/pages/purchase/purchase');
      await page.getByTestId('purchase-project-NOVA').click();
      await page.locator('#purchase-amount').fill('100');
      await clickText(page, 'Subscribe');
      const mine = page.getByTestId('purchase-mine');
      await expect.poll(() => mine.textContent(), { timeout: 15_000 }).toContain('Waiting for allocation');
      expect(await spot('USDT')).toEqual({ available: '9900', frozen: '10100' });

      // Three days pass: the two complete accrual days after the subscription day are paid, each once.
      await advanceClock(server, 3 * DAY);
      await app.go('/pages/financial/records?tab=returns');
      const returns = page.getByTestId('wealth-return');
      await expect.poll(() => returns.count(), { timeout: 15_000 }).toBe(2);
      for (const text of await returns.allTextContents()) expect(text).toContain('+1.23287671');
      await app.go('/pages/financial/records');
      await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('+2.46575342');
      await screenshot(page, 'earn-holdings-en-dark');

      // Redeem everything (flexible: an empty amount is all of it).
      await card.getByRole('button', { name: 'Redeem' }).click();
      await page.getByTestId('wealth-redeem').getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => page.locator('[data-testid^="wealth-position-"]').count(), { timeout: 15_000 }).toBe(0);
      await page.getByRole('tab', { name: 'Closed', exact: true }).click();
      await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('Earned');
      expect(await spot('USDT')).toEqual({ available: '19902.46575342', frozen: '100' });
      await app.go('/pages/financial/financial');
      await expect
        .poll(() => page.getByTestId('wealth-summary').textContent(), { timeout: 15_000 })
        .toContain('2.46575342');

      // Three more days: NOVA's window has closed and the scheduler allocated it.
      await advanceClock(server, 3 * DAY);
      await app.go('/pages/purchase/purchase');
      await page.getByTestId('purchase-project-NOVA').click();
      await expect.poll(() => mine.textContent(), { timeout: 15_000 }).toContain('Allocated');
      expect(await mine.textContent()).toContain('2,000 NOVA');
      expect(await spot('NOVA')).toEqual({ available: '2000', frozen: '0' });
      expect(await spot('USDT')).toEqual({ available: '19902.46575342', frozen: '0' });
      await screenshot(page, 'earn-purchase-allocated-en-dark');
      // The one refusal on the way (below the minimum purchase) is an HTTP 400 the browser logs; nothing else.
      expect(app.errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    } finally {
      await app.close();
    }
  }, 180_000);

  const looks: [AppLang, AppTheme][] = [
    ['en', 'light'],
    ['zh_CN', 'dark'],
    ['zh_CN', 'light'],
  ];
  it.each(looks)('shows the earn pages in %s, %s, without horizontal overflow', async (lang, theme) => {
    const app = await newPage(browser, server.url, { lang, theme, storage: login });
    const { page } = app;
    try {
      const routes: [string, string, string][] = [
        ['/pages/financial/financial', '.wealth-product', 'financial'],
        ['/pages/financial/financial?id=2', '[data-testid="wealth-apr"]', 'detail'],
        ['/pages/financial/records?tab=returns', '[data-testid="wealth-return"]', 'returns'],
        ['/pages/purchase/purchase', '[data-testid="purchase-project-NOVA"]', 'purchase'],
      ];
      for (const [route, ready, name] of routes) {
        await app.go(route);
        await page.locator(ready).first().waitFor({ timeout: 15_000 });
        expect(await hasHorizontalOverflow(page), route).toBe(false);
        await screenshot(page, `earn-${name}-${lang}-${theme}`);
      }
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('shows the operator the products, holdings and the NOVA allocation in the console', async () => {
    const email = uniqueEmail('earn-op');
    // Six days passed on the test clock: the harness signs the administrator in again.
    const created = await operatorCall<{ password: string }>(
      server,
      await operatorToken(server),
      '/admin/api/operators',
      {
        email,
        name: 'Earn desk',
        role: 'risk',
      },
    );
    // The console's own sign-in page computes two-factor codes from real time, and this server's clock is six days
    // ahead: the operator signs in through the API (codes at the server's time) and the console gets the session.
    const token = await operatorSignIn(server, email, created.password);
    const operator = await operatorCall<unknown>(server, token, '/admin/api/me');
    const app = await newPage(browser, server.url, {
      mobile: false,
      viewport: CONSOLE_VIEWPORT,
      storage: { [CONSOLE_KEYS.lang]: 'en', [CONSOLE_KEYS.theme]: 'light' },
    });
    await app.context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
      CONSOLE_KEYS.session,
      JSON.stringify({ token, expiresAt: Date.now() + 3_600_000, operator }),
    ] as const);
    const { page } = app;
    try {
      await page.goto(`${server.url}/admin/#/earn/wealth`);
      const products = page.getByTestId('wealth-products');
      await expect.poll(() => products.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(3);
      // The journey's 2.46575342 USDT of interest are among what the USDT products paid.
      await expect.poll(() => page.getByTestId('wealth-totals').textContent()).toContain('USDT');
      await screenshot(page, 'earn-console-products-en-light');
      await page.goto(`${server.url}/admin/#/earn/wealth/holdings`);
      await expect
        .poll(() => page.getByTestId('wealth-positions').textContent(), { timeout: 15_000 })
        .toContain('2.46575342');
      await screenshot(page, 'earn-console-holdings-en-light');
      await page.goto(`${server.url}/admin/#/earn/subscription`);
      await page.getByTestId('project-applications-NOVA').click();
      const applications = page.getByTestId('subscription-applications');
      await expect.poll(() => applications.textContent(), { timeout: 15_000 }).toContain('2,000');
      expect(await applications.textContent()).toContain('Allocated');
      await screenshot(page, 'earn-console-allocation-en-light');
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
