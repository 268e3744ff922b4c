import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { JobDefinition } from '../../platform/jobs';
import { base58Encode, canonicalAddress, encodeAddress, isValidAddress } from './addresses';
import {
  type ChainSimulator,
  ChainSendError,
  type ChainTransfer,
  type ChainTxStatus,
  type MempoolEntry,
  type SendRequest,
} from './chain';
import { networkSpec } from './networks';

/** A row read with safe integers (amounts can exceed 2^53). */
interface TxRow {
  id: bigint;
  network: string;
  asset: string;
  hash: string;
  to_address: string;
  amount: bigint;
  block_height: bigint | null;
  failed: bigint;
}

interface TxStatusRow {
  network: string;
  block_height: number | null;
  failed: number;
}

/**
 * A blockchain inside the server, so a fresh install can deposit and withdraw without a node: every simulated
 * network shares one block height; a block every `blockMs` (the scheduler's `chain.blocks` job; 0: only when told,
 * as in tests); transactions wait in the mempool until the next block. Operators send test deposits to any address;
 * tests mine blocks and make sends or mempool transactions fail. State lives in the database, so a restart changes
 * nothing.
 */
export class SimulatedChain implements ChainSimulator {
  readonly simulated = true;
  private readonly listeners: (() => Promise<void>)[] = [];
  private mining: Promise<void> | null = null;
  private refuseSends = 0;
  private readonly q;

