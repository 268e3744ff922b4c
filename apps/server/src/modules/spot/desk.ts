import type { ErrorKey, ErrorParams, NewSpotOrderBody } from '@bourse/contract';
import {
  type ExecutionReport,
  type Fill,
  OrderBook,
  type OrderType,
  type PlaceOrder,
  type RejectReason,
} from '@bourse/engine';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { FeeCharge, FeeService } from '../fees';
import type { LedgerService } from '../ledger';
import { type AccountRef, type EntryInput, type Leg, SYSTEM, system } from '../ledger';
import { bandBounds, bandPercent, engineSpec, formatPrice, formatQty, type Market, parseUnits } from './market';
import { buyReserve, fillAmounts, quoteCeil } from './money';
import type { SpotRepo } from './repo';
import type { Traders } from './traders';
import type { FillRecord, OrderState, Trader, TradeRecord } from './types';
import { orderFromRow } from './view';

/** Largest exact order value (price × qty in notional units) accepted: it must fit SQLite's 64-bit integers. */
const MAX_NOTIONAL = 2n ** 62n;

/** One market's live book, beside its configuration. */
export class MarketRuntime {
  book: OrderBook;
  /** Sequence of the last depth change published; snapshots carry it and the next diff continues from it. */
  depthSeq = 0;
  /** The book was rebuilt: subscribers get a fresh snapshot instead of a diff. */
  snapshotDue = false;
  /**
   * Price of the market's last trade (price units), the centre of its price band; undefined before the first trade.
   * Set at each fill; a rebuild (start, rollback) reads it back from the database.
   */
  lastPrice: number | undefined = undefined;

  constructor(public market: Market) {
    this.book = new OrderBook(engineSpec(market));
  }
}

/** What a batch changed, for the live channels and listeners after commit. */
export class Effects {
  readonly touched = new Set<MarketRuntime>();
  /** Users' orders that changed, with the fills they got, latest state last. */
  readonly orders = new Map<number, { order: OrderState; fills: FillRecord[] }>();
  readonly trades: TradeRecord[] = [];

  order(order: OrderState): { order: OrderState; fills: FillRecord[] } | undefined {
    if (order.trader.uid === null) return undefined;
    let entry = this.orders.get(order.id);
    if (!entry) this.orders.set(order.id, (entry = { order, fills: [] }));
    return entry;
  }

  get empty(): boolean {
    return this.touched.size === 0 && this.orders.size === 0 && this.trades.length === 0;
  }
}

const REJECT_KEYS: Record<RejectReason, ErrorKey> = {
  INVALID_PARAMETER: 'INVALID_PARAMS',
  INVALID_PRICE: 'INVALID_PARAMS',
  INVALID_QUANTITY: 'ORDER_AMOUNT_OUT_OF_RANGE',
  PRICE_TICK_INVALID: 'PRICE_TICK_INVALID',
  QUANTITY_STEP_INVALID: 'QUANTITY_STEP_INVALID',
  BELOW_MIN_NOTIONAL: 'BELOW_MIN_NOTIONAL',
  POST_ONLY_WOULD_TAKE: 'POST_ONLY_WOULD_TAKE',
  NO_LIQUIDITY: 'NO_LIQUIDITY',
  FOK_NOT_FILLED: 'FOK_NOT_FILLED',
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  DUPLICATE_ID: 'SERVER_ERROR',
  QUANTITY_TOO_LARGE: 'ORDER_AMOUNT_OUT_OF_RANGE',
  WOULD_CROSS: 'SERVER_ERROR',
};

/** What a validated order will ask of the engine and the ledger. */
interface OrderPlan {
  engineType: OrderType;
  price: number | null;
  quantity: number | null;
  /** Market buy by amount: budget in price units (engine) and in quote ledger units (stored). */
  budgetUnits: number | null;
  quoteQuantity: bigint | null;
  reserve: bigint;
  /** Market orders: the worst price they may trade at (the price band's edge), 0 for none. */
  protection: number;
}

/** The catalogue error of a price outside a market's band, with the band's two percentages. */
function bandError(m: Market): DomainError {
  return new DomainError('PRICE_OUT_OF_LIMIT', {
    low: bandPercent(m.priceBandLowPpm),
    high: m.priceBandHighPpm === 0 ? '∞' : bandPercent(m.priceBandHighPpm),
  });
}

