import { type ComponentType, createContext, lazy, type ReactNode, useContext, useMemo } from 'react';
import type { Feature, FeatureRoute, FeatureService } from './feature';
import { loadLocaleBundles } from './i18n';

/** A home-page block of some feature, ready to render inside `<Suspense>`. */
export interface HomeSection {
  id: string;
  Component: ComponentType;
}

export interface Registry {
  routes: readonly FeatureRoute[];
  services: readonly FeatureService[];
  /** Every feature's home-page blocks, in order; each loads its code and its feature's texts on first render. */
  homeSections: readonly HomeSection[];
  /** Whether a path (with or without query) is a registered page. */
  hasRoute(path: string): boolean;
}

export function createRegistry(features: readonly Feature[]): Registry {
  const routes = features.flatMap((f) => f.routes);
  const services = features.flatMap((f) => f.services ?? []);
  const paths = new Set(routes.flatMap((r) => [r.path, ...(r.aliases ?? [])]));
  const homeSections = features
    .flatMap((f) =>
      (f.homeSections ?? []).map((s) => {
        const { locales } = f;
        const texts = () => (typeof locales === 'function' ? loadLocaleBundles(locales) : Promise.resolve());
        return {
          id: s.id,
          order: s.order,
          Component: lazy(() => Promise.all([s.load(), texts()]).then(([module]) => module)),
        };
      }),
    )
    .sort((a, b) => a.order - b.order)
    .map(({ id, Component }) => ({ id, Component }));
  return {
    routes,
    services,
    homeSections,
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
