import {
  ERRORS,
  type ErrorKey,
  errorMessage,
  type ErrorParams,
  langFromHeader,
  type SpotOrder,
} from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, loginOperator, post, registerUser, type TestServer, type TestUser } from '../../test/harness';
import { system } from '../ledger';
import { balance, expectConsistent, fund, order, placed, startSpotServer, units } from './testing';

let server: TestServer;

beforeAll(async () => {
  server = await startSpotServer();
});
afterAll(async () => {
  await server.close();
});

async function trader(grants: Record<string, string>): Promise<TestUser> {
  const u = await registerUser(server);
  await fund(
    server.ctx,
    Object.entries(grants).map(([asset, amount]) => ({ uid: u.uid, asset, amount })),
  );
  return u;
}

function fees(asset: string): bigint {
  return server.ctx.ledger.balance(system('fees', asset)).available;
}

/** Everything an order could change: the user's balances, every order and trade row, every book. */
function state(u: TestUser): string {
  const { ctx } = server;
  const counts = ctx.db
    .prepare(
      'SELECT (SELECT COUNT(*) FROM spot_orders) AS o, (SELECT COUNT(*) FROM spot_trades) AS t, (SELECT COUNT(*) FROM journal_entries) AS j',
    )
    .get();
  const books = ctx.spot.markets().map((m) => ctx.spot.depth(m.symbol, 0, 200));
  return JSON.stringify(
    { balances: ctx.ledger.userBalances(u.uid), counts, books: books.map((b) => [b.seq, b.bids, b.asks]) },
    (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
  );
}

/** The order is refused with this catalogue entry, in the request's language, and nothing changed. */
async function refused(
  u: TestUser,
  body: Record<string, unknown>,
  key: ErrorKey,
  params?: ErrorParams,
  lang = 'en',
): Promise<void> {
  const before = state(u);
  const answer = await order(server, u, body, lang);
  expect(answer.body.msg).toBe(errorMessage(key, langFromHeader(lang), params));
  expect(answer.body.data).toBeNull();
  expect(state(u)).toBe(before);
}

/** A new operator of the risk desk (the role that manages markets), logged in. */
async function adminToken(): Promise<string> {
  return (await loginOperator(server, 'risk')).token;
}

const limit = (side: 'buy' | 'sell', price: string, quantity: string, extra: Record<string, unknown> = {}) => ({
  symbol: 'BTC_USDT',
  side,
  type: 'limit',
  price,
  quantity,
  ...extra,
});

describe('placing an order: every rule answers with its catalogue error and changes nothing', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await trader({ USDT: '1000', BTC: '0.01' });
  });

  it('refuses an unknown market', async () => {
    await refused(u, { ...limit('buy', '100', '1'), symbol: 'NOPE_USDT' }, 'MARKET_NOT_FOUND', undefined, 'hk');
    await refused(u, { ...limit('buy', '100', '1'), symbol: 'btc/usdt' }, 'MARKET_NOT_FOUND', undefined, 'zh');
  });

  it('refuses a price off the tick and a quantity off the step', async () => {
    await refused(u, limit('buy', '20000.001', '0.001'), 'PRICE_TICK_INVALID', { tick: '0.01' }, 'es');
    await refused(u, limit('buy', '20000', '0.000001'), 'QUANTITY_STEP_INVALID', { step: '0.00001' }, 'fr');
  });

  it('refuses an order below the minimum value', async () => {
    await refused(u, limit('buy', '100', '0.0001'), 'BELOW_MIN_NOTIONAL', { min: '5', quote: 'USDT' }, 'en');
    await refused(
      u,
      { symbol: 'BTC_USDT', side: 'buy', type: 'market', quoteQuantity: '4.99' },
      'BELOW_MIN_NOTIONAL',
      { min: '5', quote: 'USDT' },
      'zh',
    );
  });

  it('refuses what the balance does not cover', async () => {
    await refused(u, limit('buy', '20000', '0.05001'), 'INSUFFICIENT_BALANCE', undefined, 'hk');
    await refused(u, limit('sell', '20000', '0.01001'), 'INSUFFICIENT_BALANCE', undefined, 'en');
  });

  it('refuses a limit order without a price, and quantities that are zero or missing', async () => {
    await refused(u, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', quantity: '1' }, 'INVALID_PARAMS', {
      detail: 'price',
    });
    await refused(u, limit('buy', '20000', '0'), 'ORDER_AMOUNT_OUT_OF_RANGE', undefined, 'fr');
    await refused(u, { symbol: 'BTC_USDT', side: 'sell', type: 'market' }, 'ORDER_AMOUNT_OUT_OF_RANGE');
  });

  it('refuses a market order when the other side of the book is empty', async () => {
    await refused(
      u,
      { symbol: 'ETH_USDT', side: 'buy', type: 'market', quoteQuantity: '100' },
      'NO_LIQUIDITY',
      undefined,
      'es',
    );
    await refused(u, { symbol: 'ETH_USDT', side: 'sell', type: 'market', quantity: '0.1' }, 'NO_LIQUIDITY');
  });

  it('refuses a closed market, through the operator route', async () => {
    const admin = await adminToken();
    const closed = await post<{ status: string }>(
      server,
      '/admin/api/spot/markets/LTC_USDT',
      { status: 'closed' },
      { token: admin },
    );
    expect(closed.body.data.status).toBe('closed');
    await refused(u, { ...limit('buy', '50', '1'), symbol: 'LTC_USDT' }, 'PAIR_CLOSED', undefined, 'zh');
    await post(server, '/admin/api/spot/markets/LTC_USDT', { status: 'open' }, { token: admin });
    expect((await order(server, u, { ...limit('buy', '50', '1'), symbol: 'LTC_USDT' })).body.code).toBe(200);
  });

  it('refuses a limit price outside the band around the last trade; the operator sets the band', async () => {
    const ltc = (side: 'buy' | 'sell', price: string, quantity: string) => ({
      ...limit(side, price, quantity),
      symbol: 'LTC_USDT',
    });
    const seller = await trader({ LTC: '1' });
    // Before the first trade there is no band.
    await placed(server, seller, ltc('sell', '100', '0.1'));
    await placed(server, u, ltc('buy', '100', '0.1'));
    // Last 100: from 20 (20%) to 500 (500%), both included.
    const band = { low: '20%', high: '500%' };
    await refused(u, ltc('buy', '19.99', '1'), 'PRICE_OUT_OF_LIMIT', band, 'zh');
    await refused(u, ltc('sell', '500.01', '0.1'), 'PRICE_OUT_OF_LIMIT', band, 'hk');
    await refused(u, ltc('buy', '500.01', '0.01'), 'PRICE_OUT_OF_LIMIT', band, 'fr');
    // Both edges are inside.
    await placed(server, u, ltc('buy', '20', '1'));
    await placed(server, u, ltc('sell', '500', '0.01'));
    // The band's centre survives a rebuild of the books (as at a restart): it is read back from the trades.
    server.ctx.spot.rebuildBooks();
    await refused(u, ltc('buy', '19.99', '1'), 'PRICE_OUT_OF_LIMIT', band, 'es');

    const admin = await adminToken();
    const narrow = await post(
      server,
      '/admin/api/spot/markets/LTC_USDT',
      { priceBandLow: '0.5', priceBandHigh: '2' },
      { token: admin },
    );
    expect(narrow.body.data).toMatchObject({ priceBandLow: '0.5', priceBandHigh: '2' });
    await refused(u, ltc('buy', '49.99', '1'), 'PRICE_OUT_OF_LIMIT', { low: '50%', high: '200%' }, 'en');
    // A band that makes no sense is refused and changes nothing.
    for (const bad of [{ priceBandLow: '1.5' }, { priceBandHigh: '0.9' }, { priceBandLow: '-1' }]) {
      const answer = await post(server, '/admin/api/spot/markets/LTC_USDT', bad, { token: admin });
      expect(answer.body.code).not.toBe(200);
    }
    expect(server.ctx.spot.market('LTC_USDT')).toMatchObject({ priceBandLow: '0.5', priceBandHigh: '2' });
    // "0" turns a side off.
    await post(server, '/admin/api/spot/markets/LTC_USDT', { priceBandLow: '0', priceBandHigh: '0' }, { token: admin });
    await placed(server, u, ltc('buy', '0.01', '500'));
    await post(
      server,
      '/admin/api/spot/markets/LTC_USDT',
      { priceBandLow: '0.2', priceBandHigh: '5' },
      { token: admin },
    );
    const cancel = async (who: TestUser, id: number) =>
      expect((await get(server, `/mapi/spot/cancel/${id}`, { token: who.token })).body.code).toBe(200);
    const setBand = (low: string, high: string) =>
      post(server, '/admin/api/spot/markets/LTC_USDT', { priceBandLow: low, priceBandHigh: high }, { token: admin });
    // u's LTC orders (these and the one from the closed-market test) leave the book.
    const cancelled = await post<{ cancelled: number }>(
      server,
      '/mapi/spot/cancelAll',
      { symbol: 'LTC_USDT' },
      { token: u.token },
    );
    expect(cancelled.body.data.cancelled).toBe(4);
    expect(server.ctx.spot.depth('LTC_USDT', 0, 10)).toMatchObject({ bids: [], asks: [] });

    // Market orders trade only inside the band. A sell when the best bid (0.01, placed while the band was off) is
    // below it: refused.
    await setBand('0', '0');
    const lowBid = await placed(server, u, ltc('buy', '0.01', '500'));
    await setBand('0.2', '5');
    const other = await trader({ LTC: '1' });
    const market = (side: 'buy' | 'sell', amount: Record<string, string>) => ({
      symbol: 'LTC_USDT',
      side,
      type: 'market',
      ...amount,
    });
    await refused(other, market('sell', { quantity: '0.1' }), 'PRICE_OUT_OF_LIMIT', band, 'zh');
    await cancel(u, lowBid.id);
    // Asks at 101 and, placed while the band was off, at 600: a market buy takes the first and stops at 500.
    await placed(server, other, ltc('sell', '101', '0.05'));
    await setBand('0', '0');
    const beyond = await placed(server, other, ltc('sell', '600', '0.05'));
    await setBand('0.2', '5');
    const usdt = balance(server.ctx, u.uid, 'USDT');
    const bought = await placed(server, u, market('buy', { quantity: '0.1' }));
    expect(bought).toMatchObject({ status: 'expired', filledQuantity: '0.05' });
    // It paid for what it got (5.05 USDT and the taker fee) and holds nothing back.
    const after = balance(server.ctx, u.uid, 'USDT');
    expect(after.frozen).toBe(usdt.frozen);
    expect(usdt.available - after.available).toBe(units('5.05'));
    // Nothing left inside the band: a market buy by amount is refused before it changes anything.
    await refused(u, market('buy', { quoteQuantity: '50' }), 'PRICE_OUT_OF_LIMIT', band, 'en');
    await cancel(other, beyond.id);
    expectConsistent(server.ctx);
  });

  it('refuses a post-only order that would take, and a fill-or-kill order that cannot fill', async () => {
    const maker = await trader({ BTC: '0.1' });
    await placed(server, maker, limit('sell', '20000', '0.01'));
    await refused(u, limit('buy', '20000', '0.001', { postOnly: true }), 'POST_ONLY_WOULD_TAKE', undefined, 'hk');
    await refused(u, limit('buy', '20000', '0.02', { timeInForce: 'FOK' }), 'FOK_NOT_FILLED', undefined, 'fr');
    // Within reach, both are accepted.
    expect((await order(server, u, limit('buy', '19999', '0.001', { postOnly: true }))).body.code).toBe(200);
    expect((await order(server, u, limit('buy', '20000', '0.01', { timeInForce: 'FOK' }))).body.data.status).toBe(
      'filled',
    );
    expectConsistent(server.ctx);
  });

  it('answers a repeated client order id with the first order, refuses it for another order, not for another user', async () => {
    const first = await placed(server, u, limit('buy', '10000', '0.001', { clientOrderId: 'my-1' }));
    // A retry of the same request is the same order (http/idempotency.test.ts), not a second one.
    const retry = await placed(server, u, limit('buy', '10000', '0.001', { clientOrderId: 'my-1' }));
    expect(retry.id).toBe(first.id);
    await refused(u, limit('buy', '10001', '0.001', { clientOrderId: 'my-1' }), 'REQUEST_ID_REUSED');
    // Once the request log has forgotten the id (a week later), the orders themselves still refuse it.
    server.ctx.db.prepare("DELETE FROM request_log WHERE uid = ? AND request_id = 'my-1'").run(u.uid);
    await refused(u, limit('buy', '10000', '0.001', { clientOrderId: 'my-1' }), 'CLIENT_ORDER_ID_USED');
    const other = await trader({ USDT: '100' });
    await placed(server, other, limit('buy', '10000', '0.001', { clientOrderId: 'my-1' }));
  });

  it('accepts the cipher envelope of spec §7', async () => {
    const answer = await post<SpotOrder>(server, '/mapi/spot/neworder', limit('buy', '10000', '0.001'), {
      token: u.token,
      sealed: true,
    });
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.price).toBe('10000');
  });
});

