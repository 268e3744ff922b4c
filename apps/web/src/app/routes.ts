import { authFeature } from '../features/auth';
import { contentFeature } from '../features/content';
import { homeFeature } from '../features/home';
import { meFeature } from '../features/me';
import { settingsFeature } from '../features/settings';
import type { Feature, FeatureRoute } from '../lib/feature';
import type { AnyLocaleBundle } from '../lib/i18n';
import { commonLocales } from '../lib/locales';

/**
 * Every feature of the app. A new feature adds its folder under `features/` and one line here; its routes,
 * shortcuts and translations come with it.
 */
export const features: readonly Feature[] = [homeFeature, contentFeature, authFeature, settingsFeature, meFeature];

export const routes: readonly FeatureRoute[] = features.flatMap((f) => f.routes);

export const localeBundles: readonly AnyLocaleBundle[] = [commonLocales, ...features.flatMap((f) => f.locales)];
