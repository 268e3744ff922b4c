import { defineModule } from '../../platform/module';
import { createSupportRepo } from './repo';
import { supportAdminRoutes, supportRoutes } from './routes';
import { SupportService } from './service';

/** The customer-service chat between traders and operators. */
export const supportModule = defineModule({
  name: 'support',
  create(kit) {
    const support = new SupportService(kit.tx, createSupportRepo(kit.db), kit.clock, kit.hub, kit.uploads, {
      account: kit.use('account'),
      security: kit.use('security'),
      spot: kit.use('spot'),
      wallet: kit.use('wallet'),
      operators: kit.use('operators'),
    });
    kit.queues.push({ key: 'support', permission: 'support.chat', pending: () => support.unanswered() });
    return support;
  },
  routes: supportRoutes,
  operatorRoutes: supportAdminRoutes,
  channels: (support, hub) => hub.register(support.channel()),
});