describe('settlement', () => {
  it('settles a fill exactly: balances to the last unit, fees to the fees account, maker and taker rates', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ USDT: '100000' });
    const feesUsdt = fees('USDT');
    const feesBtc = fees('BTC');
    const ask = await placed(server, seller, { ...limit('sell', '65432.1', '0.12345'), symbol: 'BTC_USDT' });
    expect(balance(server.ctx, seller.uid, 'BTC')).toEqual({ available: units('0.87655'), frozen: units('0.12345') });
    // A buy above the ask trades at the maker's price; the taker froze at its own limit and gets the difference back.
    const bid = await placed(server, buyer, limit('buy', '70000', '0.1'));
    expect(bid.status).toBe('filled');
    expect(bid.filledQuote).toBe('6543.21');
    expect(bid.avgPrice).toBe('65432.1');
    // Buyer (taker, 0.1%) pays the fee in BTC: 0.1 × 0.001 = 0.0001.
    expect(bid.fee).toBe('0.0001');
    expect(balance(server.ctx, buyer.uid, 'USDT')).toEqual({ available: units('93456.79'), frozen: 0n });
    expect(balance(server.ctx, buyer.uid, 'BTC')).toEqual({ available: units('0.0999'), frozen: 0n });
    // Seller (maker, 0.1%) pays in USDT: 6543.21 × 0.001 = 6.54321.
    expect(balance(server.ctx, seller.uid, 'USDT')).toEqual({ available: units('6536.66679'), frozen: 0n });
    expect(balance(server.ctx, seller.uid, 'BTC')).toEqual({ available: units('0.87655'), frozen: units('0.02345') });
    expect(fees('USDT') - feesUsdt).toBe(units('6.54321'));
    expect(fees('BTC') - feesBtc).toBe(units('0.0001'));
    const detail = await get<{ order: SpotOrder; fills: { role: string; fee: string; quote: string }[] }>(
      server,
      `/mapi/spot/getDetail/${ask.id}`,
      { token: seller.token },
    );
    expect(detail.body.data.order.status).toBe('partial');
    expect(detail.body.data.order.filledQuantity).toBe('0.1');
    expect(detail.body.data.fills).toMatchObject([{ role: 'maker', fee: '6.54321', quote: '6543.21' }]);
    expect(server.ctx.ledger.userHasReason(buyer.uid, 'spot.trade')).toBe(true);
    expectConsistent(server.ctx);
  });

  it('fills partially across makers in price-time priority and cancel releases exactly the remainder', async () => {
    const m1 = await trader({ ETH: '10' });
    const m2 = await trader({ ETH: '10' });
    const taker = await trader({ USDT: '100000' });
    const eth = (side: 'buy' | 'sell', price: string, quantity: string, extra = {}) => ({
      ...limit(side, price, quantity, extra),
      symbol: 'ETH_USDT',
    });
    const first = await placed(server, m1, eth('sell', '3000', '1'));
    const second = await placed(server, m2, eth('sell', '3000', '1'));
    const third = await placed(server, m1, eth('sell', '3001', '1'));
    const bid = await placed(server, taker, eth('buy', '3001', '1.5'));
    expect(bid.status).toBe('filled');
    expect(bid.filledQuote).toBe('4500');
    // The first maker filled completely, the second by half; the third (worse price) not at all.
    const detail = async (u: TestUser, id: number) =>
      (await get<{ order: SpotOrder }>(server, `/mapi/spot/getDetail/${id}`, { token: u.token })).body.data.order;
    expect((await detail(m1, first.id)).status).toBe('filled');
    expect((await detail(m2, second.id)).filledQuantity).toBe('0.5');
    expect((await detail(m1, third.id)).status).toBe('open');

    // A resting buy partly filled, then cancelled: its frozen USDT returns to the unit.
    const bid2 = await placed(server, taker, eth('buy', '2999.99', '2'));
    expect(bid2.status).toBe('open');
    const sellInto = await placed(server, m2, eth('sell', '2999.99', '0.7'));
    expect(sellInto.status).toBe('filled');
    const held = balance(server.ctx, taker.uid, 'USDT');
    expect(held.frozen).toBe(units('3899.987'));
    const cancelled = await get<SpotOrder>(server, `/mapi/spot/cancel/${bid2.id}`, { token: taker.token });
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(cancelled.body.data.filledQuantity).toBe('0.7');
    expect(balance(server.ctx, taker.uid, 'USDT')).toEqual({ available: held.available + held.frozen, frozen: 0n });
    // Cancelling twice: the order is no longer revocable.
    const again = await get(server, `/mapi/spot/cancel/${bid2.id}`, { token: taker.token });
    expect(again.body.code).toBe(4002);
    expectConsistent(server.ctx);
  });

  it('market buys by amount and by quantity freeze enough and release the unused rest', async () => {
    const maker = await trader({ SOL: '100' });
    const taker = await trader({ USDT: '10000' });
    const sol = { symbol: 'SOL_USDT' };
    await placed(server, maker, { ...sol, side: 'sell', type: 'limit', price: '150', quantity: '2' });
    await placed(server, maker, { ...sol, side: 'sell', type: 'limit', price: '151', quantity: '2' });
    // 500 USDT: 2 × 150 = 300, then 200 / 151 = 1.324 (step 0.001) → 199.924.
    const byAmount = await placed(server, taker, { ...sol, side: 'buy', type: 'market', quoteQuantity: '500' });
    expect(byAmount.status).toBe('filled');
    expect(byAmount.filledQuantity).toBe('3.324');
    expect(byAmount.filledQuote).toBe('499.924');
    expect(balance(server.ctx, taker.uid, 'USDT')).toEqual({ available: units('9500.076'), frozen: 0n });
    // By quantity: 0.676 left at 151, then the book runs out: the remainder expires, nothing stays frozen.
    const byQty = await placed(server, taker, { ...sol, side: 'buy', type: 'market', quantity: '1' });
    expect(byQty.status).toBe('expired');
    expect(byQty.filledQuantity).toBe('0.676');
    expect(balance(server.ctx, taker.uid, 'USDT')).toEqual({ available: units('9398'), frozen: 0n });
    // A market sell into an empty bid side is refused.
    expect((await order(server, taker, { ...sol, side: 'sell', type: 'market', quantity: '1' })).body.code).toBe(4010);
    expectConsistent(server.ctx);
  });

  it('expires the rest of an IOC order and applies self-trade prevention per owner', async () => {
    const u = await trader({ BNB: '10', USDT: '10000' });
    const bnb = (side: 'buy' | 'sell', price: string, quantity: string, extra = {}) => ({
      ...limit(side, price, quantity, extra),
      symbol: 'BNB_USDT',
    });
    const other = await trader({ BNB: '10' });
    await placed(server, other, bnb('sell', '600', '1'));
    const ioc = await placed(server, u, bnb('buy', '600', '3', { timeInForce: 'IOC' }));
    expect(ioc).toMatchObject({ status: 'expired', reason: 'unfilled', filledQuantity: '1' });

    const mine = await placed(server, u, bnb('sell', '601', '1'));
    // cancel_taker (default): the incoming order expires, the resting one stays.
    const taker = await placed(server, u, bnb('buy', '601', '1'));
    expect(taker).toMatchObject({ status: 'expired', reason: 'self_trade', filledQuantity: '0' });
    // cancel_maker: the resting order is cancelled, the incoming one rests.
    const next = await placed(server, u, bnb('buy', '601', '1', { selfTrade: 'cancel_maker' }));
    expect(next.status).toBe('open');
    const gone = await get<{ order: SpotOrder }>(server, `/mapi/spot/getDetail/${mine.id}`, { token: u.token });
    expect(gone.body.data.order).toMatchObject({ status: 'cancelled', reason: 'self_trade' });
    // Another owner trades with it normally.
    await placed(server, other, bnb('sell', '601', '1'));
    expectConsistent(server.ctx);
  });
});

