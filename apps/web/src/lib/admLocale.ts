import type { Lang } from '@bourse/contract';
import type { ConfigProvider } from 'antd-mobile';
import { type ComponentProps, useEffect, useState } from 'react';

/** antd-mobile's own texts (pickers, dialogs, pull-to-refresh defaults) for one language. */
export type AdmLocale = NonNullable<ComponentProps<typeof ConfigProvider>['locale']>;

// One language each, fetched like the app's own texts: only the active one.
const FILES: Readonly<Record<Lang, () => Promise<{ default: AdmLocale }>>> = {
  en: () => import('antd-mobile/es/locales/en-US'),
  zh_CN: () => import('antd-mobile/es/locales/zh-CN'),
  zh_HK: () => import('antd-mobile/es/locales/zh-HK'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
};

const loaded = new Map<Lang, AdmLocale>();

export async function loadAdmLocale(lang: Lang): Promise<AdmLocale> {
  const known = loaded.get(lang);
  if (known) return known;
  const locale = (await FILES[lang]()).default;
  loaded.set(lang, locale);
  return locale;
}

/** antd-mobile's texts in `lang`; the previous language's until the new one has arrived. */
export function useAdmLocale(lang: Lang): AdmLocale | undefined {
  const [locale, setLocale] = useState(() => loaded.get(lang));
  useEffect(() => {
    let current = true;
    loadAdmLocale(lang).then(
      (next) => {
        if (current) setLocale(next);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [lang]);
  return locale;
}
