import { DEFAULT_LANG, type Lang, LANGS } from '@bourse/contract';
import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';

/** English is the source text; every other language must have exactly the same keys (a missing one is a type error). */
export type Messages = Readonly<Record<string, string>>;
export type OtherLangs = Exclude<Lang, 'en'>;
export type Translations<M extends Messages> = { readonly [L in Lang]: { readonly [K in keyof M]: string } };
export type Vars = Readonly<Record<string, string | number>>;
export type TFunction<M extends Messages> = (key: keyof M & string, vars?: Vars) => string;

/** A translatable text named by namespace and key, for route titles and service labels declared outside React. */
export interface MessageRef {
  readonly ns: string;
  readonly key: string;
}

export interface LocaleBundle<M extends Messages> {
  readonly ns: string;
  readonly translations: Translations<M>;
  /** Hook: a typed `t` for this namespace that re-renders on language change. */
  useT(): TFunction<M>;
  /** Outside React (toasts from non-component code). */
  t(key: keyof M & string, vars?: Vars): string;
  ref(key: keyof M & string): MessageRef;
}

/** Each language by its own name (the same whatever the interface language, so not translated). */
export const LANG_NAMES: Readonly<Record<Lang, string>> = {
  en: 'English',
  zh_CN: '简体中文',
  zh_HK: '繁體中文',
  es: 'Español',
  fr: 'Français',
};

/** i18next language codes (BCP 47, so Intl plural rules work). */
const I18N_CODE: Record<Lang, string> = { en: 'en', zh_CN: 'zh-CN', zh_HK: 'zh-HK', es: 'es', fr: 'fr' };

export function defineLocales<M extends Messages>(
  ns: string,
  en: M,
  others: { readonly [L in OtherLangs]: { readonly [K in keyof M]: string } },
): LocaleBundle<M> {
  const translations = { en, ...others } as Translations<M>;
  return {
    ns,
    translations,
    useT() {
      const { t } = useTranslation(ns);
      return useCallback<TFunction<M>>((key, vars) => t(key, vars ?? {}), [t]);
    },
    t: (key, vars) => i18next.t(key, { ns, ...vars }),
    ref: (key) => ({ ns, key }),
  };
}

export type AnyLocaleBundle = LocaleBundle<Messages>;

/** Builds the i18next resources from the bundles and starts i18next synchronously in the given language. */
export function initI18n(bundles: readonly AnyLocaleBundle[], lang: Lang): typeof i18next {
  const resources: Record<string, Record<string, Messages>> = {};
  for (const l of LANGS) {
    const code = I18N_CODE[l];
    resources[code] = {};
    for (const bundle of bundles) resources[code][bundle.ns] = bundle.translations[l];
  }
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: I18N_CODE[lang],
      fallbackLng: I18N_CODE[DEFAULT_LANG],
      load: 'currentOnly',
      ns: bundles.map((b) => b.ns),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnEmptyString: false,
      // Bundles added later (a feature's texts arriving with its first page) re-render whoever uses them.
      react: { useSuspense: false, bindI18nStore: 'added' },
    });
  } else {
    addLocaleBundles(bundles);
    void i18next.changeLanguage(I18N_CODE[lang]);
  }
  return i18next;
}

/** Adds bundles, in every language, to the running i18next. */
export function addLocaleBundles(bundles: readonly AnyLocaleBundle[]): void {
  for (const bundle of bundles) {
    for (const l of LANGS) i18next.addResourceBundle(I18N_CODE[l], bundle.ns, bundle.translations[l], true, true);
  }
}

type BundleLoader = () => Promise<readonly AnyLocaleBundle[]>;
const loading = new Map<BundleLoader, Promise<void>>();

/** Loads lazily declared bundles once and adds them; later calls share the first load. */
export function loadLocaleBundles(loader: BundleLoader): Promise<void> {
  let pending = loading.get(loader);
  if (!pending) {
    pending = loader().then(addLocaleBundles);
    // A chunk that failed to arrive may be asked for again (the page's tap to reload).
    pending.catch(() => loading.delete(loader));
    loading.set(loader, pending);
  }
  return pending;
}

export function setI18nLanguage(lang: Lang): void {
  void i18next.changeLanguage(I18N_CODE[lang]);
}

/** Translates a route title or service label ('' until its bundle has arrived). */
export function useMessage(): (ref: MessageRef | undefined) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (ref) => (ref && i18n.exists(ref.key, { ns: ref.ns }) ? t(ref.key, { ns: ref.ns }) : ''),
    [t, i18n],
  );
}

/** Names every `{{placeholder}}` of a message, to check that translations keep them. */
export function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string).sort();
}
