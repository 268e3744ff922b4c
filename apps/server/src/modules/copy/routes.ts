import { copyAdminApi, copyApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { CopyService } from './service';

export function copyRoutes(app: Router, copy: CopyService): void {
  const api = copyApi;
  serve(app, api.traders, ({ query }) => copy.traders(query.days, query.sort));
  serve(app, api.trader, ({ params }) => copy.trader(params.uid));
  serve(app, api.me, ({ user }) => copy.me(user.uid));
  serve(app, api.apply, ({ user, body }) => copy.apply(user.uid, body.agree));
  serve(app, api.settings, ({ user, body }) => copy.configure(user.uid, body));
  serve(app, api.pairs, ({ user, body }) => copy.setPairs(user.uid, body.symbols));
  serve(app, api.escrow, ({ user, body, money }) =>
    copy.moveEscrow(user.uid, body.direction, body.amount, money.claim),
  );
  serve(app, api.follow, ({ user, body, money }) => copy.follow(user.uid, body, money.claim));
  serve(app, api.unfollow, ({ user, body, money }) =>
    copy.unfollow(user.uid, body.leaderUid, body.confirm, money.claim),
  );
  serve(app, api.following, ({ user }) => copy.following(user.uid));
  serve(app, api.records, ({ user, query }) => copy.records(user.uid, query));
  serve(app, api.leaderBook, ({ user }) => copy.leaderBook(user.uid));
}

export function copyAdminRoutes(app: Router, copy: CopyService): void {
  const api = copyAdminApi;
  serve(app, api.applications, ({ query }) => copy.applications(query.status));
  serveAction(app, api.review, {
    apply: ({ params, body, operator }) => copy.review(params.id, body.approve, body.reason, operator.operatorId),
  });
  serve(app, api.leaders, () => copy.adminLeaders());
  serve(app, api.settlements, ({ query }) => copy.settlements(query.page, query.size));
  serve(app, api.settings, () => copy.adminSettings());
  serveAction(app, api.updateSettings, { apply: ({ body }) => copy.updateAdminSettings(body) });
}
