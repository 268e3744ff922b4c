import type { ErrorKey, ErrorParams } from '@bourse/contract';

/** A rule of the domain said no. The central handler turns it into its catalogue code and message. */
export class DomainError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params?: ErrorParams,
  ) {
    super(key);
    this.name = 'DomainError';
  }
}

export function fail(key: ErrorKey, params?: ErrorParams): never {
  throw new DomainError(key, params);
}
