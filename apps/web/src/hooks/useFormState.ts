import { useCallback, useState } from 'react';
import type { FieldErrors } from '../lib/validation';

/**
 * Form values and their field errors; typing in a field clears its error. `field(key)` gives a text field all it
 * needs (`name`, `value`, `onChange`, `error`), so a form writes each binding once.
 */
export function useFormState<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = useCallback(
    <K extends keyof V & string>(key: K) =>
      (value: V[K]) => {
        setValues((v) => ({ ...v, [key]: value }));
        setErrors(({ [key]: _cleared, ...rest }) => rest);
      },
    [],
  );
  const field = <K extends { [P in keyof V & string]: V[P] extends string ? P : never }[keyof V & string]>(key: K) => ({
    name: key,
    value: values[key] as string,
    onChange: set(key) as (value: string) => void,
    error: errors[key],
  });
  return { values, setValues, errors, setErrors, set, field };
}
