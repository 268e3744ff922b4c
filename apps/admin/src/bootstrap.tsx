import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { consoleFeatures, consoleLocaleBundles } from './app/features';
import { loadAntdLocale } from './lib/antdLocale';
import { initI18n } from './lib/i18n';
import { useSettings } from './lib/stores/settings';
import './styles/theme.css';
import './styles/global.css';

/** Texts in the operator's language, then the console. */
export async function start(): Promise<void> {
  const { lang, theme } = useSettings.getState();
  // The theme before the first paint, so a light-theme operator never sees a dark flash.
  document.documentElement.dataset.theme = theme;
  const [locale] = await Promise.all([loadAntdLocale(lang), initI18n(consoleLocaleBundles(), lang)]);
  const root = document.getElementById('console');
  if (!root) throw new Error('index.html has no #console element');
  createRoot(root).render(
    <StrictMode>
      <App features={consoleFeatures} initialLocale={locale} />
    </StrictMode>,
  );
}
