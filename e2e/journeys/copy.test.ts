import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppLang,
  type AppTheme,
  CONSOLE_KEYS,
  CONSOLE_VIEWPORT,
  hasHorizontalOverflow,
  launchBrowser,
  loginViaApi,
  type LoginStorage,
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
 * The copy-trading journey, two people at once: a trader applies on the app → an operator approves them in the
 * console → the trader configures their profit share → the follower (another browser context) copies them with a
 * fixed amount → the trader opens a BTC long → the follower's copy appears live on "My copies" → the trader closes →
 * the copy closes live → the follower stops copying (confirmed) → the settlement line shows on both sides' records.
 * Then every copy page in English and Chinese, dark and light.
 */
const DEMO = { account: 'demo@bourse.local', password: 'demo123456' };
const PASSWORD = 'copy-e2e-2026';

let server: TestServer;
let browser: Browser;
let admin: string;
let leader: LoginStorage;
let follower: LoginStorage;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function userCall<T>(who: LoginStorage, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: who['bourse.token'] },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

type Balances = { wallets: { wallet: string; assets: { asset: string; available: string }[] }[] };

async function spotUsdt(who: LoginStorage): Promise<string> {
  const b = await userCall<Balances>(who, '/mapi/wallet/balances');
  return b.wallets.find((w) => w.wallet === 'spot')?.assets.find((a) => a.asset === 'USDT')?.available ?? '0';
}

