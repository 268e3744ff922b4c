import type { NewSpotOrderBody } from '@bourse/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors';
import type { TestServer } from '../../test/harness';
import { system } from '../ledger';
import { expectConsistent, fund, startSpotServer } from './testing';

/**
 * Thousands of random orders from many users on several markets — limit (GTC, IOC, FOK, post-only), market by
 * quantity and by amount, cancels, cancel-all, self-trades — submitted in concurrent waves so batches mix accepted
 * and refused commands. After every wave the ledger reconciles (holds = frozen for every account), every user's
 * frozen balance is exactly what their open orders hold, each open order's hold (`order:<id>`) is what it froze,
 * and every book equals the open orders in the database.
 */

interface MarketPlan {
  symbol: string;
  /** Mid price in price units and its tick; quantities in steps. */
  mid: number;
  tick: number;
  pricePrecision: number;
  qtyPrecision: number;
  step: number;
  minSteps: number;
}

const MARKETS: MarketPlan[] = [
  { symbol: 'BTC_USDT', mid: 6_000_000, tick: 1, pricePrecision: 2, qtyPrecision: 5, step: 1, minSteps: 10 },
  { symbol: 'ETH_USDT', mid: 300_000, tick: 1, pricePrecision: 2, qtyPrecision: 4, step: 1, minSteps: 20 },
  { symbol: 'DOGE_USDT', mid: 10_000, tick: 1, pricePrecision: 5, qtyPrecision: 0, step: 1, minSteps: 60 },
  // Not exact: tick × step = 10^-10 BTC, so fills round (buyer up, seller down, dust to the fees account).
  { symbol: 'ETH_BTC', mid: 51_234, tick: 1, pricePrecision: 6, qtyPrecision: 4, step: 3, minSteps: 1 },
];

const USERS = 14;
const WAVES = 60;
const WAVE_SIZE = 60;

type Command =
  | { kind: 'place'; user: number; market: number; body: Omit<NewSpotOrderBody, 'symbol'> }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'cancelAll'; user: number; market: number | null };

function decimal(units: number, precision: number): string {
  if (precision === 0) return String(units);
  const s = String(units).padStart(precision + 1, '0');
  return `${s.slice(0, -precision)}.${s.slice(-precision)}`;
}

function commandArb(): fc.Arbitrary<Command> {
  const user = fc.integer({ min: 0, max: USERS - 1 });
  const market = fc.integer({ min: 0, max: MARKETS.length - 1 });
  const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
  const stp = fc.constantFrom<'cancel_taker' | 'cancel_maker' | 'cancel_both'>(
    'cancel_taker',
    'cancel_maker',
    'cancel_both',
  );
  const place = fc
    .record({
      user,
      market,
      side,
      offset: fc.integer({ min: -25, max: 25 }),
      steps: fc.integer({ min: 0, max: 400 }),
      flavour: fc.constantFrom('gtc', 'gtc', 'gtc', 'ioc', 'fok', 'post', 'mkt', 'mktq'),
      stp,
      offTick: fc.integer({ min: 0, max: 40 }),
    })
    .map(({ user, market, side, offset, steps, flavour, stp, offTick }): Command => {
      const m = MARKETS[market] as MarketPlan;
      const qty = (m.minSteps + steps) * m.step;
      // Buyers lean above the mid and sellers below it, so about half the orders cross.
      const price = m.mid + (side === 'buy' ? offset : -offset) * m.tick;
      const body: Omit<NewSpotOrderBody, 'symbol'> = {
        side,
        type: 'limit',
        price: decimal(price, m.pricePrecision),
        quantity: decimal(qty, m.qtyPrecision),
        timeInForce: flavour === 'ioc' ? 'IOC' : flavour === 'fok' ? 'FOK' : 'GTC',
        postOnly: flavour === 'post',
        selfTrade: stp,
      };
      // Now and then a price with one decimal too many: refused by the tick rule.
      if (offTick === 0) body.price = `${body.price}1`;
      if (flavour === 'mkt')
        return { kind: 'place', user, market, body: { ...body, type: 'market', price: undefined } };
      if (flavour === 'mktq' && side === 'buy') {
        const quote = (price * qty) / 10 ** m.qtyPrecision;
        return {
          kind: 'place',
          user,
          market,
          body: {
            ...body,
            type: 'market',
            price: undefined,
            quantity: undefined,
            quoteQuantity: decimal(Math.max(1, Math.floor(quote)), m.pricePrecision),
          },
        };
      }
      return { kind: 'place', user, market, body };
    });
  return fc.oneof(
    { weight: 12, arbitrary: place },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat() }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('cancelAll' as const),
        user,
        market: fc.option(market, { nil: null }),
      }),
    },
  );
}

