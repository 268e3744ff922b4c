import { auditFeature } from '../features/audit';
import { authFeature } from '../features/auth';
import { c2cFeature } from '../features/c2c';
import { chainFeature } from '../features/chain';
import { chatFeature } from '../features/chat';
import { contentFeature } from '../features/content';
import { copyFeature } from '../features/copy';
import { dashboardFeature } from '../features/dashboard';
import { futuresFeature } from '../features/futures';
import { identityFeature } from '../features/identity';
import { ledgerFeature } from '../features/ledger';
import { listingsFeature } from '../features/listings';
import { loansFeature } from '../features/loans';
import { marketsFeature } from '../features/markets';
import { membershipFeature } from '../features/membership';
import { miningFeature } from '../features/mining';
import { operatorsFeature } from '../features/operators';
import { optionsFeature } from '../features/options';
import { rewardsFeature } from '../features/rewards';
import { schedulerFeature } from '../features/scheduler';
import { subscriptionFeature } from '../features/subscription';
import { supportFeature } from '../features/support';
import { usersFeature } from '../features/users';
import { wealthFeature } from '../features/wealth';
import { withdrawalsFeature } from '../features/withdrawals';
import type { AnyLocaleBundle } from '../lib/i18n';
import { commonLocales } from '../lib/locales';
import type { ConsoleFeature } from '../lib/registry';

/**
 * The console: one entry per feature. A product adds its pages, menu entries and dashboard cards by adding its
 * feature here (docs/console.md).
 */
export const consoleFeatures: readonly ConsoleFeature[] = [
  authFeature,
  dashboardFeature,
  usersFeature,
  supportFeature,
  chatFeature,
  identityFeature,
  withdrawalsFeature,
  c2cFeature,
  marketsFeature,
  optionsFeature,
  wealthFeature,
  subscriptionFeature,
  miningFeature,
  loansFeature,
  futuresFeature,
  copyFeature,
  rewardsFeature,
  membershipFeature,
  listingsFeature,
  contentFeature,
  ledgerFeature,
  chainFeature,
  operatorsFeature,
  auditFeature,
  schedulerFeature,
];

/** Every text bundle: the shell's and each feature's (all loaded at start, in the active language only). */
export function consoleLocaleBundles(): AnyLocaleBundle[] {
  return [commonLocales, ...consoleFeatures.map((feature) => feature.locales)];
}
