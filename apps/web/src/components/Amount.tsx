import { useLocale } from '../hooks/useLocale';
import { formatAmount, PLACEHOLDER } from '../lib/format';
import { useSettings } from '../lib/stores/settings';

/** What a hidden amount shows (the eye on the assets page hides every balance in the app). */
export const MASK = '****';

export interface AmountProps {
  /** A decimal string; null or undefined while unknown ("--"). */
  value: string | null | undefined;
  /** Decimals shown: the coin's display precision, or the market's price or quantity precision. */
  precision: number;
  /** Drop trailing zeros (fees, minimums); balances keep the coin's fixed decimals. */
  trim?: boolean;
  /** Prefix a sign: '+' for money in, '-' (shown as '−') for money out. */
  sign?: '+' | '-';
  /** One of the user's balances: masked while the user hides amounts. */
  sensitive?: boolean;
  className?: string;
}

/**
 * The one way the app shows an amount: truncated (never rounded up) to `precision` decimals, grouped with the
 * reader's separators, in tabular figures.
 */
export function Amount({ value, precision, trim, sign, sensitive, className }: AmountProps) {
  const locale = useLocale();
  const hidden = useSettings((s) => s.hideAmounts) && sensitive === true;
  let text: string;
  if (hidden) text = MASK;
  else if (value === null || value === undefined) text = PLACEHOLDER;
  else text = `${sign === '-' ? '−' : (sign ?? '')}${formatAmount(value, precision, locale, { trim })}`;
  return <span className={`num${className ? ` ${className}` : ''}`}>{text}</span>;
}
