import { optionsAdminApi, optionsApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { OptionsService } from './service';

export function optionsRoutes(app: Router, options: OptionsService): void {
  const api = optionsApi;
  serve(app, api.config, () => options.config());
  serve(app, api.current, ({ query }) => options.current(query.symbol));
  serve(app, api.rounds, ({ query }) => options.rounds(query.symbol, query.period, query.before, query.limit));
  serve(app, api.round, ({ params }) => options.roundDetail(params.id));
  serve(app, api.verify, ({ query }) => options.verifyPage(query));
  serve(app, api.series, ({ query }) => options.series(query.symbol, query.from, query.to));
  serve(app, api.kline, ({ query }) => options.kline(query.symbol, query.before, query.limit));
  serve(app, api.join, ({ user, body, money }) => options.join(user.uid, body, money.claim));
  serve(app, api.open, ({ user }) => options.openBets(user.uid));
  serve(app, api.history, ({ user, query }) => options.history(user.uid, query));
  serve(app, api.balance, ({ user }) => options.balance(user.uid));
}

export function optionsAdminRoutes(app: Router, options: OptionsService): void {
  const api = optionsAdminApi;
  serve(app, api.config, () => options.adminConfig());
  serveAction(app, api.savePair, { apply: ({ body }) => options.savePair(body) });
  serveAction(app, api.savePeriod, { apply: ({ body }) => options.savePeriod(body) });
  serve(app, api.rounds, ({ query }) => options.adminRounds(query));
  serve(app, api.round, ({ params }) => options.adminRound(params.id));
  serve(app, api.house, ({ query }) => options.house(query));
}
