import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Feature, FeatureRoute, FeatureService } from './feature';

export interface Registry {
  routes: readonly FeatureRoute[];
  services: readonly FeatureService[];
  /** Whether a path (with or without query) is a registered page. */
  hasRoute(path: string): boolean;
}

export function createRegistry(features: readonly Feature[]): Registry {
  const routes = features.flatMap((f) => f.routes);
  const services = features.flatMap((f) => f.services ?? []);
  const paths = new Set(routes.flatMap((r) => [r.path, ...(r.aliases ?? [])]));
  return {
    routes,
    services,
    hasRoute: (path) => paths.has(path.split('?')[0] ?? path),
  };
}

const RegistryContext = createContext<Registry>(createRegistry([]));

/** Lets shared pages (home grid, all services) list other features without importing them. */
export function RegistryProvider({ registry, children }: { registry: Registry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export function useRegistry(): Registry {
  return useContext(RegistryContext);
}

/** The services a visitor can use now, ordered for the home grid or grouped for the all-services page. */
export function useServices(loggedIn: boolean): readonly FeatureService[] {
  const { services, hasRoute } = useRegistry();
  return useMemo(
    () => services.filter((s) => hasRoute(s.path) && !(loggedIn && s.guestOnly)),
    [services, hasRoute, loggedIn],
  );
}
