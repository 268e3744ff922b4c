import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppLang,
  type AppTheme,
  CONSOLE_KEYS,
  CONSOLE_VIEWPORT,
  hasHorizontalOverflow,
  launchBrowser,
  type LoginStorage,
  loginViaApi,
  newPage,
  operatorCall,
  operatorToken,
  registerViaApi,
  screenshot,
  signInToConsole,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../harness';

/**
 * Membership and listings, on a fresh install's demo data (the demo levels: Silver 20 USDT for 30 days, 10% off spot
 * fees): the demo user buys Silver on /pages/member/member → a market buy pays 10% less fee → /pages/member/shou
 * shows the discount from its record. A new user applies for a coin listing → a risk operator approves it in the
 * console → the app shows it approved. Then every page in en/zh_CN × dark/light, and the console pages.
 */
const DEMO = { account: 'demo@bourse.local', password: 'demo123456' };

let server: TestServer;
let browser: Browser;
let demo: LoginStorage;
let desks = 0;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function userCall<T>(login: LoginStorage, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: login['bourse.token'] },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.adm-toast-main').count(), { timeout: 8_000 }).toBe(0);
}

async function consolePage(lang: AppLang, theme: AppTheme) {
  const app = await newPage(browser, server.url, {
    viewport: CONSOLE_VIEWPORT,
    mobile: false,
    storage: { [CONSOLE_KEYS.lang]: lang, [CONSOLE_KEYS.theme]: theme },
  });
  await app.page.goto(`${server.url}/admin/`);
  // A risk operator of its own per page: the first sign-in sets two-factor up, none asks for a code of another's.
  const email = `risk-member-${++desks}@bourse.local`;
  const admin = await operatorToken(server);
  const { password } = await operatorCall<{ password: string }>(server, admin, '/admin/api/operators', {
    email,
    name: `Risk ${desks}`,
    role: 'risk',
  });
  await signInToConsole(app.page, email, password);
  return app;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { CHAIN_BLOCK_MS: '0' } }), launchBrowser()]);
  demo = await loginViaApi(server, DEMO.account, DEMO.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('membership and listings journey', () => {
  it('buy Silver → a market buy pays the discounted fee → the benefits page shows the discount', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: demo });
    const { page } = app;
    try {
      await app.go('/pages/member/member');
      await page.getByTestId('member-level').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('member-level').textContent()).toBe('Regular');
      await screenshot(page, 'member-before-en-dark');
      await page.getByTestId('member-buy-1').click();
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect.poll(() => page.getByTestId('member-level').textContent(), { timeout: 10_000 }).toBe('Silver');
      await settled(page);
      await screenshot(page, 'member-silver-en-dark');

      // A market buy of BTC for 100 USDT: the fee (in BTC) is 0.09% of what was bought instead of 0.1%.
      const order = await userCall<{ filledQuantity: string; fee: string; feeAsset: string }>(
        demo,
        '/mapi/spot/neworder',
        { symbol: 'BTC_USDT', side: 'buy', type: 'market', quoteQuantity: '100' },
      );
      expect(order.feeAsset).toBe('BTC');
      const rate = Number(order.fee) / Number(order.filledQuantity);
      // (Each fill's fee is rounded up to the satoshi: a little above 0.09%, far below the regular 0.1%.)
      expect(rate).toBeGreaterThan(0.00089);
      expect(rate).toBeLessThan(0.00093);

      await app.go('/pages/member/shou');
      const totals = page.getByTestId('benefit-totals');
      await totals.waitFor({ timeout: 15_000 });
      const row = totals.locator('[data-benefit="spot_fee"]');
      await expect.poll(() => row.textContent()).toContain('BTC');
      const benefits = await userCall<{ totals: { kind: string; asset: string; amount: string }[] }>(
        demo,
        '/mapi/member/benefits',
      );
      const saved = Number(benefits.totals.find((t) => t.kind === 'spot_fee' && t.asset === 'BTC')?.amount);
      // What the discount saved is a ninth of the fee paid (10% off: paid 90, saved 10), to the satoshi per fill.
      expect(Math.abs(saved - Number(order.fee) / 9)).toBeLessThan(5e-7);
      await screenshot(page, 'member-benefits-en-dark');
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('apply for a listing → the risk desk approves it in the console → the app shows it approved', async () => {
    const applicant = await registerViaApi(server, uniqueEmail('listing'), 'journey-pass1');
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'light', storage: applicant });
    const { page } = app;
    try {
      await app.go('/pages/usreMei/report');
      const fields: Record<string, string> = {
        projectName: 'Moon Project',
        symbol: 'MOON',
        chain: 'ERC20',
        website: 'https://moon.example',
        totalSupply: '1000000000',
        contactName: 'Jane Doe',
        contact: 'jane@moon.example',
      };
      await page.locator('input[name="projectName"]').waitFor({ timeout: 15_000 });
      for (const [name, value] of Object.entries(fields)) await page.locator(`input[name="${name}"]`).fill(value);
      // Nothing is sent while a required field is empty: the field says why.
      await page.getByRole('button', { name: 'Submit application' }).click();
      await page.locator('.field--error').first().waitFor();
      await page.locator('textarea[name="description"]').fill('A token for the moon, with a real community.');
      await screenshot(page, 'listing-form-en-light');
      await page.getByRole('button', { name: 'Submit application' }).click();
      const card = page.locator('[data-testid^="listing-"]').first();
      await card.waitFor({ timeout: 10_000 });
      expect(await card.getByTestId('listing-status').textContent()).toBe('Under review');
      const id = Number(((await card.getAttribute('data-testid')) ?? '').replace('listing-', ''));

      const desk = await consolePage('en', 'dark');
      try {
        await desk.page.goto(`${server.url}/admin/#/listings`);
        const approve = desk.page.getByTestId(`listing-approve-${id}`);
        await approve.waitFor({ timeout: 15_000 });
        await screenshot(desk.page, 'console-listings-en-dark');
        await approve.click();
        await desk.page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
        await expect.poll(() => approve.count(), { timeout: 10_000 }).toBe(0);
        expect(desk.errors).toEqual([]);
      } finally {
        await desk.close();
      }

      const mine = await userCall<{ list: { id: number; status: string }[] }>(applicant, '/mapi/listing/mine');
      expect(mine.list.find((a) => a.id === id)?.status).toBe('approved');
      // The applicant comes back to the page later (from Me): it asks the server again.
      await app.go('/pages/usreMei/usreMei');
      await app.go('/pages/usreMei/report?tab=mine');
      await expect
        .poll(() => page.getByTestId(`listing-${id}`).getByTestId('listing-status').textContent(), { timeout: 10_000 })
        .toBe('Approved');
      await screenshot(page, 'listing-approved-en-light');
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
  it.each(looks)('every page in %s, %s: no overflow, no errors', async (lang, theme) => {
    const app = await newPage(browser, server.url, { lang, theme, storage: demo });
    try {
      for (const [route, name, ready] of [
        ['/pages/member/member', 'member', 'member-level-3'],
        ['/pages/member/shou', 'shou', 'benefit-totals'],
        ['/pages/usreMei/report', 'report', null],
        ['/pages/usreMei/newUsreMei', 'newcomer', 'newcomer-reward-deposit'],
      ] as const) {
        await app.go(route);
        if (ready) await app.page.getByTestId(ready).waitFor({ timeout: 15_000 });
        else await app.page.locator('input[name="projectName"]').waitFor({ timeout: 15_000 });
        expect(await hasHorizontalOverflow(app.page)).toBe(false);
        await screenshot(app.page, `member-${name}-${lang}-${theme}`);
      }
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
    const desk = await consolePage(lang, theme);
    try {
      for (const [route, name, ready] of [
        ['/membership', 'membership', 'members-table'],
        ['/rewards', 'rewards', 'newcomer-table'],
      ] as const) {
        await desk.page.goto(`${server.url}/admin/#${route}`);
        await desk.page.getByTestId(ready).waitFor({ timeout: 15_000 });
        await desk.page.getByTestId(ready).scrollIntoViewIfNeeded();
        await screenshot(desk.page, `console-${name}-${lang}-${theme}`);
      }
      expect(desk.errors).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
