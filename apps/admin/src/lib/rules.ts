import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * A form rule from a contract schema: the field passes when the schema accepts its value — the very check the server
 * makes. `message` is what the field says otherwise (the console's words, in its language).
 */
export function schemaRule(schema: z.ZodType, message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      value === undefined || value === null || value === '' || schema.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}
