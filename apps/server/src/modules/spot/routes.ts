import { spotAdminApi, spotApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import type { SpotService } from './service';
import { serve, serveAction } from '../../http/routes';
import { fastOrderBody } from './fast-body';

/** Public spot market data, the caller's orders and favourite markets, and the operator's markets. */
export function spotRoutes(app: Router, spot: SpotService): void {
  const api = spotApi;

  // ---- public market data -------------------------------------------------------------------------------------
  serve(app, api.symbolList, () => spot.symbolList());
  serve(app, api.symbol, ({ query }) => spot.symbol(query.symbol));
  serve(app, api.hotSymbols, () => spot.hotSymbols());
  serve(app, api.categories, ({ lang }) => spot.categories(lang));
  serve(app, api.homeList, () => spot.homeList());
  serve(app, api.depth, ({ query }) => spot.depth(query.symbol, query.type, query.limit));

  // ---- orders -------------------------------------------------------------------------------------------------
  serve(app, api.newOrder, ({ user, body }) => spot.placeOrder({ kind: 'user', uid: user.uid }, body), {
    // The hot path: a hand-written check of the common shape, zod for everything else (same errors either way).
    validatorCompiler: fastOrderBody,
  });
  serve(app, api.openOrders, ({ user, query }) => spot.openOrders(user.uid, query));
  serve(app, api.orderHistory, ({ user, query }) => spot.orderHistory(user.uid, query));
  // A GET that changes state: a user route all the same (`serveAction` is only for operator actions).
  serve(app, api.cancel, ({ user, params }) => spot.cancelOrder({ kind: 'user', uid: user.uid }, params.id));
  serve(app, api.cancelAll, async ({ user, body }) => ({
    cancelled: await spot.cancelAll({ kind: 'user', uid: user.uid }, body?.symbol),
  }));
  serve(app, api.orderDetail, ({ user, params }) => spot.orderDetail(user.uid, params.id));

  // ---- favourites ---------------------------------------------------------------------------------------------
  serve(app, api.favoriteSymbols, ({ user, query }) => spot.favoriteSymbols(user.uid, query.type));
  serve(app, api.favoriteList, ({ user, query }) => spot.favoriteList(user.uid, query.type));
  serve(app, api.addFavorite, ({ user, body }) => {
    spot.addFavorite(user.uid, body.symbol, body.type);
    return null;
  });
  serve(app, api.removeFavorite, ({ user, query }) => {
    spot.removeFavorite(user.uid, query.symbol, query.type);
    return null;
  });
}

/** The operator's spot markets (each change audited). */
export function spotAdminRoutes(app: Router, spot: SpotService): void {
  const api = spotAdminApi;
  serve(app, api.markets, () => spot.markets());
  serve(app, api.stats, () => spot.commitStats());
  serveAction(app, api.createMarket, { apply: ({ body }) => spot.createMarket(body) });
  serveAction(app, api.updateMarket, { apply: ({ params, body }) => spot.updateMarket(params.symbol, body) });
}
