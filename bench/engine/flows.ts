import { OrderBook, type Command, type ExecutionReport, type MarketSpec, type PlaceOrder } from '@bourse/engine';

/**
 * Pre-generated, seeded command flows. Generation drives a scratch engine to know which orders are alive, so every
 * cancel, move and reduce targets a resting order, as a real client's would; the timed runs then replay the same
 * array of commands on fresh books.
 */

export const BENCH_SPEC: MarketSpec = { priceScale: 2, qtyScale: 4, tickSize: 1, stepSize: 1, minNotional: 0 };

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The ids of resting orders, with O(1) add, remove and uniform pick. */
class LiveSet {
  private readonly ids: number[] = [];
  private readonly at = new Map<number, number>();

  get size(): number {
    return this.ids.length;
  }

  add(id: number): void {
    if (this.at.has(id)) return;
    this.at.set(id, this.ids.length);
    this.ids.push(id);
  }

  remove(id: number): void {
    const i = this.at.get(id);
    if (i === undefined) return;
    const last = this.ids.pop() as number;
    if (last !== id) {
      this.ids[i] = last;
      this.at.set(last, i);
    }
    this.at.delete(id);
  }

  pick(rand: () => number): number {
    return this.ids[Math.floor(rand() * this.ids.length)] as number;
  }
}

function track(live: LiveSet, command: Command, report: ExecutionReport): void {
  for (const fill of report.fills) if (fill.makerRemaining === 0) live.remove(fill.makerId);
  for (const removed of report.stpRemoved) live.remove(removed.id);
  if (report.restingQty > 0) live.add(report.orderId);
  else if (command.kind !== 'place') live.remove(command.id);
}

export interface FlowStats {
  commands: number;
  share: Record<string, number>;
  withTrades: number;
  fills: number;
  avgResting: number;
  avgPriceLevels: number;
  finalResting: number;
}

export interface Flow {
  /** Commands that build the starting book (not part of the measured mix). */
  setup: Command[];
  commands: Command[];
  stats: FlowStats;
}

export interface MixOptions {
  seed: number;
  commands: number;
  /** Resting orders the flow keeps the book near. */
  targetResting: number;
  /** Prices spread this many ticks either side of the middle. */
  spread: number;
  owners: number;
  /** Percentages of GTC, IOC, cancel and reduce; moves are the rest. */
  mix: { gtc: number; ioc: number; cancel: number; reduce: number };
  /** Start from this many resting orders (placed by `setup`), e.g. 1,000,000 for the deep book. */
  preload?: number;
  /** Ticks off the middle of the preloaded orders; default the same 1…spread as the flow's own. */
  preloadOffsets?: { from: number; to: number };
  /** Whether the flow's cancels and moves pick among the preloaded orders too (default) or leave them be. */
  touchPreload?: boolean;
}

/**
 * An exchange-core-style flow (their published benchmark: 9% GTC, 3% IOC, 6% cancel, 82% move, ~1,000 resting
 * orders over ~750 prices, ~6% of commands trading). Resting prices sit a uniform 1…spread ticks off the middle;
 * a tenth of GTCs, every IOC and 2.5% of moves reach up to 4 ticks past the opposite best; other moves shift an
 * order by up to ±25 ticks (and trade if that crosses). When the book drifts more than 10% from its target size, cancels turn into
 * GTCs or the other way round.
 */
export function generateMix(options: MixOptions): Flow {
  const rand = prng(options.seed);
  const book = new OrderBook(BENCH_SPEC, { trackChanges: false });
  const live = new LiveSet();
  const mid = 1_000_000;
  let nextId = 1;
  const { gtc, ioc, cancel, reduce } = options.mix;

  const restingPrice = (buy: boolean): number => {
    const off = 1 + Math.floor(rand() * options.spread);
    return buy ? mid - off : mid + off;
  };
  // Aggressive orders reach a few ticks past the opposite best, so they trade however the book has drifted.
  const aggressivePrice = (buy: boolean): number => {
    const reach = Math.floor(rand() * 5);
    return buy ? (book.bestAsk() ?? mid + 1) + reach : (book.bestBid() ?? mid - 1) - reach;
  };
  const place = (type: PlaceOrder['type'], aggressive: boolean): PlaceOrder => {
    const buy = rand() < 0.5;
    const price = aggressive ? aggressivePrice(buy) : restingPrice(buy);
    return {
      kind: 'place',
      id: nextId++,
      owner: 1 + Math.floor(rand() * options.owners),
      side: buy ? 'buy' : 'sell',
      type,
      price,
      qty: 1 + Math.floor(rand() * 100),
      stp: 'none',
    };
  };

  const setup: Command[] = [];
  const offsets = options.preloadOffsets ?? { from: 1, to: options.spread };
  for (let i = 0; i < (options.preload ?? 0); i++) {
    const command = place('limit', false);
    const off = offsets.from + Math.floor(rand() * (offsets.to - offsets.from + 1));
    const placed = { ...command, price: command.side === 'buy' ? mid - off : mid + off };
    setup.push(placed);
    const report = book.apply(placed);
    if (options.touchPreload !== false) track(live, placed, report);
  }

  const commands: Command[] = [];
  const share: Record<string, number> = {};
  let withTrades = 0;
  let fills = 0;
  let restingSum = 0;
  let levelSum = 0;
  let samples = 0;
  const target = options.targetResting;
  for (let i = 0; i < options.commands; i++) {
    let roll = rand() * 100;
    if (live.size === 0) roll = 0;
    else if (roll >= gtc + ioc && roll < gtc + ioc + cancel && live.size < target * 0.9) roll = 0;
    else if (roll < gtc && live.size > target * 1.1) roll = gtc + ioc;
    let command: Command;
    let label: string;
    if (roll < gtc) {
      command = place('limit', rand() < 0.1);
      label = 'gtc';
    } else if (roll < gtc + ioc) {
      command = place('ioc', true);
      label = 'ioc';
    } else if (roll < gtc + ioc + cancel) {
      command = { kind: 'cancel', id: live.pick(rand) };
      label = 'cancel';
    } else if (roll < gtc + ioc + cancel + reduce) {
      const id = live.pick(rand);
      const open = book.order(id)?.qty ?? 1;
      command = { kind: 'reduce', id, by: Math.max(1, Math.floor(open / 2)) };
      label = 'reduce';
    } else {
      const id = live.pick(rand);
      const order = book.order(id);
      // A few moves reprice across the spread to take, as a trader chasing the market does.
      const chase = order !== undefined && rand() < 0.025;
      const drift = Math.max(1, (order?.price ?? mid) + Math.floor(rand() * 51) - 25);
      const price = chase ? aggressivePrice(order.side === 'buy') : drift;
      command = { kind: 'move', id, price };
      label = 'move';
    }
    const report = book.apply(command);
    if (report.fills.length > 0) withTrades++;
    fills += report.fills.length;
    track(live, command, report);
    commands.push(command);
    share[label] = (share[label] ?? 0) + 1;
    if (i % 1000 === 0) {
      restingSum += book.size;
      levelSum += book.levelCount('buy') + book.levelCount('sell');
      samples++;
    }
  }
  for (const key of Object.keys(share)) share[key] = (share[key] ?? 0) / options.commands;
  return {
    setup,
    commands,
    stats: {
      commands: options.commands,
      share,
      withTrades: withTrades / options.commands,
      fills,
      avgResting: restingSum / Math.max(1, samples),
      avgPriceLevels: levelSum / Math.max(1, samples),
      finalResting: book.size,
    },
  };
}
