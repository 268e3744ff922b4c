import { ERRORS, type ErrorKey, errorMessage, type Lang } from '@bourse/contract';

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

function isErrorKey(message: string): message is ErrorKey {
  return Object.hasOwn(ERRORS, message);
}

/**
 * Checks a form with the same contract schema the server uses. The schemas' messages are catalogue keys, so each
 * field gets exactly the text the server would answer, in the user's language. One message per field, the first.
 */
export function validate<T>(schema: Schema<T>, values: unknown, lang: Lang): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field in errors) continue;
    errors[field] = isErrorKey(issue.message)
      ? errorMessage(issue.message, lang)
      : errorMessage('INVALID_PARAMS', lang, { detail: field });
  }
  return { ok: false, errors };
}