describe('orders belong to their owner', () => {
  it('never shows or cancels another user’s order: it is "not found"', async () => {
    const owner = await trader({ USDT: '100' });
    const thief = await registerUser(server);
    const mine = await placed(server, owner, limit('buy', '20000', '0.001'));
    const read = await get(server, `/mapi/spot/getDetail/${mine.id}`, { token: thief.token, lang: 'hk' });
    expect(read.body).toMatchObject({ code: 4001, msg: errorMessage('ORDER_NOT_FOUND', 'zh_HK'), data: null });
    const cancel = await get(server, `/mapi/spot/cancel/${mine.id}`, { token: thief.token });
    expect(cancel.body.code).toBe(4001);
    expect((await get(server, `/mapi/spot/getDetail/999999`, { token: owner.token })).body.code).toBe(4001);
    const still = await get<{ order: SpotOrder }>(server, `/mapi/spot/getDetail/${mine.id}`, { token: owner.token });
    expect(still.body.data.order.status).toBe('open');
    const all = await post<{ cancelled: number }>(server, '/mapi/spot/cancelAll', {}, { token: thief.token });
    expect(all.body.data.cancelled).toBe(0);
    expect((await get(server, '/mapi/spot/getOnList', { token: owner.token })).body).toMatchObject({
      data: { total: 1 },
    });
  });

  it('lists open orders and the finished ones of the last three months, paged and filtered', async () => {
    const u = await trader({ USDT: '1000' });
    for (const price of ['20000', '20001', '20002']) await placed(server, u, limit('buy', price, '0.001'));
    const doge = await placed(server, u, {
      symbol: 'DOGE_USDT',
      side: 'buy',
      type: 'limit',
      price: '0.1',
      quantity: '100',
    });
    const open = await get<{ list: SpotOrder[]; total: number }>(server, '/mapi/spot/getOnList?size=2', {
      token: u.token,
    });
    expect(open.body.data.total).toBe(4);
    expect(open.body.data.list.map((o) => o.id)[0]).toBe(doge.id);
    const btcOnly = await get<{ total: number }>(server, '/mapi/spot/getOnList?symbol=BTC_USDT', { token: u.token });
    expect(btcOnly.body.data.total).toBe(3);
    const sells = await get<{ total: number }>(server, '/mapi/spot/getOnList?side=sell', { token: u.token });
    expect(sells.body.data.total).toBe(0);
    const buys = await get<{ total: number }>(server, '/mapi/spot/getOnList?side=buy', { token: u.token });
    expect(buys.body.data.total).toBe(4);
    const all = await post<{ cancelled: number }>(
      server,
      '/mapi/spot/cancelAll',
      { symbol: 'BTC_USDT' },
      { token: u.token },
    );
    expect(all.body.data.cancelled).toBe(3);
    const history = await get<{ list: SpotOrder[]; total: number }>(
      server,
      '/mapi/spot/getOrderList?status=cancelled',
      { token: u.token },
    );
    expect(history.body.data.total).toBe(3);
    expect(balance(server.ctx, u.uid, 'USDT').frozen).toBe(units('10'));
    // Three months later the history is empty (spec §9).
    server.clock.advance(93 * 24 * 3600_000);
    try {
      expect(server.ctx.spot.orderHistory(u.uid, { page: 1, size: 20 }).total).toBe(0);
    } finally {
      server.clock.advance(-93 * 24 * 3600_000);
    }
  });

  it('pages the history across orders already in the owner table and the newest ones not yet in it', async () => {
    const u = await trader({ USDT: '1000' });
    const { ctx } = server;
    const rest = async (price: string) => (await placed(server, u, limit('buy', price, '0.001'))).id;
    const cancelAll = () => post(server, '/mapi/spot/cancelAll', {}, { token: u.token });
    const a = [await rest('20000'), await rest('20001'), await rest('20002')];
    await cancelAll();
    // The owner table is filled once its backlog is a second old (or large): this order's batch does it.
    server.clock.advance(2000);
    const b = await rest('20003');
    const c = [await rest('20004'), await rest('20005')];
    await cancelAll();
    const upto = (ctx.db.prepare('SELECT upto FROM spot_order_owners_upto').get() as { upto: number }).upto;
    expect(upto).toBe(b);
    const inTable = ctx.db
      .prepare('SELECT id FROM spot_order_owners WHERE owner = ? ORDER BY id')
      .all(u.uid)
      .map((r) => (r as { id: number }).id);
    expect(inTable).toEqual([...a, b]);

    const newestFirst = [...a, b, ...c].reverse();
    const page = (page: number, size: number) => ctx.spot.orderHistory(u.uid, { page, size });
    expect(page(1, 20)).toMatchObject({ total: 6 });
    expect(page(1, 20).list.map((o) => o.id)).toEqual(newestFirst);
    for (const size of [1, 2, 4, 5]) {
      const pages = Array.from({ length: Math.ceil(6 / size) }, (_, i) => page(i + 1, size));
      expect(pages.flatMap((p) => p.list.map((o) => o.id))).toEqual(newestFirst);
      expect(pages.every((p) => p.total === 6)).toBe(true);
    }
    const viaHttp = await get<{ list: SpotOrder[]; total: number }>(server, '/mapi/spot/getOrderList?page=2&size=2', {
      token: u.token,
    });
    expect(viaHttp.body.data.list.map((o) => o.id)).toEqual(newestFirst.slice(2, 4));
  });
});

