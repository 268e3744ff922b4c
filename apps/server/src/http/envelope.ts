import type { Socket } from 'node:net';
import {
  ERRORS,
  errorKeyByCode,
  errorMessage,
  OK,
  type ErrorKey,
  type ErrorParams,
  langFromHeader,
  LANG_HEADER,
} from '@bourse/contract';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/errors';

export interface OkEnvelope<T> {
  code: typeof OK;
  msg: string;
  data: T;
}

/** The success envelope. */
export function ok<T>(data: T): OkEnvelope<T> {
  return { code: OK, msg: 'success', data };
}

export function errorEnvelope(key: ErrorKey, request: FastifyRequest, params?: ErrorParams) {
  return { code: ERRORS[key].code, msg: errorMessage(key, request.lang, params), data: null };
}

function sendError(reply: FastifyReply, request: FastifyRequest, key: ErrorKey, params?: ErrorParams): FastifyReply {
  return reply.status(ERRORS[key].http).send(errorEnvelope(key, request, params));
}

function isErrorKey(message: string): message is ErrorKey {
  return Object.hasOwn(ERRORS, message);
}

const SAFETY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

/**
 * Errors the framework meets before any route or hook runs — a URL with a broken percent escape — answered in the
 * envelope and the caller's language like every other refusal.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const lang = langFromHeader(request.headers[LANG_HEADER]);
  const detail = error.code === 'FST_ERR_BAD_URL' ? 'URL' : 'request';
  void reply
    .status(400)
    .headers({ ...SAFETY_HEADERS, 'content-type': 'application/json; charset=utf-8' })
    .send(
      JSON.stringify({
        code: ERRORS.INVALID_PARAMS.code,
        msg: errorMessage('INVALID_PARAMS', lang, { detail }),
        data: null,
      }),
    );
}

/**
 * A request the HTTP parser could not read (a malformed request line, headers too large): answered on the socket
 * in the envelope — in the caller's language when its `lang` header can be found in what arrived — and closed.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  // `rawPacket` is a Buffer at run time, whatever the declared type says.
  const raw: unknown = error.rawPacket;
  const header = Buffer.isBuffer(raw) ? /\r\nlang:[ \t]*([A-Za-z_-]{1,10})/i.exec(raw.toString('latin1')) : null;
  const lang = langFromHeader(header?.[1] ?? 'en');
  const detail = tooLarge ? 'request line or headers too large' : 'request';
  const body = JSON.stringify({
    code: ERRORS.INVALID_PARAMS.code,
    msg: errorMessage('INVALID_PARAMS', lang, { detail }),
    data: null,
  });
  const headers = Object.entries(SAFETY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\n${headers}connection: close\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Every answer is `{code, msg, data}` with `msg` in the caller's language: domain errors map to their catalogue
 * entry, schema failures to the rule's catalogue entry (or INVALID_PARAMS), anything unexpected to SERVER_ERROR
 * with the details only in the log.
 */
export function installEnvelope(app: FastifyInstance): void {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = langFromHeader(request.headers[LANG_HEADER]);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return sendError(reply, request, error.key, error.params);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where =
        first?.instancePath && first.instancePath !== '/' ? first.instancePath.slice(1) : error.validationContext;
      // A rule's own catalogue entry; `detail` names the field for the entries that show it (INVALID_PARAMS).
      if (first?.message && isErrorKey(first.message)) {
        return sendError(reply, request, first.message, { detail: where ?? 'request' });
      }
      return sendError(reply, request, 'INVALID_PARAMS', {
        detail: `${where ?? 'request'} ${first?.message ?? ''}`.trim(),
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, request, 'PAYLOAD_TOO_LARGE');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return sendError(reply, request, 'INVALID_PARAMS', { detail: 'content type' });
    if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.name === 'SyntaxError'
    ) {
      return sendError(reply, request, 'INVALID_PARAMS', { detail: 'body is not valid JSON' });
    }
    if (error.statusCode === 429) return sendError(reply, request, 'TOO_MANY_REQUESTS', { minutes: 1 });
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      const known = errorKeyByCode(error.statusCode);
      return sendError(reply, request, known && error.statusCode === 404 ? 'NOT_FOUND' : 'INVALID_PARAMS', {
        detail: error.message,
      });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return sendError(reply, request, 'SERVER_ERROR');
  });

  app.setNotFoundHandler((request, reply) => sendError(reply, request, 'ROUTE_NOT_FOUND'));
}
