import { OrderBook, type OrderBookOptions } from './book';
import type { Command, ExecutionReport, MarketSpec } from './types';

/**
 * The commands applied to a book, in order. Because the book is deterministic, the log is the book: replaying it on
 * a fresh book with the same market spec reproduces every report and the final state. Commands are plain JSON
 * values, so the log serialises as an array.
 *
 * Rejected commands are kept too: they take a sequence number, and replay must hand out the same numbers.
 */
export class CommandLog {
  private readonly entries: Command[] = [];

  get length(): number {
    return this.entries.length;
  }

  /** Records the command, then applies it. */
  apply(book: OrderBook, command: Command): ExecutionReport {
    this.entries.push(command);
    return book.apply(command);
  }

  commands(): readonly Command[] {
    return this.entries;
  }

  toJSON(): Command[] {
    return this.entries.slice();
  }
}

/**
 * Applies `commands` to a fresh book and returns it. `onReport` sees each report while it is valid (copy it to keep
 * it, see `copyReport`).
 */
export function replay(
  spec: MarketSpec,
  commands: Iterable<Command>,
  onReport?: (report: ExecutionReport, command: Command) => void,
  options?: OrderBookOptions,
): OrderBook {
  const book = new OrderBook(spec, options);
  for (const command of commands) {
    const report = book.apply(command);
    onReport?.(report, command);
  }
  return book;
}
