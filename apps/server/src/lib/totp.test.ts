import { describe, expect, it } from 'vitest';
import { sniffImage } from './uploads';
import { jpegImage, pngImage, webpImage } from '../test/images';
import { SecretBox } from './secret-box';
import { base32Decode, base32Encode, hotp, matchStep, otpauthUrl, totp } from './totp';

// RFC 6238 Appendix B, SHA-1 rows: the seed is the 20-byte ASCII string "12345678901234567890".
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('gives the RFC 8-digit code at T=%i', (seconds, code) => {
    expect(totp(RFC_SECRET, seconds * 1000, 8)).toBe(code);
  });

  it.each(RFC_VECTORS)('gives the last 6 digits as the 6-digit code at T=%i', (seconds, code) => {
    expect(totp(RFC_SECRET, seconds * 1000)).toBe(code.slice(-6));
  });

  it('matches RFC 4226 HOTP vectors (counter 0 and 9)', () => {
    expect(hotp(RFC_SECRET, 0)).toBe('755224');
    expect(hotp(RFC_SECRET, 9)).toBe('520489');
  });

  it('accepts one step of drift either side, not two, and never a step already used', () => {
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    const at = (s: number) => hotp(RFC_SECRET, s);
    const opts = { window: 1, notAfterStep: 0 };
    expect(matchStep(RFC_SECRET, at(step), now, opts)).toBe(step);
    expect(matchStep(RFC_SECRET, at(step - 1), now, opts)).toBe(step - 1);
    expect(matchStep(RFC_SECRET, at(step + 1), now, opts)).toBe(step + 1);
    expect(matchStep(RFC_SECRET, at(step - 2), now, opts)).toBeNull();
    expect(matchStep(RFC_SECRET, at(step + 2), now, opts)).toBeNull();
    expect(matchStep(RFC_SECRET, at(step), now, { window: 1, notAfterStep: step })).toBeNull();
    expect(matchStep(RFC_SECRET, at(step + 1), now, { window: 1, notAfterStep: step })).toBe(step + 1);
  });
});

describe('Base32', () => {
  it('encodes the RFC seed as authenticator apps expect, and back', () => {
    expect(base32Encode(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').equals(RFC_SECRET)).toBe(true);
  });

  it('round-trips any length (RFC 4648 test vectors)', () => {
    const cases: [string, string][] = [
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of cases) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
    expect(() => base32Decode('M1')).toThrow();
  });

  it('builds the otpauth URI of the key-uri format', () => {
    expect(otpauthUrl('Bourse', 'alice@example.com', 'ABC')).toBe(
      'otpauth://totp/Bourse:alice%40example.com?secret=ABC&issuer=Bourse',
    );
  });
});

describe('SecretBox', () => {
  it('opens what it sealed, refuses a tampered value and another key', () => {
    const box = new SecretBox('k'.repeat(40), 'two-factor');
    const sealed = box.seal(RFC_SECRET);
    expect(sealed).not.toContain(RFC_SECRET.toString('base64url'));
    expect(box.seal(RFC_SECRET)).not.toBe(sealed);
    expect(box.open(sealed).equals(RFC_SECRET)).toBe(true);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => box.open([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox('j'.repeat(40), 'two-factor').open(sealed)).toThrow();
    expect(() => new SecretBox('k'.repeat(40), 'other').open(sealed)).toThrow();
  });
});

describe('image sniffing', () => {
  it('knows JPEG, PNG and WebP by their bytes and nothing else', () => {
    expect(sniffImage(jpegImage())?.mime).toBe('image/jpeg');
    expect(sniffImage(pngImage())?.mime).toBe('image/png');
    expect(sniffImage(webpImage())?.mime).toBe('image/webp');
    expect(
      sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(sniffImage(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});
