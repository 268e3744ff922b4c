import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceClock,
  type AppLang,
  type AppTheme,
  hasHorizontalOverflow,
  launchBrowser,
  loginViaApi,
  type LoginStorage,
  newPage,
  screenshot,
  serverNow,
  startServer,
  type TestServer,
} from '../harness';

/**
 * The options journey on the test clock: the demo account moves 100 USDT from spot to its options wallet → on the
 * options page joins "up" on the next 30 s BTC/USDT round → the clock is moved to just before the round opens and the
 * page shows it in progress with its open price → moved to just before its close → the round settles, the bet leaves
 * the open list and the history shows its result and profit; the options balance moved by exactly that profit, and
 * the result recomputes from the public series. Then the page in English and Chinese, dark and light.
 */
const DEMO = { account: 'demo@bourse.local', password: 'demo123456' };
/** Real time left before an instant when the clock is moved to it: the page and the jobs run through it live. */
const LEAD_MS = 2000;

let server: TestServer;
let browser: Browser;
let login: LoginStorage;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface Bet {
  id: number;
  number: number;
  side: 'up' | 'down';
  amount: string;
  state: string;
  profit: string | null;
  payout: string | null;
  openAt: number;
  closeAt: number;
  openPrice: string | null;
  closePrice: string | null;
  outcome: string | null;
  roundId: number;
}

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

/** A decimal string as integer units of 10^-scale (money compared without floats, like the app). */
function units(value: string, scale = 8): bigint {
  const negative = value.trim().startsWith('-') || value.trim().startsWith('−');
  const [int = '0', frac = ''] = value.replace(/[^\d.]/g, '').split('.');
  const n = BigInt(int || '0') * 10n ** BigInt(scale) + BigInt((frac.slice(0, scale) || '0').padEnd(scale, '0'));
  return negative ? -n : n;
}

