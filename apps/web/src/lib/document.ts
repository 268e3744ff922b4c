import { LANG_LOCALE } from '@bourse/contract';
import type { SettingsState } from './stores/settings';

/**
 * Mirrors the settings on <html>: `data-theme` for our tokens, `data-prefers-color-scheme` for antd-mobile's own
 * dark palette, `data-updown` for the rise/fall swap, and `lang`.
 */
export function applyDocumentSettings(
  settings: Pick<SettingsState, 'theme' | 'upDown' | 'lang'>,
  doc: Document = document,
): void {
  const html = doc.documentElement;
  html.dataset.theme = settings.theme;
  html.dataset.prefersColorScheme = settings.theme;
  html.dataset.updown = settings.upDown;
  html.lang = LANG_LOCALE[settings.lang];
  const background = getComputedStyle(html).getPropertyValue('--bg').trim();
  const meta = doc.querySelector('meta[name="theme-color"]');
  if (meta && background) meta.setAttribute('content', background);
}
