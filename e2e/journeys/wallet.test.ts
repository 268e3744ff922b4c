import type { Browser, Page } from 'playwright-core';
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
  setFundPassword,
  startServer,
  type TestServer,
  uniqueEmail,
  waitForRoute,
  walletBalance,
} from '../harness';

/**
 * The wallet journey: an operator sends a test deposit to the user's address on the simulated chain; the deposit page
 * shows it confirm and land in spot; the user moves part of it to the options wallet, withdraws with the fund
 * password; the operator approves; the user sees the withdrawal succeed after its confirmations. Blocks are mined
 * through the operator API (CHAIN_BLOCK_MS=0), so every step is deterministic. Then each wallet page in English and
 * Chinese, dark and light.
 */
const PASSWORD = 'journey-pass1';
const FUND_PASSWORD = '246810';
/** A real Tron address that belongs to nobody on this exchange (Tether's contract). */
const EXTERNAL_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let server: TestServer;
let browser: Browser;
let admin: string;
let login: LoginStorage;
/** The journey's withdrawal, looked at again in every language and theme. */
let withdrawalId = 0;

const balance = (wallet: string, asset: string) => walletBalance(server, login, wallet, asset);

const mine = (blocks: number) => operatorCall(server, admin, '/admin/api/wallet/chain/mine', { blocks });