/** Units of 10^-8 as the page shows an amount in English at 2 decimals: `1,100.00`. */
function shown(value: bigint): string {
  const cents = value / 10n ** 6n;
  const int = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${int}.${(cents % 100n).toString().padStart(2, '0')}`;
}

const optionsAvailable = async () => units((await userCall<{ available: string }>('/mapi/option/balance')).available);

/** Moves the server's clock to `LEAD_MS` before `instant` (when it is further than that). */
async function clockToJustBefore(instant: number): Promise<void> {
  const ms = instant - serverNow(server) - LEAD_MS;
  if (ms > 0) await advanceClock(server, ms);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { TEST_CLOCK: 'true' } }), launchBrowser()]);
  login = await loginViaApi(server, DEMO.account, DEMO.password);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('options journey', () => {
  it('transfer in → join up on a 30 s round → it opens and settles on the test clock → result and balance', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: login });
    const { page } = app;
    try {
      // 100 USDT from spot into the options wallet, on the wallet's transfer page (the options page links there).
      const before = await optionsAvailable();
      await app.go('/pages/Option/Option');
      await page.getByRole('button', { name: 'Transfer in' }).click();
      await expect.poll(() => page.getByTestId('transfer-to').textContent()).toBe('Options');
      await page.locator('input[name="amount"]').fill('100');
      await page.getByRole('button', { name: 'Confirm transfer' }).click();
      await expect.poll(optionsAvailable, { timeout: 10_000 }).toBe(before + units('100'));
      const funded = before + units('100');

      // The options page: BTC/USDT, 30 s (the first period), index and countdowns from the server.
      await app.go('/pages/Option/Option?symbol=BTC_USDT&period=30');
      await page
        .getByTestId('next-round')
        .getByText(/Round \d+/)
        .waitFor();
      await expect.poll(() => page.getByTestId('option-index').textContent()).toMatch(/\d/);
      await expect.poll(() => page.locator('.option-form__available').textContent()).toContain(shown(funded));
      await page.getByRole('button', { name: '100', exact: true }).click();
      await page.getByRole('button', { name: /^Up · 80%/ }).click();
      await page.getByText(/You joined round \d+/).waitFor();
      const [bet] = await userCall<Bet[]>('/mapi/option/open');
      expect(bet).toMatchObject({ side: 'up', amount: '100', state: 'open' });
      if (!bet) throw new Error('no open bet');
      expect(bet.closeAt - bet.openAt).toBe(30_000);
      expect(await optionsAvailable()).toBe(funded - units('100'));
      const card = page.getByTestId('option-bet').first();
      await expect.poll(() => card.textContent()).toContain(`Round ${bet.number}`);
      await expect.poll(() => card.getByTestId('bet-state').textContent()).toContain('Waiting to open');
      await screenshot(page, 'options-joined-en-dark');

      // The round opens: the page shows it in progress with its open price.
      await clockToJustBefore(bet.openAt);
      await expect
        .poll(() => page.getByTestId('current-round').textContent(), { timeout: 15_000 })
        .toContain(`Round ${bet.number}`);
      await expect.poll(() => card.getByTestId('bet-state').textContent()).toContain('In progress');
      // The chart marks the round's open price: the server's, as stored with the round.
      const [running] = await userCall<Bet[]>('/mapi/option/open');
      if (!running?.openPrice) throw new Error('the round has no open price');
      await expect
        .poll(async () =>
          units(((await page.locator('.option-chart__open-tag').textContent()) ?? '').replace(/,/g, '')),
        )
        .toBe(units(running.openPrice));
      await screenshot(page, 'options-in-progress-en-dark');

      // It settles at its close: the bet leaves the open list, the history shows its result and profit.
      await clockToJustBefore(bet.closeAt);
      await expect.poll(() => userCall<Bet[]>('/mapi/option/open'), { timeout: 15_000 }).toEqual([]);
      await expect.poll(() => page.getByTestId('option-bet').count(), { timeout: 10_000 }).toBe(0);
      const history = await userCall<{ list: Bet[] }>('/mapi/option/history');
      const done = history.list.find((b) => b.id === bet.id);
      if (!done?.profit || !done.openPrice || !done.closePrice) throw new Error('the bet did not settle');
      expect(['win', 'loss', 'draw']).toContain(done.state);

      // The result recomputes from the public series: up wins iff close > open, a win pays 80%.
      const series = await fetch(
        `${server.url}/api/common/option/series?symbol=BTC_USDT&from=${bet.openAt}&to=${bet.closeAt}`,
      ).then((r) => r.json() as Promise<Envelope<{ points: { t: number; price: string }[] }>>);
      const at = (t: number) => series.data.points.find((p) => p.t === t)?.price;
      expect(at(bet.openAt)).toBe(done.openPrice);
      expect(at(bet.closeAt)).toBe(done.closePrice);
      const [open, close] = [units(done.openPrice), units(done.closePrice)];
      const expected = close > open ? 'win' : close < open ? 'loss' : 'draw';
      expect(done.state).toBe(expected);
      const profit = expected === 'win' ? units('80') : expected === 'loss' ? -units('100') : 0n;
      expect(units(done.profit)).toBe(profit);
      expect(await optionsAvailable()).toBe(funded + profit);

      await page.getByRole('tab', { name: 'History' }).click();
      const settled = page.getByTestId('option-bet').first();
      await expect.poll(() => settled.getAttribute('data-state')).toBe(expected);
      const label = { win: 'Win', loss: 'Loss', draw: 'Draw' }[expected];
      expect(await settled.getByTestId('bet-state').textContent()).toBe(label);
      const shownProfit = (await settled.locator('.option-bet__profit').textContent()) ?? '';
      expect(units(shownProfit.replace(/,/g, ''))).toBe(profit);
      await screenshot(page, 'options-settled-en-dark');

      // Anyone can check it: the verify tab recomputes the pair's finished rounds from the public series.
      await page.getByRole('tab', { name: 'Verify' }).click();
      const verified = page.getByTestId('verified-round').filter({ hasText: `Round ${bet.number}` });
      await expect.poll(() => verified.getAttribute('data-check'), { timeout: 10_000 }).toBe('ok');
      expect(await page.locator('[data-testid="verified-round"][data-check="bad"]').count()).toBe(0);
      await screenshot(page, 'options-verify-en-dark');
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);

  const looks: { lang: AppLang; theme: AppTheme }[] = [
    { lang: 'en', theme: 'light' },
    { lang: 'zh_CN', theme: 'dark' },
    { lang: 'zh_CN', theme: 'light' },
  ];
  for (const { lang, theme } of looks) {
    it(`the options page in ${lang}, ${theme}`, async () => {
      const app = await newPage(browser, server.url, { lang, theme, storage: login });
      try {
        await app.go('/pages/Option/Option?symbol=ETH_USDT&period=60');
        await app.page.getByTestId('next-round').locator('.option-rounds__count').waitFor({ timeout: 15_000 });
        await app.page.locator('.option-chart svg').waitFor();
        expect(await hasHorizontalOverflow(app.page)).toBe(false);
        await screenshot(app.page, `options-page-${lang}-${theme}`);
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }
});
