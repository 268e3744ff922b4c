import { FailureLimiter } from '../../lib/limiter';
import { defineModule } from '../../platform/module';
import { DeviceService } from './devices';
import { IdentityService } from './identity';
import { createSecurityRepo } from './repo';
import { securityAdminRoutes, securityRoutes } from './routes';
import { SecretBox } from '../../lib/secret-box';
import { SecurityService } from './service';
import { TwoFactorService } from './two-factor';
import { TwoFactorResets } from './two-factor-resets';

/** Two-factor, identity verification and its review, login devices, the newcomer tasks. */
export const securityModule = defineModule({
  name: 'security',
  create(kit) {
    const repo = createSecurityRepo(kit.db);
    const accounts = kit.use('account');
    const security = new SecurityService(
      new TwoFactorService(
        kit.tx,
        repo,
        kit.clock,
        accounts,
        new SecretBox(kit.config.secretKey, 'two-factor'),
        new FailureLimiter(kit.clock, 5, 15 * 60_000),
      ),
      new IdentityService(kit.tx, repo, kit.clock, kit.uploads, accounts, kit.events),
      new DeviceService(kit.tx, accounts.sessions),
      accounts,
      kit.use('ledger'),
      kit.use('wallet'),
      new TwoFactorResets(kit.tx, kit.db, kit.clock, accounts, repo),
    );
    // Login asks for two-factor, the profile reports both protections, withdrawals wait after two-factor goes off.
    security.install();
    return security;
  },
  routes: securityRoutes,
  operatorRoutes: securityAdminRoutes,
});
