import { ERRORS, type ErrorKey, errorMessage, type Lang } from '@bourse/contract';
import { commonLocales } from './locales';
import type en from './locales/en';

/** What the app needs of a contract (zod) schema. */
export interface Schema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type FieldErrors = Readonly<Record<string, string>>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** A `common` text saying what an empty field lacks. */
export type MissingKey = Extract<keyof typeof en, `missing${string}`>;

/**
 * What an empty field says, by field name, across the app's forms. The contract's schemas answer an empty code with
 * "Wrong verification code" (what the server says of a bad one); a person who typed nothing needs to hear what is
 * missing instead.
 */
const MISSING: Readonly<Record<string, MissingKey>> = {
  code: 'missingCode',
  currentCode: 'missingCode',
  totp: 'missingTwoFactorCode',
  password: 'missingPassword',
  loginPassword: 'missingPassword',
  oldPassword: 'missingOldPassword',
  confirmPassword: 'missingConfirmPassword',
  fundPassword: 'missingFundPassword',
  oldFundPassword: 'missingOldFundPassword',
  confirmFundPassword: 'missingConfirmFundPassword',
};

export interface ValidateOptions {
  /** Other words for an empty field of this form, e.g. `{ code: 'missingTwoFactorCode' }`. */
  missing?: Readonly<Record<string, MissingKey>>;
}

function isErrorKey(message: string): message is ErrorKey {
  return Object.hasOwn(ERRORS, message);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * An account that is not an email address is read as a mobile number by the contract; one with letters in it was
 * meant as an email address, and should be told so.
 */
function accountMessage(key: ErrorKey, value: unknown): ErrorKey {
  return key === 'MOBILE_INVALID' && typeof value === 'string' && /[^\d\s+()-]/.test(value) ? 'EMAIL_INVALID' : key;
}

/**
 * Checks a form with the same contract schema the server uses. The schemas' messages are catalogue keys, so each
 * field gets exactly the text the server would answer, in the user's language — except an empty field, which says
 * what is missing. One message per field, the first.
 */
export function validate<T>(
  schema: Schema<T>,
  values: unknown,
  lang: Lang,
  options: ValidateOptions = {},
): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const given = typeof values === 'object' && values !== null ? (values as Readonly<Record<string, unknown>>) : {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field in errors) continue;
    const value = given[field];
    const missing = options.missing?.[field] ?? MISSING[field];
    if (missing && isEmpty(value)) errors[field] = commonLocales.t(missing);
    else if (isErrorKey(issue.message)) errors[field] = errorMessage(accountMessage(issue.message, value), lang);
    else errors[field] = errorMessage('INVALID_PARAMS', lang, { detail: field });
  }
  return { ok: false, errors };
}
