import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppLang,
  type AppPage,
  type AppTheme,
  CONSOLE_KEYS,
  CONSOLE_VIEWPORT,
  launchBrowser,
  type LoginStorage,
  newPage,
  pngImage,
  registerViaApi,
  REPO_ROOT,
  screenshot,
  signInToConsole,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../harness';

/**
 * The operator console (`/admin/`), as operators use it at a desktop: the administrator signs in (setting up
 * two-factor when the server asks), approves a user's identity submission — the user's profile says verified —,
 * sends the user a test deposit and mines it on the Chain page, rejects the user's withdrawal with a reason — the
 * user's withdrawal shows it and the funds are back —; a content operator sees no withdrawal queue and is refused
 * when calling it. The administrator creates a support operator (the password shown once), who answers a trader's
 * chat message from the inbox; the administrator freezes a user from the user's page — the user's transfer is refused
 * with ACCOUNT_FROZEN — and unfreezes them. Then every page of the console in English and Chinese, dark and light.
 */
const ADMIN_EMAIL = 'admin@bourse.local';
const ADMIN_PASSWORD = 'bourse-e2e-admin-2026';
const USER_PASSWORD = 'journey-pass1';
const FUND_PASSWORD = '246810';
/** A real Tron address that belongs to nobody on this exchange (Tether's contract). */
const EXTERNAL_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

let server: TestServer;
let browser: Browser;
/** The administrator's console page, signed in once and used by every test in turn. */
let admin: AppPage;
let adminToken = '';
/** Made by the tests below and shown again in the tour of every page. */
const seen = { supportEmail: 'support-desk@bourse.local', supportPassword: '', conversationId: 0, userUid: 0 };

async function call<T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      lang: 'en',
      authorization: token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

async function ok<T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<T> {
  const answer = await call<T>(method, url, token, body);
  if (answer.code !== 200) throw new Error(`${method} ${url}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A desktop page of the console, in a language and theme, with no session yet. */
async function consolePage(lang: AppLang = 'en', theme: AppTheme = 'dark'): Promise<AppPage> {
  const app = await newPage(browser, server.url, {
    viewport: CONSOLE_VIEWPORT,
    mobile: false,
    storage: { [CONSOLE_KEYS.lang]: lang, [CONSOLE_KEYS.theme]: theme },
  });
  await app.page.goto(`${server.url}/admin/`);
  return app;
}

async function go(page: Page, route: string): Promise<void> {
  await page.goto(`${server.url}/admin/#${route}`);
}

/** Waits until the console's messages (which sit over the page for 3 s) are gone, for a clean picture. */
async function settleMessages(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
}

/** What the menu offers, by its entries' text. */
function menuEntry(page: Page, text: string) {
  return page.getByTestId('console-menu').getByRole('menuitem', { name: text });
}

async function submitIdentity(login: LoginStorage): Promise<void> {
  const form = new FormData();
  form.append('type', 'id_card');
  form.append('familyName', 'Lovelace');
  form.append('givenName', 'Ada');
  form.append('number', 'E2E1815121');
  const colours: Record<string, [number, number, number]> = {
    front: [216, 226, 239],
    back: [226, 232, 214],
    hand: [239, 224, 210],
  };
  for (const [side, rgb] of Object.entries(colours)) {
    form.append(side, new Blob([new Uint8Array(pngImage(320, 200, rgb))], { type: 'image/png' }), `${side}.png`);
  }
  const response = await fetch(`${server.url}/mapi/security/identity/submit`, {
    method: 'POST',
    headers: { authorization: login['bourse.token'] },
    body: form,
  });
  const answer = (await response.json()) as Envelope<unknown>;
  expect(answer.code, answer.msg).toBe(200);
}

type Balances = { wallets: { wallet: string; assets: { asset: string; available: string; frozen: string }[] }[] };

async function spotUsdt(login: LoginStorage): Promise<{ available: string; frozen: string }> {
  const balances = await ok<Balances>('GET', '/mapi/wallet/balances', login['bourse.token']);
  const row = balances.wallets.find((w) => w.wallet === 'spot')?.assets.find((a) => a.asset === 'USDT');
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

beforeAll(async () => {
  if (!existsSync(path.join(REPO_ROOT, 'apps/admin/dist/index.html'))) {
    throw new Error('apps/admin/dist is missing: run `npm run build` first');
  }
  [server, browser] = await Promise.all([startServer({ env: { CHAIN_BLOCK_MS: '0' } }), launchBrowser()]);
  admin = await consolePage('en', 'dark');
});

afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await server?.stop();
});

