import { ERRORS, type OperatorProfile, type operatorApi, type RouteData } from '@bourse/contract';
import { ApiError } from '../../lib/api';
import type { StoredSession } from '../../lib/stores/session';

export type LoginAnswer = RouteData<typeof operatorApi.login>;

/**
 * Where the sign-in goes after the password. Each step is a screen of its own (`pages/SignInPage`), so a new step
 * (a security key, a password change) is one more case here and one more screen.
 */
export type SignInStep =
  /** Email and password. */
  | { step: 'credentials' }
  /** Two-factor is on: the authenticator's code, sent again with the same email and password. */
  | { step: 'code'; email: string; password: string }
  /** First sign-in: the session may only set up two-factor; once it is on, the session becomes the console's. */
  | { step: 'setup'; pending: StoredSession };

export type LoginOutcome = { kind: 'signedIn'; session: StoredSession } | { kind: 'next'; next: SignInStep };

/** What a successful login answer leads to. */
export function afterLogin(answer: LoginAnswer): LoginOutcome {
  const session: StoredSession = { token: answer.token, expiresAt: answer.expiresAt, operator: answer.operator };
  if (answer.twoFactor === 'setup') return { kind: 'next', next: { step: 'setup', pending: session } };
  return { kind: 'signedIn', session };
}

/** A refused login that is really a request for the next step (the password was right, the code is missing). */
export function asNextStep(error: unknown, email: string, password: string): SignInStep | null {
  if (error instanceof ApiError && error.code === ERRORS.TWO_FACTOR_REQUIRED.code) {
    return { step: 'code', email, password };
  }
  return null;
}

/** The setup-only session made whole by two-factor: the same token, the profile the server answered. */
export function completeSetup(pending: StoredSession, operator: OperatorProfile): StoredSession {
  return { ...pending, operator };
}
