import { membershipAdminApi, membershipApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { MembershipService } from './service';

export function membershipRoutes(app: Router, membership: MembershipService): void {
  const api = membershipApi;
  serve(app, api.overview, ({ user }) => membership.overview(user.uid));
  serve(app, api.buy, ({ user, body, money }) => membership.buy(user.uid, body.level, money.claim));
  serve(app, api.benefits, ({ user }) => membership.benefits(user.uid));
}

export function membershipAdminRoutes(app: Router, membership: MembershipService): void {
  const api = membershipAdminApi;
  serve(app, api.settings, () => membership.settings());
  serveAction(app, api.updateSettings, { apply: ({ body }) => membership.updateSettings(body) });
  serve(app, api.members, ({ query }) => membership.members_(query));
}
