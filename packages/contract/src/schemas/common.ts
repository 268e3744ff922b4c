import { z } from 'zod';
import type { ErrorKey } from '../errors';

/**
 * A catalogue key used as a zod issue message: the server turns the first such issue into that catalogue error,
 * the client shows the same message before sending.
 */
export function err(key: ErrorKey): { error: ErrorKey } {
  return { error: key };
}

/** Non-negative decimal string (money and quantities on the wire). */
export const DecimalString = z
  .string()
  .regex(/^\d{1,30}(\.\d{1,30})?$/, err('INVALID_PARAMS'))
  .describe('non-negative decimal number as a string, e.g. "12.5"');

/** Signed decimal string (PnL, balance changes). */
export const SignedDecimalString = z
  .string()
  .regex(/^-?\d{1,30}(\.\d{1,30})?$/, err('INVALID_PARAMS'))
  .describe('decimal number as a string, may be negative');

/** Milliseconds since the Unix epoch. */
export const Timestamp = z.number().int().describe('milliseconds since the Unix epoch');

/**
 * A whole number in a query string, a path or a JSON body: a JSON integer, or decimal digits only — never hex,
 * an exponent, whitespace, a boolean or an array (which `Number()` would all turn into numbers).
 */
export function wholeNumber(options: { min?: number; max?: number; error?: ErrorKey } = {}) {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER, error = 'INVALID_PARAMS' } = options;
  return z
    .union(
      [
        z.number().int(),
        z
          .string()
          .regex(/^-?[0-9]{1,16}$/)
          .transform(Number),
      ],
      err(error),
    )
    .pipe(z.number().int(err(error)).min(min, err(error)).max(max, err(error)))
    .describe(
      `whole number ${min === Number.MIN_SAFE_INTEGER ? '' : `≥ ${min}`}${max === Number.MAX_SAFE_INTEGER ? '' : ` ≤ ${max}`}`.trim(),
    );
}

/** A row id: a positive whole number (decimal digits only when it travels as text). The one id schema. */
export const Id = wholeNumber({ min: 1, error: 'NOT_FOUND' });

export const IdParam = z.object({ id: Id });

export const PageQuery = z.object({
  page: wholeNumber({ min: 1, max: 1_000_000 }).default(1),
  size: wholeNumber({ min: 1, max: 100 }).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}

/** The answer envelope of every call (spec §3). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const EmptyData = z.null();

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
