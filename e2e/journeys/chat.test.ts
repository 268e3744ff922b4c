import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppLang,
  type AppPage,
  type AppTheme,
  CONSOLE_KEYS,
  CONSOLE_VIEWPORT,
  hasHorizontalOverflow,
  launchBrowser,
  type LoginStorage,
  newPage,
  operatorCall,
  operatorToken,
  pngImage,
  registerViaApi,
  screenshot,
  signInToConsole,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../harness';

/**
 * The community chat: two traders in two browser contexts open the English room (the demo conversation is there,
 * older messages load when scrolling up), write to each other and see it live; one sends an image, the other reports
 * a message; a moderator signs in to the console, finds the report and deletes the message — it disappears from both
 * apps at once — then mutes the author, whose next message is refused and whose composer turns to the muted notice.
 * Then the page in English and Chinese, dark and light.
 */
const PASSWORD = 'journey-pass1';
const CHAT = '/pages/chat/index';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function traderCall<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', authorization: token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A trader with a nickname, logged in. */
async function trader(nickname: string): Promise<LoginStorage> {
  const storage = await registerViaApi(server, uniqueEmail(nickname.toLowerCase()), PASSWORD);
  await traderCall(storage['bourse.token'], '/mapi/user/nickname', { nickname });
  return storage;
}

async function openChat(storage: LoginStorage, lang: AppLang, theme: AppTheme): Promise<AppPage> {
  const app = await newPage(browser, server.url, { lang, theme, storage });
  await app.go(CHAT);
  await app.page.locator('.chat-msg').first().waitFor();
  return app;
}

async function write(page: Page, text: string): Promise<void> {
  await page.locator('textarea[name="body"]').fill(text);
  await page.locator('.msg-composer__send').click();
}

function messageWith(page: Page, text: string) {
  return page.locator('.chat-msg', { hasText: text });
}

/** Marks the document, so a later check can tell the page was never reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { journeyMark?: boolean }).journeyMark = true;
  });
}

function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { journeyMark?: boolean }).journeyMark === true);
}

/** A support operator as the admin creates one, signed in to the console in a desktop page. */
async function moderatorConsole(): Promise<AppPage> {
  const admin = await operatorToken(server);
  const email = uniqueEmail('moderator');
  const created = await operatorCall<{ password: string }>(server, admin, '/admin/api/operators', {
    email,
    name: 'Moderator Mo',
    role: 'support',
  });
  const app = await newPage(browser, server.url, {
    viewport: CONSOLE_VIEWPORT,
    mobile: false,
    storage: { [CONSOLE_KEYS.lang]: 'en', [CONSOLE_KEYS.theme]: 'light' },
  });
  await app.page.goto(`${server.url}/admin/`);
  await signInToConsole(app.page, email, created.password);
  return app;
}

