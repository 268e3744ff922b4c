import { createCipheriv, createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aesEcbDecrypt,
  aesEcbEncrypt,
  DEFAULT_CLIENT_KEY,
  openEnvelope,
  randomCipherKey,
  sealEnvelope,
  unwrapCipherKey,
  wrapCipherKey,
} from './cipher';

function nodeEncrypt(plain: string, key: string): string {
  const c = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
}

describe('request envelope cipher (AES-128-ECB, PKCS7)', () => {
  // The vector printed in docs/protocol.md.
  const requestKey = 'AbCdEfGhIjKlMnOp';
  const body = '{"account":"alice@example.com","password":"secret1"}';

  it('matches the documented test vector and an independent implementation', () => {
    const wrapped = wrapCipherKey(requestKey, DEFAULT_CLIENT_KEY);
    const sealed = aesEcbEncrypt(body, requestKey);
    expect(wrapped).toBe(nodeEncrypt(requestKey, DEFAULT_CLIENT_KEY));
    expect(sealed).toBe(nodeEncrypt(body, requestKey));
    expect(wrapped).toBe('AWKxC0jLCFbjpsmWCjGOudrVCXpyQRWOVKbo74YmDA4=');
    expect(sealed).toBe('KIB41v90a2QOm7pdC0cJNzpn/6jrbQ2Kgb5Ydy5ngoH2eR+zoICqQclXowxUc1mIkqVuwPkHAVuCQDC2jDYyOA==');
  });

  it('decrypts what Node encrypts, including multi-byte text and padding edge cases', () => {
    for (const text of ['', 'a', '0123456789abcdef', '0123456789abcdef0', '{"msg":"资金密码错误 — échec"}']) {
      expect(aesEcbDecrypt(nodeEncrypt(text, requestKey), requestKey)).toBe(text);
      const d = createDecipheriv('aes-128-ecb', Buffer.from(requestKey), null);
      expect(
        Buffer.concat([d.update(Buffer.from(aesEcbEncrypt(text, requestKey), 'base64')), d.final()]).toString(),
      ).toBe(text);
    }
  });

  it('makes random 16-letter keys', () => {
    const keys = new Set(Array.from({ length: 200 }, () => randomCipherKey()));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z]{16}$/);
  });

  it('round-trips an envelope and refuses a key that is not 16 letters', () => {
    const value = { a: 1, b: 'два', c: [true, null] };
    const { header, body: sealedBody } = sealEnvelope(value);
    expect(openEnvelope(header, sealedBody)).toEqual(value);
    expect(unwrapCipherKey(header)).toMatch(/^[A-Za-z]{16}$/);
    expect(() => unwrapCipherKey(wrapCipherKey('1234567890123456'))).toThrow();
    expect(() => aesEcbDecrypt('not base64!', requestKey)).toThrow();
  });
});