  constructor(
    db: Db,
    private readonly tx: Transactions,
    private readonly clock: Clock,
    private readonly log: Logger,
    readonly blockMs: number,
  ) {
    this.q = {
      height: db.prepare<[], { height: number }>('SELECT height FROM sim_chain_state WHERE id = 1'),
      advance: db.prepare('UPDATE sim_chain_state SET height = height + ? WHERE id = 1'),
      include: db.prepare('UPDATE sim_chain_txs SET block_height = ? WHERE block_height IS NULL AND failed = 0'),
      insert: db.prepare(
        `INSERT INTO sim_chain_txs (network, asset, hash, from_address, to_address, amount, reference, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      byReference: db.prepare<[string], { hash: string }>('SELECT hash FROM sim_chain_txs WHERE reference = ?'),
      byHash: db.prepare<[string], TxStatusRow>(
        'SELECT network, block_height, failed FROM sim_chain_txs WHERE hash = ?',
      ),
      since: db
        .prepare<[string, number], TxRow>('SELECT * FROM sim_chain_txs WHERE network = ? AND id > ? ORDER BY id')
        .safeIntegers(true),
      fail: db.prepare('UPDATE sim_chain_txs SET failed = 1 WHERE hash = ? AND block_height IS NULL'),
      mempool: db
        .prepare<
          [number],
          {
            network: string;
            asset: string;
            hash: string;
            from_address: string;
            to_address: string;
            amount: bigint;
            reference: string | null;
            created_at: bigint;
          }
        >(
          `SELECT network, asset, hash, from_address, to_address, amount, reference, created_at FROM sim_chain_txs
           WHERE block_height IS NULL AND failed = 0 ORDER BY id LIMIT ?`,
        )
        .safeIntegers(true),
    };
  }

  // ---- Chain ----------------------------------------------------------------------------------------------------

  deriveAddress(network: string, uid: number): string {
    const spec = this.spec(network);
    const material = createHash('sha256').update(`bourse-sim:${spec.code}:${uid}`).digest();
    return encodeAddress(spec.addressFormat, material);
  }

  async scan(network: string, cursor: string | null): Promise<{ transfers: ChainTransfer[]; cursor: string }> {
    const after = cursor === null ? 0 : Number(cursor);
    const height = this.height();
    const rows = this.q.since.all(network, after);
    const transfers = rows.map((row) => ({
      network: row.network,
      asset: row.asset,
      txHash: row.hash,
      index: 0,
      to: row.to_address,
      amount: row.amount,
      ...this.statusOf(row, height),
    }));
    const last = rows.at(-1);
    return { transfers, cursor: String(last ? Number(last.id) : after) };
  }

  async status(network: string, txHashes: readonly string[]): Promise<Map<string, ChainTxStatus>> {
    const height = this.height();
    const out = new Map<string, ChainTxStatus>();
    for (const hash of txHashes) {
      const row = this.q.byHash.get(hash);
      if (row && row.network === network) out.set(hash, this.statusOf(row, height));
    }
    return out;
  }

  async send(request: SendRequest): Promise<{ txHash: string }> {
    const spec = this.spec(request.network);
    if (!isValidAddress(spec.addressFormat, request.to)) throw new ChainSendError('invalid address');
    return this.tx.run(() => {
      const existing = this.q.byReference.get(request.reference);
      if (existing) return { txHash: existing.hash };
      if (this.refuseSends > 0) {
        this.refuseSends--;
        throw new ChainSendError('the node refused the transaction');
      }
      const txHash = this.newHash(request.network);
      this.q.insert.run(
        request.network,
        request.asset,
        txHash,
        this.deriveAddress(request.network, 0),
        canonicalAddress(spec.addressFormat, request.to),
        request.amount,
        request.reference,
        this.clock.now(),
      );
      return { txHash };
    });
  }

  onActivity(listener: () => Promise<void>): void {
    this.listeners.push(listener);
  }

  /**
   * The chain's time rule: a block every `blockMs` (none when 0), one per slot of the scheduler's `chain.blocks` job.
   * After downtime one block is made, not one per missed slot: confirmations count blocks, and a chain that was
   * down did not produce any.
   */
  jobs(): JobDefinition[] {
    if (this.blockMs <= 0) return [];
    return [
      {
        name: 'blocks',
        description: 'Simulated chain: mine the next block (mempool transactions go in), then let the wallet sync',
        everyMs: this.blockMs,
        catchUp: 'latest',
        // The block and the slot's record commit together; the wallet's sync follows the commit.
        runAsync: (slot) => this.mine(1, (write) => slot.commit(write)),
      },
    ];
  }

  // ---- simulator controls -------------------------------------------------------------------------------------

  height(): number {
    return this.q.height.get()?.height ?? 0;
  }

  /**
   * Mines `blocks` blocks after any mining in progress, then waits for the listeners. `commit` runs the block's
   * writes in a transaction of the caller's (the scheduler's, with its slot record); a plain one by default.
   */
  async mine(blocks = 1, commit: (write: () => void) => void = (write) => this.tx.run(write)): Promise<void> {
    if (!Number.isInteger(blocks) || blocks < 1) throw new RangeError('blocks must be a positive integer');
    const run = async () => {
      commit(() => {
        const next = this.height() + 1;
        this.q.include.run(next);
        this.q.advance.run(blocks);
      });
      this.log.debug({ height: this.height() }, 'simulated block mined');
      await this.notify();
    };
    const previous = this.mining ?? Promise.resolve();
    const current = previous.then(run, run);
    this.mining = current;
    try {
      await current;
    } finally {
      if (this.mining === current) this.mining = null;
    }
  }

  injectDeposit(input: { network: string; asset: string; to: string; amount: bigint }): string {
    const spec = this.spec(input.network);
    if (!isValidAddress(spec.addressFormat, input.to)) throw new DomainError('WRONG_ADDRESS');
    if (input.amount <= 0n) throw new DomainError('AMOUNT_INVALID');
    const txHash = this.newHash(input.network);
    const from = encodeAddress(spec.addressFormat, randomBytes(32));
    this.tx.run(() =>
      this.q.insert.run(
        input.network,
        input.asset,
        txHash,
        from,
        canonicalAddress(spec.addressFormat, input.to),
        input.amount,
        null,
        this.clock.now(),
      ),
    );
    return txHash;
  }

  failTransaction(txHash: string): void {
    const row = this.q.byHash.get(txHash);
    if (!row) throw new DomainError('NOT_FOUND');
    if (row.block_height !== null) throw new DomainError('TRANSACTION_ALREADY_MINED');
    if (row.failed === 1) throw new DomainError('ALREADY_HANDLED');
    this.tx.run(() => this.q.fail.run(txHash));
  }

  mempool(limit: number): MempoolEntry[] {
    return this.q.mempool.all(limit).map((r) => ({
      txHash: r.hash,
      network: r.network,
      asset: r.asset,
      from: r.from_address,
      to: r.to_address,
      amount: r.amount,
      withdrawal: r.reference !== null,
      createdAt: Number(r.created_at),
    }));
  }

  failNextSends(count: number): void {
    this.refuseSends = count;
  }

  async notify(): Promise<void> {
    for (const listener of this.listeners) await listener();
  }

  // ---- helpers ------------------------------------------------------------------------------------------------

  private spec(network: string) {
    const spec = networkSpec(network);
    if (!spec) throw new DomainError('INVALID_PARAMS', { detail: `network ${network}` });
    return spec;
  }

  private statusOf(row: { block_height: number | bigint | null; failed: number | bigint }, height: number) {
    const failed = Number(row.failed) === 1;
    const confirmations = row.block_height === null || failed ? 0 : height - Number(row.block_height) + 1;
    return { confirmations, failed };
  }

  /** Transaction ids in each network's own notation. */
  private newHash(network: string): string {
    const bytes = randomBytes(32);
    switch (this.spec(network).addressFormat) {
      case 'evm':
        return `0x${bytes.toString('hex')}`;
      case 'solana':
        return base58Encode(randomBytes(64));
      case 'xrp':
        return bytes.toString('hex').toUpperCase();
      default:
        return bytes.toString('hex');
    }
  }
}
