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

export const IdParam = z.object({ id: z.coerce.number().int().positive(err('NOT_FOUND')) });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
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
