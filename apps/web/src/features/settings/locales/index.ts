import { defineLocales } from '../../../lib/i18n';

/**
 * What the settings pages say (namespace `settings`), one file per language; the active one arrives with the feature's first
 * page.
 */
export const settingsLocales = defineLocales('settings', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useSettingsT = settingsLocales.useT;
