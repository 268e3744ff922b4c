import {
  aesEcbDecrypt,
  aesEcbEncrypt,
  CIPHER_HEADER,
  randomCipherKey,
  unwrapCipherKey,
  wrapCipherKey,
} from '@bourse/contract';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../lib/errors';

/**
 * The spec §7 request envelope. A POST carrying `x-cipher-key` has a base64 AES-128-ECB body (content type
 * text/plain) under the per-request key inside that header; its answer is enveloped the same way under a fresh key
 * whose wrapped form goes back in the same header. Plain JSON requests pass through untouched.
 */
export function installCipherEnvelope(app: FastifyInstance, clientKey: string): void {
  app.decorateRequest('envelopeKey', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers[CIPHER_HEADER];
    if (request.method !== 'POST' || typeof header !== 'string' || header === '') return;
    try {
      request.envelopeKey = unwrapCipherKey(header, clientKey);
    } catch {
      throw new DomainError('ENVELOPE_INVALID');
    }
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
      done(null, JSON.parse(aesEcbDecrypt(text, request.envelopeKey)) as unknown);
    } catch {
      done(new DomainError('ENVELOPE_INVALID'), undefined);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.envelopeKey || typeof payload !== 'string') return payload;
    const responseKey = randomCipherKey();
    reply.header(CIPHER_HEADER, wrapCipherKey(responseKey, clientKey));
    reply.header('content-type', 'text/plain; charset=utf-8');
    return aesEcbEncrypt(payload, responseKey);
  });
}
