import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppLang,
  type AppTheme,
  hasHorizontalOverflow,
  launchBrowser,
  type LoginStorage,
  loginViaApi,
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

/**
 * The rewards journey, on a fresh install's demo data (a funded reward pool, two boxes, the demo account with spot
 * funds): the demo user checks in → the reward is in the gold wallet; buys and opens a box → rotates the seeds → the
 * app verifies the draw; opens the invitation poster → a friend follows its link (the register form carries the
 * code) → the friend trades → the rebate shows on the partner page. Then every page in en/zh_CN × dark/light.
 */
const DEMO = { account: 'demo@bourse.local', password: 'demo123456' };

let server: TestServer;
let browser: Browser;
let admin: string;
let demo: LoginStorage;

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

type Balances = { wallets: { wallet: string; assets: { asset: string; available: string }[] }[] };

async function available(login: LoginStorage, wallet: string, asset: string): Promise<string> {
  const b = await userCall<Balances>(login, '/mapi/wallet/balances');
  return b.wallets.find((w) => w.wallet === wallet)?.assets.find((a) => a.asset === asset)?.available ?? '0';
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { CHAIN_BLOCK_MS: '0' } }), launchBrowser()]);
  admin = await operatorToken(server);
  demo = await loginViaApi(server, DEMO.account, DEMO.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('rewards journey', () => {
  it('check in → gold; open a box → verify it; invite through the poster link → the friend’s trade pays a rebate', async () => {
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage: demo });
    const { page } = app;
    try {
      // Check-in: day 1 of the calendar, the reward lands in gold.
      const goldBefore = Number(await available(demo, 'gold', 'USDT'));
      await app.go('/pages/Signin/Signin');
      const button = page.getByRole('button', { name: /Check in/ });
      await button.waitFor({ timeout: 15_000 });
      await button.click();
      await page.getByText('Checked in today').waitFor();
      expect(await page.getByTestId('checkin-streak').textContent()).toBe('1 days in a row');
      await expect.poll(() => page.getByTestId('checkin-day-1').getAttribute('class')).toContain('is-claimed');
      expect(Number(await available(demo, 'gold', 'USDT'))).toBe(goldBefore + 1);
      await screenshot(page, 'rewards-signin-en-dark');

      // Mystery box: buy and open the starter box; the price leaves spot, the prize (if any) lands in gold.
      const spotBefore = Number(await available(demo, 'spot', 'USDT'));
      await app.go('/pages/index/mysterybox');
      const boxes = await userCall<{ id: number; name: string }[]>(demo, '/mapi/periperal/blindBoxInfo');
      const starter = boxes.find((b) => b.name === 'Starter box');
      expect(starter).toBeDefined();
      const hashBefore = (await userCall<{ serverSeedHash: string }>(demo, '/mapi/rewards/box/fairness'))
        .serverSeedHash;
      await page.getByTestId(`open-box-${starter?.id}`).click();
      const result = page.getByTestId('box-result');
      await result.waitFor({ timeout: 10_000 });
      const prizeText = (await result.textContent()) ?? '';
      await screenshot(page, 'rewards-box-result-en-dark');
      await page.getByRole('button', { name: 'OK' }).click();
      expect(Number(await available(demo, 'spot', 'USDT'))).toBe(spotBefore - 5);
      const draws = await userCall<{ list: { prize: { amount: string; asset: string }; serverSeedHash: string }[] }>(
        demo,
        '/mapi/rewards/box/draws',
      );
      expect(draws.list[0]?.serverSeedHash).toBe(hashBefore);
      const prize = draws.list[0]?.prize;
      expect(prizeText).toBe(prize?.amount === '0' ? 'Nothing this time' : `${prize?.amount} ${prize?.asset}`);

      // Verify: rotate the seeds (the server seed is revealed), then the app recomputes the draw.
      await page.getByRole('tab', { name: 'Verify' }).click();
      await expect.poll(() => page.getByTestId('seed-hash').textContent()).toBe(hashBefore);
      await page.getByTestId('rotate').click();
      const check = page.getByTestId('verify-draw').first();
      await check.waitFor({ timeout: 10_000 });
      await check.click();
      await expect
        .poll(() => page.getByTestId('verify-result').first().textContent())
        .toBe('Verified: the hash and the prize match');
      await screenshot(page, 'rewards-box-verify-en-dark');

      // The poster: the code and link; a friend follows the link — the register form carries the code.
      await app.go('/pages/share/share');
      const code = (await page.getByTestId('invite-code').textContent()) ?? '';
      const link = (await page.getByTestId('invite-link').textContent()) ?? '';
      expect(link).toBe(`${server.url}/#/pages/login/register?code=${code}`);
      await screenshot(page, 'rewards-share-en-dark');
      const friendPage = await newPage(browser, server.url, { lang: 'en', theme: 'dark' });
      try {
        // The link itself, as a friend opens it from the poster's QR code.
        await friendPage.page.goto(link);
        await waitForRoute(friendPage.page, '/pages/login/register');
        await expect.poll(() => friendPage.page.locator('input[name="inviteCode"]').inputValue()).toBe(code);
        expect(friendPage.errors).toEqual([]);
      } finally {
        await friendPage.close();
      }
      const friend = await registerViaApi(server, uniqueEmail('rewards-friend'), 'journey-pass1', code);

      // The friend gets USDT on chain and buys BTC at market: the taker fee (in BTC) pays the demo user 20%.
      const { address } = await userCall<{ address: string }>(
        friend,
        '/mapi/wallet/depositAddress?asset=USDT&network=TRC20',
      );
      await operatorCall(server, admin, '/admin/api/wallet/chain/deposit', {
        asset: 'USDT',
        network: 'TRC20',
        address,
        amount: '500',
      });
      await operatorCall(server, admin, '/admin/api/wallet/chain/mine', { blocks: 2 });
      await expect.poll(() => available(friend, 'spot', 'USDT'), { timeout: 15_000 }).toBe('500');
      const rebateBefore = Number(await available(demo, 'gold', 'BTC'));
      await userCall(friend, '/mapi/spot/neworder', {
        symbol: 'BTC_USDT',
        side: 'buy',
        type: 'market',
        quoteQuantity: '200',
      });
      const rebates = await operatorCall<{ list: { uid: number; fromUid: number; fee: string; amount: string }[] }>(
        server,
        admin,
        '/admin/api/rewards/rebates',
      );
      const mine = rebates.list.filter((r) => r.fromUid === Number(friend['bourse.uid']));
      expect(mine.length).toBeGreaterThan(0);
      // Each fill's rebate is 20% of its fee, rounded down to the asset's 8 decimals.
      const units = (s: string) => BigInt(Math.round(Number(s) * 1e8));
      for (const r of mine) expect(units(r.amount)).toBe((units(r.fee) * 20n) / 100n);
      const paid = mine.reduce((sum, r) => sum + units(r.amount), 0n);
      expect(units(await available(demo, 'gold', 'BTC'))).toBe(units(String(rebateBefore)) + paid);

      await app.go('/pages/usreMei/partner');
      await expect.poll(() => page.getByTestId('partner-rebates').textContent(), { timeout: 10_000 }).toContain('BTC');
      await screenshot(page, 'rewards-partner-en-dark');
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
  it.each(looks)('every reward page in %s, %s: no overflow, no errors', async (lang, theme) => {
    const app = await newPage(browser, server.url, { lang, theme, storage: demo });
    try {
      for (const [route, name, ready] of [
        ['/pages/Signin/Signin', 'signin', 'checkin-day-7'],
        ['/pages/index/mysterybox', 'box', 'box-1'],
        ['/pages/share/share', 'share', 'invite-code'],
        ['/pages/usreMei/partner', 'partner', 'partner-rebates'],
      ] as const) {
        await app.go(route);
        await app.page.getByTestId(ready).waitFor({ timeout: 15_000 });
        expect(await hasHorizontalOverflow(app.page)).toBe(false);
        await screenshot(app.page, `rewards-${name}-${lang}-${theme}`);
      }
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
