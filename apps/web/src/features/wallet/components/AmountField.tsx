import { type ReactNode, useId } from 'react';
import { DecimalInput } from '../../../components/form/DecimalInput';
import { Field } from '../../../components/form/Field';

export interface AmountFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Decimal places the amount may have; typing more is not possible. */
  decimals: number;
  unit: string;
  /** The "Max" / "All" button: its label and what it fills in. */
  fill: { label: string; onFill(): void; disabled?: boolean };
  placeholder?: string;
  error?: string;
  /** Under the input: what is available. */
  hint?: ReactNode;
}

/**
 * An amount input in a coin (the reader's separators, at most the coin's decimals) and a button that fills the
 * maximum.
 */
export function AmountField({
  label,
  value,
  onChange,
  decimals,
  unit,
  fill,
  placeholder,
  error,
  hint,
}: AmountFieldProps) {
  const id = useId();
  return (
    <div>
      <Field
        label={label}
        error={error}
        htmlFor={id}
        extra={
          <>
            <span className="field__unit">{unit}</span>
            <button type="button" className="field__code-button" disabled={fill.disabled} onClick={fill.onFill}>
              {fill.label}
            </button>
          </>
        }
      >
        <DecimalInput
          id={id}
          name="amount"
          placeholder={placeholder}
          value={value}
          decimals={decimals}
          onChange={onChange}
        />
      </Field>
      {hint && <div className="field__hint">{hint}</div>}
    </div>
  );
}
