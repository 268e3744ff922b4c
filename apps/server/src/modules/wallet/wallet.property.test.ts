import { formatDecimal, type Wallet } from '@bourse/contract';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../db/database';
import { migrateAll } from '../../test/db';
import { OffsetClock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import { Transactions } from '../../lib/tx';
import type { Chain } from '../chain';
import { SimulatedChain } from '../chain';
import { DEFAULT_ASSETS } from '../ledger';
import { LedgerService } from '../ledger';
import { SYSTEM, system, user } from '../ledger';
import { createWalletRepo } from './repo';
import { type WalletAccounts, WalletService, type WalletUser, withdrawalHolder } from './service';

/**
 * Random sequences of deposits, blocks, transfers, flash transfers and withdrawals with approvals, rejections,
 * cancellations and failures, run through the wallet service against an independent model of every balance.
 * After each step: the ledger reconciles (held = deposits credited − withdrawals sent, nothing negative, journal =
 * balances), every user balance equals the model's, and a refused operation changed nothing at all.
 */

const UIDS = [10000001, 10000002, 10000003, 10000004];
const EXTERNAL = { USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' };
type Coin = 'USDT' | 'BTC';
const NETWORK: Record<Coin, string> = { USDT: 'TRC20', BTC: 'BTC' };
// The default settings of these two networks, in ledger units.
const RULES: Record<Coin, { fee: bigint; min: bigint; max: bigint; step: bigint; depositMin: bigint; done: number }> = {
  USDT: { fee: 100000000n, min: 100000000n, max: 100000000000000n, step: 100n, depositMin: 1000000n, done: 2 },
  BTC: { fee: 20000n, min: 100000n, max: 10000000000n, step: 1n, depositMin: 10000n, done: 6 },
};
const WALLETS: Wallet[] = ['spot', 'contract', 'gold'];

class FakeAccounts implements WalletAccounts {
  readonly users = new Map<number, WalletUser>(
    UIDS.map((uid) => [uid, { uid, email: `u${uid}@example.com`, phone: null, nickname: null, status: 'active' }]),
  );
  getUser(uid: number) {
    return this.users.get(uid);
  }
  findByAccount(account: string) {
    return [...this.users.values()].find((u) => u.email === account);
  }
  passwordChangedAt() {
    return null;
  }
  contactChangedAt() {
    return null;
  }
  fundPasswordChangedAt() {
    return null;
  }
  hasFundPassword() {
    return true;
  }
  async verifyFundPassword() {}
  requireSecondFactor() {}
  profile() {
    return { security: { twoFactor: false } };
  }
}

interface World {
  db: Db;
  ledger: LedgerService;
  wallet: WalletService;
  chain: SimulatedChain;
}

function world(): World {
  const db = openDatabase(':memory:');
  migrateAll(db);
  const tx = new Transactions(db);
  const clock = new OffsetClock();
  const log = pino({ level: 'silent' });
  const ledger = new LedgerService(db, tx, clock);
  for (const a of DEFAULT_ASSETS) ledger.upsertAsset(a);
  const chain = new SimulatedChain(db, tx, clock, log, 0);
  const wallet = new WalletService(tx, createWalletRepo(db), ledger, new FakeAccounts(), chain, clock, log);
  wallet.ensureDefaultNetworks();
  return { db, ledger, wallet, chain };
}

// ---- the model ----------------------------------------------------------------------------------------------------

interface ModelWithdrawal {
  uid: number;
  asset: Coin;
  amount: bigint;
  fee: bigint;
  state: 'review' | 'broadcast' | 'done';
  includedAt: number | null;
}

class Model {
  readonly balances = new Map<string, { available: bigint; frozen: bigint }>();
  readonly mempoolDeposits: { uid: number; asset: Coin; amount: bigint }[] = [];
  readonly withdrawals = new Map<number, ModelWithdrawal>();
  height = 0;
  refuseNextSend = false;

  get(uid: number, wallet: Wallet, asset: string) {
    const key = `${uid}:${wallet}:${asset}`;
    let b = this.balances.get(key);
    if (!b) {
      b = { available: 0n, frozen: 0n };
      this.balances.set(key, b);
    }
    return b;
  }

  mine(blocks: number): void {
    const included = this.height + 1;
    this.height += blocks;
    for (const d of this.mempoolDeposits.splice(0)) {
      if (d.amount >= RULES[d.asset].depositMin) this.get(d.uid, 'spot', d.asset).available += d.amount;
    }
    for (const w of this.withdrawals.values()) {
      if (w.state !== 'broadcast') continue;
      w.includedAt ??= included;
      const required = w.asset === 'USDT' ? 2 : 6;
      if (this.height - w.includedAt + 1 >= required) {
        this.get(w.uid, 'spot', w.asset).frozen -= w.amount + w.fee;
        w.state = 'done';
      }
    }
  }

  release(id: number): void {
    const w = this.withdrawals.get(id);
    if (!w) throw new Error('model: no such withdrawal');
    const b = this.get(w.uid, 'spot', w.asset);
    b.frozen -= w.amount + w.fee;
    b.available += w.amount + w.fee;
    w.state = 'done';
  }
}

// ---- operations ---------------------------------------------------------------------------------------------------

type Op =
  | { kind: 'deposit'; uid: number; asset: Coin; amount: bigint }
  | { kind: 'mine'; blocks: number }
  | { kind: 'transfer'; uid: number; asset: Coin; from: Wallet; to: Wallet; amount: bigint }
  | { kind: 'flash'; from: number; to: number; asset: Coin; amount: bigint }
  | { kind: 'withdraw'; uid: number; asset: Coin; amount: bigint }
  | { kind: 'approve' | 'reject' | 'cancel' | 'drop'; pick: number; byOwner: boolean }
  | { kind: 'refuseNextSend' }
  | { kind: 'rescan' }
  | { kind: 'repeatReference'; pick: number };

const uid = fc.constantFrom(...UIDS);
const coin = fc.constantFrom<Coin>('USDT', 'BTC');
const wallet = fc.constantFrom(...WALLETS);
// Mostly amounts a user would type (2 decimals), sometimes anything down to one unit.
const amount = fc.oneof(
  fc.bigInt({ min: 1n, max: 30_000n }).map((n) => n * 1_000_000n),
  fc.bigInt({ min: 1n, max: 30_000_000_000n }),
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('deposit' as const), uid, asset: coin, amount }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('mine' as const), blocks: fc.integer({ min: 1, max: 3 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      uid,
      asset: coin,
      from: wallet,
      to: wallet,
      amount,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('flash' as const), from: uid, to: uid, asset: coin, amount }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), uid, asset: coin, amount }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom('approve' as const, 'reject' as const, 'cancel' as const, 'drop' as const),
      pick: fc.nat(),
      byOwner: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'refuseNextSend' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'rescan' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('repeatReference' as const), pick: fc.nat() }) },
);

