import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../lib/errors';
import type { OperatorService } from '../modules/admin/service';
import type { SessionService } from '../modules/account/sessions';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header === '') return null;
  return header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
}

/**
 * Every `/mapi/` route needs a user session and every `/admin/api/` route an operator session (except those marked
 * public). Checked before the body is read, so an unauthenticated caller learns nothing else.
 */
export function installAuth(app: FastifyInstance, sessions: SessionService, operators: OperatorService): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('operator', null);

  // A callback hook, not an async one: it runs on every request and a promise per request is measurable.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'OPTIONS') return done();
    const url = request.url;
    if (url.startsWith('/mapi/')) {
      const token = bearerToken(request);
      const session = token ? sessions.resolve(token) : null;
      if (!session) return done(new DomainError('UNAUTHORIZED'));
      request.auth = { uid: session.uid, sessionId: session.sessionId };
    } else if (url.startsWith('/admin/api/') && request.routeOptions.config.public !== true) {
      const token = bearerToken(request);
      const session = token ? operators.resolve(token) : null;
      if (!session) return done(new DomainError('UNAUTHORIZED'));
      request.operator = session;
    }
    done();
  });
}