describe('community chat journey', () => {
  it('two traders chat live; a moderator’s delete in the console disappears for both; a mute refuses the author', async () => {
    const aliceLogin = await trader('AliceChats');
    const bobLogin = await trader('BobChats');
    const alice = await openChat(aliceLogin, 'en', 'dark');
    const bob = await openChat(bobLogin, 'en', 'light');
    let moderator: AppPage | null = null;
    try {
      // A fresh install feels alive: the demo conversation, with names and letter avatars.
      await messageWith(alice.page, 'trade safe').waitFor();
      expect(await messageWith(alice.page, 'trade safe').locator('.chat-msg__name').textContent()).toBe('KaiTrades');
      expect(await alice.page.getByRole('tab', { name: 'English' }).getAttribute('aria-selected')).toBe('true');

      // History on scroll: scrolling to the top loads the older messages, up to the beginning of the room.
      const first = 'Morning all. BTC held the support overnight.';
      expect(await messageWith(alice.page, first).count()).toBe(0);
      await expect
        .poll(async () => {
          await alice.page
            .locator('.page-scroll')
            .first()
            .evaluate((el) => el.scrollTo(0, 0));
          return messageWith(alice.page, first).count();
        })
        .toBe(1);
      await alice.page.locator('.chat-beginning').waitFor();
      await markDocument(alice.page);
      await markDocument(bob.page);

      // Alice writes; Bob sees it without a reload, and answers; Alice sees that.
      await write(alice.page, 'Hi Bob, are you long BTC?');
      const onBob = messageWith(bob.page, 'Hi Bob, are you long BTC?');
      await onBob.waitFor();
      expect(await onBob.locator('.chat-msg__name').textContent()).toBe('AliceChats');
      expect(await messageWith(alice.page, 'Hi Bob, are you long BTC?').getAttribute('class')).toContain(
        'chat-msg--mine',
      );
      await write(bob.page, 'Flat for now, waiting for a retest.');
      await messageWith(alice.page, 'waiting for a retest').waitFor();
      expect(await sameDocument(bob.page)).toBe(true);

      // An image: previewed, sent, and shown to the other side.
      await alice.page.setInputFiles('input[name="image"]', {
        name: 'chart.png',
        mimeType: 'image/png',
        buffer: pngImage(320, 200, [60, 90, 140]),
      });
      await alice.page.locator('.msg-composer__thumb').waitFor();
      await write(alice.page, 'My chart');
      const bobImage = messageWith(bob.page, 'My chart').locator('.msg-image__img');
      await bobImage.waitFor();
      await expect.poll(() => bobImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

      // Alice posts something a moderator will remove; Bob reports it (its actions: right click / long press).
      const bad = 'DM me for a guaranteed 10x signal group';
      await write(alice.page, bad);
      await messageWith(bob.page, bad).waitFor();
      await screenshot(bob.page, 'chat-room-en-light');
      await screenshot(alice.page, 'chat-room-en-dark');
      await messageWith(bob.page, bad).locator('.msg-bubble').click({ button: 'right' });
      await bob.page.locator('.adm-action-sheet-button-item', { hasText: 'Report' }).click();
      await bob.page.locator('.adm-action-sheet-button-item', { hasText: 'Scam or fraud' }).click();
      await bob.page.locator('.adm-toast-main', { hasText: 'The moderators will review it' }).waitFor();

      // The moderator finds it in the console's report queue and deletes it.
      moderator = await moderatorConsole();
      const desk = moderator.page;
      await desk.goto(`${server.url}/admin/#/chat`);
      const reported = desk.getByTestId('chat-reports').locator('tr', { hasText: bad });
      await reported.waitFor();
      expect(await reported.textContent()).toContain('AliceChats');
      await screenshot(desk, 'chat-console-reports-en-light');
      await reported.getByRole('button', { name: 'Delete' }).click();
      await desk.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
      await desk.locator('.ant-message-notice', { hasText: 'Message deleted.' }).waitFor();

      // Gone from both apps at once, in its place a note; nobody reloaded.
      for (const app of [alice, bob]) {
        await expect.poll(() => app.page.getByText(bad).count()).toBe(0);
        await app.page.locator('.chat-msg__removed', { hasText: 'removed by a moderator' }).first().waitFor();
        expect(await sameDocument(app.page)).toBe(true);
      }
      await screenshot(bob.page, 'chat-removed-en-light');

      // The moderator mutes Alice from the Mutes tab: her next message is refused and the composer turns to the notice.
      await desk.getByRole('tab', { name: 'Mutes' }).click();
      await desk.getByRole('spinbutton', { name: 'User' }).fill(aliceLogin['bourse.uid']);
      await desk.getByRole('button', { name: 'Mute', exact: true }).click();
      await desk.locator('.ant-modal textarea').fill('Scam signals in the English room');
      await desk.locator('.ant-modal').getByRole('button', { name: 'Mute' }).click();
      await desk.getByTestId('chat-mutes').locator('tr', { hasText: 'AliceChats' }).waitFor();
      await screenshot(desk, 'chat-console-mutes-en-light');

      await write(alice.page, 'Why was that removed?');
      await alice.page.locator('.chat-muted').waitFor();
      expect(await alice.page.locator('textarea[name="body"]').count()).toBe(0);
      expect(await messageWith(bob.page, 'Why was that removed?').count()).toBe(0);
      await screenshot(alice.page, 'chat-muted-en-dark');
      expect(alice.errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
      expect(bob.errors).toEqual([]);
    } finally {
      await alice.close();
      await bob.close();
      await moderator?.close();
    }
  });

  it.each([
    ['zh_CN', 'dark'],
    ['zh_CN', 'light'],
  ] as const)('shows the room of the language in %s, %s, without overflow', async (lang, theme) => {
    const login = await trader(`Mei${theme}`);
    const app = await openChat(login, lang, theme);
    try {
      expect(await app.page.getByRole('tab', { name: '简体中文' }).getAttribute('aria-selected')).toBe('true');
      await messageWith(app.page, '祝大家交易顺利').waitFor();
      await write(app.page, '大家好，我是新来的 👋');
      await app.page.locator('.chat-msg--mine', { hasText: '我是新来的' }).waitFor();
      expect(await hasHorizontalOverflow(app.page)).toBe(false);
      await screenshot(app.page, `chat-room-${lang}-${theme}`);
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