function fmt(units: bigint): string {
  return formatDecimal(units, 8);
}

/** Everything a refused operation must leave untouched (the holds included). */
function snapshot(w: World): string {
  const db = w.db;
  const rows = (sql: string) =>
    JSON.stringify(db.prepare(sql).safeIntegers(true).all(), (_k, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : v,
    );
  return [
    rows('SELECT id, available, frozen FROM ledger_accounts ORDER BY id'),
    rows('SELECT COUNT(*) AS n FROM journal_entries'),
    rows('SELECT id, status, confirmations, tx_hash FROM wallet_withdrawals ORDER BY id'),
    rows('SELECT COUNT(*) AS n FROM wallet_transfers'),
    rows('SELECT COUNT(*) AS n FROM wallet_flash_transfers'),
    rows('SELECT id, status FROM wallet_deposits ORDER BY id'),
    JSON.stringify(
      db
        .prepare<[], number>('SELECT id FROM wallet_withdrawals ORDER BY id')
        .pluck()
        .all()
        .map((id) => `${id}:${w.ledger.holdOf(withdrawalHolder(id))?.amount ?? 0n}`),
    ),
  ].join('\n');
}

async function apply(w: World, m: Model, op: Op, opId: number): Promise<void> {
  const ids = [...m.withdrawals.keys()];
  const pickId = (pick: number) => (ids.length === 0 ? 999_999 : (ids[pick % ids.length] as number));
  switch (op.kind) {
    case 'deposit': {
      const address = w.wallet.depositAddress(op.uid, op.asset, NETWORK[op.asset]).address;
      w.chain.injectDeposit({ network: NETWORK[op.asset], asset: op.asset, to: address, amount: op.amount });
      await w.chain.notify();
      m.mempoolDeposits.push({ uid: op.uid, asset: op.asset, amount: op.amount });
      return;
    }
    case 'mine':
      await w.chain.mine(op.blocks);
      m.mine(op.blocks);
      return;
    case 'transfer': {
      w.wallet.transfer(op.uid, { asset: op.asset, from: op.from, to: op.to, amount: fmt(op.amount) });
      m.get(op.uid, op.from, op.asset).available -= op.amount;
      m.get(op.uid, op.to, op.asset).available += op.amount;
      return;
    }
    case 'flash': {
      w.wallet.sendFlash(op.from, { to: String(op.to), asset: op.asset, amount: fmt(op.amount) });
      m.get(op.from, 'spot', op.asset).available -= op.amount;
      m.get(op.to, 'spot', op.asset).available += op.amount;
      return;
    }
    case 'withdraw': {
      const r = w.wallet.submitWithdrawal(op.uid, {
        asset: op.asset,
        network: NETWORK[op.asset],
        address: EXTERNAL[op.asset],
        amount: fmt(op.amount),
      });
      const fee = RULES[op.asset].fee;
      const b = m.get(op.uid, 'spot', op.asset);
      b.available -= op.amount + fee;
      b.frozen += op.amount + fee;
      m.withdrawals.set(r.id, {
        uid: op.uid,
        asset: op.asset,
        amount: op.amount,
        fee,
        state: 'review',
        includedAt: null,
      });
      return;
    }
    case 'approve': {
      const id = pickId(op.pick);
      w.wallet.approveWithdrawal(1, id);
      // Unpriced coins and large amounts need a second operator (maker-checker).
      if (w.wallet.adminWithdrawal(id).approvalsRequired === 2) w.wallet.approveWithdrawal(2, id);
      await w.wallet.sync();
      const mw = m.withdrawals.get(id);
      if (!mw) throw new Error('model: approved an unknown withdrawal');
      if (m.refuseNextSend) {
        m.refuseNextSend = false;
        m.release(id);
      } else mw.state = 'broadcast';
      return;
    }
    case 'reject':
      w.wallet.rejectWithdrawal(1, pickId(op.pick), 'random rejection');
      m.release(pickId(op.pick));
      return;
    case 'cancel': {
      const id = pickId(op.pick);
      const owner = m.withdrawals.get(id)?.uid ?? UIDS[0];
      const caller = op.byOwner ? (owner as number) : (UIDS.find((u) => u !== owner) ?? 0);
      w.wallet.cancelWithdrawal(caller, id);
      m.release(id);
      return;
    }
    case 'drop': {
      const row = w.db
        .prepare<[number], { tx_hash: string | null }>('SELECT tx_hash FROM wallet_withdrawals WHERE id = ?')
        .get(pickId(op.pick));
      if (!row?.tx_hash) throw new DomainError('NOT_FOUND');
      const sim = w.wallet.simulator();
      sim.failTransaction(row.tx_hash);
      await w.wallet.sync();
      m.release(pickId(op.pick));
      return;
    }
    case 'refuseNextSend':
      w.chain.failNextSends(1);
      m.refuseNextSend = true;
      return;
    case 'rescan':
      w.db.prepare('DELETE FROM wallet_chain_cursors').run();
      await w.wallet.sync();
      return;
    case 'repeatReference': {
      const refs = w.db
        .prepare<[], { reference: string }>('SELECT reference FROM journal_entries ORDER BY id')
        .all()
        .map((r) => r.reference);
      const reference = refs.length === 0 ? `none:${opId}` : (refs[op.pick % refs.length] as string);
      if (refs.length === 0) throw new DomainError('ALREADY_HANDLED');
      w.ledger.transfer({
        reference,
        reason: 'wallet.deposit',
        from: system(SYSTEM.hotWallet, 'USDT'),
        to: user(UIDS[0] as number, 'spot', 'USDT'),
        amount: 1n,
      });
      throw new Error(`reference ${reference} posted twice`);
    }
  }
}

function checkModel(w: World, m: Model): void {
  // Every withdrawal on its way holds exactly amount + fee under its own name; a finished one holds nothing.
  for (const [id, mw] of m.withdrawals) {
    const hold = w.ledger.holdOf(withdrawalHolder(id));
    if (mw.state === 'done') expect(hold, `withdrawal ${id}`).toBeNull();
    else expect(hold?.amount, `withdrawal ${id}`).toBe(mw.amount + mw.fee);
  }
  for (const uid of UIDS) {
    for (const b of w.ledger.userBalances(uid)) {
      const expected = m.get(uid, b.wallet, b.asset);
      expect({ available: b.available, frozen: b.frozen }, `${uid} ${b.wallet} ${b.asset}`).toEqual(expected);
    }
  }
  for (const [key, b] of m.balances) {
    if (b.available === 0n && b.frozen === 0n) continue;
    const [u, wal, asset] = key.split(':') as [string, Wallet, string];
    expect(w.ledger.balance(user(Number(u), wal, asset)), key).toEqual(b);
  }
}

describe('chain adapters', () => {
  it('refuses the simulator controls on a real chain with CHAIN_NOT_SIMULATED', async () => {
    const w = world();
    try {
      const real: Chain = {
        simulated: false,
        deriveAddress: (network, uid) => w.chain.deriveAddress(network, uid),
        scan: async () => ({ transfers: [], cursor: '0' }),
        status: async () => new Map(),
        send: async () => ({ txHash: 'x' }),
        onActivity: () => undefined,
        jobs: () => [],
      };
      const wallet = new WalletService(
        new Transactions(w.db),
        createWalletRepo(w.db),
        w.ledger,
        new FakeAccounts(),
        real,
        new OffsetClock(),
        pino({ level: 'silent' }),
      );
      expect(() => wallet.simulator()).toThrow(expect.objectContaining({ key: 'CHAIN_NOT_SIMULATED' }));
      expect(() =>
        wallet.sendTestDeposit({ asset: 'USDT', network: 'TRC20', address: EXTERNAL.USDT, amount: '1' }),
      ).toThrow(expect.objectContaining({ key: 'CHAIN_NOT_SIMULATED' }));
      expect(wallet.chainState()).toEqual({ simulated: false, height: 0, blockMs: 0 });
    } finally {
      w.db.close();
    }
  });
});

describe('wallet invariants under random workloads', () => {
  it('reconciles after every step, matches the model, and refused operations change nothing', async () => {
    let refused = 0;
    let done = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 30, size: 'medium' }), async (ops) => {
        const w = world();
        const m = new Model();
        try {
          let n = 0;
          for (const op of ops) {
            const before = snapshot(w);
            // The model applies the same rules as the service to decide whether an operation must be refused.
            const verdict = expectedVerdict(m, op);
            try {
              await apply(w, m, op, n++);
              expect(verdict, `${op.kind} should have been refused`).toBe('accept');
              done++;
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              expect(verdict, `${op.kind} refused with ${error.key}`).toBe('refuse');
              expect(snapshot(w), `${op.kind} refused but changed something`).toBe(before);
              refused++;
            }
            const report = w.ledger.reconcile();
            expect(report.problems).toEqual([]);
            expect(report.holds).toBe([...m.withdrawals.values()].filter((x) => x.state !== 'done').length);
            checkModel(w, m);
          }
        } finally {
          w.db.close();
        }
      }),
      { numRuns: 1000 },
    );
    // The workload exercises both paths, in earnest.
    expect(done).toBeGreaterThan(4000);
    expect(refused).toBeGreaterThan(4000);
  }, 600_000);
});

