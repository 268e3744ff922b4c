import { useCallback, useState } from 'react';
import type { FieldErrors } from '../../../lib/validation';

/** Form values and their field errors; typing in a field clears its error. */
export function useFormState<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = useCallback(
    (key: keyof V & string) => (value: string) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors(({ [key]: _cleared, ...rest }) => rest);
    },
    [],
  );
  return { values, setValues, errors, setErrors, set };
}
