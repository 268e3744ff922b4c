/** A value the server recorded as it was (an audit row's change or result), readable and never interpreted. */
export function JsonBlock({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  return <pre className="json-block">{JSON.stringify(value, null, 2)}</pre>;
}