/** Whether the wallet must accept or refuse `op` in the model's state (the rules of the RULEBOOK, restated). */
function expectedVerdict(m: Model, op: Op): 'accept' | 'refuse' {
  const ids = [...m.withdrawals.keys()];
  const picked = (pick: number) => (ids.length === 0 ? undefined : m.withdrawals.get(ids[pick % ids.length] as number));
  switch (op.kind) {
    case 'deposit':
    case 'mine':
    case 'refuseNextSend':
    case 'rescan':
      return 'accept';
    case 'transfer': {
      if (op.from === op.to || op.amount <= 0n) return 'refuse';
      return m.get(op.uid, op.from, op.asset).available >= op.amount ? 'accept' : 'refuse';
    }
    case 'flash':
      if (op.from === op.to) return 'refuse';
      return m.get(op.from, 'spot', op.asset).available >= op.amount ? 'accept' : 'refuse';
    case 'withdraw': {
      const r = RULES[op.asset];
      if (op.amount % r.step !== 0n || op.amount < r.min || op.amount > r.max) return 'refuse';
      return m.get(op.uid, 'spot', op.asset).available >= op.amount + r.fee ? 'accept' : 'refuse';
    }
    case 'approve':
    case 'reject':
      return picked(op.pick)?.state === 'review' ? 'accept' : 'refuse';
    case 'cancel':
      return picked(op.pick)?.state === 'review' && op.byOwner ? 'accept' : 'refuse';
    case 'drop': {
      const mw = picked(op.pick);
      // Only a broadcast transaction still in the mempool can be dropped.
      return mw?.state === 'broadcast' && mw.includedAt === null ? 'accept' : 'refuse';
    }
    case 'repeatReference':
      return 'refuse';
  }
}