/**
 * Executes order commands against the books and the ledger, synchronously, inside the caller's batch transaction.
 * Every rule is checked and the funds frozen **before** the engine is touched; after the engine has matched, nothing
 * can be refused: the freeze covers the worst case. A refused command has therefore changed nothing but its ledger
 * postings, which its unit's rollback undoes. If anything fails after the engine changed (a bug, a disk error),
 * `mutated` names the books to rebuild from the database once the whole batch has rolled back.
 *
 * The desk's own rows are written once per batch (`writeBatch`, at its end): new orders in their final state in
 * multi-row inserts, one update per older order the batch changed, the trades in multi-row inserts. Until then the
 * desk is the only place that knows them, so every read a command makes goes through it (resting orders, this
 * batch's orders and client order ids) and the books are rebuilt only after a rollback, never mid-batch.
 */
export class OrderDesk {
  private readonly bySymbol = new Map<string, MarketRuntime>();
  private readonly byMarketId = new Map<number, MarketRuntime>();
  /** Every resting order (open or partial), by id. */
  private readonly resting = new Map<number, OrderState>();
  private readonly restingByOwner = new Map<number, Set<OrderState>>();
  private nextOrderId: number;
  private nextTradeId: number;
  /** Books the current command changed; cleared when it succeeds. */
  readonly mutated = new Set<MarketRuntime>();
  /** Orders placed in the current batch, by id, in id order: inserted at its end in their final state. */
  private readonly batchOrders = new Map<number, OrderState>();
  /** Orders of earlier batches that the current batch changed: one update each at its end. */
  private readonly changedOrders = new Set<OrderState>();
  /** Trades of the current batch, in execution order. */
  private readonly batchTrades: TradeRecord[] = [];
  /** `owner:clientOrderId` of the current batch's orders (the database cannot see them yet). */
  private readonly batchClientIds = new Set<string>();

  constructor(
    private readonly repo: SpotRepo,
    private readonly ledger: LedgerService,
    private readonly traders: Traders,
    private readonly clock: Clock,
    private readonly fees: FeeService,
  ) {
    this.nextOrderId = repo.maxOrderId() + 1;
    this.nextTradeId = repo.maxTradeId() + 1;
  }

  // ---- books --------------------------------------------------------------------------------------------------

  runtimes(): MarketRuntime[] {
    return [...this.byMarketId.values()];
  }

  runtime(symbol: string): MarketRuntime | undefined {
    return this.bySymbol.get(symbol);
  }

  runtimeById(id: number): MarketRuntime | undefined {
    return this.byMarketId.get(id);
  }

  /** Adds a market (at start, or when the operator creates one) and rebuilds its book from the open orders. */
  addMarket(market: Market): MarketRuntime {
    const rt = new MarketRuntime(market);
    this.bySymbol.set(market.symbol, rt);
    this.byMarketId.set(market.id, rt);
    this.rebuild(rt);
    rt.snapshotDue = false;
    return rt;
  }

  /** New configuration for a market: its book is rebuilt under the new rules. */
  replaceMarket(market: Market): MarketRuntime {
    const rt = this.byMarketId.get(market.id);
    if (!rt) return this.addMarket(market);
    rt.market = market;
    this.rebuild(rt);
    return rt;
  }

  /**
   * Rebuilds a book and its resting orders from the database, time priority preserved (`restore` by stored seq).
   * Called at start, after a configuration change, and whenever the book may have diverged from the database.
   */
  rebuild(rt: MarketRuntime): void {
    // The database lacks the current batch's rows until its end: rebuilding from it now would lose them.
    if (this.batchOrders.size > 0 || this.changedOrders.size > 0 || this.batchTrades.length > 0) {
      throw new Error('a book cannot be rebuilt while a batch has unwritten rows');
    }
    for (const order of [...this.resting.values()]) if (order.market.id === rt.market.id) this.forget(order);
    rt.lastPrice = this.repo.lastTradePrice(rt.market.id);
    const rows = this.repo.openOrdersOfMarket(rt.market.id).sort((a, b) => Number(a.seq - b.seq));
    const book = new OrderBook(engineSpec(rt.market), { sequence: rt.book.sequence });
    for (const row of rows) {
      const order = orderFromRow(row, rt.market, this.traders.of(Number(row.owner)));
      const report = book.apply({
        kind: 'restore',
        id: order.id,
        owner: order.trader.owner,
        side: order.side,
        price: order.price ?? 0,
        qty: (order.quantity ?? 0) - order.filledQty,
        seq: order.seq,
        stp: order.stp,
        postOnly: order.postOnly,
      });
      if (!report.accepted) {
        throw new Error(`order ${order.id} of ${rt.market.symbol} cannot be restored: ${report.reason}`);
      }
      this.remember(order);
    }
    book.drainChangedLevels();
    rt.book = book;
    rt.depthSeq = book.sequence;
    rt.snapshotDue = true;
  }

