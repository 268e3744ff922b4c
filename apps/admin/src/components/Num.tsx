import { formatDecimal } from '../lib/format';

/** A decimal string from the server, in tabular figures, with thousands separators. */
export function Num({ value, suffix }: { value: string | null | undefined; suffix?: string }) {
  return (
    <span className="num">
      {formatDecimal(value)}
      {suffix && value ? <span className="num__suffix"> {suffix}</span> : null}
    </span>
  );
}
