import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { totpCode } from './app';

/** The operator console's desktop viewport in journeys. */
export const CONSOLE_VIEWPORT = { width: 1440, height: 900 } as const;

/** What the console keeps in this browser (apps/admin/src/lib/stores). */
export const CONSOLE_KEYS = {
  lang: 'bourse.console.lang',
  theme: 'bourse.console.theme',
  session: 'bourse.console.session',
} as const;

// ---- Two-factor codes (computed by the harness's own RFC 6238, `totpCode`) ----

/** The six-digit code of a base32 secret at a 30-second step. */
export function totp(secret: string, step: number): string {
  return totpCode(secret, step * 30_000);
}

/** A code of a step after `usedStep` (a server takes each step once): waits for the next step when needed. */
export async function freshTotp(secret: string, usedStep = -1): Promise<{ code: string; step: number }> {
  const stepNow = () => Math.floor(Date.now() / 30_000);
  while (stepNow() <= usedStep) await new Promise((r) => setTimeout(r, 250));
  const step = stepNow();
  return { code: totp(secret, step), step };
}

// ---- Signing in to the console through its page ----

export interface ConsoleSignIn {
  /** The session's token, as the console keeps it. */
  token: string;
  /** The authenticator secret when this sign-in set two-factor up (keep it for a later sign-in). */
  secret: string | null;
  /** The step of the code used, if any. */
  step: number;
}

/**
 * Signs in on the console's sign-in page: email and password, then whichever step the server asks for — setting up
 * two-factor (the secret is read off the page, the code computed here) or a code from a known secret — until the
 * console's menu shows. Returns the session token the console stored.
 */
export async function signInToConsole(
  page: Page,
  email: string,
  password: string,
  known: { secret?: string; usedStep?: number } = {},
): Promise<ConsoleSignIn> {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  const menu = page.getByTestId('console-menu');
  const secretOnPage = page.getByTestId('totp-secret');
  const code = page.locator('input[name="code"]');
  await menu.or(secretOnPage).or(code).first().waitFor({ timeout: 15_000 });

  let secret: string | null = null;
  let step = known.usedStep ?? -1;
  let settingUp = await secretOnPage.isVisible();
  if (!settingUp && !known.secret && (await code.isVisible())) {
    // The set-up step may show its code field a moment before the secret it fetched: without a known secret, wait
    // for it rather than take the step for a sign-in code.
    settingUp = await secretOnPage.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
  }
  if (settingUp) {
    secret = ((await secretOnPage.textContent()) ?? '').trim();
    const fresh = await freshTotp(secret, step);
    step = fresh.step;
    await code.fill(fresh.code);
    await page.locator('button[type="submit"]').click();
  } else if (await code.isVisible()) {
    if (!known.secret) throw new Error(`${email} has two-factor on: pass its secret`);
    const fresh = await freshTotp(known.secret, step);
    step = fresh.step;
    await code.fill(fresh.code);
    await page.locator('button[type="submit"]').click();
  }
  await menu.waitFor({ timeout: 15_000 });
  const stored = await page.evaluate((key) => sessionStorage.getItem(key), CONSOLE_KEYS.session);
  const token = stored ? (JSON.parse(stored) as { token: string }).token : '';
  if (!token) throw new Error('the console stored no session after signing in');
  return { token, secret, step };
}

// ---- Pictures for uploads ----

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A real PNG of `width`×`height` pixels: a light card with a darker block, so a photo looks like a photo. */
export function pngImage(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const block = x > width * 0.08 && x < width * 0.35 && y > height * 0.15 && y < height * 0.75;
      const line =
        x > width * 0.42 && x < width * 0.9 && y % Math.max(8, Math.floor(height / 8)) < 4 && y > height * 0.2;
      const [r, g, b] = block || line ? rgb.map((v) => Math.max(0, v - 90)) : rgb;
      row[1 + x * 3] = r ?? 0;
      row[2 + x * 3] = g ?? 0;
      row[3 + x * 3] = b ?? 0;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
