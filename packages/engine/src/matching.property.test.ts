import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook } from './book';
import { CommandLog, replay } from './command-log';
import { copyReport } from './report';
import { commandFrom, newFlowState, prng, randomSeed, TEST_SPEC, type Seed } from './test/flow';
import { deepEqual } from './test/equal';
import { ReferenceBook } from './test/reference-book';
import type { Command, ExecutionReport, LevelChange, RestingOrder } from './types';

const seedArb: fc.Arbitrary<Seed> = fc.tuple(
  fc.integer({ min: 0, max: 0x7fffffff }),
  fc.integer({ min: 0, max: 0xffff }),
  fc.integer({ min: 0, max: 0xffff }),
  fc.integer({ min: 0, max: 0xffff }),
  fc.integer({ min: 0, max: 0xffff }),
);

/** Per-order quantity accounting, in bigint because the flows include quantities near 2^53. */
class Ledger {
  readonly placed = new Map<number, bigint>();
  readonly leftBy = new Map<number, bigint>();
  readonly budgets = new Map<number, bigint>();
  readonly spent = new Map<number, bigint>();

  record(command: Command, report: ExecutionReport): void {
    if (report.accepted && command.kind === 'place') {
      if (command.quoteQty === undefined) this.placed.set(command.id, BigInt(command.qty));
      else this.budgets.set(command.id, BigInt(command.quoteQty) * 10n ** BigInt(TEST_SPEC.qtyScale));
    }
    if (report.accepted && command.kind === 'restore') this.placed.set(command.id, BigInt(command.qty));
    for (const fill of report.fills) {
      this.leave(fill.makerId, fill.qty);
      this.leave(fill.takerId, fill.qty);
      this.spent.set(fill.takerId, (this.spent.get(fill.takerId) ?? 0n) + fill.quote);
    }
    for (const removed of report.stpRemoved) this.leave(removed.id, removed.qty);
    this.leave(report.orderId, report.expiredQty + report.cancelledQty);
  }

  private leave(id: number, qty: number): void {
    if (qty !== 0) this.leftBy.set(id, (this.leftBy.get(id) ?? 0n) + BigInt(qty));
  }
}

/** A plain assertion: vitest's `expect` costs microseconds a call, too much inside a 60,000-command loop. */
function check(condition: boolean, what: string, command: Command, report: ExecutionReport): void {
  if (!condition) expect({ violated: what, command, report }).toBeUndefined();
}

/** What a trader can check on every report, independent of any reference. */
function checkReport(command: Command, report: ExecutionReport): void {
  const step = TEST_SPEC.stepSize;
  const valid = (q: number): boolean => Number.isSafeInteger(q) && q >= 0 && q % step === 0;
  const quantities = [report.filledQty, report.restingQty, report.expiredQty, report.cancelledQty];
  check(quantities.every(valid), 'quantities are whole steps', command, report);
  if (!report.accepted) {
    check(report.fills.length === 0 && report.stpRemoved.length === 0, 'a rejection changes nothing', command, report);
    return;
  }
  let filled = 0;
  for (const fill of report.fills) {
    check(valid(fill.qty) && fill.qty > 0, 'fills are positive whole steps', command, report);
    check(fill.quote === BigInt(fill.price) * BigInt(fill.qty), 'quote is price × qty', command, report);
    check(fill.makerSide !== fill.takerSide, 'maker and taker are on opposite sides', command, report);
    // Never worse than the taker's limit (the report's price is the limit for priced orders and moves).
    const withinLimit = fill.takerSide === 'buy' ? fill.price <= report.price : fill.price >= report.price;
    check(report.price === 0 || withinLimit, 'fills respect the limit price', command, report);
    filled += fill.qty;
  }
  check(filled === report.filledQty, 'filledQty is the sum of fills', command, report);
  if (command.kind === 'place' && command.quoteQty === undefined && command.type !== 'market') {
    const accounted = report.filledQty + report.restingQty + report.expiredQty === command.qty;
    check(accounted, 'a new order is filled, resting or expired', command, report);
  }
}

function checkConservation(ledger: Ledger, resting: readonly RestingOrder[]): void {
  const open = new Map(resting.map((o) => [o.id, BigInt(o.qty)]));
  for (const [id, qty] of ledger.placed) {
    // Everything that came in left by a fill, an expiry, a cancel or an STP removal, or is still resting.
    expect((ledger.leftBy.get(id) ?? 0n) + (open.get(id) ?? 0n)).toBe(qty);
  }
  for (const [id, budget] of ledger.budgets) expect(ledger.spent.get(id) ?? 0n).toBeLessThanOrEqual(budget);
  for (const o of resting) expect(o.qty > 0 && o.qty % TEST_SPEC.stepSize === 0).toBe(true);
}

function aggregate(orders: readonly RestingOrder[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const o of orders) out.set(`${o.side}:${o.price}`, (out.get(`${o.side}:${o.price}`) ?? 0) + o.qty);
  return out;
}

function applyDiff(mirror: Map<string, number>, changes: readonly LevelChange[]): void {
  for (const c of changes) {
    if (c.qty === 0) mirror.delete(`${c.side}:${c.price}`);
    else mirror.set(`${c.side}:${c.price}`, c.qty);
  }
}

/**
 * Runs one flow through the engine and the reference side by side, checking after every command that the reports
 * are identical, and at the end that the books, the depth diffs and the quantity accounting agree.
 */
