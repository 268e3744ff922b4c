import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppLang,
  type AppTheme,
  fill,
  hasHorizontalOverflow,
  launchBrowser,
  loginViaApi,
  type LoginStorage,
  newPage,
  screenshot,
  startServer,
  type TestServer,
  waitForRoute,
} from '../harness';

/**
 * The spot journey: log in → BTC/USDT chart → buy at market → the order is filled, the spot balances and the order
 * history show it → a limit sell above the market → it shows in the orders page (and one placed elsewhere appears
 * there live) → cancel it. Then the chart and trade pages in English and Chinese, dark and light.
 */
const SYMBOL = 'BTC_USDT';
const DEMO = { account: 'demo@bourse.local', password: 'demo123456' };

let server: TestServer;
let browser: Browser;
let login: LoginStorage;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A call with the demo user's token (plain JSON; the server also takes unsealed bodies). */
async function userCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', authorization: login['bourse.token'] },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

interface Balances {
  wallets: { wallet: string; assets: { asset: string; available: string }[] }[];
}

async function spotAvailable(asset: string): Promise<string> {
  const balances = await userCall<Balances>('/mapi/wallet/balances');
  return balances.wallets.find((w) => w.wallet === 'spot')?.assets.find((a) => a.asset === asset)?.available ?? '0';
}

/** A decimal string as integer units of 10^-scale (the test compares money without floats, like the app). */
function units(value: string, scale: number): bigint {
  const [int = '0', frac = ''] = value.replace(/[^\d.]/g, '').split('.');
  return BigInt(int) * 10n ** BigInt(scale) + BigInt((frac.slice(0, scale) || '0').padEnd(scale, '0'));
}

