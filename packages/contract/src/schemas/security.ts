import { z } from 'zod';
import { AccountId, IdentityState, TotpCode, VerificationCode } from './account';
import { err, PageQuery, Timestamp, wholeNumber } from './common';
import { WithdrawLockReason } from './wallet';

/** Withdrawals stay locked this long after the login password is changed or reset (spec §6). */
export const PASSWORD_CHANGE_WITHDRAW_LOCK_HOURS = 24;
/** …and this long after two-factor is switched off: a stolen password alone must not lead to a quick withdrawal. */
export const TWO_FACTOR_OFF_WITHDRAW_LOCK_HOURS = 24;
/** …and after the bound email or phone is replaced. */
export const CONTACT_CHANGE_WITHDRAW_LOCK_HOURS = 24;

/** TOTP parameters (RFC 6238 as the authenticator apps implement it). */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
export const TOTP_ISSUER = 'Bourse';

/** Image uploads: what is accepted (checked by the file's first bytes, not its name) and how large. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];
export const IDENTITY_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

const LoginPasswordCheck = z.string(err('WRONG_LOGIN_PASSWORD')).min(1, err('WRONG_LOGIN_PASSWORD')).max(128);

// ---- Security centre ----

export const SecurityOverview = z.object({
  email: z.string().nullable().describe('masked bound email'),
  phone: z.string().nullable().describe('masked bound mobile number'),
  loginPasswordChangedAt: Timestamp.nullable(),
  withdrawLockedUntil: Timestamp.nullable().describe(
    'set while a 24-hour withdrawal lock runs (after a login-password or withdrawal-address change)',
  ),
  withdrawLockReason: WithdrawLockReason.nullable(),
  fundPassword: z.boolean(),
  twoFactor: z.boolean(),
  identity: IdentityState,
  activeSessions: z.number().int(),
});
export type SecurityOverview = z.infer<typeof SecurityOverview>;

// ---- Two-factor (TOTP) ----

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: Timestamp.nullable(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorSetup = z.object({
  secret: z.string().describe('Base32 secret to type into an authenticator app'),
  otpauthUrl: z.string().describe('otpauth://totp/… URI for the QR code'),
  label: z.string().describe('the account name the authenticator app shows'),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** Turning two-factor on or off: a current code and the login password. */
export const TwoFactorConfirmBody = z.object({ code: TotpCode, password: LoginPasswordCheck });
export type TwoFactorConfirmBody = z.infer<typeof TwoFactorConfirmBody>;

// ---- Identity verification ----

export const IDENTITY_DOC_TYPES = ['id_card', 'passport'] as const;
export const IdentityDocType = z.enum(IDENTITY_DOC_TYPES, err('IDENTITY_TYPE_INVALID'));
export type IdentityDocType = z.infer<typeof IdentityDocType>;

/** Photo slots of a submission. A passport has no back side, so `back` is required only for an ID card. */
export const IDENTITY_PHOTO_SIDES = ['front', 'back', 'hand'] as const;
export type IdentityPhotoSide = (typeof IDENTITY_PHOTO_SIDES)[number];
export function requiredPhotoSides(type: IdentityDocType): readonly IdentityPhotoSide[] {
  return type === 'id_card' ? IDENTITY_PHOTO_SIDES : ['front', 'hand'];
}

const PersonName = z
  .string(err('IDENTITY_NAME_INVALID'))
  .trim()
  .min(1, err('IDENTITY_NAME_INVALID'))
  .max(50, err('IDENTITY_NAME_INVALID'))
  // Letters of any script, with the spaces, dots, hyphens and apostrophes real names carry.
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’·-]*$/u, err('IDENTITY_NAME_INVALID'));

export const DocumentNumber = z
  .string(err('IDENTITY_NUMBER_INVALID'))
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9-]{5,30}$/, err('IDENTITY_NUMBER_INVALID')));

/** The text fields of an identity submission (sent as multipart fields beside the photos). */
export const IdentityFields = z.object({
  type: IdentityDocType,
  familyName: PersonName,
  givenName: PersonName,
  number: DocumentNumber,
});
export type IdentityFields = z.infer<typeof IdentityFields>;

export const IdentityInfo = z.object({
  state: IdentityState,
  type: IdentityDocType.nullable(),
  familyName: z.string().nullable(),
  givenName: z.string().nullable(),
  number: z.string().nullable().describe('masked: first 2 and last 2 characters'),
  rejectReason: z.string().nullable(),
  submittedAt: Timestamp.nullable(),
  reviewedAt: Timestamp.nullable(),
});
export type IdentityInfo = z.infer<typeof IdentityInfo>;

export const IdentityPhotoParam = z.object({ side: z.enum(IDENTITY_PHOTO_SIDES, err('NOT_FOUND')) });

// Operator side (/admin/api/identity/…)

export const IDENTITY_REVIEW_STATES = ['pending', 'verified', 'rejected'] as const;
export const IdentityListQuery = z.object({
  status: z.enum(IDENTITY_REVIEW_STATES).optional(),
  /** Review queues are worked oldest first; history reads newest first (the default). */
  order: z.enum(['newest', 'oldest']).default('newest'),
  uid: wholeNumber({ min: 1 }).optional(),
  ...PageQuery.shape,
});

export const AdminIdentitySummary = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  type: IdentityDocType,
  familyName: z.string(),
  givenName: z.string(),
  number: z.string(),
  status: z.enum(IDENTITY_REVIEW_STATES),
  submittedAt: Timestamp,
  reviewedAt: Timestamp.nullable(),
});
export type AdminIdentitySummary = z.infer<typeof AdminIdentitySummary>;