  /** Every resting order (checks). */
  restingOrders(): IterableIterator<OrderState> {
    return this.resting.values();
  }

  restingOrder(id: number): OrderState | undefined {
    return this.resting.get(id);
  }

  /** The trader's resting orders, optionally in one market. */
  restingOf(trader: Trader, marketId?: number): OrderState[] {
    const mine = this.restingByOwner.get(trader.owner);
    if (!mine) return [];
    const out: OrderState[] = [];
    for (const o of mine) if (marketId === undefined || o.market.id === marketId) out.push(o);
    return out;
  }

  private remember(order: OrderState): void {
    this.resting.set(order.id, order);
    let mine = this.restingByOwner.get(order.trader.owner);
    if (!mine) this.restingByOwner.set(order.trader.owner, (mine = new Set()));
    mine.add(order);
  }

  private forget(order: OrderState): void {
    this.resting.delete(order.id);
    const mine = this.restingByOwner.get(order.trader.owner);
    if (mine) {
      mine.delete(order);
      if (mine.size === 0) this.restingByOwner.delete(order.trader.owner);
    }
  }

  // ---- placing ------------------------------------------------------------------------------------------------

  place(trader: Trader, input: NewSpotOrderBody, effects: Effects): OrderState {
    const rt = this.bySymbol.get(input.symbol);
    if (!rt) throw new DomainError('MARKET_NOT_FOUND');
    const m = rt.market;
    if (m.status !== 'open') throw new DomainError('PAIR_CLOSED');
    const plan = this.plan(rt, trader, input);
    const clientKey = input.clientOrderId === undefined ? undefined : `${trader.owner}:${input.clientOrderId}`;
    if (
      input.clientOrderId !== undefined &&
      (this.batchClientIds.has(clientKey as string) || this.repo.clientOrderIdUsed(trader.owner, input.clientOrderId))
    ) {
      throw new DomainError('CLIENT_ORDER_ID_USED');
    }

    const now = this.clock.now();
    const id = this.nextOrderId++;
    const isBuy = input.side === 'buy';
    const order: OrderState = {
      id,
      market: m,
      trader,
      clientOrderId: input.clientOrderId ?? null,
      side: input.side,
      type: input.type,
      timeInForce: input.type === 'market' ? 'IOC' : input.timeInForce,
      postOnly: input.postOnly,
      stp: input.selfTrade,
      price: plan.price,
      quantity: plan.quantity,
      quoteQuantity: plan.quoteQuantity,
      filledQty: 0,
      filledQuote: 0n,
      quoteExact: 0n,
      fee: 0n,
      frozen: plan.reserve,
      status: 'open',
      reason: null,
      seq: 0,
      createdAt: now,
      updatedAt: now,
    };
    // The hold is the balance check: refused here, nothing has happened yet.
    this.ledger.hold({
      reference: `spot:o:${id}:f`,
      reason: 'spot.freeze',
      account: this.traders.account(trader, isBuy ? m.quote : m.base),
      holder: holderOf(id),
      amount: plan.reserve,
    });

    const command: PlaceOrder = {
      kind: 'place',
      id,
      owner: trader.owner,
      side: input.side,
      type: plan.engineType,
      price: plan.price ?? plan.protection,
      qty: plan.quantity ?? 0,
      quoteQty: plan.budgetUnits ?? undefined,
      stp: input.selfTrade,
    };
    const alreadyChanged = this.mutated.has(rt);
    this.mutated.add(rt);
    const report = rt.book.apply(command);
    if (!report.accepted) {
      // A refused command leaves the book as it was.
      if (!alreadyChanged) this.mutated.delete(rt);
      this.refuse(m, report);
    }
    // From here on the book has changed: nothing below may refuse.
    effects.touched.add(rt);
    // Its row is written at the end of the batch, in whatever state it has reached by then.
    this.batchOrders.set(id, order);
    if (clientKey !== undefined) this.batchClientIds.add(clientKey);
    this.settleReport(rt, order, report, now, effects);
    effects.order(order);
    return order;
  }

