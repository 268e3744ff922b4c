import { miningAdminApi, miningApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { MiningService } from './service';

export function miningRoutes(app: Router, mining: MiningService): void {
  const api = miningApi;
  serve(app, api.machines, ({ lang }) => mining.machines(lang));
  serve(app, api.buy, ({ user, body, money, lang }) => mining.buy(user.uid, body, money.claim, lang));
  serve(app, api.miners, ({ user, query, lang }) => mining.miners(user.uid, query, lang));
  serve(app, api.miner, ({ user, params, lang }) => mining.miner(user.uid, params.id, lang));
  serve(app, api.refuel, ({ user, body, money, lang }) => mining.refuel(user.uid, body, money.claim, lang));
  serve(app, api.collect, ({ user, body, money }) => mining.collect(user.uid, body, money.claim));
  serve(app, api.summary, ({ user }) => mining.summary(user.uid));
}

export function miningAdminRoutes(app: Router, mining: MiningService): void {
  const api = miningAdminApi;
  serve(app, api.machines, () => mining.adminMachines());
  serveAction(app, api.create, { apply: ({ body }) => mining.createMachine(body) });
  serveAction(app, api.update, { apply: ({ params, body }) => mining.updateMachine(params.id, body) });
  serve(app, api.pool, () => mining.pool());
  serveAction(app, api.budget, {
    apply: ({ body, operator }) => mining.fundPool(body.asset, body.amount, operator.operatorId),
  });
  serve(app, api.miners, ({ query }) => mining.adminMiners(query));
  serve(app, api.totals, () => mining.totals());
}
