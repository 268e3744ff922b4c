import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import { HashRouter } from 'react-router';
import { loadAntdLocale } from '../lib/antdLocale';
import { queryClient } from '../lib/client';
import { FeaturesProvider } from '../lib/features';
import { setI18nLanguage } from '../lib/i18n';
import type { ConsoleFeature } from '../lib/registry';
import { useSettings } from '../lib/stores/settings';
import { AuthGate } from './AuthGate';
import { FeedbackBridge } from './FeedbackBridge';
import { antdTheme } from './theme';

interface AppProps {
  features: readonly ConsoleFeature[];
  /** antd's texts in the starting language (loaded before the first render). */
  initialLocale: Locale;
}

/** Providers around the console: antd's theme and texts, messages, server state, the features, the router. */
export function App({ features, initialLocale }: AppProps) {
  const mode = useSettings((state) => state.theme);
  const lang = useSettings((state) => state.lang);
  const [locale, setLocale] = useState<{ lang: string; locale: Locale }>({ lang, locale: initialLocale });

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  useEffect(() => {
    document.documentElement.lang = lang.replace('_', '-');
    if (locale.lang === lang) return;
    let current = true;
    // Both text sets arrive before anything switches: the screen changes once, from one language to the other.
    void Promise.all([loadAntdLocale(lang), setI18nLanguage(lang)]).then(([next]) => {
      if (current) setLocale({ lang, locale: next });
    });
    return () => {
      current = false;
    };
  }, [lang, locale.lang]);

  return (
    <ConfigProvider theme={antdTheme(mode)} locale={locale.locale} button={{ autoInsertSpace: false }}>
      <AntApp className="console-root">
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <FeaturesProvider features={features}>
            <HashRouter>
              <AuthGate />
            </HashRouter>
          </FeaturesProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
