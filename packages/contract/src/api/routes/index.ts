import type { RouteDef } from '../define';
import { accountApi } from './account';
import { backofficeApi } from './backoffice';
import { c2cAdminApi, c2cApi } from './c2c';
import { communityAdminApi, communityApi } from './community';
import { contentAdminApi, contentApi } from './content';
import { copyAdminApi, copyApi } from './copy';
import { ledgerAdminApi } from './ledger';
import { listingsAdminApi, listingsApi } from './listings';
import { loansAdminApi, loansApi } from './loans';
import { marketApi } from './market';
import { membershipAdminApi, membershipApi } from './membership';
import { miningAdminApi, miningApi } from './mining';
import { operatorApi } from './operators';
import { optionsAdminApi, optionsApi } from './options';
import { perpAdminApi, perpApi } from './perp';
import { productsAdminApi, productsApi } from './products';
import { rewardsAdminApi, rewardsApi } from './rewards';
import { schedulerAdminApi } from './scheduler';
import { securityAdminApi, securityApi } from './security';
import { spotAdminApi, spotApi } from './spot';
import { subscriptionAdminApi, subscriptionApi } from './subscription';
import { supportAdminApi, supportApi } from './support';
import { walletAdminApi, walletApi } from './wallet';
import { wealthAdminApi, wealthApi } from './wealth';

export * from './account';
export * from './backoffice';
export * from './c2c';
export * from './community';
export * from './content';
export * from './copy';
export * from './ledger';
export * from './listings';
export * from './loans';
export * from './market';
export * from './membership';
export * from './mining';
export * from './operators';
export * from './options';
export * from './perp';
export * from './products';
export * from './rewards';
export * from './scheduler';
export * from './security';
export * from './spot';
export * from './subscription';
export * from './support';
export * from './wallet';
export * from './wealth';

/**
 * Every route table of the API the server serves. A product's table joins here in the same change that registers
 * its module.
 */
export const API_TABLES = {
  accountApi,
  backofficeApi,
  c2cApi,
  c2cAdminApi,
  communityApi,
  communityAdminApi,
  contentApi,
  contentAdminApi,
  copyApi,
  copyAdminApi,
  ledgerAdminApi,
  listingsApi,
  listingsAdminApi,
  loansApi,
  loansAdminApi,
  marketApi,
  membershipApi,
  membershipAdminApi,
  miningApi,
  miningAdminApi,
  operatorApi,
  optionsApi,
  optionsAdminApi,
  perpApi,
  perpAdminApi,
  productsApi,
  productsAdminApi,
  rewardsApi,
  rewardsAdminApi,
  schedulerAdminApi,
  securityApi,
  securityAdminApi,
  spotApi,
  spotAdminApi,
  subscriptionApi,
  subscriptionAdminApi,
  supportApi,
  supportAdminApi,
  walletApi,
  walletAdminApi,
  wealthApi,
  wealthAdminApi,
} as const;

/** Every route of the API, for the checks that must cover them all (access, path variants, fuzzing). */
export const API_ROUTES: readonly RouteDef[] = Object.values(API_TABLES).flatMap(
  (table) => Object.values(table) as RouteDef[],
);
