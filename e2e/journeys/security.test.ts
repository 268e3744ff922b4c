import { createHmac } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppLang,
  type AppPage,
  type AppTheme,
  fill,
  hasHorizontalOverflow,
  launchBrowser,
  loginViaApi,
  newPage,
  operatorCall,
  operatorToken,
  readCode,
  registerViaApi,
  screenshot,
  startServer,
  type TestServer,
  uniqueEmail,
  waitForRoute,
} from '../harness';

/**
 * The security journey: turn two-factor on with a code computed here from the key the page shows, log out, log in
 * with a code, submit identity documents (images generated here), an operator approves them, the app says
 * "verified". Then every security page in English and Chinese, dark and light.
 */
const PASSWORD = 'journey-pass1';

// ---- RFC 6238 TOTP, written out here so the test does not trust the server's own implementation ----

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/\s/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (mac[19] ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const stepNow = () => Math.floor(Date.now() / 30_000);

/** A code of a step not used yet: the server takes each step once, so wait for the next one when needed. */
async function freshCode(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  while (stepNow() <= usedStep) await new Promise((r) => setTimeout(r, 250));
  // Not in the last second of a step: the request must arrive while the code is still current (±1 step is fine).
  const step = stepNow();
  return { code: totp(secret, step), step };
}

// ---- Images generated here ----

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A real PNG: `size`×`size` pixels of one colour. */
function pngImage(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG, encoded by the browser's canvas (a card-like picture). */
async function jpegImage(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#d8e2ef';
    context.fillRect(0, 0, 320, 200);
    context.fillStyle = '#3a5a80';
    context.fillRect(20, 30, 90, 120);
    context.fillRect(130, 40, 160, 14);
    context.fillRect(130, 70, 120, 14);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

// ---- The journey ----

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function tagOf(page: Page, rowText: string): Promise<string> {
  const row = page.locator('.adm-list-item', { hasText: rowText });
  return (await row.locator('.status-tag').textContent()) ?? '';
}

describe('security journey', () => {
  it('two-factor on → log out → log in with a code → identity submitted → approved → verified', async () => {
    const email = uniqueEmail('security');
    const storage = await registerViaApi(server, email, PASSWORD);
    const uid = Number(storage['bourse.uid']);
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage });
    const { page } = app;
    try {
      // Security centre: nothing beyond the password yet.
      await app.go('/pages/usreMei/safetySetting');
      await page.locator('.sec-level').waitFor();
      expect(await tagOf(page, 'Two-factor')).toBe('Off');
      expect(await tagOf(page, 'Identity verification')).toBe('Unverified');

      // Two-factor: the key as QR code and text; the test computes the code from the text, as an app would.
      await page.locator('.adm-list-item', { hasText: 'Two-factor' }).click();
      await waitForRoute(page, '/pages/google/index');
      const secretBox = page.locator('[data-testid="totp-secret"]');
      await secretBox.waitFor();
      const secret = (await secretBox.textContent())?.replace(/\s/g, '') ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await page.locator('.sec-qr svg').count()).toBe(1);
      await page.locator('button', { hasText: 'Next' }).click();
      await waitForRoute(page, '/pages/google/verify');

      // A wrong code is refused under the field, with the catalogue's message.
      let { code, step } = await freshCode(secret, 0);
      await fill(app, 'code', code === '000000' ? '000001' : '000000');
      await fill(app, 'password', PASSWORD);
      await page.locator('button[type="submit"]').click();
      await page.locator('.field__error', { hasText: 'Wrong two-factor code.' }).waitFor();
      await fill(app, 'code', code);
      await page.locator('button[type="submit"]').click();
      await waitForRoute(page, '/pages/usreMei/safetySetting');
      await expect.poll(() => tagOf(page, 'Two-factor')).toBe('On');

      // Log out from Me.
      await app.go('/pages/usreMei/usreMei');
      await page.locator('.me-logout button').click();
      await page.locator('.adm-dialog-button-bold').click();
      await page.locator('.me-guest').waitFor();

      // Log in: the password alone is not enough; the app asks for the code (2025) and lets the right one in.
      await app.go('/pages/login/login');
      await fill(app, 'account', email);
      await fill(app, 'password', PASSWORD);
      await page.locator('button[type="submit"]').click();
      await page.locator('.security-check [data-testid="two-factor-code"]').waitFor();
      await screenshot(page, 'security-login-two-factor');
      ({ code, step } = await freshCode(secret, step));
      await page.locator('.security-check [data-testid="two-factor-code"]').click();
      await page.keyboard.type(code);
      await waitForRoute(page, '/pages/index/home');
      expect(await page.evaluate(() => localStorage.getItem('bourse.token'))).toBeTruthy();

      // Identity: a JPEG front, a PNG back, a PNG of the user holding it.
      await app.go('/pages/usreMei/identity');
      await page.locator('input[name="familyName"]').waitFor();
      await fill(app, 'familyName', 'Curie');
      await fill(app, 'givenName', 'Marie');
      await fill(app, 'number', 'ID20260001');
      const jpeg = await jpegImage(page);
      expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      await page.setInputFiles('input[name="front"]', { name: 'front.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await page.setInputFiles('input[name="back"]', {
        name: 'back.png',
        mimeType: 'image/png',
        buffer: pngImage(64, [120, 160, 200]),
      });
      await page.setInputFiles('input[name="hand"]', {
        name: 'hand.png',
        mimeType: 'image/png',
        buffer: pngImage(64, [200, 170, 140]),
      });
      await expect.poll(() => page.locator('.sec-photo__image').count()).toBe(3);
      await screenshot(page, 'security-identity-filled');
      await page.locator('button[type="submit"]').click();
      await page.locator('.sec-status[data-status="pending"]').waitFor();
      expect(await page.locator('.sec-status__heading').textContent()).toBe('Under review');
      await screenshot(page, 'security-identity-pending');

      // The operator sees the submission with its photos and approves it.
      const operator = await operatorToken(server);
      const list = await operatorCall<{ list: { id: number; familyName: string }[] }>(
        server,
        operator,
        `/admin/api/identity/list?status=pending&uid=${uid}`,
      );
      expect(list.list).toHaveLength(1);
      const id = list.list[0]?.id ?? 0;
      const detail = await operatorCall<{ photos: { side: string; url: string; mime: string }[] }>(
        server,
        operator,
        `/admin/api/identity/${id}`,
      );
      expect(detail.photos.map((p) => [p.side, p.mime])).toEqual([
        ['front', 'image/jpeg'],
        ['back', 'image/png'],
        ['hand', 'image/png'],
      ]);
      const front = await fetch(`${server.url}${detail.photos[0]?.url ?? ''}`, {
        headers: { authorization: operator },
      });
      expect(Buffer.from(await front.arrayBuffer()).equals(jpeg)).toBe(true);
      await operatorCall(server, operator, `/admin/api/identity/${id}/approve`, {});

      // The app shows the new state.
      await page.reload();
      await page.locator('.sec-status[data-status="success"]').waitFor();
      expect(await page.locator('.sec-status__heading').textContent()).toBe('Identity verified');
      await screenshot(page, 'security-identity-verified');
      await app.go('/pages/usreMei/safetySetting');
      await expect.poll(() => tagOf(page, 'Identity verification')).toBe('Verified');
      await app.go('/pages/usreMei/newUsreMei');
      await page.locator('.sec-task').first().waitFor();
      expect(await page.locator('.sec-task--done').count()).toBe(2);
      // The refused code and the login without one answered HTTP 400, which the browser logs; nothing else.
      expect(app.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a password change shows the 24-hour withdrawal lock before and after', async () => {
    const email = uniqueEmail('pwd');
    const storage = await registerViaApi(server, email, PASSWORD);
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage });
    const { page } = app;
    try {
      await app.go('/pages/usreMei/update_pwd');
      await page.locator('.sec-notice--warning', { hasText: '24 hours' }).waitFor();
      await fill(app, 'oldPassword', PASSWORD);
      await fill(app, 'password', 'journey-pass2');
      await fill(app, 'confirmPassword', 'journey-pass2');
      await page.locator('button[type="submit"]').click();
      // The consequence is stated again before anything is sent.
      await page.locator('.adm-dialog-content', { hasText: 'locked for 24 hours' }).waitFor();
      await screenshot(page, 'security-password-confirm');
      await page.locator('.adm-dialog-button-bold').click();
      await waitForRoute(page, '/pages/usreMei/safetySetting');
      await page.locator('.sec-notice--warning', { hasText: 'withdrawals are locked until' }).waitFor();
      await screenshot(page, 'security-withdraw-locked');
    } finally {
      await app.close();
    }
  });

  it('turning two-factor off warns of the 24-hour withdrawal lock, then the security centre shows it', async () => {
    const storage = await registerViaApi(server, uniqueEmail('totp-off'), PASSWORD);
    const token = storage['bourse.token'];
    // On through the API, with the code of the step before (one step of drift is allowed): the page then closes it
    // with the current step's code, without waiting for a new step.
    const setup = await operatorCall<{ secret: string }>(server, token, '/mapi/security/twoFactor/setup', {});
    await operatorCall(server, token, '/mapi/security/twoFactor/enable', {
      code: totp(setup.secret, stepNow() - 1),
      password: PASSWORD,
    });
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'light', storage });
    const { page } = app;
    try {
      await app.go('/pages/google/close-verify');
      await page.locator('.sec-notice--warning', { hasText: 'withdrawals will be locked for 24 hours' }).waitFor();
      const { code } = await freshCode(setup.secret, stepNow() - 1);
      await fill(app, 'code', code);
      await fill(app, 'password', PASSWORD);
      await page.locator('button[type="submit"]').click();
      await waitForRoute(page, '/pages/usreMei/safetySetting');
      await expect.poll(() => tagOf(page, 'Two-factor')).toBe('Off');
      await page
        .locator('.sec-notice--warning', { hasText: 'Two-factor was turned off: withdrawals are locked until' })
        .waitFor();
      await screenshot(page, 'security-two-factor-off-locked');
    } finally {
      await app.close();
    }
  });

  it('changing the bound email: codes to both addresses, then the new one shows and withdrawals wait', async () => {
    const email = uniqueEmail('move-from');
    const next = uniqueEmail('move-to');
    const storage = await registerViaApi(server, email, PASSWORD);
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'dark', storage });
    const { page } = app;
    try {
      await app.go('/pages/usreMei/manage-ment');
      await page.locator('[data-change="email"]').waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, 'security-management-bound');
      await page.locator('[data-change="email"]').click();
      const form = page.locator('.sec-popup form');
      await form.locator('.sec-notice--warning', { hasText: 'locked for 24 hours' }).waitFor();
      let since = Date.now() - 1000;
      await form.locator('.field__code-button').first().click();
      await fill(app, 'currentCode', await readCode(server, email, { since }));
      await fill(app, 'account', next);
      since = Date.now() - 1000;
      await form.locator('.field__code-button').nth(1).click();
      await fill(app, 'code', await readCode(server, next, { since }));
      await fill(app, 'password', PASSWORD);
      await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
      await screenshot(page, 'security-change-email');
      await form.locator('button[type="submit"]').click();
      await page.locator('.adm-toast-main', { hasText: 'Changed' }).waitFor();
      await expect
        .poll(() => page.locator('.sec-bound__value').first().textContent())
        .toBe(`${next.slice(0, 2)}***@example.com`);
      await app.go('/pages/usreMei/safetySetting');
      await page
        .locator('.sec-notice--warning', {
          hasText: 'Your bound email or mobile number changed: withdrawals are locked',
        })
        .waitFor();
      expect(app.errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a rejected submission shows the reason and the form again', async () => {
    const storage = await registerViaApi(server, uniqueEmail('rejected'), PASSWORD);
    const uid = Number(storage['bourse.uid']);
    const form = new FormData();
    form.append('type', 'passport');
    form.append('familyName', '王');
    form.append('givenName', '小明');
    form.append('number', 'E98765432');
    for (const side of ['front', 'hand']) {
      form.append(side, new Blob([new Uint8Array(pngImage(32, [90, 110, 130]))], { type: 'image/png' }), `${side}.png`);
    }
    const submitted = await fetch(`${server.url}/mapi/security/identity/submit`, {
      method: 'POST',
      headers: { authorization: storage['bourse.token'] },
      body: form,
    });
    expect(((await submitted.json()) as { code: number }).code).toBe(200);
    const operator = await operatorToken(server);
    const list = await operatorCall<{ list: { id: number }[] }>(
      server,
      operator,
      `/admin/api/identity/list?status=pending&uid=${uid}`,
    );
    const reason = 'The photo page is blurred. Please retake it in daylight.';
    await operatorCall(server, operator, `/admin/api/identity/${list.list[0]?.id ?? 0}/reject`, { reason });

    for (const { lang, theme } of [
      { lang: 'en', theme: 'dark' },
      { lang: 'zh_CN', theme: 'light' },
    ] as const) {
      const app = await newPage(browser, server.url, { lang, theme, storage });
      try {
        await app.go('/pages/usreMei/identity');
        await app.page.locator('.sec-status[data-status="failure"]').waitFor();
        expect(await app.page.locator('.sec-status__reason').textContent()).toContain(reason);
        await app.page.locator('input[name="familyName"]').waitFor();
        expect(await hasHorizontalOverflow(app.page)).toBe(false);
        await screenshot(app.page, `security-identity-rejected-${lang}-${theme}`);
      } finally {
        await app.close();
      }
    }
  });

  it('a nickname and an avatar set on the profile page show on Me', async () => {
    const storage = await registerViaApi(server, uniqueEmail('profile'), PASSWORD);
    const app = await newPage(browser, server.url, { lang: 'en', theme: 'light', storage });
    const { page } = app;
    try {
      await app.go('/pages/usreMei/update_information');
      const nickname = `Ada ${Date.now() % 100_000}`;
      await fill(app, 'nickname', nickname);
      await page.locator('button[type="submit"]').click();
      await page.locator('.adm-toast-main', { hasText: 'Saved' }).waitFor();
      await page.setInputFiles('input[name="avatar"]', {
        name: 'me.png',
        mimeType: 'image/png',
        buffer: pngImage(96, [46, 160, 120]),
      });
      await page.locator('.sec-avatar__image').waitFor();
      await screenshot(page, 'security-profile-avatar');
      await app.go('/pages/usreMei/usreMei');
      await page.locator('.me-avatar__image').waitFor();
      await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
      expect(await page.locator('.me-profile__name').textContent()).toBe(nickname);
      expect(await page.locator('.me-avatar__image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
      await screenshot(page, 'security-me-avatar');
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
  const pages: [string, string, string][] = [
    ['safety', '/pages/usreMei/safetySetting', '.sec-level'],
    ['password', '/pages/usreMei/update_pwd', 'input[name="oldPassword"]'],
    ['fund-password', '/pages/usreMei/update_pwd?type=fund', 'input[name="fundPassword"]'],
    ['google', '/pages/google/index', '.sec-qr svg'],
    ['google-verify', '/pages/google/verify', 'input[name="code"]'],
    ['identity', '/pages/usreMei/identity', '.sec-photo'],
    ['management', '/pages/usreMei/manage-ment', '.sec-device'],
    ['profile', '/pages/usreMei/update_information', 'input[name="nickname"]'],
    ['newcomer', '/pages/usreMei/newUsreMei', '.sec-task'],
    ['me', '/pages/usreMei/usreMei', '.me-uid'],
  ];

  for (const { lang, theme } of looks) {
    it(`every security page looks right (${lang}, ${theme})`, async () => {
      const storage = await loginViaApi(server, 'demo@bourse.local', 'demo123456');
      const app: AppPage = await newPage(browser, server.url, { lang, theme, storage });
      try {
        for (const [name, route, ready] of pages) {
          await app.go(route);
          await app.page.locator(ready).first().waitFor();
          expect(await hasHorizontalOverflow(app.page), `${name} overflows`).toBe(false);
          await screenshot(app.page, `security-${name}-${lang}-${theme}`);
        }
        expect(app.errors).toEqual([]);
      } finally {
        await app.close();
      }
    });
  }
});
