import { Amount } from '../Amount';
import { DecimalInput } from './DecimalInput';
import { Field } from './Field';

export interface AmountEntryProps {
  /** The input's id (journeys and labels find it by this). */
  id: string;
  label: string;
  /** The coin the amount is in, shown at the right of the input. */
  unit: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  decimals: number;
  placeholder?: string;
  /** The user's available balance in `unit` (undefined while unknown or signed out). */
  available: string | undefined;
  /** Signed in: "Max" fills the balance and the balance line shows. */
  loggedIn: boolean;
  maxLabel: string;
  availableLabel: string;
  availableTestId?: string;
}

/**
 * An amount to put into a product (a wealth subscription, a new-coin application): the field with its coin and a
 * "Max" that fills the available balance, then the balance line. Editing clears the error (the caller's onChange).
 */
export function AmountEntry(props: AmountEntryProps) {
  const { id, label, unit, value, onChange, error, decimals, placeholder, available, loggedIn } = props;
  return (
    <>
      <Field
        label={label}
        error={error}
        htmlFor={id}
        extra={
          <>
            <span className="field__unit">{unit}</span>
            <button
              type="button"
              className="field__code-button"
              disabled={!loggedIn || available === undefined}
              onClick={() => onChange(available ?? '')}
            >
              {props.maxLabel}
            </button>
          </>
        }
      >
        <DecimalInput id={id} value={value} onChange={onChange} decimals={decimals} placeholder={placeholder} />
      </Field>
      {loggedIn && (
        <p className="field__note muted" data-testid={props.availableTestId}>
          {props.availableLabel} <Amount value={available} precision={decimals} trim sensitive /> {unit}
        </p>
      )}
    </>
  );
}
