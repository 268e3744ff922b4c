import { wealthAdminApi, wealthApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { WealthService } from './service';

export function wealthRoutes(app: Router, wealth: WealthService): void {
  const api = wealthApi;
  serve(app, api.products, () => wealth.products());
  serve(app, api.summary, ({ user }) => wealth.summary(user.uid));
  serve(app, api.subscribe, ({ user, body, money }) => wealth.subscribe(user.uid, body, money.claim));
  serve(app, api.redeem, ({ user, body, money }) => wealth.redeem(user.uid, body, money.claim));
  serve(app, api.positions, ({ user, query }) => wealth.positions(user.uid, query));
  serve(app, api.returns, ({ user, query }) => wealth.returns(user.uid, query));
  serve(app, api.redemptions, ({ user, query }) => wealth.redemptions(user.uid, query));
}

export function wealthAdminRoutes(app: Router, wealth: WealthService): void {
  const api = wealthAdminApi;
  serve(app, api.products, () => wealth.adminProducts());
  serveAction(app, api.createProduct, { apply: ({ body }) => wealth.createProduct(body) });
  serveAction(app, api.updateProduct, { apply: ({ params, body }) => wealth.updateProduct(params.id, body) });
  serve(app, api.positions, ({ query }) => wealth.adminPositions(query));
  serveAction(app, api.revoke, {
    apply: ({ operator, params, body }) => wealth.revoke(operator.operatorId, params.id, body.reason),
  });
  serve(app, api.totals, () => wealth.totals());
}
