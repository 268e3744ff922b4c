/** The languages the product speaks. `en` is the default everywhere. */
export const LANGS = ['en', 'zh_CN', 'zh_HK', 'es', 'fr'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** Request header that carries the caller's language (spec §7). */
export const LANG_HEADER = 'lang';

/** What the client sends in the language header for each language. */
export const LANG_HEADER_VALUE: Record<Lang, string> = {
  en: 'en',
  zh_CN: 'zh',
  zh_HK: 'hk',
  es: 'es',
  fr: 'fr',
};

/**
 * Maps the language header to a language. Spec §7: `hk` → zh_HK, `en` → en_US, anything else → zh_CN; no header →
 * en. We also speak es and fr, so those two values select their language instead of falling to zh_CN.
 */
export function langFromHeader(value: string | string[] | undefined): Lang {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === '') return DEFAULT_LANG;
  const v = raw.trim().toLowerCase();
  if (v === 'hk' || v === 'zh_hk' || v === 'zh-hk' || v === 'zh-tw' || v === 'zh_tw') return 'zh_HK';
  if (v === 'en' || v === 'en_us' || v === 'en-us') return 'en';
  if (v === 'es') return 'es';
  if (v === 'fr') return 'fr';
  return 'zh_CN';
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * BCP 47 tag for Intl formatting. zh_HK dates and numbers use zh-Hant-HK; note that compact notation in zh-Hant-HK
 * gives "123M" while plain zh-Hant gives 萬/億, so compact formatting uses `COMPACT_LOCALE`.
 */
export const LANG_LOCALE: Record<Lang, string> = {
  en: 'en-US',
  zh_CN: 'zh-CN',
  zh_HK: 'zh-Hant-HK',
  es: 'es-ES',
  fr: 'fr-FR',
};

/** Locale for compact numbers (units of 10 thousand and 100 million in Chinese: 万/亿, 萬/億). */
export const COMPACT_LOCALE: Record<Lang, string> = {
  en: 'en-US',
  zh_CN: 'zh-CN',
  zh_HK: 'zh-Hant',
  es: 'es-ES',
  fr: 'fr-FR',
};
