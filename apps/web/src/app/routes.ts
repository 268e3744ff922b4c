import { authFeature } from '../features/auth';
import { contentFeature } from '../features/content';
import { homeFeature } from '../features/home';
import { meFeature } from '../features/me';
import { securityFeature } from '../features/security';
import { settingsFeature } from '../features/settings';
import { spotFeature } from '../features/spot';
import { walletFeature } from '../features/wallet';
import type { Feature, FeatureRoute } from '../lib/feature';
import { type AnyLocaleBundle, loadLocaleBundles } from '../lib/i18n';
import { commonLocales } from '../lib/locales';

/**
 * Every feature of the app. A new feature adds its folder under `features/` and one line here; its routes,
 * shortcuts and translations come with it.
 */
export const features: readonly Feature[] = [
  homeFeature,
  contentFeature,
  authFeature,
  settingsFeature,
  meFeature,
  securityFeature,
  walletFeature,
  spotFeature,
];

/** A feature's page, loaded together with the feature's texts when they are lazy. */
function withFeatureTexts(route: FeatureRoute, feature: Feature): FeatureRoute {
  const { locales } = feature;
  if (typeof locales !== 'function') return route;
  return { ...route, page: () => Promise.all([route.page(), loadLocaleBundles(locales)]).then(([page]) => page) };
}

export const routes: readonly FeatureRoute[] = features.flatMap((f) => f.routes.map((r) => withFeatureTexts(r, f)));

/** What ships with the first page: the shell's texts, every feature's labels, and any eagerly declared texts. */
export const eagerLocaleBundles: readonly AnyLocaleBundle[] = [
  commonLocales,
  ...features.flatMap((f) => [...(f.labels ? [f.labels] : []), ...(typeof f.locales === 'function' ? [] : f.locales)]),
];

/** Every bundle, lazy ones loaded (for the completeness test). */
export async function allLocaleBundles(): Promise<AnyLocaleBundle[]> {
  const lazy = await Promise.all(features.map((f) => (typeof f.locales === 'function' ? f.locales() : [])));
  return [...eagerLocaleBundles, ...lazy.flat()];
}