function runFlow(
  seeds: Iterable<Seed>,
  spread?: number,
): { commands: Command[]; reports: ExecutionReport[]; book: OrderBook } {
  const book = new OrderBook(TEST_SPEC);
  // Without change tracking emptied levels are unlinked at once instead of lingering as ghosts: same results.
  const untracked = new OrderBook(TEST_SPEC, { trackChanges: false });
  const reference = new ReferenceBook(TEST_SPEC);
  const log = new CommandLog();
  const ledger = new Ledger();
  const state = newFlowState(spread);
  const mirror = new Map<string, number>();
  const reports: ExecutionReport[] = [];
  let lastToSeq = 0;
  let n = 0;
  for (const seed of seeds) {
    const command = commandFrom(seed, reference.view(), state);
    const report = copyReport(log.apply(book, command));
    const expected = reference.apply(command);
    if (!deepEqual(report, expected)) expect({ command, report }).toEqual({ command, report: expected });
    const same = copyReport(untracked.apply(command));
    if (!deepEqual(same, expected)) expect({ command, untracked: same }).toEqual({ command, untracked: expected });
    checkReport(command, report);
    ledger.record(command, report);
    reports.push(report);
    if (++n % 7 === 0) {
      const diff = book.drainChangedLevels();
      expect(diff.fromSeq).toBe(lastToSeq + 1);
      lastToSeq = diff.toSeq;
      applyDiff(mirror, diff.changes);
      const actual = aggregate(book.restingOrders());
      if (!deepEqual([...mirror].sort(), [...actual].sort())) expect(mirror).toEqual(actual);
    }
  }
  const resting = book.restingOrders();
  expect(resting).toEqual(reference.restingOrders());
  expect(untracked.restingOrders()).toEqual(resting);
  expect(untracked.depth(1000)).toEqual(book.depth(1000));
  expect(book.size).toBe(resting.length);
  const depth = book.depth(1000);
  const expectedDepth = reference.depth();
  expect(depth.bids.map((l) => [l.price, l.qty])).toEqual(expectedDepth.bids);
  expect(depth.asks.map((l) => [l.price, l.qty])).toEqual(expectedDepth.asks);
  expect(book.bestBid()).toBe(expectedDepth.bids[0]?.[0]);
  expect(book.bestAsk()).toBe(expectedDepth.asks[0]?.[0]);
  checkConservation(ledger, resting);
  return { commands: [...log.commands()], reports, book };
}

describe('matching engine against the reference book', () => {
  it('agrees on every report, the final book, depth diffs and quantity conservation (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(seedArb, { minLength: 1, maxLength: 300, size: 'max' }), (seeds) => {
        runFlow(seeds);
      }),
      { numRuns: 150 },
    );
  });

  it('agrees over a long seeded flow of 60,000 commands', { timeout: 60_000 }, () => {
    const next = prng(20240601);
    const seeds = Array.from({ length: 60_000 }, () => randomSeed(next));
    const { reports } = runFlow(seeds);
    // The flow must actually exercise the paths it claims to.
    const reasons = new Set(reports.map((r) => r.reason));
    for (const reason of [
      'INVALID_PARAMETER',
      'INVALID_PRICE',
      'INVALID_QUANTITY',
      'PRICE_TICK_INVALID',
      'QUANTITY_STEP_INVALID',
      'BELOW_MIN_NOTIONAL',
      'POST_ONLY_WOULD_TAKE',
      'FOK_NOT_FILLED',
      'ORDER_NOT_FOUND',
      'DUPLICATE_ID',
      'QUANTITY_TOO_LARGE',
      'WOULD_CROSS',
    ]) {
      expect(reasons, reason).toContain(reason);
    }
    expect(reports.some((r) => r.stpRemoved.length > 0)).toBe(true);
    expect(reports.some((r) => r.expireReason === 'SELF_TRADE')).toBe(true);
    expect(reports.filter((r) => r.fills.length > 0).length).toBeGreaterThan(5_000);
  });

  it('agrees over a wide book of hundreds of price levels', { timeout: 60_000 }, () => {
    const next = prng(99);
    const seeds = Array.from({ length: 12_000 }, () => randomSeed(next));
    const { book } = runFlow(seeds, 2_000);
    expect(book.levelCount('buy') + book.levelCount('sell')).toBeGreaterThan(150);
  });

  it('replaying the command log reproduces every report and the book (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(seedArb, { minLength: 1, maxLength: 200, size: 'max' }), (seeds) => {
        const original = runFlow(seeds);
        const replayed: ExecutionReport[] = [];
        const book = replay(TEST_SPEC, JSON.parse(JSON.stringify(original.commands)) as Command[], (r) =>
          replayed.push(copyReport(r)),
        );
        expect(replayed).toEqual(original.reports);
        expect(book.restingOrders()).toEqual(original.book.restingOrders());
        expect(book.sequence).toBe(original.book.sequence);
      }),
      { numRuns: 60 },
    );
  });

  it('rebuilding from a snapshot of resting orders gives the same book, which then trades the same', () => {
    const next = prng(7);
    const seeds = Array.from({ length: 3_000 }, () => randomSeed(next));
    const { book } = runFlow(seeds);
    // Latest first: restore must order each level by seq, not by arrival. (The flow's restores reuse small seqs;
    // equal seqs keep arrival order, hence the stable sort.)
    const snapshot = book.restingOrders().sort((a, b) => b.seq - a.seq);
    const rebuilt = new OrderBook(TEST_SPEC, { sequence: book.sequence });
    for (const o of snapshot) expect(rebuilt.restore({ kind: 'restore', ...o }).accepted).toBe(true);
    expect(rebuilt.restingOrders()).toEqual(book.restingOrders());
    const sweep: Command = {
      kind: 'place',
      id: 10 ** 9,
      owner: 99,
      side: 'buy',
      type: 'market',
      price: 0,
      qty: 10 ** 6,
      stp: 'none',
    };
    expect(copyReport(rebuilt.apply(sweep))).toEqual(copyReport(book.apply(sweep)));
  });
});