async function typeFundPassword(page: Page, password: string): Promise<void> {
  const popup = page.locator('.security-check');
  await popup.waitFor();
  await popup.locator('[data-testid="fund-password"]').click();
  await page.keyboard.type(password, { delay: 30 });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { CHAIN_BLOCK_MS: '0' } }), launchBrowser()]);
  admin = await operatorToken(server);
  login = await registerViaApi(server, uniqueEmail('wallet'), PASSWORD);
  await setFundPassword(server, login, PASSWORD, FUND_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('wallet journey', () => {
  it('deposit confirms → transfer to options → withdraw with fund password → approved → succeeded', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: login });
    const { page } = app;
    try {
      // Deposit page: the user's own Tron address, and the confirmation rule.
      await app.go('/pages/usreMei/recharge?coin=USDT&network=TRC20');
      const addressBox = page.getByTestId('deposit-address');
      await expect.poll(() => addressBox.textContent(), { timeout: 15_000 }).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      const address = (await addressBox.textContent()) ?? '';
      expect(await page.locator('.deposit-card__qr svg').count()).toBe(1);
      await screenshot(page, 'wallet-recharge-en-dark');

      // The operator sends 500 USDT from outside; the page notices it, then sees it confirm.
      const sent = await operatorCall<{ txHash: string; uid: number | null }>(
        server,
        admin,
        '/admin/api/wallet/chain/deposit',
        { asset: 'USDT', network: 'TRC20', address, amount: '500' },
      );
      expect(sent.uid).toBe(Number(login['bourse.uid']));
      const row = page.getByTestId('deposit-row').first();
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('pending');
      await expect.poll(() => row.textContent()).toContain('0/1');
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, 'wallet-deposit-pending-en-dark');
      await mine(1);
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('credited');
      await expect.poll(() => row.textContent()).toContain('1/2');
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, 'wallet-deposit-credited-en-dark');
      await mine(1);
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
      expect(await balance('spot', 'USDT')).toEqual({ available: '500', frozen: '0' });

      // Assets: it landed in spot.
      await app.go('/pages/usreMei/property');
      await expect
        .poll(() => page.locator('.asset-row').first().textContent(), { timeout: 15_000 })
        .toContain('500.0000');
      await screenshot(page, 'wallet-property-en-dark');

      // Transfer 100 USDT from spot to the options wallet (a product that is open).
      await app.go('/pages/usreMei/transfer?coin=USDT&from=spot&to=options');
      await expect.poll(() => page.getByTestId('transfer-to').textContent()).toBe('Options');
      await page.locator('input[name="amount"]').fill('100');
      await screenshot(page, 'wallet-transfer-en-dark');
      await page.getByRole('button', { name: 'Confirm transfer' }).click();
      await expect
        .poll(() => balance('options', 'USDT'), { timeout: 10_000 })
        .toEqual({ available: '100', frozen: '0' });
      expect(await balance('spot', 'USDT')).toEqual({ available: '400', frozen: '0' });

      // Withdraw 50 USDT (+1 fee) to an outside address, with the fund password.
      await app.go('/pages/usreMei/withdraw?coin=USDT&network=TRC20');
      await page.locator('input[name="address"]').fill(EXTERNAL_TRON);
      await page.locator('input[name="amount"]').fill('50');
      await expect.poll(() => page.locator('.rules').first().textContent()).toContain('51 USDT');
      await screenshot(page, 'wallet-withdraw-en-dark');
      await page.locator('form button[type="submit"]').click();
      await typeFundPassword(page, FUND_PASSWORD.slice(0, 5));
      await screenshot(page, 'wallet-withdraw-password-en-dark');
      // The sixth digit submits.
      await page.keyboard.type(FUND_PASSWORD.slice(5));
      await waitForRoute(page, '/pages/usreMei/withdraw-detail');
      const detail = page.getByTestId('withdraw-detail');
      await expect.poll(() => detail.getAttribute('data-status'), { timeout: 15_000 }).toBe('review');
      expect(await balance('spot', 'USDT')).toEqual({ available: '349', frozen: '51' });
      await screenshot(page, 'wallet-withdraw-review-en-dark');

      // The operator approves: it is broadcast; two blocks later it has succeeded.
      const queue = await operatorCall<{ list: { id: number }[] }>(
        server,
        admin,
        '/admin/api/wallet/withdrawals?status=review',
      );
      const id = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
      expect(queue.list.map((w) => w.id)).toContain(id);
      withdrawalId = id;
      await operatorCall(server, admin, '/admin/api/wallet/withdrawals/approve', { id });
      await expect.poll(() => detail.getAttribute('data-status'), { timeout: 15_000 }).toBe('broadcast');
      await mine(1);
      await expect.poll(() => page.locator('.detail-steps').textContent(), { timeout: 15_000 }).toContain('1/2');
      await screenshot(page, 'wallet-withdraw-broadcast-en-dark');
      await mine(1);
      await expect.poll(() => detail.getAttribute('data-status'), { timeout: 15_000 }).toBe('succeeded');
      await screenshot(page, 'wallet-withdraw-succeeded-en-dark');
      expect(await balance('spot', 'USDT')).toEqual({ available: '349', frozen: '0' });

      // Records show every movement; the ledger still reconciles.
      await app.go('/pages/usreMei/wallet-details');
      await expect.poll(() => page.locator('.record-row').count(), { timeout: 15_000 }).toBe(3);
      // The withdrawal cost what arrived plus the fee, and says so.
      const withdrawn = page.locator('.record-row', { has: page.locator('.record-row__fee') });
      expect(await withdrawn.locator('.record-row__amount').textContent()).toBe('−51.0000 USDT');
      expect(await withdrawn.locator('.record-row__fee').textContent()).toBe('Incl. network fee 1 USDT');
      await screenshot(page, 'wallet-records-en-dark');
      const report = await operatorCall<{ ok: boolean; problems: string[] }>(
        server,
        admin,
        '/admin/api/ledger/reconcile',
      );
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);

      // Flash transfer to the demo account by email: the page shows who will receive before the fund password.
      await app.go('/pages/usreMei/flash?coin=USDT');
      await page.locator('input[name="recipient"]').fill('demo@bourse.local');
      await expect
        .poll(() => page.getByTestId('recipient').textContent(), { timeout: 10_000 })
        .toContain('de***@bourse.local');
      await page.locator('input[name="amount"]').fill('10');
      await screenshot(page, 'wallet-flash-en-dark');
      await page.locator('form button[type="submit"]').click();
      await typeFundPassword(page, FUND_PASSWORD);
      await page.locator('.adm-dialog').getByText('Sent', { exact: true }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'wallet-flash-sent-en-dark');
      expect(await balance('spot', 'USDT')).toEqual({ available: '339', frozen: '0' });
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('is reachable from the Home shortcuts and the Me page', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: login });
    const { page } = app;
    try {
      await app.go('/pages/index/home');
      await page.locator('.service-grid').getByText('Deposit', { exact: true }).click();
      await waitForRoute(page, '/pages/usreMei/currency');
      await page.locator('.coin-list-item').first().waitFor();
      await app.go('/pages/usreMei/usreMei');
      await page.getByText('Assets', { exact: true }).click();
      await waitForRoute(page, '/pages/usreMei/property');
      await page.locator('.asset-row').first().waitFor();
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  const looks: { lang: AppLang; theme: AppTheme }[] = [
    { lang: 'en', theme: 'light' },
    { lang: 'zh_CN', theme: 'dark' },
    { lang: 'zh_CN', theme: 'light' },
  ];
  const pages = [
    ['property', '/pages/usreMei/property', '.asset-row'],
    ['currency', '/pages/usreMei/currency?type=recharge', '.coin-list-item'],
    ['recharge', '/pages/usreMei/recharge?coin=USDT', '.deposit-card__qr svg'],
    ['withdraw', '/pages/usreMei/withdraw?coin=USDT', 'input[name="address"]'],
    ['withdraw-detail', '/pages/usreMei/withdraw-detail?id=', '.detail-steps'],
    ['transfer', '/pages/usreMei/transfer', '.transfer-card'],
    ['records', '/pages/usreMei/wallet-details', '.record-row'],
    ['flash', '/pages/usreMei/flash', 'input[name="recipient"]'],
  ] as const;
  for (const { lang, theme } of looks) {
    it(`every wallet page in ${lang}, ${theme}`, async () => {
      const app = await newPage(browser, server.url, { lang, theme, storage: login });
      try {
        for (const [name, route, ready] of pages) {
          await app.go(route.endsWith('id=') ? `${route}${withdrawalId}` : route);
          await app.page.locator(ready).first().waitFor({ timeout: 15_000 });
          expect(await hasHorizontalOverflow(app.page), name).toBe(false);
          await screenshot(app.page, `wallet-${name}-${lang}-${theme}`);
        }
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }
});