  /** Checks every rule that does not need the engine and works out what must be frozen. */
  private plan(rt: MarketRuntime, trader: Trader, input: NewSpotOrderBody): OrderPlan {
    const m = rt.market;
    const isBuy = input.side === 'buy';
    const tickError = () => new DomainError('PRICE_TICK_INVALID', { tick: formatPrice(m, m.tick) });
    const stepError = () => new DomainError('QUANTITY_STEP_INVALID', { step: formatQty(m, m.step) });
    const minError = () =>
      new DomainError('BELOW_MIN_NOTIONAL', { min: formatPrice(m, m.minNotional), quote: m.quote });
    const parseQty = (value: string): number => {
      const qty = parseUnits(value, m.qtyPrecision, stepError);
      if (qty === 0) throw new DomainError('ORDER_AMOUNT_OUT_OF_RANGE');
      if (qty % m.step !== 0) throw stepError();
      return qty;
    };
    // price × qty ≥ minNotional, exactly: both sides in units of 10^-(pricePrecision + qtyPrecision) quote.
    const minProduct = BigInt(m.minNotional) * 10n ** BigInt(m.qtyPrecision);

    if (input.type === 'limit') {
      if (input.price === undefined) throw new DomainError('INVALID_PARAMS', { detail: 'price' });
      if (input.quoteQuantity !== undefined) throw new DomainError('INVALID_PARAMS', { detail: 'quoteQuantity' });
      if (input.quantity === undefined) throw new DomainError('ORDER_AMOUNT_OUT_OF_RANGE');
      if (input.postOnly && input.timeInForce !== 'GTC') {
        throw new DomainError('INVALID_PARAMS', { detail: 'postOnly needs timeInForce GTC' });
      }
      const price = parseUnits(input.price, m.pricePrecision, tickError);
      if (price === 0) throw new DomainError('INVALID_PARAMS', { detail: 'price' });
      if (price % m.tick !== 0) throw tickError();
      if (rt.lastPrice !== undefined) {
        const band = bandBounds(m, rt.lastPrice);
        if (price < band.low || price > band.high) throw bandError(m);
      }
      const quantity = parseQty(input.quantity);
      const notional = BigInt(price) * BigInt(quantity);
      if (notional > MAX_NOTIONAL) throw new DomainError('ORDER_AMOUNT_OUT_OF_RANGE');
      if (notional < minProduct) throw minError();
      const engineType: OrderType = input.postOnly
        ? 'post_only'
        : input.timeInForce === 'IOC'
          ? 'ioc'
          : input.timeInForce === 'FOK'
            ? 'fok'
            : 'limit';
      return {
        engineType,
        price,
        quantity,
        budgetUnits: null,
        quoteQuantity: null,
        reserve: isBuy ? quoteCeil(m, notional) : BigInt(quantity) * m.baseUnit,
        protection: 0,
      };
    }

    if (input.postOnly) throw new DomainError('INVALID_PARAMS', { detail: 'postOnly' });
    const opposite = isBuy ? rt.book.bestAsk() : rt.book.bestBid();
    // Price protection: a market order trades only inside the band (a buy up to its top, a sell down to its bottom);
    // what the book cannot fill there expires. Refused outright when even the best price is beyond it.
    let protection = 0;
    if (rt.lastPrice !== undefined) {
      const band = bandBounds(m, rt.lastPrice);
      if (isBuy && m.priceBandHighPpm !== 0) protection = band.high;
      if (!isBuy && m.priceBandLowPpm !== 0) protection = Math.max(1, band.low);
      if (opposite !== undefined && protection !== 0 && (isBuy ? opposite > protection : opposite < protection)) {
        throw bandError(m);
      }
    }
    if (isBuy && input.quoteQuantity !== undefined) {
      if (input.quantity !== undefined) throw new DomainError('INVALID_PARAMS', { detail: 'quantity' });
      const budget = parseUnits(
        input.quoteQuantity,
        m.quoteScale,
        () => new DomainError('INVALID_PARAMS', { detail: 'quoteQuantity' }),
      );
      // The engine spends whole price units; what is below one is never frozen.
      const budgetUnits = Number(BigInt(budget) / m.priceUnit);
      if (budgetUnits === 0) throw new DomainError('ORDER_AMOUNT_OUT_OF_RANGE');
      if (budgetUnits < m.minNotional) throw minError();
      if (opposite === undefined) throw new DomainError('NO_LIQUIDITY');
      const reserve = BigInt(budgetUnits) * m.priceUnit;
      return {
        engineType: 'market',
        price: null,
        quantity: null,
        budgetUnits,
        quoteQuantity: reserve,
        reserve,
        protection,
      };
    }
    if (input.quoteQuantity !== undefined) throw new DomainError('INVALID_PARAMS', { detail: 'quoteQuantity' });
    if (input.quantity === undefined) throw new DomainError('ORDER_AMOUNT_OUT_OF_RANGE');
    const quantity = parseQty(input.quantity);
    if (opposite === undefined) throw new DomainError('NO_LIQUIDITY');
    // A market order's value is only known once it trades; the best price opposite is the honest estimate.
    if (BigInt(opposite) * BigInt(quantity) < minProduct) throw minError();
    if (!isBuy) {
      return {
        engineType: 'market',
        price: null,
        quantity,
        budgetUnits: null,
        quoteQuantity: null,
        reserve: BigInt(quantity) * m.baseUnit,
        protection,
      };
    }
    // Nothing trades above the protection price: the worst case is the lower of the two.
    let worst = this.worstAskFor(rt, trader, quantity);
    if (protection !== 0 && worst > protection) worst = protection;
    const notional = BigInt(worst) * BigInt(quantity);
    if (notional > MAX_NOTIONAL) throw new DomainError('ORDER_AMOUNT_OUT_OF_RANGE');
    return {
      engineType: 'market',
      price: null,
      quantity,
      budgetUnits: null,
      quoteQuantity: null,
      reserve: quoteCeil(m, notional),
      protection,
    };
  }