function fromUnits(value: bigint, scale: number): string {
  const text = value.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** The last price of BTC/USDT, 10% higher, on the 0.01 tick: a sell there rests in the book. */
async function priceAboveMarket(): Promise<string> {
  const { ticker } = await userCall<{ ticker: { last: string } }>(`/api/common/getSpotSymbol?symbol=${SYMBOL}`);
  return fromUnits((units(ticker.last, 2) * 110n) / 100n, 2);
}

async function openOrders(): Promise<{ id: number; status: string }[]> {
  return (await userCall<{ list: { id: number; status: string }[] }>(`/mapi/spot/getOnList?symbol=${SYMBOL}`)).list;
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.adm-toast-main', { hasText: text }).waitFor({ timeout: 15_000 });
}

/** Waits until no toast covers the page (before a screenshot). */
async function settled(page: Page): Promise<void> {
  await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 5_000 });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  login = await loginViaApi(server, DEMO.account, DEMO.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('spot journey', () => {
  it('buys at market, sells above the market, sees both in the orders and cancels the sell', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: login });
    const { page } = app;
    try {
      const usdtBefore = await spotAvailable('USDT');
      const btcBefore = await spotAvailable('BTC');
      expect(units(usdtBefore, 8)).toBeGreaterThan(units('100', 8));

      // The chart: live ticker, candles, order book.
      await app.go(`/pages/market/kLine?symbol=${SYMBOL}`);
      await page.locator('.ticker-head__last').waitFor();
      await page.locator('.kline-chart canvas').first().waitFor();
      await page.locator('.book--split .book-level--bid').first().waitFor();
      await expect.poll(() => page.locator('.app-nav__title').textContent()).toBe('BTC/USDT');
      expect(await hasHorizontalOverflow(page)).toBe(false);

      // Buy → the trade page with the buy side chosen; a market buy of 100 USDT.
      await page.locator('.kline-actions__buy').click();
      await waitForRoute(page, '/pages/trade/trade');
      await page.locator('.order-form').waitFor();
      await page.locator('.book--stacked .book-level--ask').first().waitFor();
      await page.locator('.order-form__type', { hasText: 'Market' }).click();
      await fill(app, 'total', '100');
      await screenshot(page, 'spot-trade-market-buy');
      await page.locator('.order-form__submit').click();
      await toast(page, 'Order filled');

      // Balances moved: about 100 USDT out, some BTC in (the buyer's fee is taken in BTC).
      await expect.poll(async () => units(await spotAvailable('USDT'), 8)).toBeLessThan(units(usdtBefore, 8));
      const usdtAfter = await spotAvailable('USDT');
      expect(units(usdtBefore, 8) - units(usdtAfter, 8)).toBeLessThanOrEqual(units('100', 8));
      expect(units(usdtBefore, 8) - units(usdtAfter, 8)).toBeGreaterThan(units('99', 8));
      expect(units(await spotAvailable('BTC'), 8)).toBeGreaterThan(units(btcBefore, 8));
      // …and the form's "Available" shows the new USDT balance.
      const availableText = page.locator('.order-form__facts dd').first();
      await expect.poll(async () => units((await availableText.textContent()) ?? '', 2)).toBe(units(usdtAfter, 2));

      // The order history has the filled market buy; its details list the fills.
      await page.locator('.trade-orders__head .section__more').click();
      await waitForRoute(page, '/pages/trade/entrust');
      await page.locator('.adm-tabs-tab', { hasText: 'Order history' }).click();
      const filled = page.locator('.order-card[data-status="filled"]').first();
      await filled.waitFor();
      expect(await filled.locator('.order-card__side').textContent()).toBe('Market / Buy');
      await screenshot(page, 'spot-entrust-history-en-dark');
      await filled.click();
      await waitForRoute(page, '/pages/trade/entrustDetail');
      await page.locator('.fill-row').first().waitFor();
      expect(await page.locator('.order-detail__head').textContent()).toContain('Filled');
      await settled(page);
      await screenshot(page, 'spot-entrust-detail-en-dark');

      // A limit sell 10% above the market rests in the book.
      await app.go(`/pages/trade/trade?symbol=${SYMBOL}&side=sell`);
      await page.locator('.order-form__side--sell.order-form__side--on').waitFor();
      const price = await priceAboveMarket();
      await fill(app, 'price', price);
      await fill(app, 'amount', '0.001');
      await page.locator('.order-form__submit').click();
      await toast(page, 'Order placed');
      const card = page.locator('.trade-orders .order-card[data-status="open"]');
      await card.first().waitFor();
      expect(await card.count()).toBe(1);
      await settled(page);
      await screenshot(page, 'spot-trade-open-order');
      const [resting] = await openOrders();
      expect(resting?.status).toBe('open');

      // The orders page lists it; a sell placed elsewhere (the API) arrives live, without a reload.
      await page.locator('.trade-orders__head .section__more').click();
      await waitForRoute(page, '/pages/trade/entrust');
      const openCards = page.locator('.entrust-list .order-card[data-status="open"]');
      await openCards.first().waitFor();
      expect(await openCards.count()).toBe(1);
      const other = await userCall<{ id: number }>('/mapi/spot/neworder', {
        symbol: SYMBOL,
        side: 'sell',
        type: 'limit',
        price,
        quantity: '0.001',
      });
      await page.locator(`.order-card[data-order-id="${other.id}"]`).waitFor({ timeout: 10_000 });
      await settled(page);
      await screenshot(page, 'spot-entrust-open-en-dark');

      // Cancel the first one in the app; cancel the other elsewhere and watch it leave live.
      await page.locator(`.order-card[data-order-id="${resting?.id}"] .order-card__cancel`).click();
      await toast(page, 'Order cancelled');
      await page.locator(`.order-card[data-order-id="${resting?.id}"]`).waitFor({ state: 'detached' });
      await userCall(`/mapi/spot/cancel/${other.id}`);
      await page.locator(`.order-card[data-order-id="${other.id}"]`).waitFor({ state: 'detached', timeout: 10_000 });
      expect(await openOrders()).toEqual([]);
      await page.locator('.entrust-list .block-state').waitFor();
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('lists more open orders than one page, loading the rest on scroll, and cancels them all', async () => {
    const { ticker } = await userCall<{ ticker: { last: string } }>(`/api/common/getSpotSymbol?symbol=${SYMBOL}`);
    // 55 buys 10–15% under the market: they rest, each above the minimum value.
    const last = units(ticker.last, 2);
    const placed: number[] = [];
    for (let i = 0; i < 55; i++) {
      const price = fromUnits((last * BigInt(850 + i)) / 1000n, 2);
      const order = await userCall<{ id: number }>('/mapi/spot/neworder', {
        symbol: SYMBOL,
        side: 'buy',
        type: 'limit',
        price,
        quantity: '0.0001',
      });
      placed.push(order.id);
    }
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'light', storage: login });
    const { page } = app;
    try {
      await app.go('/pages/trade/entrust');
      const cards = page.locator('.entrust-list .order-card');
      await cards.first().waitFor();
      // One page of 50, then the rest once the end of the list is reached.
      await expect.poll(() => cards.count()).toBe(50);
      await cards.last().scrollIntoViewIfNeeded();
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(55);
      // The oldest order (placed first) is the last card.
      expect(await cards.last().getAttribute('data-order-id')).toBe(String(placed[0]));

      await page.locator('.entrust-filters__cancel-all').click();
      await page.locator('.adm-dialog-button-bold').click();
      await toast(page, '55');
      await page.locator('.entrust-list .block-state').waitFor();
      expect(await openOrders()).toEqual([]);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('shows the catalogue message before sending an order below the minimum or outside the price band', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: login });
    try {
      await app.go(`/pages/trade/trade?symbol=${SYMBOL}`);
      await app.page.locator('.order-form').waitFor();
      await fill(app, 'amount', '0.00001');
      await app.page.locator('.order-form__submit').click();
      await app.page.locator('.order-field__error', { hasText: 'The order value must be at least 5 USDT.' }).waitFor();
      // A tenth of the market price: outside the band of 20%–500% around the last price.
      const { ticker } = await userCall<{ ticker: { last: string } }>(`/api/common/getSpotSymbol?symbol=${SYMBOL}`);
      await fill(app, 'price', fromUnits(units(ticker.last, 2) / 10n, 2));
      await fill(app, 'amount', '0.01');
      await app.page.locator('.order-form__submit').click();
      await app.page
        .locator('.order-field__error', { hasText: 'The order price must be within 20% and 500% of the market price.' })
        .waitFor();
      await screenshot(app.page, 'spot-trade-price-band');
      expect(await openOrders()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('markets: sorting, categories, favourites and search', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: login });
    const { page } = app;
    try {
      await app.go('/pages/home/market');
      await page.locator('.market-row').first().waitFor();
      const count = await page.locator('.market-list .market-row').count();
      expect(count).toBeGreaterThan(5);
      // Change, descending: the first row has the largest change.
      await page.locator('.market-head__change').click();
      const changes = await page.locator('.market-list .market-row .change').allTextContents();
      const signed = changes.map((c) => (c.startsWith('−') ? -1n : 1n) * units(c, 2));
      expect(signed).toEqual([...signed].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
      // A category narrows the list.
      await page.locator('.adm-capsule-tabs-tab', { hasText: 'Meme' }).click();
      await expect.poll(() => page.locator('.market-list .market-row').count()).toBe(1);
      await screenshot(page, 'spot-markets-en-dark');

      // Favourite from the chart, then the Favorites tab lists it.
      await app.go('/pages/market/kLine?symbol=ETH_USDT');
      await page.locator('.favorite-star').click();
      await toast(page, 'Added to favorites');
      await app.go('/pages/home/market');
      await page.locator('.adm-tabs-tab', { hasText: 'Favorites' }).click();
      await page.locator('.market-list .market-row[data-symbol="ETH_USDT"]').waitFor();
      expect(await page.locator('.market-list .market-row').count()).toBe(1);

      // Search by coin.
      await page.locator('.search-entry').click();
      await waitForRoute(page, '/pages/index/serarchType');
      await page.locator('.adm-search-bar input').fill('sol');
      await page.locator('.coin-chip', { hasText: 'SOL' }).waitFor();
      await settled(page);
      await screenshot(page, 'spot-search-en-dark');
      await page.locator('.market-row[data-symbol="SOL_USDT"]').click();
      await waitForRoute(page, '/pages/market/kLine');
      // The title follows the route a frame later.
      await expect.poll(() => page.locator('.app-nav__title').textContent()).toBe('SOL/USDT');
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('home shows hot pairs and categories that follow the ticker channel', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark' });
    const { page } = app;
    try {
      await app.go('/');
      await page.locator('.hot-card').first().waitFor();
      await page.locator('.home-markets .market-row').first().waitFor();
      const first = page.locator('.hot-card').first().locator('.hot-card__price');
      const before = await first.textContent();
      // The market makers trade all the time; the price on the card moves without a reload.
      await expect.poll(() => first.textContent(), { timeout: 30_000 }).not.toBe(before);
      await page.locator('.home-header__actions button[aria-label="Search"]').click();
      await waitForRoute(page, '/pages/index/serarchType');
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  const looks: { lang: AppLang; theme: AppTheme }[] = [
    { lang: 'en', theme: 'dark' },
    { lang: 'en', theme: 'light' },
    { lang: 'zh_CN', theme: 'dark' },
    { lang: 'zh_CN', theme: 'light' },
  ];
  for (const { lang, theme } of looks) {
    it(`chart and trade pages look right (${lang}, ${theme})`, async () => {
      const app = await newPage(browser, server.url, { lang, theme, storage: login });
      const { page } = app;
      try {
        await app.go(`/pages/market/kLine?symbol=${SYMBOL}`);
        await page.locator('.kline-chart canvas').first().waitFor();
        await page.locator('.book--split .book-level--ask').first().waitFor();
        await page.waitForTimeout(500);
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await screenshot(page, `spot-kline-${lang}-${theme}`);

        await app.go(`/pages/trade/trade?symbol=${SYMBOL}`);
        await page.locator('.book--stacked .book-level--bid').first().waitFor();
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await screenshot(page, `spot-trade-${lang}-${theme}`);

        await app.go('/pages/home/market');
        await page.locator('.market-row').first().waitFor();
        await screenshot(page, `spot-markets-${lang}-${theme}`);
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }
});
