import { ERRORS } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { afterLogin, asNextStep, completeSetup, type LoginAnswer } from './flow';

const operator = { id: 2, email: 'ops@bourse.local', name: 'Ops', role: 'content' as const, permissions: [] };
const answer = (twoFactor: LoginAnswer['twoFactor']): LoginAnswer => ({
  token: 'token-123',
  expiresAt: 1_900_000_000_000,
  operator,
  twoFactor,
});

describe('the sign-in steps', () => {
  it('signs in at once when two-factor is on (the code went with the password)', () => {
    expect(afterLogin(answer('on'))).toEqual({
      kind: 'signedIn',
      session: { token: 'token-123', expiresAt: 1_900_000_000_000, operator },
    });
  });

  it('goes to the setup step on a first sign-in, holding the setup-only session aside', () => {
    const outcome = afterLogin(answer('setup'));
    expect(outcome).toEqual({
      kind: 'next',
      next: { step: 'setup', pending: { token: 'token-123', expiresAt: 1_900_000_000_000, operator } },
    });
    const whole = completeSetup(
      { token: 'token-123', expiresAt: 1, operator },
      { ...operator, permissions: ['session', 'content.manage'] },
    );
    expect(whole).toEqual({
      token: 'token-123',
      expiresAt: 1,
      operator: { ...operator, permissions: ['session', 'content.manage'] },
    });
  });

  it('asks for the code when the server says two-factor is required, and for nothing else', () => {
    const required = new ApiError(ERRORS.TWO_FACTOR_REQUIRED.code, 'Enter the code');
    expect(asNextStep(required, 'ops@bourse.local', 'pw')).toEqual({
      step: 'code',
      email: 'ops@bourse.local',
      password: 'pw',
    });
    expect(asNextStep(new ApiError(ERRORS.WRONG_ACCOUNT_OR_PASSWORD.code, 'Wrong'), 'a', 'b')).toBeNull();
    expect(asNextStep(new Error('boom'), 'a', 'b')).toBeNull();
  });
});
