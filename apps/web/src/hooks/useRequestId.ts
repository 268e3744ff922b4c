import { useCallback, useState } from 'react';
import { ApiError } from '../lib/api';
import { newRequestId } from '../lib/requestId';

/** A form's request id and the one rule for when it changes (see {@link useRequestId}). */
export interface RequestIdentity {
  /** The id to send with the next request. */
  id: string;
  /**
   * Call once the request has settled: after a success, or with the error it failed with. The id is renewed when
   * the server answered (a success or a refusal: the next request is a new one, and a changed request under the old
   * id would be refused), and kept when no answer arrived (offline, timeout): the user's retry is the same request,
   * which the server then answers with its first result instead of moving the money twice.
   */
  settled(error?: unknown): void;
  /** Makes the call with the id and settles it by the outcome; the call's result or error passes through. */
  send<T>(call: (id: string) => Promise<T>): Promise<T>;
}

/** The request id of a money-moving form: every such call carries one (`lib/requestId.ts`). */
export function useRequestId(): RequestIdentity {
  const [id, setId] = useState(newRequestId);
  const settled = useCallback((error?: unknown) => {
    if (error !== undefined && !(error instanceof ApiError && !error.isTransport)) return;
    setId(newRequestId());
  }, []);
  const send = useCallback(
    async <T>(call: (id: string) => Promise<T>): Promise<T> => {
      try {
        const result = await call(id);
        settled();
        return result;
      } catch (error) {
        settled(error);
        throw error;
      }
    },
    [id, settled],
  );
  return { id, settled, send };
}
