import { defineModule } from '../../platform/module';
import { FeeService } from './service';

/**
 * Trading fees between the modules that charge them and those that depend on them (discounts, rebates). Listed
 * before the trading modules, which take it at creation; membership and invitations register with it later.
 */
export const feesModule = defineModule({
  name: 'fees',
  create: () => new FeeService(),
});
