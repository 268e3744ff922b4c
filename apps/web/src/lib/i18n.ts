import type { Lang } from '@bourse/contract';
import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';

/**
 * Texts per language, each language in a file of its own (`locales/en.ts`, `locales/zh_CN.ts`, …) behind a dynamic
 * import: only the active language is ever downloaded; another one arrives when the user switches to it. English is
 * the source of the keys; every other language has exactly the same keys (`satisfies Translation<typeof en>` in its
 * file, and `i18n.test.ts` at run time).
 */
export type Messages = Readonly<Record<string, string>>;
export type OtherLangs = Exclude<Lang, 'en'>;
/** A language file's shape: the English keys, each with a text. */
export type Translation<M extends Messages> = { readonly [K in keyof M]: string };
export type Vars = Readonly<Record<string, string | number>>;
export type TFunction<M extends Messages> = (key: keyof M & string, vars?: Vars) => string;

/** A translatable text named by namespace and key, for route titles and service labels declared outside React. */
export interface MessageRef {
  readonly ns: string;
  readonly key: string;
}

type LanguageFile<T> = () => Promise<{ readonly default: T }>;

/** One dynamic import per language: `{ en: () => import('./en'), zh_CN: () => import('./zh_CN'), … }`. */
export type LanguageFiles<M extends Messages> = { readonly en: LanguageFile<M> } & {
  readonly [L in OtherLangs]: LanguageFile<Translation<NoInfer<M>>>;
};

export interface LocaleBundle<M extends Messages> {
  readonly ns: string;
  /** The texts in one language (its file is fetched on the first call). */
  load(lang: Lang): Promise<Translation<M>>;
  /** Hook: a typed `t` for this namespace that re-renders on language change. */
  useT(): TFunction<M>;
  /** Outside React (toasts from non-component code), once the bundle is loaded. */
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

export type AnyLocaleBundle = LocaleBundle<Messages>;

let activeLang: Lang = 'en';
/** Every bundle the app has asked for so far: a language switch fetches each of them in the new language. */
const wanted = new Set<AnyLocaleBundle>();
/** `ns:lang` → its texts arriving (or arrived) in i18next. */
const added = new Map<string, Promise<void>>();

function addBundle(bundle: AnyLocaleBundle, lang: Lang): Promise<void> {
  const id = `${bundle.ns}:${lang}`;
  let pending = added.get(id);
  if (!pending) {
    pending = bundle.load(lang).then((messages) => {
      i18next.addResourceBundle(I18N_CODE[lang], bundle.ns, messages, true, true);
    });
    // A chunk that failed to arrive may be asked for again (the page's tap to reload).
    pending.catch(() => added.delete(id));
    added.set(id, pending);
  }
  return pending;
}

/**
 * Loads bundles in the active language and adds them to i18next; later calls share the first load. Should the
 * language change meanwhile, the new language is loaded before this resolves.
 */
export async function loadLocaleBundles(bundles: readonly AnyLocaleBundle[]): Promise<void> {
  for (const bundle of bundles) wanted.add(bundle);
  let lang: Lang;
  do {
    lang = activeLang;
    await Promise.all(bundles.map((bundle) => addBundle(bundle, lang)));
  } while (lang !== activeLang);
}

/** Starts i18next in `lang` and loads the given bundles (the shell's texts and the features' labels) in it. */
export async function initI18n(bundles: readonly AnyLocaleBundle[], lang: Lang): Promise<typeof i18next> {
  activeLang = lang;
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      // Filled language by language as bundles arrive (addResourceBundle); nothing is fetched by i18next itself.
      resources: {},
      lng: I18N_CODE[lang],
      // Every language has every key (i18n.test.ts): there is nothing to fall back to, and English is not loaded.
      fallbackLng: false,
      load: 'currentOnly',
      ns: [],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnEmptyString: false,
      // Bundles added later (a feature's texts arriving with its first page) re-render whoever uses them.
      react: { useSuspense: false, bindI18nStore: 'added' },
    });
  } else {
    await i18next.changeLanguage(I18N_CODE[lang]);
  }
  await loadLocaleBundles(bundles);
  return i18next;
}

/**
 * Switches the interface language: every bundle in use is fetched in the new language first, then i18next switches,
 * so the screen changes once, from one complete language to the other.
 */
export async function setI18nLanguage(lang: Lang): Promise<void> {
  activeLang = lang;
  await Promise.all([...wanted].map((bundle) => addBundle(bundle, lang)));
  if (activeLang === lang) await i18next.changeLanguage(I18N_CODE[lang]);
}

/** Every language of a bundle, loaded (for the completeness test). */
export async function loadAllLanguages<M extends Messages>(
  bundle: LocaleBundle<M>,
): Promise<Record<Lang, Translation<M>>> {
  const [en, zh_CN, zh_HK, es, fr] = await Promise.all([
    bundle.load('en'),
    bundle.load('zh_CN'),
    bundle.load('zh_HK'),
    bundle.load('es'),
    bundle.load('fr'),
  ]);
  return { en, zh_CN, zh_HK, es, fr };
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