async function deposit(who: LoginStorage, amount: string): Promise<void> {
  const { address } = await userCall<{ address: string }>(who, '/mapi/wallet/depositAddress?asset=USDT&network=TRC20');
  await operatorCall(server, admin, '/admin/api/wallet/chain/deposit', {
    asset: 'USDT',
    network: 'TRC20',
    address,
    amount,
  });
  await operatorCall(server, admin, '/admin/api/wallet/chain/mine', { blocks: 6 });
  for (let i = 0; i < 50 && (await spotUsdt(who)) !== amount; i++) {
    await operatorCall(server, admin, '/admin/api/wallet/chain/mine', { blocks: 1 });
  }
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.adm-toast-main', { hasText: text }).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { CHAIN_BLOCK_MS: '0' } }), launchBrowser()]);
  admin = await operatorToken(server);
  leader = await registerViaApi(server, uniqueEmail('copy-leader'), PASSWORD);
  await deposit(leader, '3000');
  await userCall(leader, '/mapi/wallet/transfer', { asset: 'USDT', from: 'spot', to: 'contract', amount: '3000' });
  follower = await loginViaApi(server, DEMO.account, DEMO.password);
  await userCall(follower, '/mapi/wallet/transfer', { asset: 'USDT', from: 'spot', to: 'contract', amount: '500' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('copy trading journey', () => {
  it('trader approved and configured → follower copies → open and close copied live → settlement on both sides', async () => {
    const leaderUid = Number(leader['bourse.uid']);
    const lead = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: leader });
    const foll = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: follower });
    try {
      // The trader applies.
      await lead.go('/pages/documentary/become-trader');
      await lead.page.getByTestId('copy-apply-agree').click();
      await lead.page.getByTestId('copy-apply').click();
      await lead.page.getByTestId('copy-application-status').filter({ hasText: 'Under review' }).waitFor();
      await screenshot(lead.page, 'copy-become-trader-en-dark');

      // An operator of the risk desk approves them in the console.
      const created = await operatorCall<{ password: string }>(server, admin, '/admin/api/operators', {
        email: 'risk-copy@bourse.local',
        name: 'Copy Desk',
        role: 'risk',
      });
      const desk = await newPage(browser, server.url, {
        viewport: CONSOLE_VIEWPORT,
        mobile: false,
        storage: { [CONSOLE_KEYS.lang]: 'en', [CONSOLE_KEYS.theme]: 'dark' },
      });
      try {
        await desk.page.goto(`${server.url}/admin/`);
        await signInToConsole(desk.page, 'risk-copy@bourse.local', created.password);
        await desk.page.goto(`${server.url}/admin/#/copy`);
        await desk.page.getByTestId(`copy-approve-${leaderUid}`).click();
        await desk.page
          .locator('[data-testid="copy-applications"] .ant-tag', { hasText: 'approved' })
          .first()
          .waitFor();
        await screenshot(desk.page, 'copy-console-applications-en-dark');
        await desk.page.getByRole('tab', { name: 'Leaders' }).click();
        await desk.page.locator(`[data-testid="copy-leaders"] tr[data-row-key="${leaderUid}"]`).waitFor();
        await screenshot(desk.page, 'copy-console-leaders-en-dark');
      } finally {
        await desk.close();
      }

      // The trader configures a 20% profit share.
      await lead.go('/pages/documentary/configuration');
      const share = lead.page.getByTestId('copy-setting-profitShare');
      await share.fill('0.2');
      await lead.page.getByTestId('copy-save').click();
      await toast(lead.page, 'Saved');
      await screenshot(lead.page, 'copy-configuration-en-dark');

      // The follower copies them: 50 USDT of margin per trade.
      await foll.go(`/pages/documentary/detail?uid=${leaderUid}`);
      await foll.page.getByTestId('copy-amount').fill('50');
      await foll.page.getByTestId('copy-agree').click();
      await foll.page.getByTestId('copy-follow').click();
      await foll.page.getByTestId('copy-following').waitFor();
      await foll.go('/pages/documentary/my-documentary');
      const open = foll.page.getByTestId('copy-follow-open');
      await expect.poll(() => open.textContent(), { timeout: 15_000 }).toContain('No open copies');

      // The trader opens a long; the copy appears live on the follower's page.
      await userCall(leader, '/mapi/swap/order', { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 100 });
      await expect.poll(() => open.textContent(), { timeout: 15_000 }).toMatch(/BTCUSDT Long \d+ lots/);
      await screenshot(foll.page, 'copy-my-copies-open-en-dark');
      const positions = await userCall<{ side: string; lots: number }[]>(
        follower,
        '/mapi/swap/positions?symbol=BTC_USDT',
      );
      expect(positions[0]?.side).toBe('long');

      // The trader's order management shows the follower's copy; settings are locked meanwhile.
      await lead.go('/pages/documentary/order-management');
      await lead.page.getByTestId('copy-book-followers').filter({ hasText: 'Long' }).waitFor();
      await screenshot(lead.page, 'copy-order-management-en-dark');

      // The trader closes; the copy closes live.
      await userCall(leader, '/mapi/swap/close', { symbol: 'BTC_USDT', type: 'market' });
      await expect.poll(() => open.textContent(), { timeout: 15_000 }).toContain('No open copies');
      expect(await userCall<unknown[]>(follower, '/mapi/swap/positions?symbol=BTC_USDT')).toEqual([]);

      // The follower stops copying (confirmed): the settlement shows on both sides.
      await foll.page.getByTestId('copy-unfollow').click();
      await foll.page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
      await foll.page.getByRole('tab', { name: 'Stopped' }).click();
      await foll.page.getByTestId(`copy-follow-${leaderUid}`).waitFor();
      await foll.page.getByTestId(`copy-follow-${leaderUid}`).getByRole('button', { name: 'Records' }).click();
      await foll.page.getByTestId('copy-record-profit_share').waitFor();
      expect(await foll.page.getByTestId('copy-record-open').count()).toBe(1);
      expect(await foll.page.getByTestId('copy-record-close').count()).toBeGreaterThanOrEqual(1);
      await screenshot(foll.page, 'copy-records-follower-en-dark');
      await lead.go('/pages/documentary/record-details?role=leader');
      await lead.page.getByTestId('copy-record-profit_share').waitFor();
      await screenshot(lead.page, 'copy-records-leader-en-dark');
      expect(lead.errors).toEqual([]);
      expect(foll.errors).toEqual([]);
    } finally {
      await lead.close();
      await foll.close();
    }
  });

  it('every copy page in English and Chinese, dark and light, with nothing wider than the phone', async () => {
    const leaderUid = Number(leader['bourse.uid']);
    const pages = [
      ['index', '/pages/documentary/index', '[data-testid^="copy-trader-"]'],
      ['detail', `/pages/documentary/detail?uid=${leaderUid}`, '[data-testid="copy-leader-name"]'],
      ['my-documentary', '/pages/documentary/my-documentary', '.chip-tabs'],
      ['configuration', '/pages/documentary/configuration', '[data-testid="copy-save"]'],
      ['select-right', '/pages/documentary/select-right', '.adm-selector'],
    ] as const;
    for (const [lang, theme] of [
      ['en', 'light'],
      ['zh_CN', 'dark'],
    ] as [AppLang, AppTheme][]) {
      const app = await newPage(browser, server.url, { lang, theme, storage: leader });
      try {
        for (const [name, route, ready] of pages) {
          await app.go(route);
          await app.page.locator(ready).first().waitFor({ timeout: 15_000 });
          expect(await hasHorizontalOverflow(app.page), `${name} ${lang}`).toBe(false);
          await screenshot(app.page, `copy-${name}-${lang}-${theme}`);
        }
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });
});
