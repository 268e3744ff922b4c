import { rewardsAdminApi, rewardsApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { RewardsService } from './service';

export function rewardsRoutes(app: Router, rewards: RewardsService): void {
  const api = rewardsApi;
  serve(app, api.checkinState, ({ user }) => rewards.checkinState(user.uid));
  serve(app, api.checkin, ({ user, money }) => rewards.checkin(user.uid, money.claim));
  serve(app, api.boxInfo, () => rewards.boxes());
  serve(app, api.boxNew, () => rewards.newestWins());
  serve(app, api.boxRank, () => rewards.rank());
  serve(app, api.boxPrices, ({ user }) => rewards.boxPrices(user.uid));
  serve(app, api.boxFairness, ({ user }) => rewards.fairness(user.uid));
  serve(app, api.boxSeed, ({ user, body }) => rewards.rotateSeed(user.uid, body.clientSeed));
  serve(app, api.boxOpen, ({ user, body, money }) => rewards.openBox(user.uid, body.boxId, money.claim));
  serve(app, api.boxDraws, ({ user, query }) => rewards.draws(user.uid, query));
  serve(app, api.invite, ({ user }) => rewards.invite(user.uid));
  serve(app, api.partner, ({ user }) => rewards.partner(user.uid));
  serve(app, api.newcomer, ({ user }) => rewards.newcomer(user.uid));
  serve(app, api.newcomerClaim, ({ user, body, money }) => rewards.claimNewcomer(user.uid, body.task, money.claim));
}

export function rewardsAdminRoutes(app: Router, rewards: RewardsService): void {
  const api = rewardsAdminApi;
  serve(app, api.pool, () => rewards.pool());
  serveAction(app, api.fundPool, { apply: ({ body }) => rewards.fundPool(body) });
  serve(app, api.settings, () => rewards.settings());
  serveAction(app, api.updateSettings, { apply: ({ body }) => rewards.updateSettings(body) });
  serve(app, api.boxes, () => rewards.adminBoxes());
  serveAction(app, api.createBox, { apply: ({ body }) => rewards.createBox(body) });
  serveAction(app, api.updateBox, { apply: ({ params, body }) => rewards.updateBox(params.id, body) });
  serve(app, api.rebates, ({ query }) => rewards.adminRebates(query));
  serve(app, api.newcomer, () => rewards.newcomerSettings());
  serveAction(app, api.updateNewcomer, { apply: ({ body }) => rewards.updateNewcomer(body) });
}
