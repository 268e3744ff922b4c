import type { CommandKind, ExecutionReport, ExpireReason, Fill, RejectReason, RemovedOrder, Side } from './types';

/** A pooled fill. `quote` is computed on read, so a caller that does not settle from it pays nothing for it. */
export class FillRecord implements Fill {
  makerId = 0;
  makerOwner = 0;
  takerId = 0;
  takerOwner = 0;
  takerSide: Side = 'buy';
  price = 0;
  qty = 0;
  makerRemaining = 0;

  get makerSide(): Side {
    return this.takerSide === 'buy' ? 'sell' : 'buy';
  }

  get quote(): bigint {
    return BigInt(this.price) * BigInt(this.qty);
  }
}

export class RemovedRecord implements RemovedOrder {
  id = 0;
  owner = 0;
  side: Side = 'buy';
  price = 0;
  qty = 0;
}

/**
 * The book's one mutable report. Fill and removal records come from pools that grow to the largest command seen,
 * so a steady flow allocates nothing per command.
 */
export class MutableReport implements ExecutionReport {
  seq = 0;
  command: CommandKind = 'place';
  accepted = false;
  reason: RejectReason | null = null;
  orderId = 0;
  owner = 0;
  side: Side = 'buy';
  price = 0;
  filledQty = 0;
  restingQty = 0;
  expiredQty = 0;
  expireReason: ExpireReason | null = null;
  cancelledQty = 0;
  readonly fills: FillRecord[] = [];
  readonly stpRemoved: RemovedRecord[] = [];
  private readonly fillPool: FillRecord[] = [];
  private readonly removedPool: RemovedRecord[] = [];

  reset(seq: number, command: CommandKind, orderId: number): void {
    this.seq = seq;
    this.command = command;
    this.accepted = true;
    this.reason = null;
    this.orderId = orderId;
    this.owner = 0;
    this.side = 'buy';
    this.price = 0;
    this.filledQty = 0;
    this.restingQty = 0;
    this.expiredQty = 0;
    this.expireReason = null;
    this.cancelledQty = 0;
    // pop() keeps the arrays' storage; `length = 0` would free it and the next push would allocate again.
    while (this.fills.length !== 0) this.fills.pop();
    while (this.stpRemoved.length !== 0) this.stpRemoved.pop();
  }

  reject(reason: RejectReason): this {
    this.accepted = false;
    this.reason = reason;
    return this;
  }

  nextFill(): FillRecord {
    const i = this.fills.length;
    let fill = this.fillPool[i];
    if (fill === undefined) {
      fill = new FillRecord();
      this.fillPool.push(fill);
    }
    this.fills.push(fill);
    return fill;
  }

  nextRemoved(): RemovedRecord {
    const i = this.stpRemoved.length;
    let removed = this.removedPool[i];
    if (removed === undefined) {
      removed = new RemovedRecord();
      this.removedPool.push(removed);
    }
    this.stpRemoved.push(removed);
    return removed;
  }
}

/** A plain, immutable-by-convention copy of a report, safe to keep after the next command. */
export function copyReport(report: ExecutionReport): ExecutionReport {
  return {
    seq: report.seq,
    command: report.command,
    accepted: report.accepted,
    reason: report.reason,
    orderId: report.orderId,
    owner: report.owner,
    side: report.side,
    price: report.price,
    filledQty: report.filledQty,
    restingQty: report.restingQty,
    expiredQty: report.expiredQty,
    expireReason: report.expireReason,
    cancelledQty: report.cancelledQty,
    fills: report.fills.map(copyFill),
    stpRemoved: report.stpRemoved.map((r) => ({ id: r.id, owner: r.owner, side: r.side, price: r.price, qty: r.qty })),
  };
}

export function copyFill(fill: Fill): Fill {
  return {
    makerId: fill.makerId,
    makerOwner: fill.makerOwner,
    takerId: fill.takerId,
    takerOwner: fill.takerOwner,
    takerSide: fill.takerSide,
    makerSide: fill.makerSide,
    price: fill.price,
    qty: fill.qty,
    quote: fill.quote,
    makerRemaining: fill.makerRemaining,
  };
}
