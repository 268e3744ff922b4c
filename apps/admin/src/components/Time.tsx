import { formatDateTime } from '../lib/format';

/** A moment in a table or a description: local time, tabular figures. */
export function Time({ ms }: { ms: number | null | undefined }) {
  return <span className="num time">{formatDateTime(ms)}</span>;
}
