import { perpApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve } from '../../http/routes';
import { fastSwapOrderBody } from './fast-body';
import type { PerpService } from './service';

/** Orders, cancels and closes go through the desk's group commit (`submit`): answered once their batch is durable. */
export function perpRoutes(app: Router, perp: PerpService): void {
  const api = perpApi;
  serve(app, api.contracts, () => perp.contracts());
  serve(app, api.contract, ({ query }) => perp.contract(query.symbol));
  serve(app, api.tickers, () => perp.tickers());
  serve(app, api.depth, ({ query }) => perp.depth(query.symbol, query.type, query.limit));
  serve(app, api.trades, ({ query }) => perp.trades(query.symbol, query.limit));
  serve(app, api.kline, ({ query }) => perp.kline(query.symbol, query.period, query.before, query.limit));
  serve(app, api.mark, ({ query }) => perp.mark(query.symbol));
  serve(app, api.fundingRates, ({ query }) => perp.fundingRates(query.symbol, query.page, query.size));
  serve(app, api.riskTiers, ({ query }) => perp.riskTiers(query.symbol));
  serve(
    app,
    api.placeOrder,
    ({ user, body, money }) => perp.submit(() => perp.placeUserOrder(user.uid, body, money.claim)),
    {
      // The hot path: a hand-written check of the common shape, zod for everything else (same errors either way).
      validatorCompiler: fastSwapOrderBody,
    },
  );
  serve(app, api.preview, ({ user, body }) => perp.preview(user.uid, body));
  serve(app, api.cancel, ({ user, body }) => perp.submit(() => perp.cancel(user.uid, body.id)));
  serve(app, api.cancelAll, ({ user, body }) => perp.submit(() => perp.cancelAll(user.uid, body?.symbol)));
  serve(app, api.close, ({ user, body, money }) => perp.submit(() => perp.close(user.uid, body, money.claim)));
  serve(app, api.closeAll, ({ user, body, money }) =>
    perp.submit(() => perp.closeAll(user.uid, body?.symbol, money.claim)),
  );
  serve(app, api.leverage, ({ user, body, money }) =>
    perp.setLeverage(user.uid, body.symbol, body.leverage, money.claim),
  );
  serve(app, api.marginMode, ({ user, body }) => perp.setMarginMode(user.uid, body.symbol, body.marginMode));
  serve(app, api.margin, ({ user, body, money }) => perp.margin(user.uid, body, money.claim));
  serve(app, api.tpsl, ({ user, body }) => perp.tpsl(user.uid, body));
  serve(app, api.account, ({ user }) => perp.accountView(user.uid));
  serve(app, api.settings, ({ user, query }) => perp.settingsOf(user.uid, query.symbol));
  serve(app, api.positions, ({ user, query }) => perp.positions(user.uid, query.symbol));
  serve(app, api.openOrders, ({ user, query }) => perp.openOrders(user.uid, query));
  serve(app, api.orderHistory, ({ user, query }) => perp.orders(user.uid, query));
  serve(app, api.orderDetail, ({ user, params }) => perp.order(user.uid, params.id));
  serve(app, api.positionHistory, ({ user, query }) => perp.positionHistory(user.uid, query));
  serve(app, api.positionDetail, ({ user, params }) => perp.position(user.uid, params.id));
  serve(app, api.fills, ({ user, query }) => perp.fills(user.uid, query));
  serve(app, api.closes, ({ user, query }) => perp.closes(user.uid, query));
  serve(app, api.funding, ({ user, query }) => perp.funding(user.uid, query));
}
