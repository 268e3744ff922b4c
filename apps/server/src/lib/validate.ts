import { ERRORS, type ErrorKey } from '@bourse/contract';
import type { z } from 'zod';
import { DomainError } from './errors';

function isErrorKey(message: string | undefined): message is ErrorKey {
  return message !== undefined && Object.hasOwn(ERRORS, message);
}

/**
 * Validates input that did not come through a route schema (multipart fields) the way route schemas do: the first
 * failed rule answers with its own catalogue error.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  if (isErrorKey(first?.message)) throw new DomainError(first.message);
  throw new DomainError('INVALID_PARAMS', {
    detail: `${first?.path.join('.') ?? 'request'} ${first?.message ?? ''}`.trim(),
  });
}
