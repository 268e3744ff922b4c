import type { Lang, OperatorRole } from '@bourse/contract';

export interface UserAuth {
  uid: number;
  sessionId: number;
}

export interface OperatorAuth {
  operatorId: number;
  sessionId: number;
  role: OperatorRole;
  /** 'setup': signed in with the password only; may do nothing but set up two-factor. */
  stage: 'setup' | 'full';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language from the `lang` header (spec §7). */
    lang: Lang;
    /** The logged-in user, set by the access hook on routes whose access is `user`. */
    auth: UserAuth | null;
    /** The logged-in operator, set by the access hook on operator routes. */
    operator: OperatorAuth | null;
    /** The per-request key when the body came in the cipher envelope; the answer goes back enveloped too. */
    envelopeKey: string | null;
  }
}
