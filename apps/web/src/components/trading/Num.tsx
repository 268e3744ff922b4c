import { useLocale } from '../../hooks/useLocale';
import { formatAmount, formatCompact } from '../../lib/format';
import './trading.css';

/**
 * Market figures beside the amounts (`components/Amount`): compact volumes and the signed change, for any product.
 */

/** Large amounts in the locale's units (K/M/B, 万/亿, 萬/億…). */
export function Compact({ value, className }: { value: string; className?: string }) {
  const locale = useLocale();
  return <span className={`num${className ? ` ${className}` : ''}`}>{formatCompact(value, locale)}</span>;
}

export type Trend = 'rise' | 'fall' | 'flat';

/** Direction of a signed decimal string ("-1.25" falls, "0.00" is flat). */
export function trendOf(signed: string): Trend {
  if (!/[1-9]/.test(signed)) return 'flat';
  return signed.trim().startsWith('-') ? 'fall' : 'rise';
}

/** "+1.25%" / "−1.25%" / "0.00%" in the reader's separators. */
export function useSignedPercent(): (percent: string) => string {
  const locale = useLocale();
  return (percent) => {
    const trend = trendOf(percent);
    const body = formatAmount(percent.replace(/^[-+]/, ''), 2, locale);
    return `${trend === 'rise' ? '+' : trend === 'fall' ? '−' : ''}${body}%`;
  };
}

/** The 24-hour change as a coloured tag (lists) or coloured text (headers). */
export function ChangeTag({ percent, solid }: { percent: string; solid?: boolean }) {
  const signed = useSignedPercent();
  const trend = trendOf(percent);
  return <span className={`change num change--${trend}${solid ? ' change--solid' : ''}`}>{signed(percent)}</span>;
}
