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
  loginViaApi,
  type LoginStorage,
  newPage,
  operatorCall,
  operatorToken,
  screenshot,
  serverNow,
  signInToConsole,
  startServer,
  type TestServer,
} from '../harness';

/**
 * The futures journey: move USDT from spot into the contract wallet on the transfer page → the Futures tab: open a
 * 20× long at market (the server's cost and estimated liquidation price shown before sending) → the position appears
 * live with the server's liquidation price and PnL → set its take-profit and stop-loss → a funding instant passes
 * (test clock) → close half by lots → close the rest → the records show both closes and the funding paid, and the
 * contract wallet holds exactly what the fills and funding say. Then every futures page in English and Chinese,
 * dark and light.
 */
const SYMBOL = 'BTC_USDT';
const DEMO = { account: 'demo@bourse.local', password: 'demo123456' };
const LOTS = 20;
const DEPOSIT = '500';

let server: TestServer;
let browser: Browser;
let login: LoginStorage;
let positionId = 0;

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

async function contractUsdt(): Promise<string> {
  const b = await userCall<Balances>('/mapi/wallet/balances');
  const row = b.wallets.find((w) => w.wallet === 'contract')?.assets.find((a) => a.asset === 'USDT');
  return row?.available ?? '0';
}

/** A signed decimal string as units of 10^-scale (no float). */
function units(value: string, scale = 8): bigint {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = value.replace(/^[-+]/, '').split('.');
  const u = BigInt(int) * 10n ** BigInt(scale) + BigInt((frac.slice(0, scale) || '0').padEnd(scale, '0'));
  return negative ? -u : u;
}

/** A price as the page shows it: truncated to the contract's decimals, thousands grouped. */
function shown(value: string, decimals: number): string {
  const [int = '0', frac = ''] = value.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals === 0 ? grouped : `${grouped}.${frac.slice(0, decimals).padEnd(decimals, '0')}`;
}

interface Position {
  id: number;
  lots: number;
  entryPrice: string;
  liquidationPrice: string | null;
  markPrice: string;
  takeProfit: string | null;
  stopLoss: string | null;
}

async function myPosition(): Promise<Position | undefined> {
  return (await userCall<Position[]>(`/mapi/swap/positions?symbol=${SYMBOL}`))[0];
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.adm-toast-main', { hasText: text }).waitFor({ timeout: 15_000 });
}

