import type { Command, MarketSpec, OrderType, RestingOrder, Side, StpMode } from '../types';

/**
 * Random order flows for the property tests. A flow is a list of small integer tuples ("seeds"); turning a seed
 * into a command looks at the book's resting orders so cancels, moves and reduces mostly hit live orders. Keeping
 * the randomness in plain tuples lets fast-check shrink a failing flow to a handful of commands.
 */

/**
 * tick 5, step 10, 2 + 3 decimals; min notional 0.10 quote (10 price units): price × qty must reach 10 × 10^3, so
 * a single step (10) below a price of 1000 is too small.
 */
export const TEST_SPEC: MarketSpec = { priceScale: 2, qtyScale: 3, tickSize: 5, stepSize: 10, minNotional: 10 };

const MID = 1000;
const SIDES: readonly Side[] = ['buy', 'sell'];
const TYPES: readonly OrderType[] = ['limit', 'limit', 'limit', 'limit', 'ioc', 'fok', 'post_only', 'market'];
const STP: readonly StpMode[] = ['none', 'cancel_taker', 'cancel_maker', 'cancel_both'];

/** [what, a, b, c, d]: `what` picks the command kind, the rest its parameters (each taken modulo its range). */
export type Seed = readonly [number, number, number, number, number];

export interface FlowState {
  nextId: number;
  /** How many ticks of prices the flow uses; wider books have more price levels. */
  spread: number;
  /** The middle price; far enough from 0 that the widest spread stays positive. */
  mid: number;
}

export function newFlowState(spread = 19): FlowState {
  return { nextId: 1, spread, mid: MID + Math.max(0, spread - 19) * TEST_SPEC.tickSize };
}

function pick<T>(items: readonly T[], n: number): T {
  return items[Math.abs(n) % items.length] as T;
}

/**
 * Bids mostly below the middle and asks mostly above, overlapping by a few ticks: roughly one priced order in four
 * crosses, and the book keeps a few hundred orders over a few dozen prices.
 */
function priceFrom(n: number, side: Side, state: FlowState): number {
  const ticks = (Math.abs(n) % state.spread) - 3;
  return state.mid + (side === 'buy' ? -ticks : ticks) * TEST_SPEC.tickSize;
}

function qtyFrom(n: number): number {
  return (1 + (Math.abs(n) % 20)) * TEST_SPEC.stepSize;
}

/** 1 in 12 commands is malformed in one of these ways, to cover every rejection. */
function mangle(command: Command, how: number, resting: readonly RestingOrder[]): Command {
  switch (how % 12) {
    case 0:
      return command.kind === 'place' || command.kind === 'move' ? { ...command, price: command.price + 1 } : command;
    case 1:
      return command.kind === 'place' ? { ...command, qty: command.qty + 3 } : command;
    case 2:
      return command.kind === 'place' ? { ...command, qty: 0 } : command;
    case 3:
      return command.kind === 'place' || command.kind === 'move' ? { ...command, price: -5 } : command;
    case 4:
      return command.kind === 'place' ? { ...command, qty: 2 ** 53 } : command;
    case 5: {
      const victim = resting[0];
      return command.kind === 'place' && victim !== undefined ? { ...command, id: victim.id } : command;
    }
    case 6:
      return command.kind === 'place' ? { ...command, owner: -1 } : command;
    case 7:
      return command.kind === 'reduce' ? { ...command, by: 7 } : command;
    case 8:
      return command.kind === 'place' ? { ...command, qty: 0.5 } : command;
    case 9:
      return command.kind === 'cancel' || command.kind === 'move' ? { ...command, id: 999_999_999 } : command;
    case 10:
      return command.kind === 'place' && command.type !== 'market' ? { ...command, quoteQty: 100 } : command;
    case 11: {
      if ((how >> 4) % 4 !== 0) return command;
      // Valid but huge, resting far from the action: two of these at one price overflow the level total
      // (QUANTITY_TOO_LARGE), and notional checks and fills run beyond 2^53.
      if (command.kind !== 'place' || command.quoteQty !== undefined) return command;
      const price = command.side === 'buy' ? MID - 60 * TEST_SPEC.tickSize : MID + 60 * TEST_SPEC.tickSize;
      return { ...command, type: 'limit', price, qty: 6_000_000_000_000_000 };
    }
    default:
      return command;
  }
}

export function commandFrom(seed: Seed, resting: readonly RestingOrder[], state: FlowState): Command {
  const [what, a, b, c, d] = seed;
  const roll = Math.abs(what) % 100;
  const target = resting.length > 0 ? pick(resting, a) : undefined;
  // Past a few hundred resting orders, most placements turn into cancels, so the book hovers around that size.
  const crowded = resting.length > 300 && Math.abs(what >> 3) % 4 !== 0;
  let command: Command;
  if (target === undefined || (roll < 50 && !crowded)) {
    const type = pick(TYPES, b);
    const side = pick(SIDES, a >> 3);
    const budget = type === 'market' && side === 'buy' && c % 3 === 0;
    command = {
      kind: 'place',
      id: state.nextId++,
      owner: Math.abs(c >> 4) % 4,
      side,
      type,
      // A third of market orders carry a protection price, which may be inside or beyond the book.
      price:
        type === 'market' ? (Math.abs(d >> 9) % 3 === 0 ? priceFrom(d, side, state) : 0) : priceFrom(c, side, state),
      qty: budget ? 0 : qtyFrom(d),
      ...(budget ? { quoteQty: 1 + (Math.abs(d) % 400) } : {}),
      stp: pick(STP, d >> 5),
    };
  } else if (roll < 63) {
    command = { kind: 'cancel', id: target.id };
  } else if (roll < 83) {
    // A huge order moved into the crossing zone would sweep the whole book; leave those where they are.
    const price = target.qty > 1e12 ? target.price : priceFrom(b, target.side, state);
    command = { kind: 'move', id: target.id, price };
  } else if (roll < 93) {
    command = { kind: 'reduce', id: target.id, by: (1 + (Math.abs(b) % 8)) * TEST_SPEC.stepSize };
  } else {
    // Restores are a start-up operation, but mixing a few in checks their validation and their seq ordering.
    const side = pick(SIDES, b);
    command = {
      kind: 'restore',
      id: state.nextId++,
      owner: Math.abs(c) % 4,
      side,
      price: priceFrom(d, side, state) + (side === 'buy' ? -4 : 4) * TEST_SPEC.tickSize,
      qty: qtyFrom(a),
      seq: Math.abs(b) % 50,
      stp: pick(STP, c >> 2),
      postOnly: (d & 1) === 0,
    };
  }
  return Math.abs(what >> 7) % 12 === 0 ? mangle(command, Math.abs(what >> 11), resting) : command;
}

/** mulberry32: a tiny deterministic PRNG for the long seeded runs. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

export function randomSeed(next: () => number): Seed {
  return [next(), next() & 0xffff, next() & 0xffff, next() & 0xffff, next() & 0xffff];
}
