import { createCipheriv, createDecipheriv, randomInt } from 'node:crypto';
import { CIPHER_HEADER } from '@bourse/contract';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../lib/errors';

/**
 * AES-128-ECB with PKCS#7 through Node's native crypto: the same bytes as the contract's pure-JS cipher (proved in
 * the contract's tests against node:crypto), an order of magnitude cheaper per request. The app seals every POST.
 */
function encrypt(plain: string, key: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

function decrypt(b64: string, key: string): string {
  const decipher = createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([decipher.update(Buffer.from(b64, 'base64')), decipher.final()]).toString('utf8');
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomKey(): string {
  let key = '';
  for (let i = 0; i < 16; i++) key += LETTERS[randomInt(52)];
  return key;
}

function unwrapKey(header: string, clientKey: string): string {
  if (Buffer.from(clientKey, 'utf8').length !== 16) throw new Error('client key must be 16 bytes');
  const key = decrypt(header, clientKey);
  if (!/^[A-Za-z]{16}$/.test(key)) throw new Error('wrapped key is not 16 letters');
  return key;
}

/**
 * The spec §7 request envelope. A POST carrying `x-cipher-key` has a base64 AES-128-ECB body (content type
 * text/plain) under the per-request key inside that header; its answer is enveloped the same way under a fresh key
 * whose wrapped form goes back in the same header. Plain JSON requests pass through untouched.
 */
export function installCipherEnvelope(app: FastifyInstance, clientKey: string): void {
  app.decorateRequest('envelopeKey', null);

  // Callback hooks rather than async ones: they run on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers[CIPHER_HEADER];
    if (request.method !== 'POST' || typeof header !== 'string' || header === '') return done();
    try {
      request.envelopeKey = unwrapKey(header, clientKey);
    } catch {
      return done(new DomainError('ENVELOPE_INVALID'));
    }
    done();
  });

  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!request.envelopeKey) {
      done(new DomainError('ENVELOPE_INVALID'), undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    try {
      done(null, JSON.parse(decrypt(text, request.envelopeKey)) as unknown);
    } catch {
      done(new DomainError('ENVELOPE_INVALID'), undefined);
    }
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.envelopeKey || typeof payload !== 'string') return done(null, payload);
    const responseKey = randomKey();
    reply.header(CIPHER_HEADER, encrypt(responseKey, clientKey));
    reply.header('content-type', 'text/plain; charset=utf-8');
    done(null, encrypt(payload, responseKey));
  });
}
