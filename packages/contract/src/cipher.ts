/**
 * The request envelope of spec §7: POST bodies (and their responses) may travel as AES-128-ECB/PKCS7 ciphertext,
 * base64-encoded, under a per-request random 16-letter key. That key travels in the `x-cipher-key` header,
 * itself encrypted (same cipher) with a fixed client key. It is obfuscation, not security: TLS and the token are.
 * See docs/protocol.md for the exchange step by step and a test vector.
 */
import { ecb } from '@noble/ciphers/aes.js';
import { bytesToUtf8, utf8ToBytes } from '@noble/ciphers/utils.js';

/** Request header with the wrapped request key; response header with the wrapped response key. */
export const CIPHER_HEADER = 'x-cipher-key';
/** Content type of an enveloped body (base64 text). */
export const CIPHER_CONTENT_TYPE = 'text/plain';
/** The fixed client key shipped with the app (16 ASCII characters = 128 bits). The server may be configured with another. */
export const DEFAULT_CLIENT_KEY = 'BourseClient2026';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function keyBytes(key: string): Uint8Array {
  const bytes = utf8ToBytes(key);
  if (bytes.length !== 16) throw new Error('AES-128 key must be 16 bytes');
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export function base64ToBytes(b64: string): Uint8Array {
  const binary = atob(b64.trim());
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** AES-128-ECB with PKCS7 padding; UTF-8 text in, base64 out. */
export function aesEcbEncrypt(plain: string, key: string): string {
  return bytesToBase64(ecb(keyBytes(key)).encrypt(utf8ToBytes(plain)));
}

/** Inverse of {@link aesEcbEncrypt}. Throws on bad base64, bad padding or a wrong key. */
export function aesEcbDecrypt(cipherB64: string, key: string): string {
  return bytesToUtf8(ecb(keyBytes(key)).decrypt(base64ToBytes(cipherB64)));
}

/** A random 16-letter key (A–Z, a–z), unbiased. */
export function randomCipherKey(): string {
  const out: string[] = [];
  const buf = new Uint8Array(32);
  while (out.length < 16) {
    crypto.getRandomValues(buf);
    for (const b of buf) {
      // 52 × 4 = 208: reject the top of the byte range so every letter is equally likely.
      if (b < 208 && out.length < 16) out.push(LETTERS[b % 52] as string);
    }
  }
  return out.join('');
}

/** Encrypts a per-request key with the fixed client key, for the header. */
export function wrapCipherKey(key: string, clientKey: string = DEFAULT_CLIENT_KEY): string {
  return aesEcbEncrypt(key, clientKey);
}

/** Recovers a per-request key from the header; throws unless it is 16 letters. */
export function unwrapCipherKey(header: string, clientKey: string = DEFAULT_CLIENT_KEY): string {
  const key = aesEcbDecrypt(header, clientKey);
  if (!/^[A-Za-z]{16}$/.test(key)) throw new Error('wrapped key is not 16 letters');
  return key;
}

/** Wraps a JSON-serialisable value: returns the header value and the body to send. */
export function sealEnvelope(value: unknown, clientKey: string = DEFAULT_CLIENT_KEY): { header: string; body: string } {
  const key = randomCipherKey();
  return { header: wrapCipherKey(key, clientKey), body: aesEcbEncrypt(JSON.stringify(value), key) };
}

/** Opens a sealed body given the header that came with it. */
export function openEnvelope(header: string, body: string, clientKey: string = DEFAULT_CLIENT_KEY): unknown {
  const key = unwrapCipherKey(header, clientKey);
  return JSON.parse(aesEcbDecrypt(body, key)) as unknown;
}
