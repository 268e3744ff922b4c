import type { Lang } from '@bourse/contract';

export interface UserAuth {
  uid: number;
  sessionId: number;
}

export interface OperatorAuth {
  operatorId: number;
  sessionId: number;
  role: 'admin' | 'reviewer' | 'support';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language from the `lang` header (spec §7). */
    lang: Lang;
    /** The logged-in user, set for every `/mapi/` route (they all require a session). */
    auth: UserAuth | null;
    /** The logged-in operator, set for `/admin/api/` routes. */
    operator: OperatorAuth | null;
    /** The per-request key when the body came in the cipher envelope; the answer goes back enveloped too. */
    envelopeKey: string | null;
  }
  interface FastifyContextConfig {
    /** An `/admin/api/` route that needs no operator session (the operator login itself). */
    public?: boolean;
  }
}

/** The authenticated user of a `/mapi/` route (the auth hook guarantees it is there). */
export function userOf(request: { auth: UserAuth | null }): UserAuth {
  if (!request.auth) throw new Error('route reached without a user session');
  return request.auth;
}

export function operatorOf(request: { operator: OperatorAuth | null }): OperatorAuth {
  if (!request.operator) throw new Error('route reached without an operator session');
  return request.operator;
}
