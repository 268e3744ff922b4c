import { subscriptionAdminApi, subscriptionApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { SubscriptionService } from './service';

export function subscriptionRoutes(app: Router, subscription: SubscriptionService): void {
  const api = subscriptionApi;
  serve(app, api.projects, ({ lang }) => subscription.projects(lang));
  serve(app, api.applications, ({ user, query }) => subscription.applications(user.uid, query));
  serve(app, api.apply, ({ user, body, money }) => subscription.apply(user.uid, body, money.claim));
  serve(app, api.withdraw, ({ user, body, money }) => subscription.withdraw(user.uid, body.applicationId, money.claim));
}

export function subscriptionAdminRoutes(app: Router, subscription: SubscriptionService): void {
  const api = subscriptionAdminApi;
  serve(app, api.projects, () => subscription.adminProjects());
  serveAction(app, api.createProject, { apply: ({ body }) => subscription.createProject(body) });
  serveAction(app, api.updateProject, {
    apply: ({ params, body }) => subscription.updateProject(params.id, body),
  });
  serveAction(app, api.cancelProject, { apply: ({ params }) => subscription.cancelProject(params.id) });
  serve(app, api.applications, ({ params, query }) => subscription.projectApplications(params.id, query));
}
