import { DEFAULT_LANG, DEFAULT_THEME, isLang, type Lang, type ServiceLine, type Theme, THEMES } from '@bourse/contract';
import { create } from 'zustand';
import { readItem, readJson, STORAGE_KEYS, writeItem } from '../storage';

/** Which direction is green: green-up/red-down (international) or red-up/green-down (mainland China convention). */
export const UP_DOWN_MODES = ['green-up', 'red-up'] as const;
export type UpDown = (typeof UP_DOWN_MODES)[number];

export interface SettingsState {
  lang: Lang;
  theme: Theme;
  upDown: UpDown;
  /** Balances show as "****" (the eye on the assets page). */
  hideAmounts: boolean;
  /** The service lines last fetched from the server, and the index of the one in use. */
  lines: ServiceLine[];
  lineIndex: number;
  setLang(lang: Lang): void;
  setTheme(theme: Theme): void;
  setUpDown(mode: UpDown): void;
  setHideAmounts(hide: boolean): void;
  setLines(lines: ServiceLine[]): void;
  setLineIndex(index: number): void;
}

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

function isUpDown(value: unknown): value is UpDown {
  return typeof value === 'string' && (UP_DOWN_MODES as readonly string[]).includes(value);
}

function isLineList(value: unknown): value is ServiceLine[] {
  return (
    Array.isArray(value) &&
    value.every(
      (l: unknown) =>
        typeof l === 'object' &&
        l !== null &&
        typeof (l as ServiceLine).http === 'string' &&
        typeof (l as ServiceLine).ws === 'string' &&
        typeof (l as ServiceLine).name === 'string',
    )
  );
}

function initial(): Pick<SettingsState, 'lang' | 'theme' | 'upDown' | 'hideAmounts' | 'lines' | 'lineIndex'> {
  const lang = readItem(STORAGE_KEYS.lang);
  const theme = readItem(STORAGE_KEYS.theme);
  const upDown = readItem(STORAGE_KEYS.upDown);
  const lineIndex = Number(readItem(STORAGE_KEYS.line) ?? '0');
  return {
    lang: isLang(lang) ? lang : DEFAULT_LANG,
    theme: isTheme(theme) ? theme : DEFAULT_THEME,
    upDown: isUpDown(upDown) ? upDown : 'green-up',
    hideAmounts: readItem(STORAGE_KEYS.hideAmounts) === '1',
    lines: readJson(STORAGE_KEYS.lines, isLineList) ?? [],
    lineIndex: Number.isInteger(lineIndex) && lineIndex >= 0 ? lineIndex : 0,
  };
}

/** User preferences, persisted one plain key each so they are easy to inspect and to preset in tests. */
export const useSettings = create<SettingsState>()((set, get) => ({
  ...initial(),
  setLang(lang) {
    writeItem(STORAGE_KEYS.lang, lang);
    set({ lang });
  },
  setTheme(theme) {
    writeItem(STORAGE_KEYS.theme, theme);
    set({ theme });
  },
  setUpDown(upDown) {
    writeItem(STORAGE_KEYS.upDown, upDown);
    set({ upDown });
  },
  setHideAmounts(hideAmounts) {
    writeItem(STORAGE_KEYS.hideAmounts, hideAmounts ? '1' : null);
    set({ hideAmounts });
  },
  setLines(lines) {
    writeItem(STORAGE_KEYS.lines, JSON.stringify(lines));
    const lineIndex = get().lineIndex < lines.length ? get().lineIndex : 0;
    writeItem(STORAGE_KEYS.line, String(lineIndex));
    set({ lines, lineIndex });
  },
  setLineIndex(lineIndex) {
    writeItem(STORAGE_KEYS.line, String(lineIndex));
    set({ lineIndex });
  },
}));
