import { z } from 'zod';
import { LOGIN_PASSWORD_MAX, LOGIN_PASSWORD_MIN } from '../constants';
import { err, Timestamp } from './common';

// A pragmatic well-formedness check (RFC 5322 allows more, but no exchange accepts more).
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}$/;
export const MOBILE_NUMBER_PATTERN = /^\d{11}$/;

export type AccountKind = 'email' | 'phone';

export function accountKind(account: string): AccountKind {
  return account.includes('@') ? 'email' : 'phone';
}

/** An email address or an 11-digit mobile number; emails are compared lower-case. */
export const AccountId = z
  .string(err('INVALID_PARAMS'))
  .trim()
  .max(254, err('EMAIL_INVALID'))
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: 'ACCOUNT_REQUIRED' });
    else if (value.includes('@') || /[^\d\s+()-]/.test(value)) {
      // Anything with an @ or a letter was meant as an email address: say "email", not "mobile number".
      if (!EMAIL_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: 'EMAIL_INVALID' });
    } else if (!MOBILE_NUMBER_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'MOBILE_INVALID' });
    }
  })
  .transform((value) => (value.includes('@') ? value.toLowerCase() : value))
  .describe('email address or 11-digit mobile number');

export const LoginPassword = z
  .string(err('PASSWORD_LENGTH'))
  .min(LOGIN_PASSWORD_MIN, err('PASSWORD_LENGTH'))
  .max(LOGIN_PASSWORD_MAX, err('PASSWORD_LENGTH'));

export const VerificationCode = z
  .string(err('WRONG_VERIFICATION_CODE'))
  .regex(/^\d{6}$/, err('WRONG_VERIFICATION_CODE'));

export const TotpCode = z.string(err('TWO_FACTOR_FORMAT')).regex(/^\d{6}$/, err('TWO_FACTOR_FORMAT'));

export const FundPassword = z.string(err('FUND_PASSWORD_FORMAT')).regex(/^\d{6}$/, err('FUND_PASSWORD_FORMAT'));

export const CODE_SCENES = ['register', 'reset', 'bind', 'security'] as const;
export const CodeScene = z.enum(CODE_SCENES, err('INVALID_PARAMS'));
export type CodeScene = z.infer<typeof CodeScene>;

export const SendCodeBody = z.object({ account: AccountId, scene: CodeScene });
export const SendCodeResult = z.object({
  sentTo: z.string().describe('the masked destination'),
  resendAfter: z.number().int().describe('seconds until another code may be requested'),
});

function passwordsMatch(body: { password: string; confirmPassword: string }): boolean {
  return body.password === body.confirmPassword;
}

const registerFields = {
  account: AccountId,
  code: VerificationCode,
  password: LoginPassword,
  confirmPassword: z.string(err('PASSWORDS_DO_NOT_MATCH')),
  agreement: z.literal(true, err('AGREEMENT_REQUIRED')),
};

/** The newer registration form: invitation code required. */
export const RegisterBody = z
  .object({
    ...registerFields,
    inviteCode: z
      .string(err('INVITATION_CODE_REQUIRED'))
      .trim()
      .min(1, err('INVITATION_CODE_REQUIRED'))
      .max(16, err('INVALID_INVITATION_CODE')),
  })
  .refine(passwordsMatch, { ...err('PASSWORDS_DO_NOT_MATCH'), path: ['confirmPassword'] });
export type RegisterBody = z.infer<typeof RegisterBody>;

/** The older registration form (record-register): invitation code optional. */
export const RegisterOpenBody = z
  .object({
    ...registerFields,
    inviteCode: z.string().trim().max(16, err('INVALID_INVITATION_CODE')).optional(),
  })
  .refine(passwordsMatch, { ...err('PASSWORDS_DO_NOT_MATCH'), path: ['confirmPassword'] });
export type RegisterOpenBody = z.infer<typeof RegisterOpenBody>;

export const LoginBody = z.object({
  account: AccountId,
  password: z.string(err('WRONG_ACCOUNT_OR_PASSWORD')).min(1, err('WRONG_ACCOUNT_OR_PASSWORD')).max(128),
  totp: TotpCode.optional().describe('two-factor code, required when the account has two-factor enabled'),
  device: z.string().max(64).optional().describe('the client device id'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const ResetPasswordBody = z
  .object({
    account: AccountId,
    code: VerificationCode,
    password: LoginPassword,
    confirmPassword: z.string(err('PASSWORDS_DO_NOT_MATCH')),
  })
  .refine(passwordsMatch, { ...err('PASSWORDS_DO_NOT_MATCH'), path: ['confirmPassword'] });

export const IDENTITY_STATES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export const IdentityState = z.enum(IDENTITY_STATES);
export type IdentityState = z.infer<typeof IdentityState>;

export const UserProfile = z.object({
  uid: z.number().int(),
  email: z.string().nullable().describe('masked'),
  phone: z.string().nullable().describe('masked'),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  inviteCode: z.string(),
  createdAt: Timestamp,
  /** Frozen by an operator: the account can sign in and see, but moves no money. */
  frozen: z.boolean(),
  security: z.object({
    twoFactor: z.boolean(),
    fundPassword: z.boolean(),
    identity: IdentityState,
  }),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const LoginResult = z.object({
  token: z.string(),
  uid: z.number().int(),
  expiresAt: Timestamp,
  user: UserProfile,
});
export type LoginResult = z.infer<typeof LoginResult>;

export const ChangePasswordBody = z
  .object({
    oldPassword: z.string(err('WRONG_OLD_PASSWORD')).min(1, err('WRONG_OLD_PASSWORD')).max(128),
    password: LoginPassword,
    confirmPassword: z.string(err('PASSWORDS_DO_NOT_MATCH')),
  })
  .refine(passwordsMatch, { ...err('PASSWORDS_DO_NOT_MATCH'), path: ['confirmPassword'] });

function fundPasswordsMatch(body: { fundPassword: string; confirmFundPassword: string }): boolean {
  return body.fundPassword === body.confirmFundPassword;
}

export const SetFundPasswordBody = z
  .object({
    loginPassword: z.string(err('WRONG_LOGIN_PASSWORD')).min(1, err('WRONG_LOGIN_PASSWORD')).max(128),
    fundPassword: FundPassword,
    confirmFundPassword: z.string(err('PASSWORDS_DO_NOT_MATCH')),
  })
  .refine(fundPasswordsMatch, { ...err('PASSWORDS_DO_NOT_MATCH'), path: ['confirmFundPassword'] });

export const ChangeFundPasswordBody = z
  .object({
    oldFundPassword: FundPassword,
    fundPassword: FundPassword,
    confirmFundPassword: z.string(err('PASSWORDS_DO_NOT_MATCH')),
  })
  .refine(fundPasswordsMatch, { ...err('PASSWORDS_DO_NOT_MATCH'), path: ['confirmFundPassword'] });

export const ResetFundPasswordBody = z
  .object({
    code: VerificationCode,
    fundPassword: FundPassword,
    confirmFundPassword: z.string(err('PASSWORDS_DO_NOT_MATCH')),
  })
  .refine(fundPasswordsMatch, { ...err('PASSWORDS_DO_NOT_MATCH'), path: ['confirmFundPassword'] });
