import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { type ReactNode, useId } from 'react';
import { DecimalInput } from '../../../components/form/DecimalInput';
import { useFuturesT } from '../locales';

/**
 * A price, lots or amount field of the futures forms: a label, the decimal input (the reader's separators), ± one
 * tick for prices, a unit (or a unit switch) on the right, and the catalogue message of a problem under it.
 */
export function NumberField({
  name,
  label,
  value,
  decimals,
  onChange,
  unit,
  disabled,
  placeholder,
  error,
  onStep,
}: {
  name: string;
  label: string;
  value: string;
  decimals: number;
  onChange(value: string): void;
  unit?: ReactNode;
  disabled?: boolean;
  placeholder?: string;
  error?: string;
  onStep?(ticks: number): void;
}) {
  const t = useFuturesT();
  const id = useId();
  const stepping = onStep !== undefined && !disabled;
  return (
    <div className={`order-field${error ? ' order-field--error' : ''}${disabled ? ' order-field--disabled' : ''}`}>
      <label className="order-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="order-field__box">
        {stepping && (
          <button type="button" className="order-field__step" aria-label={t('priceDown')} onClick={() => onStep(-1)}>
            <MinusOutline />
          </button>
        )}
        <DecimalInput
          id={id}
          name={name}
          className="order-field__input num"
          value={value}
          decimals={decimals}
          disabled={disabled}
          placeholder={placeholder}
          onChange={onChange}
        />
        {stepping ? (
          <button type="button" className="order-field__step" aria-label={t('priceUp')} onClick={() => onStep(1)}>
            <AddOutline />
          </button>
        ) : disabled || unit === undefined ? null : (
          <span className="order-field__unit">{unit}</span>
        )}
      </div>
      {error && (
        <div className="order-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