export const AdminIdentityDetail = AdminIdentitySummary.extend({
  account: z.object({ email: z.string().nullable(), phone: z.string().nullable(), nickname: z.string().nullable() }),
  rejectReason: z.string().nullable(),
  reviewerId: z.number().int().nullable(),
  photos: z
    .array(z.object({ side: z.enum(IDENTITY_PHOTO_SIDES), url: z.string(), mime: z.string(), bytes: z.number() }))
    .describe('operator-only URLs; fetch with the operator token'),
  history: z.array(
    z.object({
      id: z.number().int(),
      status: z.enum(IDENTITY_REVIEW_STATES),
      rejectReason: z.string().nullable(),
      submittedAt: Timestamp,
    }),
  ),
});
export type AdminIdentityDetail = z.infer<typeof AdminIdentityDetail>;

export const IdentityRejectBody = z.object({
  reason: z
    .string(err('REJECT_REASON_REQUIRED'))
    .trim()
    .min(2, err('REJECT_REASON_REQUIRED'))
    .max(200, err('REJECT_REASON_REQUIRED')),
});

// ---- Account management ----

export const LoginSession = z.object({
  id: z.number().int(),
  device: z
    .string()
    .describe('a readable device name derived from the user agent, e.g. "Chrome · Android"; empty when unknown'),
  deviceId: z.string().nullable(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: Timestamp,
  lastUsedAt: Timestamp,
  current: z.boolean(),
});
export type LoginSession = z.infer<typeof LoginSession>;

export const RevokeSessionBody = z.object({ id: z.number(err('NOT_FOUND')).int().positive(err('NOT_FOUND')) });
export const RevokedCount = z.object({ revoked: z.number().int() });

/** Binds the email (or phone) the user does not have yet: code sent to it (scene `bind`) and the login password. */
export const BindAccountBody = z.object({
  account: AccountId,
  code: VerificationCode,
  password: LoginPasswordCheck,
  totp: TotpCode.optional().describe('required when two-factor is enabled'),
});
export type BindAccountBody = z.infer<typeof BindAccountBody>;

/** Which bound address a security code goes to (default: the email, else the phone). */
export const SecurityCodeQuery = z.object({ to: z.enum(['email', 'phone'], err('INVALID_PARAMS')).optional() });
export type SecurityCodeQuery = z.infer<typeof SecurityCodeQuery>;

/**
 * Replaces the bound email (or phone) with a new one: a code sent to the current one (`sendSecurityCode?to=`), a code
 * sent to the new one (`sendCode` scene bind), the login password, two-factor when on.
 */
export const ChangeBoundBody = z.object({
  account: AccountId,
  code: VerificationCode.describe('sent to the new address'),
  currentCode: VerificationCode.describe('sent to the address being replaced'),
  password: LoginPasswordCheck,
  totp: TotpCode.optional().describe('required when two-factor is enabled'),
});
export type ChangeBoundBody = z.infer<typeof ChangeBoundBody>;

export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 20;
export const Nickname = z
  .string(err('NICKNAME_LENGTH'))
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .superRefine((value, ctx) => {
    const length = [...value].length;
    if (length < NICKNAME_MIN || length > NICKNAME_MAX) ctx.addIssue({ code: 'custom', message: 'NICKNAME_LENGTH' });
    else if (!/^[\p{L}\p{N}_. -]+$/u.test(value)) ctx.addIssue({ code: 'custom', message: 'NICKNAME_INVALID' });
  });
export const NicknameBody = z.object({ nickname: Nickname });
export type NicknameBody = z.infer<typeof NicknameBody>;

export const AvatarResult = z.object({ avatar: z.string().describe('URL of the new avatar, relative to the server') });

// ---- Newcomer centre ----

export const NEWCOMER_TASKS = ['identity', 'twoFactor', 'deposit', 'trade'] as const;
export type NewcomerTaskKey = (typeof NEWCOMER_TASKS)[number];
export const NewcomerTasks = z.object({
  tasks: z.array(z.object({ key: z.enum(NEWCOMER_TASKS), done: z.boolean() })),
  done: z.number().int(),
  total: z.number().int(),
});
export type NewcomerTasks = z.infer<typeof NewcomerTasks>;

// ---- Operators: resetting a user's two-factor (maker-checker) ----

export const TWO_FACTOR_RESET_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TwoFactorResetStatus = (typeof TWO_FACTOR_RESET_STATUSES)[number];

/** An operator's proposal to switch a user's two-factor off (lost phone); a different operator decides. */
export const TwoFactorReset = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  reason: z.string(),
  status: z.enum(TWO_FACTOR_RESET_STATUSES),
  proposedBy: z.number().int(),
  proposedAt: Timestamp,
  decidedBy: z.number().int().nullable(),
  decidedAt: Timestamp.nullable(),
  note: z.string().nullable(),
});
export type TwoFactorReset = z.infer<typeof TwoFactorReset>;

export const TwoFactorResetQuery = z.object({
  status: z.enum(TWO_FACTOR_RESET_STATUSES, err('INVALID_PARAMS')).optional(),
  uid: wholeNumber({ min: 1 }).optional(),
  ...PageQuery.shape,
});

export const ProposeTwoFactorResetBody = z.object({
  reason: z.string(err('INVALID_PARAMS')).trim().min(1, err('INVALID_PARAMS')).max(500, err('INVALID_PARAMS')),
});

export const DecideTwoFactorResetBody = z
  .object({ note: z.string(err('INVALID_PARAMS')).trim().max(500, err('INVALID_PARAMS')).optional() })
  .default({});

export const TwoFactorResetIdParam = z.object({ id: wholeNumber({ min: 1, error: 'NOT_FOUND' }) });
export const TwoFactorResetUidParam = z.object({ uid: wholeNumber({ min: 1, error: 'USER_NOT_FOUND' }) });
