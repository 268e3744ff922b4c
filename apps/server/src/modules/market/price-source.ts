import { formatDecimal, parseDecimal } from '@bourse/contract';
import type { JobDefinition } from '../../platform/jobs';

/**
 * Index prices are bigint in units of 10^-INDEX_SCALE of the quote asset, whatever the market's own tick: the
 * consumers (market makers, options, contracts) round to their own precision.
 */
export const INDEX_SCALE = 8;

export interface IndexPrice {
  symbol: string;
  /** Units of 10^-INDEX_SCALE quote. */
  price: bigint;
  ts: number;
}

export type IndexListener = (updates: readonly IndexPrice[]) => void;

/**
 * Where each market's index price comes from. The default is the seeded simulator; `ccxt` reads a real
 * exchange's public tickers. Consumers read `price(symbol)` or subscribe to updates.
 */
export interface PriceSource {
  readonly name: string;
  /** The markets to price (called at start and whenever the market list changes). */
  track(symbols: readonly string[]): void;
  /** The newest index price, or null before the first one is known. */
  price(symbol: string): IndexPrice | null;
  /** Called with every batch of changed prices; returns the unsubscribe function. */
  subscribe(listener: IndexListener): () => void;
  /** How the source moves in time (the simulator's steps, the ccxt poll), run by the scheduler: it has no timers. */
  jobs(): JobDefinition[];
  /** Begins telling listeners. */
  start(): void;
  /** No listener is called afterwards. */
  stop(): void;
}

export function formatIndex(price: bigint): string {
  return formatDecimal(price, INDEX_SCALE);
}

export function parseIndex(value: string): bigint {
  return parseDecimal(value, INDEX_SCALE);
}

/** Listener bookkeeping shared by the sources. */
export class IndexListeners {
  private readonly listeners = new Set<IndexListener>();

  add(listener: IndexListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(updates: readonly IndexPrice[], onError: (error: unknown) => void): void {
    if (updates.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(updates);
      } catch (error) {
        onError(error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