  /**
   * The highest price a market buy of `qty` can reach: where the asks, counted from the best, add up to `qty` plus
   * the buyer's own resting asks (self-trade prevention may skip those), or the last ask if the book is thinner.
   * Every fill is at or below it, so `qty × price` (rounded up) covers the order.
   */
  private worstAskFor(rt: MarketRuntime, trader: Trader, qty: number): number {
    let need = qty;
    for (const own of this.restingOf(trader, rt.market.id)) {
      if (own.side === 'sell') need += (own.quantity ?? 0) - own.filledQty;
    }
    for (let levels = 64; ; levels *= 8) {
      const asks = rt.book.depth(levels).asks;
      let total = 0;
      for (const level of asks) {
        total += level.qty;
        if (total >= need) return level.price;
      }
      const last = asks.at(-1);
      if (asks.length < levels || last === undefined) {
        if (last === undefined) throw new DomainError('NO_LIQUIDITY');
        return last.price;
      }
    }
  }

  /** Turns the engine's refusal into its catalogue error (a refusal the checks should have caught is a bug). */
  private refuse(m: Market, report: ExecutionReport): never {
    const reason = report.reason ?? 'INVALID_PARAMETER';
    const key = REJECT_KEYS[reason];
    if (key === 'SERVER_ERROR') throw new Error(`the engine refused a checked order: ${reason}`);
    let params: ErrorParams | undefined;
    if (key === 'PRICE_TICK_INVALID') params = { tick: formatPrice(m, m.tick) };
    else if (key === 'QUANTITY_STEP_INVALID') params = { step: formatQty(m, m.step) };
    else if (key === 'BELOW_MIN_NOTIONAL') params = { min: formatPrice(m, m.minNotional), quote: m.quote };
    else if (key === 'INVALID_PARAMS') params = { detail: reason };
    throw new DomainError(key, params);
  }

