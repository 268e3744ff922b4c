import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppLang,
  type AppTheme,
  hasHorizontalOverflow,
  launchBrowser,
  newPage,
  operatorCall,
  operatorToken,
  pngImage,
  registerViaApi,
  screenshot,
  startServer,
  type TestServer,
  uniqueEmail,
  waitForRoute,
} from '../harness';
import { operatorSignIn } from '../harness/app';

/**
 * The customer-service journey: a trader writes from the app, a support operator (created by the admin, signed in
 * with two-factor) answers through the operator API, and the app shows the answer live — no reload — with the
 * operator's name, while the trader's message turns to "Read". The Me page counts an answer the trader has not seen;
 * an image goes as a thumbnail that opens full size; a closed conversation says so and the next message opens a new
 * one. Then the chat in English and Chinese, dark and light.
 */
const PASSWORD = 'journey-pass1';
const SERVE = '/pages/index/serve';
const ME = '/pages/usreMei/usreMei';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface InboxItem {
  conversation: { id: number; status: 'open' | 'closed' };
  uid: number;
  unread: number;
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

/** A call of the trader's API with their token (plain JSON: the envelope is optional). */
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

/** A support operator as the admin creates one (the password is shown once), signed in with two-factor. */
async function supportOperator(name: string): Promise<string> {
  const admin = await operatorToken(server);
  const email = uniqueEmail('support-op');
  const created = await operatorCall<{ password: string }>(server, admin, '/admin/api/operators', {
    email,
    name,
    role: 'support',
  });
  return operatorSignIn(server, email, created.password);
}

async function conversationOf(operator: string, uid: number, status: 'open' | 'closed' = 'open') {
  const inbox = await operatorCall<{ list: InboxItem[] }>(
    server,
    operator,
    `/admin/api/support/conversations?status=${status}`,
  );
  const item = inbox.list.find((i) => i.uid === uid);
  if (!item) throw new Error(`no ${status} conversation of ${uid}`);
  return item;
}

function reply(operator: string, conversationId: number, body: string): Promise<unknown> {
  return operatorCall(server, operator, `/admin/api/support/conversations/${conversationId}/reply`, { body });
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

async function write(page: Page, text: string): Promise<void> {
  await page.locator('textarea[name="body"]').fill(text);
  await page.locator('.msg-composer__send').click();
}

/** The Me page's support row and the count on it ('' when there is none). */
async function meBadge(page: Page): Promise<string> {
  const row = page.locator('.adm-list-item', { hasText: 'Customer service' });
  await row.waitFor();
  const badge = row.locator('.adm-badge-content');
  return (await badge.count()) > 0 ? ((await badge.textContent()) ?? '') : '';
}

describe('support journey', () => {
  it('trader writes → support answers → the answer arrives live and the message reads "Read"; Me counts it', async () => {
    const storage = await registerViaApi(server, uniqueEmail('support'), PASSWORD);
    const uid = Number(storage['bourse.uid']);
    const token = storage['bourse.token'];
    const operator = await supportOperator('Mia');
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage });
    const { page } = app;
    try {
      // A first visit: the friendly prompt, and the composer.
      await app.go(SERVE);
      await page.locator('.support-empty').waitFor();
      expect(await page.locator('.support-empty__title').textContent()).toBe('How can we help?');
      expect(await page.locator('.msg-composer__send').isDisabled()).toBe(true);
      await markDocument(page);

      await write(page, 'Hello, my USDT deposit has not arrived yet.');
      const mine = page.locator('.support-msg--mine[data-message-id]').first();
      await mine.waitFor();
      await expect.poll(() => mine.locator('.support-msg__receipt').textContent()).toBe('Sent');
      expect(await page.locator('.support-empty').count()).toBe(0);

      // The operator sees it unread in the inbox and answers through the API.
      const conversation = await conversationOf(operator, uid);
      expect(conversation.unread).toBe(1);
      await reply(operator, conversation.conversation.id, 'Hi! I am looking into it — could you send a screenshot?');

      // The app shows the answer without a reload, with the operator's name; the trader's message has been read.
      const answer = page.locator('.support-msg--theirs').first();
      await answer.waitFor();
      expect(await answer.locator('.support-msg__name').textContent()).toBe('Mia');
      expect(await answer.locator('.msg-text').textContent()).toContain('could you send a screenshot?');
      await expect.poll(() => mine.locator('.support-msg__receipt').textContent()).toBe('Read');
      expect(await sameDocument(page)).toBe(true);
      // The page was on screen: it told the server the answer was read.
      await expect.poll(() => traderCall<{ unread: number }>(token, '/mapi/support/unread')).toEqual({ unread: 0 });

      // An image: previewed before it goes, then a thumbnail that opens full size.
      await page.setInputFiles('input[name="image"]', {
        name: 'deposit.png',
        mimeType: 'image/png',
        buffer: pngImage(320, 200, [60, 90, 140]),
      });
      await page.locator('.msg-composer__thumb').waitFor();
      await screenshot(page, 'support-image-preview-en-dark');
      await write(page, 'Here it is.');
      const sentImage = page.locator('.support-msg--mine[data-message-id] .msg-image__img');
      await sentImage.waitFor();
      expect(await sentImage.getAttribute('src')).toMatch(/^blob:/);
      await expect.poll(() => sentImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
      expect(await page.locator('.msg-composer__thumb').count()).toBe(0);
      await sentImage.click();
      const viewer = page.locator('.msg-lightbox__img');
      await viewer.waitFor();
      await screenshot(page, 'support-image-viewer-en-dark');
      await page.locator('.msg-lightbox__close').click();
      await viewer.waitFor({ state: 'detached' });
      await screenshot(page, 'support-thread-en-dark');

      // Me: an answer that came while the chat was closed is counted on the support row…
      await app.go(ME);
      await expect.poll(() => meBadge(page)).toBe('');
      await reply(operator, conversation.conversation.id, 'Thanks — the deposit is credited now.');
      await expect.poll(() => meBadge(page)).toBe('1');
      await page.locator('.adm-list-item', { hasText: 'Customer service' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'support-me-badge-en-dark');
      expect(await sameDocument(page)).toBe(true);

      // …and opening the chat shows it and reads it.
      await page.locator('.adm-list-item', { hasText: 'Customer service' }).click();
      await waitForRoute(page, SERVE);
      await page.locator('.support-msg--theirs', { hasText: 'credited now' }).waitFor();
      await expect.poll(() => traderCall<{ unread: number }>(token, '/mapi/support/unread')).toEqual({ unread: 0 });
      await page.goBack();
      await waitForRoute(page, ME);
      await expect.poll(() => meBadge(page)).toBe('');

      // Support closes the conversation: the chat says so live; the next message opens a new conversation.
      await page.locator('.adm-list-item', { hasText: 'Customer service' }).click();
      await waitForRoute(page, SERVE);
      await operatorCall(
        server,
        operator,
        `/admin/api/support/conversations/${conversation.conversation.id}/close`,
        {},
      );
      await page.locator('.support-closed').waitFor();
      await screenshot(page, 'support-closed-en-dark');
      await write(page, 'One more question about withdrawals.');
      await page.locator('.support-closed').waitFor({ state: 'detached' });
      await expect
        .poll(() => page.locator('.support-msg--mine[data-message-id] .msg-text').allTextContents())
        .toEqual(['One more question about withdrawals.']);
      const next = await conversationOf(operator, uid);
      expect(next.conversation.id).not.toBe(conversation.conversation.id);
      expect(await sameDocument(page)).toBe(true);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      // No console errors, no Content-Security-Policy violations (blob: images are allowed).
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('looks right in English and Chinese, dark and light: Me with the badge, the chat, the empty chat', async () => {
    const storage = await registerViaApi(server, uniqueEmail('support-look'), PASSWORD);
    const newcomer = await registerViaApi(server, uniqueEmail('support-new'), PASSWORD);
    const uid = Number(storage['bourse.uid']);
    const token = storage['bourse.token'];
    const operator = await supportOperator('Leo');
    await traderCall(token, '/mapi/support/message', { body: 'Hi, how long does a BTC withdrawal take?' });
    const form = new FormData();
    form.append(
      'image',
      new Blob([new Uint8Array(pngImage(240, 160, [200, 150, 60]))], { type: 'image/png' }),
      'withdrawal.png',
    );
    const upload = await fetch(`${server.url}/mapi/support/attachment`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    expect(((await upload.json()) as Envelope<unknown>).code).toBe(200);
    const { conversation } = await conversationOf(operator, uid);
    await reply(operator, conversation.id, 'Usually within 30 minutes after the review. Yours is being processed.');
    await traderCall(token, '/mapi/support/message', { body: 'Great, thank you!' });
    await reply(operator, conversation.id, 'You are welcome! Anything else, just write here.');

    const combos = (['en', 'zh_CN'] as const satisfies readonly AppLang[]).flatMap((lang) =>
      (['dark', 'light'] as const satisfies readonly AppTheme[]).map((theme) => ({ lang, theme })),
    );
    const texts = {
      en: { title: 'Customer service', read: 'Read', empty: 'How can we help?', row: 'Customer service' },
      zh_CN: { title: '在线客服', read: '已读', empty: '有什么可以帮您？', row: '在线客服' },
    };
    const look = async (
      lang: 'en' | 'zh_CN',
      theme: AppTheme,
      login: typeof storage,
      check: (page: Page) => Promise<string>,
    ) => {
      const app = await newPage(browser, server.url, { lang, theme, storage: login });
      try {
        const name = await check(app.page);
        expect(await hasHorizontalOverflow(app.page)).toBe(false);
        await screenshot(app.page, `${name}-${lang}-${theme}`);
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    };

    // Me first: support's two answers are unread until the chat is opened.
    for (const { lang, theme } of combos) {
      await look(lang, theme, storage, async (page) => {
        await page.goto(`${server.url}/#${ME}`);
        const row = page.locator('.adm-list-item', { hasText: texts[lang].row });
        await row.locator('.adm-badge-content', { hasText: '2' }).waitFor();
        await row.scrollIntoViewIfNeeded();
        return 'support-me';
      });
    }
    for (const { lang, theme } of combos) {
      await look(lang, theme, storage, async (page) => {
        await page.goto(`${server.url}/#${SERVE}`);
        await page.locator('.support-msg--theirs', { hasText: 'welcome' }).waitFor();
        await page.locator('.msg-image__img').waitFor();
        expect(await page.locator('.app-nav__title').textContent()).toBe(texts[lang].title);
        expect(await page.locator('.support-msg__receipt--read').allTextContents()).toEqual(
          Array.from({ length: 3 }, () => texts[lang].read),
        );
        return 'support-chat';
      });
    }
    for (const { lang, theme } of combos) {
      await look(lang, theme, newcomer, async (page) => {
        await page.goto(`${server.url}/#${SERVE}`);
        expect(await page.locator('.support-empty__title').textContent()).toBe(texts[lang].empty);
        return 'support-empty';
      });
    }
  });
});