/** Refusals a random order may legitimately get; anything else (SERVER_ERROR) fails the test. */
const EXPECTED_REFUSALS = new Set([
  'INSUFFICIENT_BALANCE',
  'PRICE_TICK_INVALID',
  'POST_ONLY_WOULD_TAKE',
  'FOK_NOT_FILLED',
  'NO_LIQUIDITY',
  'BELOW_MIN_NOTIONAL',
  'ORDER_NOT_FOUND',
  'ORDER_NOT_REVOCABLE',
]);

let server: TestServer;
const uids: number[] = [];

beforeAll(async () => {
  server = await startSpotServer();
  const { ctx } = server;
  ctx.spot.createMarket({
    base: 'ETH',
    quote: 'BTC',
    category: 'main',
    pricePrecision: 6,
    quantityPrecision: 4,
    tickSize: '0.000001',
    stepSize: '0.0003',
    minNotional: '0.0001',
    makerFee: '0.0015',
    takerFee: '0.002',
  });
  for (let i = 0; i < USERS; i++) {
    uids.push(await ctx.account.createUser({ account: `prop${i}@example.com`, password: 'secret123' }));
  }
  await fund(
    ctx,
    uids.flatMap((uid, i) => [
      // Uneven wealth, so balance refusals happen too.
      { uid, asset: 'USDT', amount: String(300 + i * 15_000) },
      { uid, asset: 'BTC', amount: decimal(200_000 + i * 20_000_000, 8) },
      { uid, asset: 'ETH', amount: decimal(5_000_000 + i * 400_000_000, 8) },
      { uid, asset: 'DOGE', amount: String(100 + i * 40_000) },
    ]),
  );
});
afterAll(async () => {
  await server.close();
});

/** The engine's books, level by level, equal the open orders stored in the database. */
function expectBooksMatchDatabase(): void {
  const { ctx } = server;
  for (const m of ctx.spot.markets()) {
    const depth = ctx.spot.depth(m.symbol, 0, 200);
    const rows = ctx.db
      .prepare<[string], { side: string; price: number; qty: number }>(
        `SELECT o.side, o.price, SUM(o.quantity - o.filled_qty) AS qty FROM spot_orders o
         JOIN spot_markets m ON m.id = o.market_id
         WHERE m.symbol = ? AND o.status IN ('open', 'partial') GROUP BY o.side, o.price`,
      )
      .all(m.symbol);
    const fmt = (units: number, precision: number) =>
      precision === 0 ? String(units) : decimal(units, precision).replace(/\.?0+$/, '');
    const fromDb = (side: string, dir: number) =>
      rows
        .filter((r) => r.side === side)
        .sort((a, b) => dir * (a.price - b.price))
        .slice(0, 200)
        .map((r) => [fmt(r.price, m.pricePrecision), fmt(r.qty, m.quantityPrecision)]);
    expect(depth.bids, `${m.symbol} bids`).toEqual(fromDb('buy', -1));
    expect(depth.asks, `${m.symbol} asks`).toEqual(fromDb('sell', 1));
  }
}

