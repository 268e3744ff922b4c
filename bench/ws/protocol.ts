import type { HistogramData } from './histogram';

/** What the coordinator (run.ts) and its client processes (clients.ts) say to each other over the IPC channel. */

export interface ConnectOrder {
  type: 'connect';
  url: string;
  /** This process's clients: client i subscribes to the channels of `symbols[(first + i) % symbols.length]`. */
  first: number;
  count: number;
  symbols: string[];
  /** `spot-depth`, `spot-ticker`, `spot-kline` (1m) per symbol; `ticker` is the all-markets channel. */
  channels: string[];
  /** How many of this process's clients stop reading once subscribed (slow consumers). */
  slow: number;
  /** WebSocket handshakes in flight at once. */
  concurrency: number;
}

export type ToClients = ConnectOrder | { type: 'measure' } | { type: 'report' } | { type: 'close' };

export interface Connected {
  type: 'connected';
  open: number;
  failed: number;
  /** `sub` acknowledgements received. */
  subscribed: number;
  ms: number;
}

export interface Report {
  type: 'report';
  /** Data frames of the subscribed channels received since `measure`, and their bytes. */
  frames: number;
  bytes: number;
  byChannel: Record<string, number>;
  /** Server `ts` → arrival, in ms. */
  latency: HistogramData;
  /**
   * Start of the burst → arrival: from the `ts` of the first frame the same server tick produced (the bots' round
   * commits every market at once, and the hub then fans out one topic after another), in ms.
   */
  sinceBurst: HistogramData;
  /** Depth diffs that did not continue the client's sequence (prevSeq beyond the last seq seen) / old ones. */
  gaps: number;
  stale: number;
  /** Sockets closed since `measure` (by the server: dropped), slow ones counted apart. */
  closed: number;
  slowClosed: number;
  /** This process's CPU time since `measure`, in seconds. */
  cpu: number;
  /** ms the receiving process's event loop was late (its own share of the measured latency), p99 and max. */
  loopDelayP99: number;
  loopDelayMax: number;
}

export type FromClients = Connected | Report;