describe('public market data', () => {
  it('lists markets with tickers built from real trades, hot markets, categories in the caller’s language', async () => {
    const list = await get<{ market: { symbol: string }; ticker: { last: string } }[]>(
      server,
      '/api/common/symbolList',
    );
    expect(list.body.data.map((e) => e.market.symbol)).toEqual([
      'BTC_USDT',
      'ETH_USDT',
      'BNB_USDT',
      'SOL_USDT',
      'XRP_USDT',
      'DOGE_USDT',
      'TRX_USDT',
      'LTC_USDT',
      'BRS_USDT',
    ]);
    // Nothing traded on XRP: no price is invented.
    expect(list.body.data.find((e) => e.market.symbol === 'XRP_USDT')?.ticker.last).toBe('0');
    const hot = await get<{ market: { hot: boolean } }[]>(server, '/api/common/hotSymbolList');
    expect(hot.body.data.every((e) => e.market.hot)).toBe(true);
    const cats = await get<{ id: string; name: string; symbols: string[] }[]>(server, '/api/common/assetCateList', {
      lang: 'hk',
    });
    expect(cats.body.data.map((c) => c.name)).toEqual(['主流幣', '公鏈', '支付', 'Meme幣', '平台幣']);
    expect(cats.body.data[0]?.symbols).toEqual(['BTC_USDT', 'ETH_USDT', 'BNB_USDT']);
    type Entry = { ticker: { changePercent: string } };
    const home = await get<{ hot: Entry[]; gainers: Entry[]; losers: Entry[]; volume: Entry[] }>(
      server,
      '/api/common/homeList',
    );
    expect(home.body.code).toBe(200);
    expect(home.body.data.volume.length).toBe(9);
    // Gainers went up, losers went down; nothing else is listed.
    const zero = /^-?0(\.0+)?$/;
    expect(
      home.body.data.gainers.every(
        (e) => !e.ticker.changePercent.startsWith('-') && !zero.test(e.ticker.changePercent),
      ),
    ).toBe(true);
    expect(home.body.data.losers.every((e) => e.ticker.changePercent.startsWith('-'))).toBe(true);
    const one = await get(server, '/api/common/getSpotSymbol?symbol=NOPE_USDT', { lang: 'fr' });
    expect(one.body.msg).toBe(errorMessage('MARKET_NOT_FOUND', 'fr'));
  });

  it('aggregates depth by 10, 100 and 1000 ticks, bids down and asks up', async () => {
    const u = await trader({ XRP: '10000', USDT: '10000' });
    const xrp = (side: 'buy' | 'sell', price: string, quantity: string) => ({
      symbol: 'XRP_USDT',
      side,
      type: 'limit',
      price,
      quantity,
    });
    await placed(server, u, xrp('buy', '0.5003', '100'));
    await placed(server, u, xrp('buy', '0.5009', '100'));
    await placed(server, u, xrp('buy', '0.4995', '100'));
    await placed(server, u, xrp('sell', '0.5011', '100'));
    await placed(server, u, xrp('sell', '0.5019', '50'));
    const tick = await get<{ bids: string[][]; asks: string[][] }>(server, '/api/common/getDepth?symbol=XRP_USDT');
    expect(tick.body.data.bids).toEqual([
      ['0.5009', '100'],
      ['0.5003', '100'],
      ['0.4995', '100'],
    ]);
    const ten = await get<{ bids: string[][]; asks: string[][] }>(
      server,
      '/api/common/getDepth?symbol=XRP_USDT&type=1&limit=5',
    );
    expect(ten.body.data.bids).toEqual([
      ['0.5', '200'],
      ['0.499', '100'],
    ]);
    expect(ten.body.data.asks).toEqual([['0.502', '150']]);
  });
});

