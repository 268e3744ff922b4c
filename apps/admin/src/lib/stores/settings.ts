import { create } from 'zustand';
import { type ConsoleLang, DEFAULT_CONSOLE_LANG, isConsoleLang } from '../i18n';
import { local, readStored, writeStored } from '../storage';

export type ConsoleTheme = 'dark' | 'light';

export const LANG_KEY = 'bourse.console.lang';
export const THEME_KEY = 'bourse.console.theme';

/** The browser's language, when it is one the console speaks. */
export function browserLang(languages: readonly string[]): ConsoleLang {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower === 'zh-tw' || lower === 'zh-hk' || lower === 'zh-mo' || lower.startsWith('zh-hant')) return 'zh_HK';
    if (lower.startsWith('zh')) return 'zh_CN';
    if (lower.startsWith('en')) return 'en';
  }
  return DEFAULT_CONSOLE_LANG;
}

function initialLang(): ConsoleLang {
  const stored = readStored(local(), LANG_KEY);
  if (isConsoleLang(stored)) return stored;
  return browserLang(typeof navigator === 'undefined' ? [] : navigator.languages);
}

function initialTheme(): ConsoleTheme {
  const stored = readStored(local(), THEME_KEY);
  if (stored === 'dark' || stored === 'light') return stored;
  // Like the trader's app, dark unless the operator's system asks for light.
  const prefersLight = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: light)').matches;
  return prefersLight ? 'light' : 'dark';
}

interface SettingsState {
  lang: ConsoleLang;
  theme: ConsoleTheme;
  setLang(lang: ConsoleLang): void;
  setTheme(theme: ConsoleTheme): void;
}

/** The operator's language and theme, kept in this browser. */
export const useSettings = create<SettingsState>((set) => ({
  lang: initialLang(),
  theme: initialTheme(),
  setLang(lang) {
    writeStored(local(), LANG_KEY, lang);
    set({ lang });
  },
  setTheme(theme) {
    writeStored(local(), THEME_KEY, theme);
    set({ theme });
  },
}));
