import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 Base32 without padding: what authenticator apps expect in `secret=`. */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes Base32 as people type it: case, spaces and padding ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not a Base32 string');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return Buffer.from(out);
}

/** A fresh TOTP secret: 20 random bytes (160 bits, the HMAC-SHA-1 block RFC 4226 recommends). */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** RFC 4226 HOTP with HMAC-SHA-1 and dynamic truncation, as a zero-padded decimal string of `digits` digits. */
export function hotp(secret: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The RFC 6238 time step of a moment: T = floor(unix seconds / step). */
export function timeStep(nowMs: number, stepSeconds = 30): number {
  return Math.floor(nowMs / 1000 / stepSeconds);
}

/** RFC 6238 TOTP at a moment. */
export function totp(secret: Buffer, nowMs: number, digits = 6, stepSeconds = 30): string {
  return hotp(secret, timeStep(nowMs, stepSeconds), digits);
}

function sameCode(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The time step a code belongs to, looking `window` steps either side of now (clock drift between the phone and
 * the server), but never at a step ≤ `notAfterStep`: a code is good once. Null when it matches none.
 */
export function matchStep(
  secret: Buffer,
  code: string,
  nowMs: number,
  options: { window: number; notAfterStep: number; digits?: number; stepSeconds?: number },
): number | null {
  const digits = options.digits ?? 6;
  const current = timeStep(nowMs, options.stepSeconds ?? 30);
  let found: number | null = null;
  // Every candidate is computed and compared, so the time taken does not tell which step matched.
  for (let step = current - options.window; step <= current + options.window; step++) {
    if (step <= options.notAfterStep) continue;
    if (sameCode(hotp(secret, step, digits), code) && found === null) found = step;
  }
  return found;
}

/** The otpauth URI authenticator apps read from the QR code (Google Authenticator key-uri format; SHA-1, 6, 30 s). */
export function otpauthUrl(issuer: string, account: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}`;
}