  /** Settles what the engine reported for a new order: its fills, makers removed by STP, and the taker's fate. */
  private settleReport(
    rt: MarketRuntime,
    taker: OrderState,
    report: ExecutionReport,
    now: number,
    effects: Effects,
  ): void {
    const m = rt.market;
    // Each fill is one ledger entry; the last one waits, so the taker's release can join it.
    let last: EntryInput | null = null;
    const charges: FeeCharge[] = [];
    for (const fill of report.fills) {
      if (last) this.ledger.post(last);
      last = this.settleFill(rt, taker, fill, now, effects, charges);
    }
    for (const removed of report.stpRemoved) {
      const maker = this.resting.get(removed.id);
      if (!maker) throw new Error(`self-trade removed unknown order ${removed.id}`);
      this.finish(maker, 'cancelled', 'self_trade', now, effects);
    }
    taker.updatedAt = now;
    let keep = 0n;
    if (report.restingQty > 0) {
      taker.status = taker.filledQty > 0 ? 'partial' : 'open';
      taker.seq = report.seq;
      keep =
        taker.side === 'buy'
          ? buyReserve(m, taker.quoteExact, taker.price ?? 0, report.restingQty)
          : BigInt(report.restingQty) * m.baseUnit;
      this.remember(taker);
    } else {
      const selfTrade = report.expireReason === 'SELF_TRADE';
      const complete = taker.filledQty > 0 && report.expiredQty === 0 && !selfTrade;
      taker.status = complete ? 'filled' : 'expired';
      taker.reason = complete ? null : selfTrade ? 'self_trade' : 'unfilled';
    }
    // What the taker froze beyond what it still needs (it traded below its limit, or it is done) is free again.
    const excess = taker.frozen - keep;
    // Holding less than its rest needs would be a bug: fail the command (its book is rebuilt) rather than go on.
    if (excess < 0n) throw new Error(`order ${taker.id} holds ${taker.frozen}, its rest needs ${keep}`);
    if (last) {
      if (excess > 0n) this.releaseWithin(last, taker, excess);
      this.ledger.post(last);
    } else if (excess > 0n) {
      this.release(taker, excess, report.restingQty > 0 ? 'x' : 'u');
    }
    // Every entry that charged them is posted: rebates can be paid out of the fee income, in this transaction.
    if (charges.length > 0) this.fees.charged(charges);
  }

  /** Adds a release of `amount` from the order's hold to an entry that already touches it. */
  private releaseWithin(entry: EntryInput, order: OrderState, amount: bigint): void {
    const account = this.traders.account(order.trader, order.side === 'buy' ? order.market.quote : order.market.base);
    const holder = holderOf(order.id);
    const frozenLeg = entry.legs.find((l) => l.holder === holder);
    if (frozenLeg) frozenLeg.amount -= amount;
    else entry.legs.push({ account, bucket: 'frozen', amount: -amount, holder });
    entry.legs.push({ account, bucket: 'available', amount });
    order.frozen -= amount;
  }

