import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { RouterProvider } from 'react-router';
import { useAdmLocale } from '../lib/admLocale';
import { queryClient } from '../lib/query';
import { type Registry, RegistryProvider } from '../lib/registry';
import { useSettings } from '../lib/stores/settings';
import type { createAppRouter } from './router';

export function App({ router, registry }: { router: ReturnType<typeof createAppRouter>; registry: Registry }) {
  const locale = useAdmLocale(useSettings((s) => s.lang));
  return (
    // Without a locale (its file failed to arrive) antd-mobile keeps its built-in one.
    <ConfigProvider {...(locale ? { locale } : {})}>
      <QueryClientProvider client={queryClient}>
        <RegistryProvider registry={registry}>
          <RouterProvider router={router} />
        </RegistryProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