describe('favourites', () => {
  it('adds, lists with tickers, and removes favourite markets', async () => {
    const u = await registerUser(server);
    const add = (symbol: string) =>
      post(server, '/mapi/favorite/addFavorite', { symbol, type: 'spot' }, { token: u.token });
    expect((await add('ETH_USDT')).body.code).toBe(200);
    expect((await add('BTC_USDT')).body.code).toBe(200);
    expect((await add('ETH_USDT')).body.code).toBe(200);
    expect((await add('NOPE_USDT')).body.code).toBe(4011);
    const symbols = await get<string[]>(server, '/mapi/favorite/favoriteSymbol?type=spot', { token: u.token });
    expect(symbols.body.data.sort()).toEqual(['BTC_USDT', 'ETH_USDT']);
    const list = await get<{ market: { symbol: string } }[]>(server, '/mapi/favorite/favoriteList', {
      token: u.token,
    });
    expect(list.body.data.map((e) => e.market.symbol).sort()).toEqual(['BTC_USDT', 'ETH_USDT']);
    await get(server, '/mapi/favorite/removeFavorite?symbol=ETH_USDT&type=spot', { token: u.token });
    const after = await get<string[]>(server, '/mapi/favorite/favoriteSymbol', { token: u.token });
    expect(after.body.data).toEqual(['BTC_USDT']);
    expect((await get(server, '/mapi/favorite/favoriteList')).body.code).toBe(401);
  });
});