  /** Books a fill (trade row, both orders' state, effects) and returns its ledger entry for the caller to post. */
  private settleFill(
    rt: MarketRuntime,
    taker: OrderState,
    fill: Fill,
    now: number,
    effects: Effects,
    charges: FeeCharge[],
  ): EntryInput {
    const m = rt.market;
    const maker = this.resting.get(fill.makerId);
    if (!maker) throw new Error(`fill against unknown order ${fill.makerId}`);
    const takerBuys = fill.takerSide === 'buy';
    const buyer = takerBuys ? taker : maker;
    const seller = takerBuys ? maker : taker;
    const a = fillAmounts(
      m,
      fill.price,
      fill.qty,
      buyer.quoteExact,
      this.fees.rate(buyer.trader.uid, 'spot', takerBuys ? m.takerFeePpm : m.makerFeePpm),
      this.fees.rate(seller.trader.uid, 'spot', takerBuys ? m.makerFeePpm : m.takerFeePpm),
    );
    const tradeId = this.nextTradeId++;
    const legs: Leg[] = [];
    const leg = (account: AccountRef, amount: bigint) => {
      if (amount !== 0n) legs.push({ account, amount });
    };
    // What each side pays comes out of its order's hold.
    if (a.buyerPays !== 0n) {
      legs.push({
        account: this.traders.account(buyer.trader, m.quote),
        bucket: 'frozen',
        amount: -a.buyerPays,
        holder: holderOf(buyer.id),
      });
    }
    leg(this.traders.account(seller.trader, m.quote), a.sellerGets - a.sellerFee);
    leg(feesAccount(m.quote), a.sellerFee + a.dust);
    legs.push({
      account: this.traders.account(seller.trader, m.base),
      bucket: 'frozen',
      amount: -a.base,
      holder: holderOf(seller.id),
    });
    leg(this.traders.account(buyer.trader, m.base), a.base - a.buyerFee);
    leg(feesAccount(m.base), a.buyerFee);
    const entry: EntryInput = { reference: `spot:t:${tradeId}`, reason: 'spot.trade', legs };

    const notional = BigInt(fill.price) * BigInt(fill.qty);
    buyer.filledQty += fill.qty;
    buyer.filledQuote += a.buyerPays;
    buyer.quoteExact += notional;
    buyer.fee += a.buyerFee;
    buyer.frozen -= a.buyerPays;
    seller.filledQty += fill.qty;
    seller.filledQuote += a.sellerGets;
    seller.quoteExact += notional;
    seller.fee += a.sellerFee;
    seller.frozen -= a.base;

    const makerRecord: FillRecord = {
      tradeId,
      price: fill.price,
      qty: fill.qty,
      quote: takerBuys ? a.sellerGets : a.buyerPays,
      fee: takerBuys ? a.sellerFee : a.buyerFee,
      role: 'maker',
      ts: now,
    };
    const takerRecord: FillRecord = {
      tradeId,
      price: fill.price,
      qty: fill.qty,
      quote: takerBuys ? a.buyerPays : a.sellerGets,
      fee: takerBuys ? a.buyerFee : a.sellerFee,
      role: 'taker',
      ts: now,
    };
    effects.order(maker)?.fills.push(makerRecord);
    effects.order(taker)?.fills.push(takerRecord);
    const trade: TradeRecord = {
      id: tradeId,
      market: m,
      price: fill.price,
      qty: fill.qty,
      buyerQuote: a.buyerPays,
      sellerQuote: a.sellerGets,
      buyerFee: a.buyerFee,
      sellerFee: a.sellerFee,
      takerSide: fill.takerSide,
      maker,
      taker,
      ts: now,
    };
    this.batchTrades.push(trade);
    effects.trades.push(trade);
    rt.lastPrice = fill.price;
    if (this.fees.listening) {
      const charge = (order: OrderState, asset: string, amount: bigint): void => {
        if (order.trader.uid === null || amount === 0n) return;
        charges.push({
          uid: order.trader.uid,
          product: 'spot',
          asset,
          amount,
          account: feesAccount(asset),
          reference: entry.reference,
          trade: entry.reference,
          role: order === taker ? 'taker' : 'maker',
          at: now,
        });
      };
      charge(buyer, m.base, a.buyerFee);
      charge(seller, m.quote, a.sellerFee);
    }

    if (fill.makerRemaining === 0) {
      this.finish(maker, 'filled', null, now, effects);
    } else {
      maker.status = 'partial';
      maker.updatedAt = now;
      this.changed(maker);
    }
    return entry;
  }

  /** A resting order leaves the book (filled, cancelled): what it still holds frozen is released. */
  private finish(
    order: OrderState,
    status: 'filled' | 'cancelled',
    reason: string | null,
    now: number,
    effects: Effects,
  ): void {
    if (order.frozen > 0n) this.release(order, order.frozen, 'u');
    order.status = status;
    order.reason = reason;
    order.updatedAt = now;
    this.forget(order);
    this.changed(order);
    effects.order(order);
  }

  /** An order's state changed: a new order is written at the end of the batch anyway, an older one is updated. */
  private changed(order: OrderState): void {
    if (!this.batchOrders.has(order.id)) this.changedOrders.add(order);
  }

  // ---- writing ------------------------------------------------------------------------------------------------

  /**
   * Writes the current batch's rows (inside its transaction, at its end), and the backlog of `spot_order_owners`
   * when it is due; then starts the next batch (`discardBatch` follows a rollback).
   */
  writeBatch(): void {
    const added = this.batchOrders.size;
    if (added > 0) this.repo.insertOrders(this.batchOrders.values());
    for (const order of this.changedOrders) this.repo.updateOrder(order);
    if (this.batchTrades.length > 0) this.repo.insertTrades(this.batchTrades);
    this.batchOrders.clear();
    this.changedOrders.clear();
    this.batchTrades.length = 0;
    this.batchClientIds.clear();
    // The new orders' rows in `spot_order_owners`, a few thousand at a time (`DeferredIndex`).
    this.repo.orderOwners.wrote(added, this.clock.now());
  }

  /** Forgets the current batch's rows: rolled back with it (the books are then rebuilt). */
  discardBatch(): void {
    this.batchOrders.clear();
    this.changedOrders.clear();
    this.batchTrades.length = 0;
    this.batchClientIds.clear();
  }

