import type { JobDefinition } from '../../platform/jobs';

/**
 * What the exchange needs from a blockchain, whatever the chain: addresses for users, the transfers that arrive at
 * them with their confirmations, and sending withdrawals. Amounts are in ledger units (the asset's scale); an
 * adapter for a real chain converts from the chain's own units, rounding incoming amounts down.
 */
export interface ChainTransfer {
  network: string;
  asset: string;
  txHash: string;
  /** Position of this transfer inside its transaction (a Bitcoin output, a token event's log index). */
  index: number;
  to: string;
  amount: bigint;
  /** 0 while in the mempool, then 1 in its block, +1 per later block. */
  confirmations: number;
  failed: boolean;
}

export interface ChainTxStatus {
  confirmations: number;
  /** The transaction was dropped or reverted: it will never move anything. */
  failed: boolean;
}

export interface SendRequest {
  network: string;
  asset: string;
  to: string;
  amount: bigint;
  /** Idempotency key: sending the same reference again returns the first transaction instead of paying twice. */
  reference: string;
}

/** The chain refused a send for good (not a timeout): the withdrawal fails and its funds are released. */
export class ChainSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainSendError';
  }
}

export interface Chain {
  readonly simulated: boolean;
  /** The deposit address of a user on a network, derived deterministically (as from an extended public key). */
  deriveAddress(network: string, uid: number): string;
  /** Transfers seen on a network since `cursor` (null: from the start), mempool included, and the next cursor. */
  scan(network: string, cursor: string | null): Promise<{ transfers: ChainTransfer[]; cursor: string }>;
  /** Confirmations of known transactions; unknown hashes are absent from the answer. */
  status(network: string, txHashes: readonly string[]): Promise<Map<string, ChainTxStatus>>;
  /** Broadcasts a withdrawal from the exchange's hot wallet. Throws ChainSendError when refused for good. */
  send(request: SendRequest): Promise<{ txHash: string }>;
  /** Called after each new block (and other activity worth a look); the chain awaits the listeners. */
  onActivity(listener: () => Promise<void>): void;
  /** What the adapter does on a schedule (the simulator's blocks; a real adapter's polling of its node). */
  jobs(): JobDefinition[];
}

/** A transaction in the simulated chain's mempool; `withdrawal` when the exchange sent it. */
export interface MempoolEntry {
  txHash: string;
  network: string;
  asset: string;
  from: string;
  to: string;
  amount: bigint;
  withdrawal: boolean;
  createdAt: number;
}

/** The extra controls of the simulated chain: operators and tests drive it. */
export interface ChainSimulator extends Chain {
  readonly blockMs: number;
  height(): number;
  /** Mines `blocks` blocks (mempool transactions go into the first) and waits for the listeners. */
  mine(blocks?: number): Promise<void>;
  /** Puts a transfer from an outside address into the mempool; synchronous, so it joins the caller's transaction. */
  injectDeposit(input: { network: string; asset: string; to: string; amount: bigint }): string;
  /** Drops a transaction still in the mempool: it will never be mined. */
  failTransaction(txHash: string): void;
  /** The transactions waiting for the next block, oldest first (at most `limit`). */
  mempool(limit: number): MempoolEntry[];
  /** The next `count` sends are refused by the "node". */
  failNextSends(count: number): void;
  /** Lets the listeners look at the chain now (after an injected deposit). */
  notify(): Promise<void>;
}

export function isSimulator(chain: Chain): chain is ChainSimulator {
  return chain.simulated;
}