describe('operator markets', () => {
  it('lets only a role with markets.manage change a market; each change and refusal is audited', async () => {
    const risk = await loginOperator(server, 'risk');
    const content = await loginOperator(server, 'content');
    const change = (token: string) => post(server, '/admin/api/spot/markets/LTC_USDT', { sort: 7 }, { token });

    const refusedAnswer = await change(content.token);
    expect(refusedAnswer.body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    expect((await get(server, '/admin/api/spot/stats', { token: content.token })).body.code).toBe(
      ERRORS.UNAUTHORIZED_OPERATION.code,
    );
    expect(server.ctx.spot.market('LTC_USDT').sort).not.toBe(7);

    const done = await change(risk.token);
    expect(done.body.data).toMatchObject({ symbol: 'LTC_USDT', sort: 7 });
    expect(server.ctx.spot.market('LTC_USDT').sort).toBe(7);
    const stats = await get<{ batches: number }>(server, '/admin/api/spot/stats', { token: risk.token });
    expect(stats.body.data.batches).toBeGreaterThanOrEqual(0);

    const rows = server.ctx.db
      .prepare(
        `SELECT operator_id AS operatorId, route, target, outcome FROM operator_audit
         WHERE operator_id IN (?, ?) AND route NOT LIKE 'POST /admin/api/twoFactor/%' ORDER BY id`,
      )
      .all(content.id, risk.id);
    expect(rows).toEqual([
      { operatorId: content.id, route: 'POST /admin/api/spot/markets/:symbol', target: null, outcome: 'refused' },
      { operatorId: content.id, route: 'GET /admin/api/spot/stats', target: null, outcome: 'refused' },
      {
        operatorId: risk.id,
        route: 'POST /admin/api/spot/markets/:symbol',
        target: 'symbol=LTC_USDT',
        outcome: 'done',
      },
    ]);
  });
});
