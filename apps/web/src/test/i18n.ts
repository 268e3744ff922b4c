import { localeBundles } from '../app/routes';
import { initI18n } from '../lib/i18n';

/** Starts i18next in English with every bundle, as the app does. */
export function initTestI18n(): void {
  initI18n(localeBundles, 'en');
}