describe('random trading keeps every unit accounted for', () => {
  it(`${WAVES * WAVE_SIZE} random commands in concurrent waves`, async () => {
    const { ctx } = server;
    const commands = fc.sample(commandArb(), { numRuns: WAVES * WAVE_SIZE, seed: 20260401 });
    const tally = { accepted: 0, refused: new Map<string, number>(), filled: 0 };
    for (let w = 0; w < WAVES; w++) {
      const wave = commands.slice(w * WAVE_SIZE, (w + 1) * WAVE_SIZE);
      const answers = await Promise.allSettled(
        wave.map((c) => {
          const owner = { kind: 'user' as const, uid: uids[c.user] as number };
          if (c.kind === 'place') {
            const m = MARKETS[c.market] as MarketPlan;
            return ctx.spot.placeOrder(owner, { ...c.body, symbol: m.symbol });
          }
          if (c.kind === 'cancelAll') {
            return ctx.spot.cancelAll(owner, c.market === null ? undefined : MARKETS[c.market]?.symbol);
          }
          const open = ctx.spot.restingOrders(owner);
          return ctx.spot.cancelOrder(owner, open.length > 0 ? (open[c.pick % open.length]?.id ?? 0) : 1);
        }),
      );
      for (const a of answers) {
        if (a.status === 'fulfilled') {
          tally.accepted++;
          if (typeof a.value === 'object' && a.value.status === 'filled') tally.filled++;
          continue;
        }
        const key = a.reason instanceof DomainError ? a.reason.key : String(a.reason);
        expect(EXPECTED_REFUSALS.has(key), `unexpected refusal ${key}`).toBe(true);
        tally.refused.set(key, (tally.refused.get(key) ?? 0) + 1);
      }
      expectConsistent(ctx);
      expect(ctx.spot.reserveProblems()).toEqual([]);
      // Every frozen unit is attributable: one hold per resting order that holds something, and no other.
      const resting = ctx.db
        .prepare<[], number>("SELECT COUNT(*) FROM spot_orders WHERE status IN ('open', 'partial') AND frozen > 0")
        .pluck()
        .get();
      expect(ctx.ledger.reconcile().holds).toBe(resting);
      expectBooksMatchDatabase();
      // Let the mid prices drift so the books move.
      for (const m of MARKETS) m.mid += (w % 7) - 3;
    }
    // The workload did what it claims: plenty of trades, fills, refusals of several kinds, rounding dust.
    const trades = ctx.db.prepare('SELECT COUNT(*) AS n FROM spot_trades').get() as { n: number };
    expect(trades.n).toBeGreaterThan(500);
    expect(tally.filled).toBeGreaterThan(100);
    expect(tally.refused.size).toBeGreaterThanOrEqual(7);
    expect(tally.refused.get('INSUFFICIENT_BALANCE')).toBeGreaterThan(0);
    const dusty = ctx.db.prepare('SELECT COUNT(*) AS n FROM spot_trades WHERE buyer_quote <> seller_quote').get() as {
      n: number;
    };
    expect(dusty.n).toBeGreaterThan(0);
    expect(ctx.ledger.balance(system('fees', 'BTC')).available).toBeGreaterThan(0n);
    const stp = ctx.db.prepare("SELECT COUNT(*) AS n FROM spot_orders WHERE reason = 'self_trade'").get() as {
      n: number;
    };
    expect(stp.n).toBeGreaterThan(0);

    // Rebuilding every book from the database (as at a restart) gives the same books, level by level.
    const before = ctx.spot.markets().map((m) => ctx.spot.depth(m.symbol, 0, 200));
    ctx.spot.rebuildBooks();
    const after = ctx.spot.markets().map((m) => ctx.spot.depth(m.symbol, 0, 200));
    expect(after.map((d) => [d.bids, d.asks])).toEqual(before.map((d) => [d.bids, d.asks]));
  }, 240_000);
});
