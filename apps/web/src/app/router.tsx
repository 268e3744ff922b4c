import { createHashRouter, Outlet, type RouteObject } from 'react-router';
import type { FeatureRoute } from '../lib/feature';
import { RouteFrame } from './RouteFrame';

const notFound: FeatureRoute = { path: '*', page: () => import('./NotFoundPage') };

/** Hash routing (spec §1): every registered path and alias becomes a route drawn by the route frame. */
export function createAppRouter(routes: readonly FeatureRoute[]) {
  const children: RouteObject[] = [...routes, notFound].flatMap((route) =>
    [route.path, ...(route.aliases ?? [])].map((path) => ({
      path,
      element: <RouteFrame key={path} route={route} />,
    })),
  );
  return createHashRouter([{ element: <Outlet />, children }]);
}
