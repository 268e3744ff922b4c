import type { SubscriptionApplicationState, SubscriptionPhase } from '@bourse/contract';
import { defineLocales, type TFunction } from '../../../lib/i18n';
import type en from './en';

/** What the new-coin subscription page says (namespace `subscription`), one file per language. */
export const subscriptionLocales = defineLocales('subscription', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useSubscriptionT = subscriptionLocales.useT;
export type SubscriptionT = TFunction<typeof en>;

const PHASE_KEYS = {
  upcoming: 'phaseUpcoming',
  open: 'phaseOpen',
  calculating: 'phaseCalculating',
  settled: 'phaseSettled',
  cancelled: 'phaseCancelled',
} as const;

export function phaseName(t: SubscriptionT, phase: SubscriptionPhase): string {
  return t(PHASE_KEYS[phase]);
}

const STATE_KEYS = {
  pending: 'statePending',
  allocated: 'stateAllocated',
  withdrawn: 'stateWithdrawn',
  refunded: 'stateRefunded',
} as const;

export function applicationStateName(t: SubscriptionT, state: SubscriptionApplicationState): string {
  return t(STATE_KEYS[state]);
}