describe('operator console', () => {
  it('is served at /admin/ under the app’s policy, and /admin leads there', async () => {
    const page = await fetch(`${server.url}/admin/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const bare = await fetch(`${server.url}/admin`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/admin/');
    // The operator API keeps its own answers beside the console's files.
    const me = await fetch(`${server.url}/admin/api/me`);
    expect(((await me.json()) as Envelope<null>).code).toBe(401);
  });

  it('signs in and approves an identity submission: the user’s profile says verified', async () => {
    const { page } = admin;
    await page.getByTestId('theme-switch').waitFor();
    await screenshot(page, 'console-signin-en-dark');
    ({ token: adminToken } = await signInToConsole(page, ADMIN_EMAIL, ADMIN_PASSWORD));
    expect(await page.getByTestId('operator-role').textContent()).toBe('Administrator');

    const user = await registerViaApi(server, uniqueEmail('console-kyc'), USER_PASSWORD);
    const uid = user['bourse.uid'];
    await submitIdentity(user);

    // The dashboard counts the waiting submission (after "Refresh all": it was open before the user sent it).
    await go(page, '/');
    await page.getByRole('button', { name: 'Refresh all' }).click();
    const waiting = page.getByTestId('card-queue-identity-value');
    await expect.poll(async () => Number(await waiting.textContent()), { timeout: 15_000 }).toBeGreaterThan(0);

    // The queue, filtered by the user, opens the submission with its photos.
    await go(page, `/reviews/identity?uid=${uid}`);
    const open = page.getByTestId('identity-table').getByRole('link', { name: 'Review' });
    await open.first().click();
    await page.getByTestId('identity-fields').waitFor();
    expect(await page.getByTestId('identity-fields').textContent()).toContain('Lovelace');
    for (const side of ['front', 'back', 'hand']) {
      const photo = page.getByTestId(`identity-photo-${side}`).locator('img');
      await expect.poll(() => photo.getAttribute('src'), { timeout: 15_000 }).toMatch(/^blob:/);
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    }
    await screenshot(page, 'console-identity-detail-en-dark');

    await page.getByTestId('identity-approve').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();
    await page.locator('.ant-tag', { hasText: 'Verified' }).first().waitFor();
    await expect
      .poll(
        async () =>
          (await ok<{ security: { identity: string } }>('GET', '/mapi/user/info', user['bourse.token'])).security
            .identity,
      )
      .toBe('verified');

    // The submission leads to the user's page, whose identity tab lists it.
    await page.getByTestId('identity-user-link').click();
    await page.getByTestId('user-profile').waitFor();
    expect(await page.getByTestId('user-state').textContent()).toContain('Verified');
    await page.getByRole('tab', { name: 'Identity submissions' }).click();
    await page.getByTestId('user-identity').getByText('Lovelace Ada').waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('sends a deposit, then rejects the user’s withdrawal: the user sees the reason and the funds are back', async () => {
    const { page } = admin;
    const user = await registerViaApi(server, uniqueEmail('console-wd'), USER_PASSWORD);
    const token = user['bourse.token'];
    await ok('POST', '/mapi/user/setFundPassword', token, {
      loginPassword: USER_PASSWORD,
      fundPassword: FUND_PASSWORD,
      confirmFundPassword: FUND_PASSWORD,
    });
    const { address } = await ok<{ address: string }>(
      'GET',
      '/mapi/wallet/depositAddress?asset=USDT&network=TRC20',
      token,
    );

    // The Chain page: a test deposit to the user's address, then two blocks (credited, then final).
    await go(page, '/finance/chain');
    await page.locator('input[name="address"]').fill(address);
    await page.locator('input[name="amount"]').fill('500');
    await page.getByTestId('chain-deposit-send').click();
    await page.getByText(`It reaches user ${user['bourse.uid']}.`).waitFor();
    const height = async () => (await ok<{ height: number }>('GET', '/admin/api/wallet/chain', adminToken)).height;
    for (let i = 0; i < 2; i++) {
      const before = await height();
      await page.getByTestId('chain-mine').click();
      await expect.poll(height).toBe(before + 1);
    }
    await expect.poll(async () => (await spotUsdt(user)).available, { timeout: 15_000 }).toBe('500');

    const withdrawal = await ok<{ id: number; status: string }>('POST', '/mapi/wallet/withdraw', token, {
      asset: 'USDT',
      network: 'TRC20',
      address: EXTERNAL_TRON,
      amount: '100',
      fundPassword: FUND_PASSWORD,
    });
    expect(withdrawal.status).toBe('review');
    const frozen = await spotUsdt(user);
    expect(frozen.frozen).not.toBe('0');

    // The queue shows it under review; the operator rejects it with a reason.
    await go(page, '/reviews/withdrawals');
    await page.getByTestId(`withdrawal-open-${withdrawal.id}`).click();
    await page.getByTestId('withdrawal-detail').waitFor();
    expect(await page.getByTestId('withdrawal-detail').textContent()).toContain(EXTERNAL_TRON);
    await settleMessages(page);
    await screenshot(page, 'console-withdrawal-detail-en-dark');
    await page.keyboard.press('Escape');
    await page.getByTestId(`withdrawal-reject-${withdrawal.id}`).click();
    const reason = 'The destination address is on a sanctions list. Contact support.';
    await page.locator('textarea[name="reason"]').fill(reason);
    await screenshot(page, 'console-withdrawal-reject-en-dark');
    await page.locator('.ant-modal').getByRole('button', { name: 'Reject' }).click();
    await page.locator('.ant-message-notice', { hasText: 'Rejected' }).waitFor();

    const rejected = await ok<{ status: string; rejectReason: string | null }>(
      'GET',
      `/mapi/wallet/withdrawal/${withdrawal.id}`,
      token,
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: reason });
    expect(await spotUsdt(user)).toEqual({ available: '500', frozen: '0' });

    // The withdrawal leads to the user's page, whose withdrawals tab shows it rejected.
    await settleMessages(page);
    await go(page, `/reviews/withdrawals?uid=${user['bourse.uid']}&status=`);
    await page.getByTestId(`withdrawal-open-${withdrawal.id}`).click();
    await page.getByTestId('withdrawal-user-link').click();
    await page.getByTestId('user-profile').waitFor();
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const row = page.getByTestId('user-withdrawals').locator('tr', { hasText: `#${withdrawal.id}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Rejected');
    expect(admin.errors).toEqual([]);
  });

  it('shows a content operator no withdrawal queue, and the server refuses their calls', async () => {
    const created = await call<{ operator: { id: number }; password: string }>(
      'POST',
      '/admin/api/operators',
      adminToken,
      { email: 'content@bourse.local', name: 'Content Desk', role: 'content' },
    );
    expect(created.code, `creating an operator: ${created.msg}`).toBe(200);

    const content = await consolePage('en', 'light');
    try {
      const { page } = content;
      const { token } = await signInToConsole(page, 'content@bourse.local', created.data.password);
      expect(await page.getByTestId('operator-role').textContent()).toBe('Content');
      await expect.poll(() => menuEntry(page, 'Banners').count()).toBe(1);
      expect(await menuEntry(page, 'Withdrawal reviews').count()).toBe(0);
      expect(await menuEntry(page, 'Identity reviews').count()).toBe(0);
      expect(await menuEntry(page, 'Audit log').count()).toBe(0);
      await screenshot(page, 'console-dashboard-content-en-light');

      // The queue's address tells them it is not for their role, and asks nothing of the server.
      await go(page, '/reviews/withdrawals');
      await page.getByText('Not for your role').waitFor();
      expect(await page.getByTestId('withdrawal-table').count()).toBe(0);
      await screenshot(page, 'console-forbidden-content-en-light');

      // Their token cannot read or decide withdrawals.
      const list = await call('GET', '/admin/api/wallet/withdrawals?status=review', token);
      expect(list.code).toBe(1004);
      const approve = await call('POST', '/admin/api/wallet/withdrawals/approve', token, { id: 1 });
      expect(approve.code).toBe(1004);
      expect(content.errors).toEqual([]);
    } finally {
      await content.close();
    }

    // The administrator's audit log shows the refusals.
    await go(admin.page, '/system/audit?outcome=refused');
    await admin.page.getByTestId('audit-table').getByText('content@bourse.local').first().waitFor();
    await screenshot(admin.page, 'console-audit-refused-en-dark');
  });

  it('creates an operator from the console: the generated password is shown once, with a copy button', async () => {
    const { page, context } = admin;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const me = await ok<{ id: number }>('GET', '/admin/api/me', adminToken);

    await go(page, '/system/operators');
    await page.getByTestId('operator-table').waitFor();
    // One's own role and status cannot be changed here (the server refuses it too).
    expect(await page.getByTestId(`operator-status-${me.id}`).isDisabled()).toBe(true);
    expect(await page.getByTestId(`operator-reset-password-${me.id}`).isDisabled()).toBe(true);
    expect(await page.getByTestId(`operator-role-${me.id}`).getAttribute('class')).toContain('disabled');

    await page.getByTestId('operator-new').click();
    await page.locator('input[name="email"]').fill(seen.supportEmail);
    await page.locator('input[name="name"]').fill('Mei Support');
    // The role defaults to Support; what it may do is listed under it.
    await page.locator('.role-permissions', { hasText: 'Answer the customer-service chat' }).waitFor();
    await screenshot(page, 'console-operator-create-en-dark');
    await page.locator('.ant-modal').getByRole('button', { name: 'Create' }).click();

    const once = page.getByTestId('operator-password-once');
    await once.waitFor();
    expect(await once.textContent()).toContain('Shown only this once');
    seen.supportPassword = ((await page.getByTestId('operator-password').textContent()) ?? '').trim();
    expect(seen.supportPassword.length).toBeGreaterThanOrEqual(12);
    await page.getByTestId('operator-password-copy').click();
    await page.locator('.ant-message-notice', { hasText: 'Password copied.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(seen.supportPassword);
    await settleMessages(page);
    await screenshot(page, 'console-operator-password-en-dark');

    // A stray click or Escape does not close it; "I have copied it" does, and the password is gone from the page.
    await page.keyboard.press('Escape');
    expect(await once.isVisible()).toBe(true);
    await page.getByTestId('operator-password-done').click();
    await once.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(seen.supportPassword);
    const row = page.getByTestId('operator-table').locator('tr', { hasText: seen.supportEmail });
    await row.waitFor();
    expect(await row.textContent()).toContain('Set up at next sign-in');
    const operators = await ok<{ id: number; email: string; role: string }[]>(
      'GET',
      '/admin/api/operators',
      adminToken,
    );
    expect(operators.find((o) => o.email === seen.supportEmail)?.role).toBe('support');

    // Another operator's role changes after a confirmation that lists what the new role may do.
    const contentDesk = operators.find((o) => o.email === 'content@bourse.local');
    expect(contentDesk?.role).toBe('content');
    await page.getByTestId(`operator-role-${contentDesk?.id}`).click();
    await page.locator('.ant-select-item-option', { hasText: 'Risk' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('Markets: create, suspend, price bands, fees').waitFor();
    await confirm.getByRole('button', { name: 'Change the role' }).click();
    await page.locator('.ant-message-notice', { hasText: 'Role changed.' }).waitFor();
    const after = await ok<{ email: string; role: string }[]>('GET', '/admin/api/operators', adminToken);
    expect(after.find((o) => o.email === 'content@bourse.local')?.role).toBe('risk');
    expect(admin.errors).toEqual([]);
  });

  it('lets a support operator answer a trader’s chat message from the inbox', async () => {
    expect(seen.supportPassword, 'the operator of the previous test').not.toBe('');
    const trader = await registerViaApi(server, uniqueEmail('console-chat'), USER_PASSWORD);
    const traderToken = trader['bourse.token'];
    const question = 'Hello, my USDT deposit has not arrived yet. Can you check it?';
    await ok('POST', '/mapi/support/message', traderToken, { body: question });
    type Thread = {
      conversation: { id: number } | null;
      messages: { id: number; author: string; body: string; operatorName: string | null; readAt: number | null }[];
    };
    const thread = async () => ok<Thread>('GET', '/mapi/support/thread', traderToken);
    const conversationId = (await thread()).conversation?.id ?? 0;
    expect(conversationId).toBeGreaterThan(0);
    seen.conversationId = conversationId;
    seen.userUid = Number(trader['bourse.uid']);

    const support = await consolePage('en', 'light');
    try {
      const { page } = support;
      await signInToConsole(page, seen.supportEmail, seen.supportPassword);
      expect(await page.getByTestId('operator-role').textContent()).toBe('Support');
      await expect.poll(() => menuEntry(page, 'Customer service').count()).toBe(1);
      expect(await menuEntry(page, 'User lookup').count()).toBe(1);
      expect(await menuEntry(page, 'Withdrawal reviews').count()).toBe(0);
      expect(await menuEntry(page, 'Operators').count()).toBe(0);

      // The dashboard counts the conversation waiting for an answer, and shows no queue the role does not work.
      const waiting = page.getByTestId('card-queue-support-value');
      await expect.poll(async () => Number(await waiting.textContent()), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await page.getByTestId('card-queue-identity').count()).toBe(0);
      expect(await page.getByTestId('card-queue-withdrawals').count()).toBe(0);
      // The menu carries the same count on the inbox's entry.
      await expect
        .poll(async () => Number(await page.getByTestId('menu-badge-/support').textContent()), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await screenshot(page, 'console-dashboard-support-en-light');

      await page.getByTestId('card-queue-support').getByRole('link', { name: 'Open the queue' }).click();
      const item = page.getByTestId(`support-conversation-${conversationId}`);
      await item.waitFor();
      expect(await page.getByTestId(`support-unread-${conversationId}`).textContent()).toBe('1');
      await screenshot(page, 'console-support-inbox-en-light');
      await item.click();
      const chat = page.getByTestId('support-chat');
      await chat.getByText(question).waitFor();

      // Opened means read: the trader's message is marked read, and the inbox's count goes.
      await expect
        .poll(async () => (await thread()).messages.find((m) => m.author === 'user')?.readAt ?? null, {
          timeout: 10_000,
        })
        .not.toBeNull();
      await page.getByTestId(`support-unread-${conversationId}`).waitFor({ state: 'detached', timeout: 10_000 });

      // Beside it, the user: the uid leads to their page (support may look users up).
      const userLink = page.getByTestId('support-user-link');
      expect(await userLink.getAttribute('href')).toBe(`#/users/${trader['bourse.uid']}`);
      expect(await page.getByTestId('support-user').textContent()).toContain('Not verified');

      const answer =
        'Hi! I can see your account. Deposits are credited after 1 confirmation — please allow a few minutes.';
      await page.getByTestId('support-reply').fill(answer);
      await page.getByTestId('support-send').click();
      await chat.getByText(answer).waitFor();
      await expect.poll(() => page.getByTestId('support-reply').inputValue()).toBe('');

      // The trader's thread has the answer, signed with the operator's name (never their email).
      await expect
        .poll(async () => (await thread()).messages.find((m) => m.author === 'operator')?.body ?? '')
        .toBe(answer);
      const answered = (await thread()).messages.find((m) => m.author === 'operator');
      expect(answered?.operatorName).toBe('Mei Support');
      expect(JSON.stringify(await thread())).not.toContain(seen.supportEmail);

      // The console has no live channel: the open conversation is fetched again every few seconds.
      const followUp = 'Thanks, it has arrived now!';
      await ok('POST', '/mapi/support/message', traderToken, { body: followUp });
      await chat.getByText(followUp).waitFor({ timeout: 15_000 });
      await settleMessages(page);
      await page.mouse.move(700, 880);
      await screenshot(page, 'console-support-answered-en-light');
      expect(support.errors).toEqual([]);
    } finally {
      await support.close();
    }
  });

  it('freezes a user from the user’s page: their transfer is refused with ACCOUNT_FROZEN, then unfreezes them', async () => {
    const { page } = admin;
    const email = uniqueEmail('console-freeze');
    const user = await registerViaApi(server, email, USER_PASSWORD);
    const token = user['bourse.token'];
    const uid = Number(user['bourse.uid']);
    // Funds to move: a test deposit on the simulated chain, mined to finality.
    const { address } = await ok<{ address: string }>(
      'GET',
      '/mapi/wallet/depositAddress?asset=USDT&network=TRC20',
      token,
    );
    await ok('POST', '/admin/api/wallet/chain/deposit', adminToken, {
      asset: 'USDT',
      network: 'TRC20',
      address,
      amount: '250',
    });
    await ok('POST', '/admin/api/wallet/chain/mine', adminToken, { blocks: 2 });
    await expect.poll(async () => (await spotUsdt(user)).available, { timeout: 15_000 }).toBe('250');

    // Found by the start of their email, opened from the results.
    await go(page, `/users?q=${encodeURIComponent(email.slice(0, 24))}`);
    await page.getByTestId(`user-open-${uid}`).click();
    await page.getByTestId('user-profile').waitFor();
    expect(await page.getByTestId('user-profile').textContent()).toContain(email);
    await page.getByTestId('balances-spot').getByText('250').first().waitFor();

    await page.getByTestId('user-freeze').click();
    const reason = 'Chargeback investigation #4471: hold until the bank answers.';
    await page.locator('textarea[name="reason"]').fill(reason);
    await screenshot(page, 'console-user-freeze-en-dark');
    await page.locator('.ant-modal').getByRole('button', { name: 'Freeze account' }).click();
    const alert = page.getByTestId('user-frozen-alert');
    await alert.waitFor();
    // The reason arrives with the user's page asked again after the freeze.
    await expect.poll(() => alert.textContent()).toContain(reason);

    const transfer = { asset: 'USDT', from: 'spot', to: 'options', amount: '10' };
    const refused = await call('POST', '/mapi/wallet/transfer', token, transfer);
    expect(refused.code, refused.msg).toBe(2048);
    await settleMessages(page);
    await screenshot(page, 'console-user-frozen-en-dark');

    await page.getByTestId('user-unfreeze').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Unfreeze' }).click();
    await alert.waitFor({ state: 'detached' });
    const moved = await call('POST', '/mapi/wallet/transfer', token, transfer);
    expect(moved.code, moved.msg).toBe(200);
    expect((await spotUsdt(user)).available).toBe('240');

    seen.userUid = uid;
    expect(admin.errors).toEqual([]);
  });

  it('shows every page in English and Chinese, dark and light', async () => {
    const { page } = admin;
    const pages: [string, string][] = [
      ['dashboard', '/'],
      ['identity', '/reviews/identity?status='],
      ['withdrawals', '/reviews/withdrawals?status='],
      ['withdrawal-settings', '/reviews/withdrawals/settings'],
      ['spot-markets', '/markets/spot'],
      ['products', '/markets/products'],
      ['banners', '/content/banners'],
      ['articles', '/content/articles'],
      ['article-editor', '/content/articles/new'],
      ['app-versions', '/content/app-versions'],
      ['ledger', '/finance/ledger'],
      ['system-accounts', '/finance/ledger/system-accounts'],
      ['journal', '/finance/ledger/journal?reference=wallet:*'],
      ['chain', '/finance/chain'],
      ['networks', '/finance/networks'],
      ['audit', '/system/audit'],
      ['users', '/users?q=e2e-console'],
      ['user', `/users/${seen.userUid}`],
      ['two-factor-resets', '/users/two-factor-resets'],
      ['support', '/support'],
      ['support-conversation', `/support/${seen.conversationId}`],
      ['operators', '/system/operators'],
      ['scheduler', '/system/scheduler'],
      ['my-password', '/me/password'],
    ];
    // The last look (Chinese, dark) stays on for the sign-in page of the next test.
    const looks: { lang: AppLang; label: string; theme: AppTheme }[] = [
      { lang: 'en', label: 'English', theme: 'dark' },
      { lang: 'en', label: 'English', theme: 'light' },
      { lang: 'zh_CN', label: '简体中文', theme: 'light' },
      { lang: 'zh_CN', label: '简体中文', theme: 'dark' },
    ];
    // The last test's message ("Unfrozen.") is gone before the first picture.
    await settleMessages(page);
    for (const look of looks) {
      // Language and theme through the header's own controls.
      await go(page, '/');
      await page.getByTestId('language-select').click();
      await page.locator('.ant-select-item-option', { hasText: look.label }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(look.lang.replace('_', '-'));
      if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== look.theme) {
        await page.getByTestId('theme-switch').click();
      }
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(look.theme);
      // No hover tooltip or focus ring left on the header's controls in the pictures.
      await page.mouse.move(700, 880);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      // Both looks for every page would be many pictures; the light English set keeps to the pages that differ most.
      const lightEnglish = new Set(['dashboard', 'identity', 'withdrawals', 'user', 'support-conversation']);
      const shown =
        look.lang === 'en' && look.theme === 'light' ? pages.filter(([name]) => lightEnglish.has(name)) : pages;
      for (const [name, route] of shown) {
        await go(page, route);
        await page.locator('.page-header').first().waitFor();
        await page
          .locator('.ant-skeleton, .ant-spin-spinning')
          .first()
          .waitFor({ state: 'detached', timeout: 15_000 })
          .catch(() => undefined);
        expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), name).toBe(false);
        // The menu's selection fades from the last page's entry to this one's (0.3 s).
        await page.waitForTimeout(300);
        await screenshot(page, `console-${name}-${look.lang}-${look.theme}`);
      }
    }
    expect(await page.getByTestId('console-menu').textContent()).toContain('审核');
    expect(admin.errors).toEqual([]);
  });

  it('shows the sign-in page in Chinese and ends the session on sign-out', async () => {
    const { page } = admin;
    await go(page, '/');
    await page.getByTestId('operator-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.locator('input[name="email"]').waitFor();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), CONSOLE_KEYS.session)).toBeNull();
    // The signed-out token is dead on the server too.
    expect((await call('GET', '/admin/api/me', adminToken)).code).toBe(401);
    await screenshot(page, 'console-signin-zh_CN-dark');
    expect(admin.errors).toEqual([]);
  });
});
