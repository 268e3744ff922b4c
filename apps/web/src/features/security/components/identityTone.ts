import type { IdentityState } from '@bourse/contract';
import type { StatusTone } from '../../../components/StatusTag';

/** How an identity-verification state reads on the shared `StatusTag`. */
export const IDENTITY_TONE: Readonly<Record<IdentityState, StatusTone>> = {
  unverified: 'off',
  pending: 'pending',
  verified: 'ok',
  rejected: 'bad',
};
