import type { Lang } from '@bourse/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import type { ComponentProps } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query';
import { type Registry, RegistryProvider } from '../lib/registry';
import { useSettings } from '../lib/stores/settings';
import type { createAppRouter } from './router';

type AdmLocale = NonNullable<ComponentProps<typeof ConfigProvider>['locale']>;

const ADM_LOCALES: Record<Lang, AdmLocale> = { en: enUS, zh_CN: zhCN, zh_HK: zhHK, es: esES, fr: frFR };

export function App({ router, registry }: { router: ReturnType<typeof createAppRouter>; registry: Registry }) {
  const lang = useSettings((s) => s.lang);
  return (
    <ConfigProvider locale={ADM_LOCALES[lang]}>
      <QueryClientProvider client={queryClient}>
        <RegistryProvider registry={registry}>
          <RouterProvider router={router} />
        </RegistryProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
