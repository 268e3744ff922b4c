import type { WealthKind, WealthRedemptionKind, WealthReturnState } from '@bourse/contract';
import { defineLocales, type TFunction } from '../../../lib/i18n';
import type en from './en';

/** What the wealth pages say (namespace `wealth`), one file per language. */
export const wealthLocales = defineLocales('wealth', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useWealthT = wealthLocales.useT;
export type WealthT = TFunction<typeof en>;

/** "Flexible" or "30 days". */
export function kindName(t: WealthT, kind: WealthKind, termDays: number | null): string {
  return kind === 'flexible' || termDays === null ? t('flexible') : t('termDays', { days: termDays });
}

const STATE_KEYS = {
  not_yet: 'stateNotYet',
  earned: 'stateEarned',
  early: 'stateEarly',
  revoked: 'stateRevoked',
} as const;

export function stateName(t: WealthT, state: WealthReturnState): string {
  return t(STATE_KEYS[state]);
}

const REDEMPTION_KEYS = {
  redeem: 'redemptionRedeem',
  maturity: 'redemptionMaturity',
  early: 'redemptionEarly',
  revoke: 'redemptionRevoke',
} as const;

export function redemptionName(t: WealthT, kind: WealthRedemptionKind): string {
  return t(REDEMPTION_KEYS[kind]);
}
