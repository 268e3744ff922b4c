import { errorMessage, LoginBody, RegisterBody, RegisterOpenBody, ResetPasswordBody } from '@bourse/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n';
import { commonLocales } from './locales';
import { validate } from './validation';

// The "missing" texts are the shell's (namespace common).
beforeAll(() => initI18n([commonLocales], 'en'));

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

describe('empty and malformed fields say what is wrong', () => {
  it('an empty field says what is missing, not that it is wrong', () => {
    const result = validate(
      ResetPasswordBody,
      { account: 'a@b.co', code: '', password: '', confirmPassword: '' },
      'en',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.code).toBe('Please enter the verification code.');
    expect(result.errors.code).not.toBe(errorMessage('WRONG_VERIFICATION_CODE', 'en'));
    expect(result.errors.password).toBe('Please enter your password.');
  });

  it('a form may name what an empty field lacks in its own words', () => {
    const result = validate(RegisterBody, { ...valid, password: '', confirmPassword: '' }, 'en', {
      missing: { password: 'missingNewPassword' },
    });
    expect(result.ok || result.errors.password).toBe('Please choose a password (6 to 18 characters).');
  });

  it('a filled but malformed field still gets the catalogue message', () => {
    const result = validate(ResetPasswordBody, { ...valid, code: '12' }, 'en');
    expect(result.ok || result.errors.code).toBe(errorMessage('WRONG_VERIFICATION_CODE', 'en'));
  });

  it('an account with letters in it is a malformed email, not a mobile number', () => {
    for (const account of ['john.example.com', 'john', 'jo hn@']) {
      const result = validate(LoginBody, { account, password: 'x' }, 'en');
      expect(result.ok || result.errors.account, account).toBe(errorMessage('EMAIL_INVALID', 'en'));
    }
    const digits = validate(LoginBody, { account: '1380013800', password: 'x' }, 'en');
    expect(digits.ok || digits.errors.account).toBe(errorMessage('MOBILE_INVALID', 'en'));
  });
});
