import { formatAmount } from '../../../lib/format';
import { useLocale } from '../../../hooks/useLocale';

export interface AmountProps {
  value: string;
  precision: number;
  /** Drop trailing zeros (fees, minimums); balances keep the coin's fixed decimals. */
  trim?: boolean;
  /** Prefix a sign: '+' for money in, '−' for money out. */
  sign?: '+' | '-';
  className?: string;
  hidden?: boolean;
}

/** A number with the coin's precision (truncated, never rounded up), grouped for the reader's language. */
export function Amount({ value, precision, trim, sign, className, hidden }: AmountProps) {
  const locale = useLocale();
  const text = hidden
    ? '****'
    : `${sign === '-' ? '−' : (sign ?? '')}${formatAmount(value, precision, locale, { trim })}`;
  return <span className={`num${className ? ` ${className}` : ''}`}>{text}</span>;
}
