import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceClock,
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
  serverNow,
  startServer,
  type TestServer,
  uniqueEmail,
  waitForRoute,
} from '../harness';
import { CONSOLE_KEYS, CONSOLE_VIEWPORT } from '../harness/console';

/**
 * The lending journey (mining machines and crypto loans) on a TEST_CLOCK server: the user, funded by a deposit on the
 * simulated chain, buys the trial machine with its fuel; the clock passes two midnights (the machine starts, then its
 * first day pays); the income shows and is collected to spot. Then the user borrows USDT against BTC with the
 * server's quote and repays it in full. Then the pages in English and Chinese, dark and light.
 */
const PASSWORD = 'journey-pass1';
const DAY = 86_400_000;

let server: TestServer;
let browser: Browser;
let admin: string;
let login: LoginStorage;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function userCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: login['bourse.token'] },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

type Balances = { wallets: { wallet: string; assets: { asset: string; available: string; frozen: string }[] }[] };

async function balance(wallet: string, asset: string): Promise<{ available: string; frozen: string }> {
  const b = await userCall<Balances>('/mapi/wallet/balances');
  const row = b.wallets.find((w) => w.wallet === wallet)?.assets.find((a) => a.asset === asset);
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

async function deposit(asset: string, network: string, amount: string): Promise<void> {
  const { address } = await userCall<{ address: string }>(
    `/mapi/wallet/depositAddress?asset=${asset}&network=${network}`,
  );
  await operatorCall(server, admin, '/admin/api/wallet/chain/deposit', { asset, network, address, amount });
  await operatorCall(server, admin, '/admin/api/wallet/chain/mine', { blocks: 6 });
  // Credited within the mined blocks (no timer: the chain moves only when mined).
  for (let i = 0; i < 50 && (await balance('spot', asset)).available !== amount; i++) {
    await operatorCall(server, admin, '/admin/api/wallet/chain/mine', { blocks: 1 });
  }
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { CHAIN_BLOCK_MS: '0', TEST_CLOCK: 'true' } }),
    launchBrowser(),
  ]);
  admin = await operatorToken(server);
  login = await registerViaApi(server, uniqueEmail('lending'), PASSWORD);
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

  it('borrow USDT against BTC with the server’s quote → repay in full', async () => {
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

      // An hour of interest accrues by the minute; repaying everything pays it and returns the collateral.
      await advanceClock(server, 3_600_000);
      await page.reload();
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
            await expect
              .poll(() => app.page.locator('.mining-card, .loans-card').count(), { timeout: 15_000 })
              .toBeGreaterThan(0);
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
