import { errorMessage, LoginBody, RegisterBody, RegisterOpenBody, ResetPasswordBody } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { validate } from './validation';

const valid = {
  account: 'Alice@Example.com',
  code: '123456',
  password: 'secret12',
  confirmPassword: 'secret12',
  inviteCode: 'DEMO2026',
  agreement: true,
};

describe('client-side validation mirrors the server (spec §5)', () => {
  it('accepts a good registration and normalises the email', () => {
    const result = validate(RegisterBody, valid, 'en');
    expect(result).toMatchObject({ ok: true, data: { account: 'alice@example.com' } });
  });

  it('answers with the catalogue messages, in the chosen language', () => {
    const result = validate(
      RegisterBody,
      { ...valid, account: 'not-an-email@', password: '123', inviteCode: '', agreement: undefined },
      'zh_CN',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.account).toBe(errorMessage('EMAIL_INVALID', 'zh_CN'));
    expect(result.errors.password).toBe(errorMessage('PASSWORD_LENGTH', 'zh_CN'));
    expect(result.errors.inviteCode).toBe(errorMessage('INVITATION_CODE_REQUIRED', 'zh_CN'));
    expect(result.errors.agreement).toBe(errorMessage('AGREEMENT_REQUIRED', 'zh_CN'));
  });

  it('checks mobile numbers have 11 digits and passwords 6 to 18 characters', () => {
    const mobile = validate(LoginBody, { account: '1380013800', password: 'x' }, 'en');
    expect(mobile.ok || mobile.errors.account).toBe(errorMessage('MOBILE_INVALID', 'en'));
    const long = validate(
      ResetPasswordBody,
      { ...valid, password: 'x'.repeat(19), confirmPassword: 'x'.repeat(19) },
      'en',
    );
    expect(long.ok || long.errors.password).toBe(errorMessage('PASSWORD_LENGTH', 'en'));
  });

  it('requires the two passwords to match', () => {
    const result = validate(RegisterBody, { ...valid, confirmPassword: 'secret13' }, 'en');
    expect(result.ok || result.errors.confirmPassword).toBe(errorMessage('PASSWORDS_DO_NOT_MATCH', 'en'));
  });

  it('the older form takes no invitation code', () => {
    expect(validate(RegisterOpenBody, { ...valid, inviteCode: undefined }, 'en').ok).toBe(true);
    const result = validate(RegisterBody, { ...valid, inviteCode: undefined }, 'en');
    expect(result.ok || result.errors.inviteCode).toBe(errorMessage('INVITATION_CODE_REQUIRED', 'en'));
  });
});
