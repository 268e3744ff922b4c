import { defineModule } from '../../platform/module';
import { backofficeRoutes } from './routes';
import { BackofficeService } from './service';

/** The operators' view across modules (users, dashboard); listed last: it reads every other module's service. */
export const backofficeModule = defineModule({
  name: 'backoffice',
  create: (kit) =>
    new BackofficeService(
      {
        account: kit.use('account'),
        security: kit.use('security'),
        wallet: kit.use('wallet'),
        spot: kit.use('spot'),
        ledger: kit.use('ledger'),
        scheduler: kit.use('scheduler'),
      },
      kit.clock,
      kit.queues,
      kit.activity,
    ),
  operatorRoutes: backofficeRoutes,
});
