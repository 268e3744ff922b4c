import type { IdentityState } from '@bourse/contract';
import type { ReactNode } from 'react';

export type StatusTone = 'ok' | 'pending' | 'warn' | 'off';

/** A small coloured label for the state of a protection (On, Not set, Under review…). */
export function StatusTag({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`sec-tag sec-tag--${tone}`}>{children}</span>;
}

export const IDENTITY_TONE: Record<IdentityState, StatusTone> = {
  unverified: 'off',
  pending: 'pending',
  verified: 'ok',
  rejected: 'warn',
};
