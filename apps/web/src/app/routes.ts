import { authFeature } from '../features/auth';
import { c2cFeature } from '../features/c2c';
import { chatFeature } from '../features/chat';
import { contentFeature } from '../features/content';
import { copyFeature } from '../features/copy';
import { futuresFeature } from '../features/futures';
import { homeFeature } from '../features/home';
import { listingsFeature } from '../features/listings';
import { loansFeature } from '../features/loans';
import { meFeature } from '../features/me';
import { membershipFeature } from '../features/membership';
import { miningFeature } from '../features/mining';
import { optionsFeature } from '../features/options';
import { rewardsFeature } from '../features/rewards';
import { securityFeature } from '../features/security';
import { settingsFeature } from '../features/settings';
import { spotFeature } from '../features/spot';
import { subscriptionFeature } from '../features/subscription';
import { supportFeature } from '../features/support';
import { walletFeature } from '../features/wallet';
import { wealthFeature } from '../features/wealth';
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
  optionsFeature,
  c2cFeature,
  futuresFeature,
  copyFeature,
  supportFeature,
  wealthFeature,
  subscriptionFeature,
  miningFeature,
  loansFeature,
  rewardsFeature,
  chatFeature,
  membershipFeature,
  listingsFeature,
];

/** A feature's page, loaded together with the feature's texts (in the active language). */
function withFeatureTexts(route: FeatureRoute, feature: Feature): FeatureRoute {
  return {
    ...route,
    page: () => Promise.all([route.page(), loadLocaleBundles(feature.locales)]).then(([page]) => page),
  };
}

export const routes: readonly FeatureRoute[] = features.flatMap((f) => f.routes.map((r) => withFeatureTexts(r, f)));

/** What the shell needs before it draws anything: its own texts and every feature's labels (active language only). */
export const shellLocaleBundles: readonly AnyLocaleBundle[] = [
  commonLocales,
  ...features.flatMap((f) => (f.labels ? [f.labels] : [])),
];

/** Every bundle of the app, once each (for the completeness test). */
export function allLocaleBundles(): AnyLocaleBundle[] {
  return [...new Set([...shellLocaleBundles, ...features.flatMap((f) => f.locales)])];
}
