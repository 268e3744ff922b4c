import { perpAdminApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { PerpService } from './service';

export function perpAdminRoutes(app: Router, perp: PerpService): void {
  const api = perpAdminApi;
  serve(app, api.contracts, () => perp.adminContracts());
  serveAction(app, api.createContract, { apply: ({ body }) => perp.createContract(body) });
  serveAction(app, api.updateContract, { apply: ({ params, body }) => perp.updateContract(params.symbol, body) });
  serveAction(app, api.setTiers, { apply: ({ params, body }) => perp.setTiers(params.symbol, body.tiers) });
  serve(app, api.insurance, ({ query }) => perp.insurance(query.before, query.limit));
  serveAction(app, api.insuranceTopUp, { apply: ({ body }) => perp.topUpInsurance(body.amount, body.note) });
  serve(app, api.liquidations, ({ query }) => perp.liquidations(query));
  serve(app, api.adl, ({ query }) => perp.adlEvents(query));
  serve(app, api.funding, ({ query }) => perp.fundingRounds(query));
  serve(app, api.openInterest, () => perp.openInterest());
  serve(app, api.positions, ({ query }) => perp.adminPositions(query));
  serve(app, api.stats, () => perp.stats());
}
