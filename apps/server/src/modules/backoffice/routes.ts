import { backofficeApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { BackofficeService } from './service';

export function backofficeRoutes(app: Router, backoffice: BackofficeService): void {
  const api = backofficeApi;
  serve(app, api.dashboard, () => backoffice.dashboard());
  serve(app, api.queues, ({ operator }) => backoffice.pendingQueues(operator.role));
  serve(app, api.users, ({ query }) => backoffice.search(query.q));
  serve(app, api.user, ({ params }) => backoffice.user(params.uid));
  serve(app, api.userOrders, ({ params, query }) => backoffice.userOrders(params.uid, query));
  serveAction(app, api.freeze, { apply: ({ params, body }) => backoffice.freeze(params.uid, body.reason) });
  serveAction(app, api.revokeSessions, { apply: ({ params }) => backoffice.revokeSessions(params.uid) });
  serveAction(app, api.revokeSession, {
    apply: ({ params }) => backoffice.revokeSession(params.uid, params.id),
  });
  serveAction(app, api.unfreeze, { apply: ({ params }) => backoffice.unfreeze(params.uid) });
}
