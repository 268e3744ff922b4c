import { type Lang, LANG_HEADER_VALUE, LANG_LOCALE } from '@bourse/contract';
import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';

/**
 * The console speaks English (the source of every key), Simplified and Traditional Chinese. Each bundle (the shell's
 * `common`, one per feature) keeps each language in a file of its own behind a dynamic import; the build puts every
 * file of one language into one chunk, so the console fetches one file of texts at start and one more on a switch.
 * A language file has exactly the English keys (`satisfies Translation<typeof en>`, and `i18n.test.ts` at run time).
 */
export const CONSOLE_LANGS = ['en', 'zh_CN', 'zh_HK'] as const satisfies readonly Lang[];
export type ConsoleLang = (typeof CONSOLE_LANGS)[number];
export const DEFAULT_CONSOLE_LANG: ConsoleLang = 'en';

/** Each language by its own name (not translated: a person looks for their own language's name). */
export const CONSOLE_LANG_NAMES: Readonly<Record<ConsoleLang, string>> = {
  en: 'English',
  zh_CN: '简体中文',
  zh_HK: '繁體中文',
};

export function isConsoleLang(value: unknown): value is ConsoleLang {
  return typeof value === 'string' && (CONSOLE_LANGS as readonly string[]).includes(value);
}

/** The `lang` header the server reads (`en`, `zh`, `hk`): its `msg` comes back in the console's language. */
export function langHeader(lang: ConsoleLang): string {
  return LANG_HEADER_VALUE[lang];
}

/** BCP 47 tag for dates and numbers. */
export function langLocale(lang: ConsoleLang): string {
  return LANG_LOCALE[lang];
}

export type Messages = Readonly<Record<string, string>>;
export type Translation<M extends Messages> = { readonly [K in keyof M]: string };
export type Vars = Readonly<Record<string, string | number>>;
export type TFunction<M extends Messages> = (key: keyof M & string, vars?: Vars) => string;

/** A text named by namespace and key: menu entries, page titles and card titles declared outside React. */
export interface MessageRef {
  readonly ns: string;
  readonly key: string;
}

type LanguageFile<T> = () => Promise<{ readonly default: T }>;

/** `{ en: () => import('./locales/en'), zh_CN: () => import('./locales/zh_CN'), zh_HK: … }` */
export type LanguageFiles<M extends Messages> = { readonly en: LanguageFile<M> } & {
  readonly [L in Exclude<ConsoleLang, 'en'>]: LanguageFile<Translation<NoInfer<M>>>;
};

export interface LocaleBundle<M extends Messages> {
  readonly ns: string;
  load(lang: ConsoleLang): Promise<Translation<M>>;
  /** Hook: a `t` typed by the English keys that re-renders on a language switch. */
  useT(): TFunction<M>;
  /** Outside React (messages from the API client), once the bundle is loaded. */
  t(key: keyof M & string, vars?: Vars): string;
  ref(key: keyof M & string): MessageRef;
}
export type AnyLocaleBundle = LocaleBundle<Messages>;

const I18N_CODE: Record<ConsoleLang, string> = { en: 'en', zh_CN: 'zh-CN', zh_HK: 'zh-HK' };

export function defineLocales<M extends Messages>(ns: string, files: LanguageFiles<M>): LocaleBundle<M> {
  return {
    ns,
    load: (lang) => files[lang]().then((module): Translation<M> => module.default),
    useT() {
      const { t } = useTranslation(ns);
      return useCallback<TFunction<M>>((key, vars) => t(key, vars ?? {}), [t]);
    },
    t: (key, vars) => i18next.t(key, { ns, ...vars }),
    ref: (key) => ({ ns, key }),
  };
}

let activeLang: ConsoleLang = DEFAULT_CONSOLE_LANG;
let bundlesInUse: readonly AnyLocaleBundle[] = [];

async function addBundles(bundles: readonly AnyLocaleBundle[], lang: ConsoleLang): Promise<void> {
  const loaded = await Promise.all(bundles.map(async (bundle) => [bundle.ns, await bundle.load(lang)] as const));
  for (const [ns, messages] of loaded) i18next.addResourceBundle(I18N_CODE[lang], ns, messages, true, true);
}

/** Starts i18next in `lang` with every bundle of the console loaded in that language. */
export async function initI18n(bundles: readonly AnyLocaleBundle[], lang: ConsoleLang): Promise<void> {
  activeLang = lang;
  bundlesInUse = bundles;
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: {},
      lng: I18N_CODE[lang],
      // Every language has every key (i18n.test.ts): nothing to fall back to.
      fallbackLng: false,
      load: 'currentOnly',
      ns: [],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnEmptyString: false,
      react: { useSuspense: false, bindI18nStore: 'added' },
      showSupportNotice: false,
    });
  }
  await addBundles(bundles, lang);
  if (activeLang === lang) await i18next.changeLanguage(I18N_CODE[lang]);
}

/** Fetches the new language's texts first, then switches: the screen changes once, from one whole language to another. */
export async function setI18nLanguage(lang: ConsoleLang): Promise<void> {
  activeLang = lang;
  await addBundles(bundlesInUse, lang);
  if (activeLang === lang) await i18next.changeLanguage(I18N_CODE[lang]);
}

/** Every language of a bundle (for the completeness test). */
export async function loadAllLanguages<M extends Messages>(
  bundle: LocaleBundle<M>,
): Promise<Record<ConsoleLang, Translation<M>>> {
  const [en, zh_CN, zh_HK] = await Promise.all([bundle.load('en'), bundle.load('zh_CN'), bundle.load('zh_HK')]);
  return { en, zh_CN, zh_HK };
}

/** Translates a MessageRef (menu entries, page titles). */
export function useMessage(): (ref: MessageRef) => string {
  const { t } = useTranslation();
  return useCallback((ref) => t(ref.key, { ns: ref.ns }), [t]);
}

/** Names every `{{placeholder}}` of a message, to check that translations keep them. */
export function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string).sort();
}
