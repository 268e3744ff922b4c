import { CIPHER_HEADER, LANG_HEADER } from '@bourse/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The app may talk to any of several service lines (spec §7), so API calls are cross-origin by design. The token
 * travels in a header, never a cookie, so allowing any origin does not expose sessions.
 */
export function installCors(app: FastifyInstance): void {
  const allowHeaders = ['authorization', 'content-type', LANG_HEADER, CIPHER_HEADER, 'x-device-id'].join(', ');
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin) return done();
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', CIPHER_HEADER);
    if (request.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS');
      reply.header('access-control-allow-headers', allowHeaders);
      reply.header('access-control-max-age', '86400');
      // Answered here: the preflight needs nothing else (and no `done`, which would run the route too).
      reply.status(204).send();
      return;
    }
    done();
  });
}
