import { listingsAdminApi, listingsApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { ListingsService } from './service';

export function listingsRoutes(app: Router, listings: ListingsService): void {
  serve(app, listingsApi.apply, ({ user, body }) => listings.apply(user.uid, body));
  serve(app, listingsApi.mine, ({ user, query }) => listings.mine(user.uid, query));
}

export function listingsAdminRoutes(app: Router, listings: ListingsService): void {
  const api = listingsAdminApi;
  serve(app, api.list, ({ query }) => listings.list(query));
  serveAction(app, api.approve, {
    apply: ({ operator, params }) => listings.review(params.id, operator.operatorId, { approve: true }),
  });
  serveAction(app, api.reject, {
    apply: ({ operator, params, body }) =>
      listings.review(params.id, operator.operatorId, { approve: false, reason: body.reason }),
  });
}
