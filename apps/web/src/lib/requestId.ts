/**
 * A fresh request id for a money-moving call (the server answers the same id again with the first result and
 * moves nothing twice). Keep it while the same request may be retried after a network failure; take a new one
 * for the next request, or when the server answered (a changed request under an old id is refused).
 */
export function newRequestId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
