import { defineLocales } from '../../../lib/i18n';

/**
 * Texts of the trading kit (order book, depth chart, candle chart). A feature that uses the kit lists this bundle in
 * its `locales`, so it arrives with the feature's first page.
 */
export const tradingLocales = defineLocales('trading', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useTradingT = tradingLocales.useT;
