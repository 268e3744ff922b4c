import type { ReactNode } from 'react';
import './form.css';

export interface FieldProps {
  label: string;
  /** The field's error (catalogue text); shown under the input. */
  error?: string;
  /** Something at the right end of the input row (a send-code button, an eye toggle). */
  extra?: ReactNode;
  htmlFor?: string;
  children: ReactNode;
}

/** A labelled form row: label above, input box, error below. */
export function Field({ label, error, extra, htmlFor, children }: FieldProps) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={htmlFor}>
        {label}
      </label>
      <div className="field__box">
        <div className="field__input">{children}</div>
        {extra && <div className="field__extra">{extra}</div>}
      </div>
      {error && (
        <div className="field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
