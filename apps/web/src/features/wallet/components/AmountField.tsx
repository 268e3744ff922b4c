import { Input } from 'antd-mobile';
import { type ReactNode, useId } from 'react';
import { Field } from '../../../components/form/Field';
import { sanitizeDecimal } from '../../../lib/decimalInput';

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

/** An amount input in a coin: digits and one point only, the coin as unit, a button that fills the maximum. */
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
        <Input
          id={id}
          name="amount"
          inputMode="decimal"
          placeholder={placeholder}
          value={value}
          onChange={(v) => onChange(sanitizeDecimal(v, decimals))}
        />
      </Field>
      {hint && <div className="field__hint">{hint}</div>}
    </div>
  );
}
