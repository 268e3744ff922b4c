import { formatDecimal } from '../../../lib/format';

/** A signed money figure from the server, green for gains and red for losses. */
export function Signed({ value, suffix }: { value: string | null | undefined; suffix?: string }) {
  const negative = value?.startsWith('-') ?? false;
  const zero = !value || !/[1-9]/.test(value);
  const tone = zero ? '' : negative ? ' signed--loss' : ' signed--gain';
  return (
    <span className={`num signed${tone}`}>
      {!zero && !negative ? '+' : ''}
      {formatDecimal(value)}
      {suffix && value ? <span className="num__suffix"> {suffix}</span> : null}
    </span>
  );
}