/** Every toast gone (two may show at once: "Transferred" and a live "Order filled"). */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.adm-toast-main').count(), { timeout: 8_000 }).toBe(0);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { TEST_CLOCK: 'true' } }), launchBrowser()]);
  login = await loginViaApi(server, DEMO.account, DEMO.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('futures journey', () => {
  // First, while the server's clock is real time (the console's two-factor codes are computed on this machine's).
  it('the console: contracts, positions, liquidations, funding and the insurance fund, for the risk desk', async () => {
    const admin = await operatorToken(server);
    const created = await operatorCall<{ password: string }>(server, admin, '/admin/api/operators', {
      email: 'risk-futures@bourse.local',
      name: 'Risk Desk',
      role: 'risk',
    });
    const desk = await newPage(browser, server.url, {
      viewport: CONSOLE_VIEWPORT,
      mobile: false,
      storage: { [CONSOLE_KEYS.lang]: 'en', [CONSOLE_KEYS.theme]: 'dark' },
    });
    const { page } = desk;
    try {
      await page.goto(`${server.url}/admin/`);
      await signInToConsole(page, 'risk-futures@bourse.local', created.password);
      const screens = [
        ['contracts', '/futures/contracts', '[data-testid="swap-contract-table"] tr[data-row-key="BTC_USDT"]'],
        [
          'positions',
          '/futures/positions',
          '[data-testid="swap-positions-table"] tbody tr:not(.ant-table-measure-row)',
        ],
        ['risk', '/futures/risk', '[data-testid="swap-liquidations-table"]'],
        ['funding', '/futures/funding', '[data-testid="swap-funding-table"] tbody tr:not(.ant-table-measure-row)'],
        [
          'insurance',
          '/futures/insurance',
          '[data-testid="swap-insurance-table"] tbody tr:not(.ant-table-measure-row)',
        ],
      ] as const;
      for (const [lang, theme] of [
        ['en', 'dark'],
        ['zh_CN', 'light'],
      ] as const) {
        await page.evaluate(
          ([keys, l, t]) => {
            localStorage.setItem(keys.lang, l);
            localStorage.setItem(keys.theme, t);
          },
          [CONSOLE_KEYS, lang, theme] as const,
        );
        for (const [name, route, ready] of screens) {
          await page.goto(`${server.url}/admin/#${route}`);
          await page.reload();
          await page.locator(ready).first().waitFor({ timeout: 15_000 });
          await screenshot(page, `futures-console-${name}-${lang}-${theme}`);
        }
      }
      expect(desk.errors).toEqual([]);
    } finally {
      await desk.close();
    }
  });

  it('transfer in → open 20× long → live position → TP/SL → funding → close half → close the rest → records', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: login });
    const { page } = app;
    try {
      // The server's clock first moves to just before the next funding instant, so the hours in between pass before
      // the position exists: a random walk over 8 h moves BTC by ~1.7 % (σ), enough to trip a 2 % stop-loss at times.
      const upcoming = await userCall<{ nextFundingTime: number }>(`/api/swap/mark?symbol=${SYMBOL}`);
      const ahead = upcoming.nextFundingTime - serverNow(server) - 120_000;
      if (ahead > 0) await advanceClock(server, ahead);

      // The contract wallet is filled from spot on the wallet's transfer page.
      const before = units(await contractUsdt());
      await app.go('/pages/usreMei/transfer?coin=USDT&from=spot&to=contract');
      await page.locator('input[name="amount"]').fill(DEPOSIT);
      await page.getByRole('button', { name: 'Confirm transfer' }).click();
      await expect.poll(async () => units(await contractUsdt()), { timeout: 10_000 }).toBe(before + units(DEPOSIT));

      // The Futures tab: mark, index, funding countdown, the book; the free balance is the server's.
      await app.go(`/pages/lever/lever?symbol=${SYMBOL}`);
      await page.getByTestId('fut-page').waitFor();
      await expect.poll(() => page.getByTestId('fut-leverage').textContent(), { timeout: 15_000 }).toBe('20×');
      await page.locator('.book-level--bid').first().waitFor({ timeout: 15_000 });
      await page.getByTestId('fut-chart-toggle').click();
      await page.locator('.fut-panel__chart canvas').first().waitFor({ timeout: 15_000 });

      // A market long of 20 lots: the server's cost and estimated liquidation price show before sending.
      const form = page.locator('.order-form--futures');
      await form.getByRole('tab', { name: 'Market' }).click();
      await form.locator('input[name="lots"]').fill(String(LOTS));
      await expect
        .poll(() => page.getByTestId('fut-cost').textContent(), { timeout: 15_000 })
        .toMatch(/^[\d,.]+ USDT$/);
      await expect.poll(() => page.getByTestId('fut-est-liq').textContent()).toMatch(/^[\d,.]+$/);
      await screenshot(page, 'futures-order-en-dark');
      await form.locator('button[type="submit"]').click();
      await toast(page, 'Order filled');

      // The position, live: its lots, and the server's liquidation price as the server computed it.
      const card = page.getByTestId('fut-position').first();
      await expect.poll(() => card.getAttribute('data-lots'), { timeout: 15_000 }).toBe(String(LOTS));
      const opened = await myPosition();
      expect(opened?.lots).toBe(LOTS);
      positionId = opened?.id ?? 0;
      expect(opened?.liquidationPrice).toMatch(/^\d+(\.\d+)?$/);
      await expect.poll(() => card.getByTestId('fut-liq').textContent()).toBe(shown(opened?.liquidationPrice ?? '', 1));
      expect(await card.getByTestId('fut-upnl').textContent()).toMatch(/^[+−]?[\d,.]+$/);
      await settled(page);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'futures-position-en-dark');

      // Take-profit 20% above the entry, stop-loss 2% below (inside the liquidation price), on the 0.1 tick.
      const entry = units(opened?.entryPrice ?? '0', 1);
      const tp = ((entry * 120n) / 100n).toString();
      const sl = ((entry * 98n) / 100n).toString();
      const tick = (u: string) => `${u.slice(0, -1)}.${u.slice(-1)}`;
      await card.getByTestId('fut-action-tpsl').click();
      const tpsl = page.getByTestId('fut-tpsl-sheet');
      await tpsl.locator('input[name="takeProfit"]').fill(tick(tp));
      await tpsl.locator('input[name="stopLoss"]').fill(tick(sl));
      await screenshot(page, 'futures-tpsl-en-dark');
      await page.getByTestId('fut-tpsl-submit').click();
      await toast(page, 'TP/SL saved');
      await expect.poll(async () => units((await myPosition())?.takeProfit ?? '0', 1)).toBe(BigInt(tp));
      expect(units((await myPosition())?.stopLoss ?? '0', 1)).toBe(BigInt(sl));
      await expect
        .poll(() => card.getByTestId('fut-position-tpsl').textContent())
        .toBe(`${shown(tick(tp), 1)} / ${shown(tick(sl), 1)}`);

      // A funding instant passes: the position pays or receives funding, on the server's clock.
      const mark = await userCall<{ nextFundingTime: number }>(`/api/swap/mark?symbol=${SYMBOL}`);
      await advanceClock(server, mark.nextFundingTime - serverNow(server) + 1_000);
      await expect
        .poll(async () => (await userCall<{ total: number }>('/mapi/swap/funding')).total, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(1);

      // Close half by lots, at market.
      await settled(page);
      await card.getByTestId('fut-action-close').click();
      const closeSheet = page.getByTestId('fut-close-sheet');
      await closeSheet.locator('input[name="closeLots"]').fill(String(LOTS + 1));
      await page.getByTestId('fut-close-submit').click();
      await expect.poll(() => closeSheet.locator('[role="alert"]').textContent()).toBeTruthy();
      await closeSheet.locator('input[name="closeLots"]').fill(String(LOTS / 2));
      await screenshot(page, 'futures-close-en-dark');
      await page.getByTestId('fut-close-submit').click();
      await toast(page, 'Close order placed');
      await expect.poll(() => card.getAttribute('data-lots'), { timeout: 15_000 }).toBe(String(LOTS / 2));

      // Close the rest (100%).
      await settled(page);
      await card.getByTestId('fut-action-close').click();
      await page.getByTestId('fut-close-sheet').getByRole('button', { name: '100%' }).click();
      await page.getByTestId('fut-close-submit').click();
      await toast(page, 'Position closed');
      await expect.poll(() => page.getByTestId('fut-position').count(), { timeout: 15_000 }).toBe(0);
      expect(await myPosition()).toBeUndefined();

      // Records: two closes (manual), the funding payment, and the wallet holds exactly what they say.
      await app.go('/pages/lever/order?tab=closes');
      await expect.poll(() => page.getByTestId('fut-close').count(), { timeout: 15_000 }).toBe(2);
      expect(await page.getByTestId('fut-close-lots').allTextContents()).toEqual([String(LOTS / 2), String(LOTS / 2)]);
      await screenshot(page, 'futures-closes-en-dark');
      await page.getByTestId('fut-view-funding').click();
      await expect.poll(() => page.getByTestId('fut-funding').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      await screenshot(page, 'futures-funding-en-dark');

      const fills = await userCall<{ list: { fee: string; realizedPnl: string }[] }>('/mapi/swap/fills?size=100');
      const funding = await userCall<{ list: { amount: string }[] }>('/mapi/swap/funding?size=100');
      const realized = fills.list.reduce((sum, f) => sum + units(f.realizedPnl), 0n);
      const fees = fills.list.reduce((sum, f) => sum + units(f.fee), 0n);
      const paid = funding.list.reduce((sum, f) => sum + units(f.amount), 0n);
      expect(fills.list.length).toBeGreaterThanOrEqual(3);
      expect(units(await contractUsdt())).toBe(before + units(DEPOSIT) + realized - fees + paid);

      // The position's detail: closed manually, with its closes and funding.
      await app.go(`/pages/lever/leverDetail?position=${positionId}`);
      const detail = page.getByTestId('fut-position-detail');
      await expect.poll(() => detail.getAttribute('data-status'), { timeout: 15_000 }).toBe('closed');
      expect(await page.getByTestId('fut-detail-close-kind').textContent()).toBe('Manual close');
      await screenshot(page, 'futures-detail-en-dark');

      const admin = await operatorToken(server);
      const report = await operatorCall<{ ok: boolean; problems: string[] }>(
        server,
        admin,
        '/admin/api/ledger/reconcile',
      );
      expect(report.problems).toEqual([]);
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
    ['lever', `/pages/lever/lever?symbol=${SYMBOL}`, '.book-level--bid'],
    ['orders', '/pages/lever/order?tab=history', '[data-testid="fut-order"]'],
    ['closes', '/pages/lever/order?tab=closes', '[data-testid="fut-close"]'],
    ['funding', '/pages/lever/order?tab=funding', '[data-testid="fut-funding"]'],
    ['detail', '/pages/lever/leverDetail?position=', '[data-testid="fut-position-detail"]'],
  ] as const;
  for (const { lang, theme } of looks) {
    it(`every futures page in ${lang}, ${theme}`, async () => {
      const app = await newPage(browser, server.url, { lang, theme, storage: login });
      try {
        for (const [name, route, ready] of pages) {
          await app.go(route.endsWith('=') ? `${route}${positionId}` : route);
          await app.page.locator(ready).first().waitFor({ timeout: 15_000 });
          expect(await hasHorizontalOverflow(app.page), name).toBe(false);
          await screenshot(app.page, `futures-${name}-${lang}-${theme}`);
        }
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }
});
