import { allLocaleBundles } from '../app/routes';
import { initI18n } from '../lib/i18n';

/** Starts i18next in English with every bundle (lazy ones loaded), as the app has once a page is open. */
export async function initTestI18n(): Promise<void> {
  initI18n(await allLocaleBundles(), 'en');
}
