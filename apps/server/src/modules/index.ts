import type { ModuleManifest, ModuleName } from '../platform/module';
import { accountModule } from './account';
import { backofficeModule } from './backoffice';
import { c2cModule } from './c2c';
import { chainModule } from './chain';
import { communityModule } from './community';
import { contentModule } from './content';
import { copyModule } from './copy';
import { feesModule } from './fees';
import { ledgerModule } from './ledger';
import { listingsModule } from './listings';
import { loansModule } from './loans';
import { marketModule } from './market';
import { membershipModule } from './membership';
import { miningModule } from './mining';
import { operatorsModule } from './operators';
import { optionsModule } from './options';
import { perpModule } from './perp';
import { productsModule } from './products';
import { requestsModule } from './requests';
import { rewardsModule } from './rewards';
import { schedulerModule } from './scheduler';
import { securityModule } from './security';
import { spotModule } from './spot';
import { subscriptionModule } from './subscription';
import { supportModule } from './support';
import { walletModule } from './wallet';
import { wealthModule } from './wealth';

/** Any module's manifest. */
export type AnyModule = { [N in ModuleName]: ModuleManifest<N> }[ModuleName];

/**
 * Every module, in boot order: a module is built after the modules it uses, and its migrations run after theirs.
 * Adding a product module means adding it here (and nothing else shared).
 */
export const MODULES: readonly AnyModule[] = [
  schedulerModule,
  productsModule,
  requestsModule,
  accountModule,
  operatorsModule,
  ledgerModule,
  feesModule,
  chainModule,
  walletModule,
  securityModule,
  contentModule,
  spotModule,
  marketModule,
  optionsModule,
  perpModule,
  copyModule,
  supportModule,
  wealthModule,
  c2cModule,
  subscriptionModule,
  miningModule,
  loansModule,
  rewardsModule,
  communityModule,
  membershipModule,
  listingsModule,
  backofficeModule,
];
