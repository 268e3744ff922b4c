import type { OptionBetState, OptionOutcome, OptionRoundState } from '@bourse/contract';
import { defineLocales, type TFunction } from '../../../lib/i18n';
import type en from './en';

/** What the options page says (namespace `options`), one file per language. */
export const optionsLocales = defineLocales('options', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useOptionsT = optionsLocales.useT;
export type OptionsT = TFunction<typeof en>;

/** A bet's state as the trader reads it: while open, its round's state says whether it waits, runs or settles. */
export function betStateLabel(t: OptionsT, state: OptionBetState, round: OptionRoundState): string {
  switch (state) {
    case 'win':
      return t('stateWin');
    case 'loss':
      return t('stateLoss');
    case 'draw':
      return t('stateDraw');
    case 'void':
      return t('stateVoid');
    case 'open':
      return round === 'pending'
        ? t('stateWaiting')
        : round === 'in_progress'
          ? t('stateInProgress')
          : t('stateSettling');
  }
}

const OUTCOME_KEYS: Record<OptionOutcome, keyof typeof en> = {
  up: 'outcomeUp',
  down: 'outcomeDown',
  flat: 'outcomeFlat',
};

export function outcomeLabel(t: OptionsT, outcome: OptionOutcome): string {
  return t(OUTCOME_KEYS[outcome]);
}
