import { DomainError } from '../../lib/errors';
import { parseDecimal } from '@bourse/contract';
import { z } from 'zod';
import { readEnv } from '../../lib/env';
import { defineModule } from '../../platform/module';
import { INDEX_SCALE } from '../market';
import { perpActivity } from './activity';
import { perpAdminRoutes } from './admin-routes';
import { DEMO_CONTRACTS, DEMO_INSURANCE_FUND, DEMO_MM_CAPITAL } from './demo';
import { createPerpRepo } from './repo';
import { perpRoutes } from './routes';
import { PerpService, type PerpSettings } from './service';

const Env = z.object({
  PERP_DEFAULT_LEVERAGE: z.coerce.number().int().min(1).max(125).default(20),
});

/**
 * Perpetual contracts (modules/perp/README.md, docs/futures.md): USDT-margined linear perpetuals on real order books,
 * margin in the contract wallet, liquidation with an insurance fund and ADL, funding on the scheduler.
 */
export const perpModule = defineModule({
  name: 'perp',
  provides: ['futures'],
  config: (env): PerpSettings => ({ defaultLeverage: readEnv(Env, env).PERP_DEFAULT_LEVERAGE }),
  create(kit) {
    const market = kit.use('market');
    const perp = new PerpService(
      {
        repo: createPerpRepo(kit.db),
        tx: kit.tx,
        clock: kit.clock,
        log: kit.log,
        hub: kit.hub,
        ledger: kit.use('ledger'),
        fees: kit.use('fees'),
        index: {
          read(symbol) {
            const index = market.indexPrice(symbol);
            return index ? { price: index.price, scale: INDEX_SCALE, ts: index.ts } : null;
          },
        },
      },
      kit.config.perp,
    );
    // Spec §5: nothing leaves the contract wallet while a position is open.
    kit.use('wallet').addTransferGuard(({ uid, from }) => {
      if (from === 'contract' && perp.hasOpenPosition(uid)) throw new DomainError('TRANSFER_POSITION_OPEN');
    });
    // An operator's adjustment of a contract wallet changes the account's margin: its liquidation key follows.
    kit.use('ledger').adjustments.onApproved(({ uid, wallet }) => {
      if (wallet === 'contract') perp.balanceChanged(uid);
    });
    kit.activity.push(perpActivity(kit.db));
    return perp;
  },
  routes: perpRoutes,
  operatorRoutes: perpAdminRoutes,
  channels(perp, hub) {
    perp.registerChannels(hub);
  },
  // Marks + TP/SL + liquidation each second, premium samples and funding each minute, the market maker every 2 s.
  jobs: (perp) => perp.jobs(),
  seed(perp, { demoData }) {
    // Contracts are configuration a fresh install needs (like spot markets); the operator changes them later.
    perp.seedContracts(DEMO_CONTRACTS);
    if (demoData) perp.seedCapital(parseDecimal(DEMO_MM_CAPITAL, 8), parseDecimal(DEMO_INSURANCE_FUND, 8));
  },
});