  private release(order: OrderState, amount: bigint, tag: 'x' | 'u'): void {
    const m = order.market;
    this.ledger.release({
      reference: `spot:o:${order.id}:${tag}`,
      reason: 'spot.unfreeze',
      holder: holderOf(order.id),
      account: this.traders.account(order.trader, order.side === 'buy' ? m.quote : m.base),
      amount,
    });
    order.frozen -= amount;
  }

  // ---- cancelling ---------------------------------------------------------------------------------------------

  /** Cancels one resting order of this trader. Another owner's order is "not found", never revealed. */
  cancel(trader: Trader, id: number, effects: Effects): OrderState {
    const order = this.resting.get(id);
    if (!order || order.trader.owner !== trader.owner) {
      // Placed earlier in this batch and already finished: not written yet, but it exists.
      const owner = this.batchOrders.get(id)?.trader.owner ?? this.repo.orderById(id)?.owner;
      if (owner === undefined || Number(owner) !== trader.owner) throw new DomainError('ORDER_NOT_FOUND');
      throw new DomainError('ORDER_NOT_REVOCABLE');
    }
    this.cancelResting(order, 'user', effects);
    return order;
  }

  /** Cancels every resting order of this trader (in one market, or all). Returns how many. */
  cancelAll(trader: Trader, marketId: number | undefined, effects: Effects): OrderState[] {
    const orders = this.restingOf(trader, marketId).sort((a, b) => a.id - b.id);
    for (const order of orders) this.cancelResting(order, 'user', effects);
    return orders;
  }

  private cancelResting(order: OrderState, reason: string, effects: Effects): void {
    const rt = this.byMarketId.get(order.market.id);
    if (!rt) throw new Error(`order ${order.id} has no market`);
    this.mutated.add(rt);
    const report = rt.book.apply({ kind: 'cancel', id: order.id });
    if (!report.accepted) throw new Error(`resting order ${order.id} is not on the book`);
    effects.touched.add(rt);
    this.finish(order, 'cancelled', reason, this.clock.now(), effects);
  }

  // ---- checks -------------------------------------------------------------------------------------------------

  /**
   * Resting orders whose frozen amount is not exactly what their remaining quantity needs (a sell: the remaining
   * base; a buy: its remaining cost at its limit under the rounding rule). Empty when all is well.
   */
  reserveProblems(): string[] {
    const problems: string[] = [];
    for (const o of this.resting.values()) {
      const m = o.market;
      const remaining = (o.quantity ?? 0) - o.filledQty;
      const need =
        o.side === 'buy' ? buyReserve(m, o.quoteExact, o.price ?? 0, remaining) : BigInt(remaining) * m.baseUnit;
      if (o.frozen !== need) problems.push(`order ${o.id} holds ${o.frozen}, needs ${need}`);
    }
    return problems;
  }

  /**
   * Names every resting order's frozen amount after the order (`order:<id>`), for a database written before holds
   * existed; a no-op for orders whose hold exists. Runs at start, after the books are rebuilt.
   */
  adoptHolds(): number {
    const holds = [...this.resting.values()]
      .filter((o) => o.frozen > 0n)
      .map((o) => ({
        account: this.traders.account(o.trader, o.side === 'buy' ? o.market.quote : o.market.base),
        holder: holderOf(o.id),
        amount: o.frozen,
      }));
    return holds.length === 0 ? 0 : this.ledger.adoptHolds(holds);
  }

  /** Per owner and asset, what the resting orders hold frozen (for invariant checks). */
  frozenByOrders(): Map<string, bigint> {
    const out = new Map<string, bigint>();
    for (const o of this.resting.values()) {
      const asset = o.side === 'buy' ? o.market.quote : o.market.base;
      const key = `${o.trader.owner}:${asset}`;
      out.set(key, (out.get(key) ?? 0n) + o.frozen);
    }
    return out;
  }
}

/** The ledger hold of an order: every unit it froze is named after it. */
export function holderOf(orderId: number): string {
  return `order:${orderId}`;
}

const feeAccounts = new Map<string, AccountRef>();

/** The exchange's fee income account in an asset (every fee and every unit of rounding dust lands here). */
function feesAccount(asset: string): AccountRef {
  let ref = feeAccounts.get(asset);
  if (!ref) feeAccounts.set(asset, (ref = system(SYSTEM.fees, asset, 'spot')));
  return ref;
}
