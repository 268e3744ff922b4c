import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceClock,
  type AppLang,
  depositOnChain,
  type AppTheme,
  hasHorizontalOverflow,
  launchBrowser,
  type LoginStorage,
  newPage,
  operatorCall,
  operatorToken,
  registerViaApi,
  screenshot,
  serverNow,
  startServer,
  type TestServer,
  uniqueEmail,
  waitForRoute,
  walletBalance,
} from '../harness';
import { CONSOLE_KEYS, CONSOLE_VIEWPORT } from '../harness/console';

/**
 * The lending journey (mining machines and crypto loans) on a TEST_CLOCK server: the user, funded by a deposit on the
 * simulated chain, buys the trial machine with its fuel; the clock passes two midnights (the machine starts, then its
 * first day pays); the income shows and is collected to spot. Then the user borrows USDT against BTC with the
 * server's quote; an hour passes, the price drops (the loans index pinned through the TEST_CLOCK-only operator route),
 * the next minute calls for margin — the notice on the loans page and a mail in the outbox — and the user repays it
 * in full. Then the pages in English and Chinese, dark and light.
 */
const PASSWORD = 'journey-pass1';
const DAY = 86_400_000;

let server: TestServer;
let browser: Browser;
let admin: string;
let login: LoginStorage;
let email: string;

const balance = (wallet: string, asset: string) => walletBalance(server, login, wallet, asset);
const deposit = (asset: string, network: string, amount: string) =>
  depositOnChain(server, admin, login, asset, network, amount);

