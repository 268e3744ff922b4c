import { LANG_LOCALE } from '@bourse/contract';
import { useSettings } from '../lib/stores/settings';

/** BCP 47 locale of the chosen language, for Intl formatting (numbers, dates). */
export function useLocale(): string {
  return LANG_LOCALE[useSettings((s) => s.lang)];
}
