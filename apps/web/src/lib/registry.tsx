import { type ComponentType, createContext, lazy, type ReactNode, useContext, useMemo } from 'react';
import type { ProductKey } from '@bourse/contract';
import type { Feature, FeatureRoute, FeatureService, ServiceBadgeProps } from './feature';
import { loadLocaleBundles } from './i18n';
import { useClosedProducts } from './products';

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
  /** Whether a path (with or without query) is a registered page of an available product. */
  hasRoute(path: string): boolean;
  /** The shortcut's badge (lazily loaded), if its feature gives it one. */
  serviceBadge(service: FeatureService): ComponentType<ServiceBadgeProps> | undefined;
  /** The route's product when the server says it is not available now (its page shows that), else undefined. */
  closedProduct(route: FeatureRoute): ProductKey | undefined;
  /**
   * The same registry without what belongs to products that are not available (GET /api/common/products): their
   * routes, shortcuts, home blocks and tabs. Pages and blocks keep their identity, so nothing remounts.
   */
  without(closed: ReadonlySet<ProductKey>): Registry;
}

const NONE: ReadonlySet<ProductKey> = new Set();

export function createRegistry(features: readonly Feature[]): Registry {
  const productOf = new Map<unknown, ProductKey>();
  for (const f of features) {
    if (!f.product) continue;
    for (const r of f.routes) productOf.set(r, f.product);
    for (const s of f.services ?? []) productOf.set(s, f.product);
  }
  const sections = features
    .flatMap((f) =>
      (f.homeSections ?? []).map((s) => {
        const texts = () => loadLocaleBundles(f.locales);
        const section: HomeSection = {
          id: s.id,
          Component: lazy(() => Promise.all([s.load(), texts()]).then(([module]) => module)),
        };
        if (f.product) productOf.set(section, f.product);
        return { order: s.order, section };
      }),
    )
    .sort((a, b) => a.order - b.order)
    .map(({ section }) => section);
  const allRoutes = features.flatMap((f) => f.routes);
  const allServices = features.flatMap((f) => f.services ?? []);
  const badges = new Map<FeatureService, ComponentType<ServiceBadgeProps>>();
  for (const service of allServices) if (service.badge) badges.set(service, lazy(service.badge));

  const views = new Map<string, Registry>();
  const view = (closed: ReadonlySet<ProductKey>): Registry => {
    const key = [...closed].sort().join(',');
    const known = views.get(key);
    if (known) return known;
    const open = (item: unknown) => {
      const product = productOf.get(item);
      return product === undefined || !closed.has(product);
    };
    const routes = allRoutes.filter(open);
    const paths = new Set(routes.flatMap((r) => [r.path, ...(r.aliases ?? [])]));
    const registry: Registry = {
      routes,
      services: allServices.filter(open),
      homeSections: sections.filter(open),
      hasRoute: (path) => paths.has(path.split('?')[0] ?? path),
      serviceBadge: (service) => badges.get(service),
      closedProduct: (route) => {
        const product = productOf.get(route);
        return product !== undefined && closed.has(product) ? product : undefined;
      },
      without: view,
    };
    views.set(key, registry);
    return registry;
  };
  return view(NONE);
}

const RegistryContext = createContext<Registry>(createRegistry([]));

/**
 * Lets shared pages (home grid, all services) list other features without importing them, and hides what belongs
 * to products the server says are not available (refetched when the window regains focus).
 */
export function RegistryProvider({ registry, children }: { registry: Registry; children: ReactNode }) {
  const closed = useClosedProducts();
  const value = useMemo(() => registry.without(closed), [registry, closed]);
  return <RegistryContext.Provider value={value}>{children}</RegistryContext.Provider>;
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