/** The newest mail to `to` whose subject starts with `subject`, from the server's outbox (no SMTP configured). */
async function waitForMail(to: string, subject: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    const files = existsSync(outbox) ? (await readdir(outbox)).filter((f) => f.endsWith('.json')) : [];
    for (const file of files) {
      const m = JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as {
        to: string;
        subject: string;
        text: string;
      };
      if (m.to === to && m.subject.startsWith(subject)) return m.text;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { CHAIN_BLOCK_MS: '0', TEST_CLOCK: 'true' } }),
    launchBrowser(),
  ]);
  admin = await operatorToken(server);
  email = uniqueEmail('lending');
  login = await registerViaApi(server, email, PASSWORD);
  await deposit('USDT', 'TRC20', '100');
  await deposit('BTC', 'BTC', '0.1');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('lending journey', () => {
  it('buy a machine → a day passes → income collected to spot', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: login });
    const { page } = app;
    try {
      await app.go('/pages/mining/index');
      const trial = page.getByTestId('machine-1');
      await expect.poll(() => trial.textContent(), { timeout: 15_000 }).toContain('Trial miner');
      expect(await trial.textContent()).toContain('0.000016 BTC');
      await screenshot(page, 'mining-machines-en-dark');
      await trial.getByRole('button', { name: 'Buy' }).click();
      await expect.poll(() => page.getByTestId('mining-amount').inputValue()).toBe('0.35');
      await page.getByTestId('mining-confirm').click();
      await waitForRoute(page, '/pages/mining/miners');
      const miner = page.locator('[data-testid^="miner-"]').first();
      await expect.poll(() => miner.textContent(), { timeout: 15_000 }).toContain('Not started');
      expect(await balance('spot', 'USDT')).toEqual({ available: '89.65', frozen: '0' });

      // Two midnights: the first starts the machine (its first fuel burns), the second pays its first day.
      const now = serverNow(server);
      const firstMidnight = Math.floor(now / DAY) * DAY + DAY;
      await advanceClock(server, firstMidnight + DAY + 1000 - now);
      await page.reload();
      await expect.poll(() => miner.textContent(), { timeout: 15_000 }).toContain('Running');
      const uncollected = page.locator('[data-testid$="-uncollected"]').first();
      await expect.poll(() => uncollected.textContent()).toBe('0.000016 BTC');
      await screenshot(page, 'mining-miners-en-dark');
      await page.locator('[data-testid$="-collect"]').first().click();
      await expect.poll(() => uncollected.textContent(), { timeout: 10_000 }).toBe('0 BTC');
      expect(await balance('spot', 'BTC')).toEqual({ available: '0.100016', frozen: '0' });
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('borrow USDT against BTC with the server’s quote → the price drops → margin call shown → repay', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: login });
    const { page } = app;
    try {
      await app.go('/pages/lending/index');
      await page.getByTestId('loan-collateral').fill('0.05');
      await page.getByTestId('loan-amount').fill('1000');
      const ltv = page.getByTestId('quote-ltv');
      await expect.poll(() => ltv.textContent(), { timeout: 15_000 }).toMatch(/^\d+(\.\d+)?%$/);
      await screenshot(page, 'loans-borrow-en-dark');
      await page.getByTestId('loan-borrow').click();
      await waitForRoute(page, '/pages/lending/loans');
      const card = page.locator('[data-testid^="loan-"]').first();
      await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('Healthy');
      expect(await balance('spot', 'USDT')).toEqual({ available: '1089.65', frozen: '0' });
      expect(await balance('spot', 'BTC')).toEqual({ available: '0.050016', frozen: '0.05' });
      await screenshot(page, 'loans-list-en-dark');

      // An hour of interest accrues by the minute.
      await advanceClock(server, 3_600_000);
      // The price drops: BTC at 25,600 USDT puts 1000 USDT against 0.05 BTC at about 78 %, past the 75 % margin
      // call and short of the 83 % liquidation. The next minute's check calls for margin: notice and mail.
      admin = await operatorToken(server); // the clock has moved past the first session
      const pin = await operatorCall<{ price: string }>(server, admin, '/admin/api/loans/testIndex', {
        asset: 'BTC',
        price: '25600',
      });
      expect(pin.price).toBe('25600');
      await advanceClock(server, 60_000);
      await page.reload();
      const notice = page.locator('[data-testid$="-margin-call"]').first();
      await expect.poll(() => notice.textContent(), { timeout: 15_000 }).toMatch(/78(\.\d+)?%/);
      expect(await card.textContent()).toContain('Margin call');
      await screenshot(page, 'loans-margin-call-en-dark');
      const mail = await waitForMail(email, 'Margin call on loan');
      expect(mail).toContain('has reached 78');

      // Repaying everything pays the debt with its interest and returns the collateral.
      await page.locator('[data-testid$="-repay"]').first().click();
      await page.getByTestId('loan-repay-all').click();
      await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('Repaid');
      expect(await balance('spot', 'BTC')).toEqual({ available: '0.100016', frozen: '0' });
      const usdt = Number((await balance('spot', 'USDT')).available);
      expect(usdt).toBeLessThan(89.65);
      expect(usdt).toBeGreaterThan(89.6);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('shows the pages in English and Chinese, dark and light, without horizontal overflow', async () => {
    for (const lang of ['en', 'zh_CN'] as AppLang[]) {
      for (const theme of ['dark', 'light'] as AppTheme[]) {
        const app = await newPage(browser, server.url, { lang, theme, storage: login });
        try {
          for (const [route, name] of [
            ['/pages/mining/index', 'mining-machines'],
            ['/pages/mining/miners', 'mining-miners'],
            ['/pages/lending/index', 'loans-borrow'],
            ['/pages/lending/loans', 'loans-list'],
          ] as const) {
            await app.go(route);
            await expect.poll(() => app.page.locator('.product-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
            expect(await hasHorizontalOverflow(app.page)).toBe(false);
            await screenshot(app.page, `${name}-${lang}-${theme}`);
          }
          expect(app.errors).toEqual([]);
        } finally {
          await app.close();
        }
      }
    }
  });

  it('shows the console pages: machines and pool, loan settings and loans near liquidation', async () => {
    admin = await operatorToken(server);
    const operator = await operatorCall<unknown>(server, admin, '/admin/api/me');
    const session = JSON.stringify({ token: admin, expiresAt: serverNow(server) + 3_600_000, operator });
    for (const theme of ['dark', 'light'] as AppTheme[]) {
      const app = await newPage(browser, server.url, {
        viewport: CONSOLE_VIEWPORT,
        mobile: false,
        storage: { [CONSOLE_KEYS.lang]: theme === 'dark' ? 'en' : 'zh_CN', [CONSOLE_KEYS.theme]: theme },
      });
      try {
        await app.page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
          CONSOLE_KEYS.session,
          session,
        ] as const);
        await app.page.goto(`${server.url}/admin/#/markets/mining`);
        const machines = app.page.getByTestId('mining-machines');
        await expect.poll(() => machines.textContent(), { timeout: 15_000 }).toContain('Trial miner');
        await screenshot(app.page, `console-mining-${theme}`);
        // The machine model form: every term of a new model, saved by the server.
        await app.page.getByTestId('machine-create').click();
        await app.page.locator('.ant-drawer-open input[name="names.en"]').fill(`Journey miner ${theme}`);
        await screenshot(app.page, `console-mining-form-${theme}`);
        await app.page.getByTestId('machine-save').click();
        await expect.poll(() => machines.textContent(), { timeout: 15_000 }).toContain(`Journey miner ${theme}`);
        await app.page.goto(`${server.url}/admin/#/markets/loans`);
        await expect.poll(() => app.page.locator('.ant-card').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
        await screenshot(app.page, `console-loans-${theme}`);
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });
});
