import { allLocaleBundles } from '../app/routes';
import { initI18n } from '../lib/i18n';

/** Starts i18next in English with every bundle loaded, as the app has once a page is open. */
export async function initTestI18n(): Promise<void> {
  await initI18n(allLocaleBundles(), 'en');
}
