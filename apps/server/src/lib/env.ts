import { z } from 'zod';

/** `1`/`0`, `true`/`false`, `yes`/`no`. */
export const envBool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A non-negative decimal as text (percentages, amounts): parsed exactly where it is used, never as a float. */
export const envDecimal = z.string().regex(/^\d+(\.\d+)?$/, 'a decimal number such as 1.5');

/** A JSON value in a variable, or null when it is not JSON (the schema then says what was expected). */
export function envJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Reads settings from the environment with a zod schema; a wrong value stops the start with the variable's name.
 * The core configuration and every module's slice (its manifest's `config`) read through this.
 */
export function readEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new Error(`invalid configuration: ${detail}`);
}
