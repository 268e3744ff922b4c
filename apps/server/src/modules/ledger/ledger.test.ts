import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { systemClock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import { Transactions } from '../../lib/tx';
import { tempDatabase } from '../../test/db';
import { DEFAULT_ASSETS } from './assets';
import { type ExternalFlows, reconcile } from './reconcile';
import { LedgerService } from './service';
import { type AccountRef, type Leg, SYSTEM, system, user } from './types';

let db: Db;
let dispose: () => void;
let ledger: LedgerService;
let tx: Transactions;

beforeEach(() => {
  ({ db, dispose } = tempDatabase());
  tx = new Transactions(db);
  ledger = new LedgerService(db, tx, systemClock);
  for (const a of DEFAULT_ASSETS) ledger.upsertAsset(a);
});
afterEach(() => dispose());

const hot = (asset: string): AccountRef => system(SYSTEM.hotWallet, asset);

/** Flows as the wallet would record them, in a table the reconciliation queries read. */
const TEST_FLOWS: ExternalFlows = {
  deposited: "SELECT SUM(amount) AS total FROM test_flows WHERE asset = ? AND kind = 'deposited'",
  withdrawn: "SELECT SUM(amount) AS total FROM test_flows WHERE asset = ? AND kind = 'withdrawn'",
};

function reconcileWith(flows: { deposited: Map<string, bigint>; withdrawn: Map<string, bigint> }) {
  db.exec('CREATE TABLE IF NOT EXISTS test_flows (asset TEXT, kind TEXT, amount INTEGER); DELETE FROM test_flows');
  const insert = db.prepare('INSERT INTO test_flows VALUES (?, ?, ?)');
  for (const [asset, amount] of flows.deposited) insert.run(asset, 'deposited', amount);
  for (const [asset, amount] of flows.withdrawn) insert.run(asset, 'withdrawn', amount);
  return reconcile(db, TEST_FLOWS);
}

function deposit(
  uid: number,
  asset: string,
  amount: bigint,
  reference = `dep:${uid}:${asset}:${amount}:${Math.random()}`,
) {
  return ledger.transfer({ reference, reason: 'deposit', from: hot(asset), to: user(uid, 'spot', asset), amount });
}

function expectKey(fn: () => unknown, key: string) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).key).toBe(key);
    return;
  }
  throw new Error(`expected ${key}`);
}

describe('ledger postings', () => {
  it('moves money in balanced entries and keeps the hot wallet as the mirror of deposits', () => {
    deposit(1, 'USDT', 1_000_00000000n);
    ledger.transfer({
      reference: 't1',
      reason: 'transfer',
      from: user(1, 'spot', 'USDT'),
      to: user(1, 'contract', 'USDT'),
      amount: 250_00000000n,
    });
    expect(ledger.balance(user(1, 'spot', 'USDT'))).toEqual({ available: 750_00000000n, frozen: 0n });
    expect(ledger.balance(user(1, 'contract', 'USDT'))).toEqual({ available: 250_00000000n, frozen: 0n });
    expect(ledger.balance(hot('USDT')).available).toBe(-1_000_00000000n);
    const report = reconcileWith({ deposited: new Map([['USDT', 1_000_00000000n]]), withdrawn: new Map() });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('tells whether a user ever moved money for a reason', () => {
    expect(ledger.userHasReason(4, 'wallet.deposit')).toBe(false);
    ledger.transfer({
      reference: 'd4',
      reason: 'wallet.deposit',
      from: hot('USDT'),
      to: user(4, 'spot', 'USDT'),
      amount: 10n,
    });
    expect(ledger.userHasReason(4, 'wallet.deposit')).toBe(true);
    expect(ledger.userHasReason(4, 'wallet')).toBe(true);
    expect(ledger.userHasReason(4, 'spot.trade')).toBe(false);
  });

  it('refuses the same reference twice without effect', () => {
    deposit(1, 'BTC', 5n, 'dep-once');
    expectKey(() => deposit(1, 'BTC', 5n, 'dep-once'), 'ALREADY_HANDLED');
    expect(ledger.balance(user(1, 'spot', 'BTC')).available).toBe(5n);
  });

  it('takes a reference vouched fresh without searching the journal; a duplicate still fails the write and changes nothing', () => {
    const vouched = (reference: string, amount: bigint) =>
      ledger.post({
        reference,
        reason: 'wallet.deposit',
        fresh: true,
        legs: [
          { account: hot('BTC'), amount: -amount },
          { account: user(1, 'spot', 'BTC'), amount },
        ],
      });
    deposit(1, 'BTC', 5n, 'dep-vouched');
    const before = ledger.balance(user(1, 'spot', 'BTC'));
    const entries = () => db.prepare('SELECT COUNT(*) FROM journal_entries').pluck().get();
    const count = entries();
    expect(() => vouched('dep-vouched', 5n)).toThrow(/UNIQUE/);
    expect(ledger.balance(user(1, 'spot', 'BTC'))).toEqual(before);
    expect(entries()).toBe(count);
    // Within one transaction the pending references are still checked in memory.
    tx.run(() => {
      deposit(1, 'BTC', 1n, 'dep-vouched-2');
      expectKey(() => vouched('dep-vouched-2', 1n), 'ALREADY_HANDLED');
    });
    expect(ledger.balance(user(1, 'spot', 'BTC')).available).toBe(before.available + 1n);
  });

  it('refuses a reference used earlier in the same transaction, before its row is written', () => {
    tx.run(() => {
      deposit(1, 'BTC', 5n, 'dep-twice');
      expect(ledger.hasReference('dep-twice')).toBe(true);
      expectKey(() => deposit(1, 'BTC', 5n, 'dep-twice'), 'ALREADY_HANDLED');
      // A posting undone with its savepoint frees its reference again.
      expect(() =>
        tx.run(() => {
          deposit(2, 'BTC', 1n, 'dep-undone');
          throw new Error('undone');
        }),
      ).toThrow('undone');
      expect(ledger.hasReference('dep-undone')).toBe(false);
      deposit(2, 'BTC', 2n, 'dep-undone');
    });
    const rows = db
      .prepare("SELECT id, reference FROM journal_entries WHERE reference LIKE 'dep-%' ORDER BY id")
      .all() as { id: number; reference: string }[];
    expect(rows.map((r) => r.reference)).toEqual(['dep-twice', 'dep-undone']);
    expect(ledger.balance(user(2, 'spot', 'BTC')).available).toBe(2n);
    expect(reconcile(db).problems).toEqual([]);
  });

  it('refuses to take a balance below zero, and a refused posting leaves no leg behind', () => {
    deposit(1, 'USDT', 100n);
    const before = db.prepare('SELECT COUNT(*) AS n FROM journal_legs').get();
    expectKey(
      () =>
        ledger.post({
          reference: 'two-legs',
          reason: 'test',
          legs: [
            { account: user(2, 'spot', 'USDT'), amount: 50n },
            { account: user(1, 'spot', 'USDT'), amount: -50n },
            { account: user(3, 'spot', 'USDT'), amount: 60n },
            { account: user(1, 'spot', 'USDT'), amount: -60n },
          ],
        }),
      'INSUFFICIENT_BALANCE',
    );
    expect(db.prepare('SELECT COUNT(*) AS n FROM journal_legs').get()).toEqual(before);
    expect(ledger.balance(user(1, 'spot', 'USDT')).available).toBe(100n);
    expect(ledger.balance(user(2, 'spot', 'USDT')).available).toBe(0n);
    expect(ledger.hasReference('two-legs')).toBe(false);
  });

  it('refuses an entry that does not balance', () => {
    expect(() =>
      ledger.post({ reference: 'x', reason: 'test', legs: [{ account: user(1, 'spot', 'USDT'), amount: 5n }] }),
    ).toThrow(/does not balance/);
  });

  it('holds, releases and settles out of a hold, and never beyond what the holder holds', () => {
    deposit(1, 'USDT', 1000n);
    const account = user(1, 'spot', 'USDT');
    ledger.hold({ reference: 'f', reason: 'order', account, holder: 'order:1', amount: 600n });
    expect(ledger.balance(account)).toEqual({ available: 400n, frozen: 600n });
    expect(ledger.holdOf('order:1')).toMatchObject({ account, amount: 600n });
    expectKey(
      () => ledger.hold({ reference: 'f2', reason: 'order', account, holder: 'order:2', amount: 401n }),
      'INSUFFICIENT_BALANCE',
    );
    ledger.hold({ reference: 'f3', reason: 'order', account, holder: 'order:3', amount: 50n });
    ledger.settle({
      reference: 's',
      reason: 'trade',
      holder: 'order:1',
      to: [
        { account: user(2, 'spot', 'USDT'), amount: 495n },
        { account: system(SYSTEM.fees, 'USDT'), amount: 5n },
      ],
    });
    // order:1 holds 100 now: more than that is refused although the account's frozen bucket has 150.
    expectKey(
      () => ledger.release({ reference: 'u0', reason: 'cancel', holder: 'order:1', amount: 101n }),
      'INSUFFICIENT_BALANCE',
    );
    expectKey(
      () =>
        ledger.settle({
          reference: 's2',
          reason: 'trade',
          holder: 'order:1',
          to: [{ account: user(2, 'spot', 'USDT'), amount: 101n }],
        }),
      'INSUFFICIENT_BALANCE',
    );
    ledger.release({ reference: 'u', reason: 'cancel', holder: 'order:1' });
    expect(ledger.holdOf('order:1')).toBeNull();
    expect(ledger.holdsOf(account).map((h) => [h.holder, h.amount])).toEqual([['order:3', 50n]]);
    expect(ledger.balance(account)).toEqual({ available: 450n, frozen: 50n });
    expect(ledger.balance(user(2, 'spot', 'USDT')).available).toBe(495n);
    expect(ledger.balance(system(SYSTEM.fees, 'USDT')).available).toBe(5n);
    expectKey(
      () => ledger.release({ reference: 'u2', reason: 'cancel', holder: 'order:1', amount: 1n }),
      'INSUFFICIENT_BALANCE',
    );
    const report = reconcile(db);
    expect(report.problems).toEqual([]);
    expect(report.holds).toBe(1);
  });

  it('names the holder of every frozen unit: a frozen leg without one, or one holder on two accounts, is refused', () => {
    deposit(1, 'USDT', 1000n);
    deposit(2, 'USDT', 1000n);
    expect(() =>
      ledger.post({
        reference: 'anon',
        reason: 'test',
        legs: [
          { account: user(1, 'spot', 'USDT'), amount: -5n },
          { account: user(1, 'spot', 'USDT'), bucket: 'frozen', amount: 5n },
        ],
      }),
    ).toThrow(/without a holder/);
    ledger.hold({ reference: 'h1', reason: 'order', account: user(1, 'spot', 'USDT'), holder: 'escrow:9', amount: 5n });
    expect(() =>
      ledger.hold({
        reference: 'h2',
        reason: 'order',
        account: user(2, 'spot', 'USDT'),
        holder: 'escrow:9',
        amount: 5n,
      }),
    ).toThrow(/another account/);
    // The same holder may hold more on its own account.
    ledger.hold({ reference: 'h3', reason: 'order', account: user(1, 'spot', 'USDT'), holder: 'escrow:9', amount: 7n });
    expect(ledger.holdOf('escrow:9')?.amount).toBe(12n);
    expect(reconcile(db).problems).toEqual([]);
  });

  it('refuses a balance that would overflow 64 bits instead of storing a float', () => {
    const big = 2n ** 62n;
    deposit(1, 'ETH', big);
    expect(() => deposit(1, 'ETH', big)).toThrow();
    expect(ledger.balance(user(1, 'spot', 'ETH')).available).toBe(big);
    expect(reconcile(db).ok).toBe(true);
  });

  it('never confuses an account first touched in a rolled-back transaction with a later one', () => {
    expect(() =>
      tx.run(() =>
        ledger.hold({
          reference: 'x',
          reason: 'order',
          account: user(9, 'spot', 'BTC'),
          holder: 'order:9',
          amount: 1n,
        }),
      ),
    ).toThrow();
    // The rolled-back row's id is free again; a different account takes it.
    deposit(8, 'ETH', 70n);
    deposit(9, 'BTC', 5n);
    expect(ledger.balance(user(8, 'spot', 'ETH')).available).toBe(70n);
    expect(ledger.balance(user(9, 'spot', 'BTC')).available).toBe(5n);
    expect(reconcile(db).ok).toBe(true);
  });

  it('reads a balance without creating the account', () => {
    const count = () => (db.prepare('SELECT COUNT(*) AS n FROM ledger_accounts').get() as { n: number }).n;
    const before = count();
    expect(ledger.balance(user(77, 'gold', 'BTC'))).toEqual({ available: 0n, frozen: 0n });
    expect(ledger.balance(system('never_seen', 'BTC'))).toEqual({ available: 0n, frozen: 0n });
    expect(count()).toBe(before);
  });

  it('reconciles in a worker thread on a snapshot, with the same verdict', async () => {
    deposit(1, 'USDT', 1000n);
    ledger.useExternalFlows(TEST_FLOWS);
    db.exec(
      "CREATE TABLE IF NOT EXISTS test_flows (asset TEXT, kind TEXT, amount INTEGER); INSERT INTO test_flows VALUES ('USDT', 'deposited', 1000)",
    );
    const background = await ledger.reconcileInBackground();
    expect(background.problems).toEqual([]);
    expect(background.assets.find((a) => a.asset === 'USDT')).toMatchObject({
      held: '0.00001',
      deposited: '0.00001',
      ok: true,
    });
    db.prepare('UPDATE test_flows SET amount = 999').run();
    expect((await ledger.reconcileInBackground()).ok).toBe(false);
  });

  it('undoes a posting whose savepoint rolls back while the transaction goes on and commits', () => {
    deposit(1, 'USDT', 1000n);
    tx.run(() => {
      ledger.transfer({
        reference: 'a',
        reason: 'test',
        from: user(1, 'spot', 'USDT'),
        to: user(2, 'spot', 'USDT'),
        amount: 100n,
      });
      expect(() =>
        tx.run(() => {
          ledger.transfer({
            reference: 'b',
            reason: 'test',
            from: user(1, 'spot', 'USDT'),
            to: user(3, 'spot', 'USDT'),
            amount: 200n,
          });
          expect(ledger.balance(user(1, 'spot', 'USDT')).available).toBe(700n);
          throw new Error('the command failed');
        }),
      ).toThrow('the command failed');
      expect(ledger.balance(user(1, 'spot', 'USDT')).available).toBe(900n);
      ledger.transfer({
        reference: 'c',
        reason: 'test',
        from: user(1, 'spot', 'USDT'),
        to: user(4, 'spot', 'USDT'),
        amount: 50n,
      });
    });
    expect(ledger.balance(user(1, 'spot', 'USDT')).available).toBe(850n);
    expect(ledger.balance(user(3, 'spot', 'USDT')).available).toBe(0n);
    expect(ledger.hasReference('b')).toBe(false);
    const stored = db
      .prepare("SELECT available FROM ledger_accounts WHERE owner_kind = 'user' AND owner_id = 1 AND wallet = 'spot'")
      .safeIntegers(true)
      .get();
    expect(stored).toEqual({ available: 850n });
    expect(reconcile(db).problems).toEqual([]);
  });

  it('undoes every posting of a transaction that fails, in memory and on disk', () => {
    deposit(1, 'USDT', 1000n);
    expect(() =>
      tx.run(() => {
        ledger.transfer({
          reference: 'x1',
          reason: 'test',
          from: user(1, 'spot', 'USDT'),
          to: user(5, 'gold', 'USDT'),
          amount: 400n,
        });
        ledger.hold({ reference: 'x2', reason: 'test', account: user(1, 'spot', 'USDT'), holder: 'x:2', amount: 600n });
        throw new Error('later step failed');
      }),
    ).toThrow('later step failed');
    expect(ledger.balance(user(1, 'spot', 'USDT'))).toEqual({ available: 1000n, frozen: 0n });
    expect(ledger.balance(user(5, 'gold', 'USDT'))).toEqual({ available: 0n, frozen: 0n });
    // The account row created inside the failed transaction is gone, and its id may be reused safely.
    deposit(6, 'BTC', 3n);
    expect(ledger.balance(user(6, 'spot', 'BTC')).available).toBe(3n);
    expect(reconcile(db).problems).toEqual([]);
  });

  it('answers reads inside a transaction with its own postings', () => {
    tx.run(() => {
      deposit(7, 'USDT', 500n, 'd7');
      expect(ledger.balance(user(7, 'spot', 'USDT')).available).toBe(500n);
      expect(ledger.userBalances(7)).toEqual([{ wallet: 'spot', asset: 'USDT', available: 500n, frozen: 0n }]);
      expect(ledger.userHasReason(7, 'wallet')).toBe(false);
      ledger.transfer({
        reference: 'd7b',
        reason: 'wallet.deposit',
        from: hot('USDT'),
        to: user(7, 'spot', 'USDT'),
        amount: 1n,
      });
      expect(ledger.userHasReason(7, 'wallet')).toBe(true);
      expect(() => ledger.reconcile()).toThrow(/pending/);
    });
    expect(ledger.userHasReason(7, 'wallet.deposit')).toBe(true);
  });

  it('finds tampering: a balance edited outside the journal fails reconciliation', () => {
    deposit(1, 'USDT', 1000n);
    db.prepare("UPDATE ledger_accounts SET available = available + 1 WHERE owner_kind = 'user'").run();
    const report = reconcile(db);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(/available 1001 but the journal gives 1000/);
  });
});

type Op =
  | { kind: 'deposit'; uid: number; asset: string; amount: bigint }
  | { kind: 'transfer'; uid: number; asset: string; amount: bigint; from: 'spot' | 'contract'; to: 'spot' | 'contract' }
  | { kind: 'send'; from: number; to: number; asset: string; amount: bigint }
  | {
      kind: 'withdraw';
      uid: number;
      asset: string;
      amount: bigint;
      fee: bigint;
      outcome: 'sent' | 'rejected' | 'cancelled' | 'open';
    }
  | { kind: 'order'; uid: number; asset: string; amount: bigint; fill: bigint; counterparty: number; rest: boolean }
  | { kind: 'cancel'; pick: number }
  | { kind: 'pot'; uid: number; asset: string; amount: bigint; back: boolean }
  | { kind: 'restart' }
  | { kind: 'repeat' };

const assetArb = fc.constantFrom('USDT', 'BTC', 'ETH');
const uidArb = fc.integer({ min: 1, max: 5 });
const amountArb = fc.bigInt({ min: 1n, max: 1_000_000n });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), uid: uidArb, asset: assetArb, amount: amountArb }),
  fc.record({
    kind: fc.constant('transfer' as const),
    uid: uidArb,
    asset: assetArb,
    amount: amountArb,
    from: fc.constantFrom('spot' as const, 'contract' as const),
    to: fc.constantFrom('spot' as const, 'contract' as const),
  }),
  fc.record({ kind: fc.constant('send' as const), from: uidArb, to: uidArb, asset: assetArb, amount: amountArb }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    uid: uidArb,
    asset: assetArb,
    amount: amountArb,
    fee: fc.bigInt({ min: 0n, max: 1000n }),
    outcome: fc.constantFrom('sent' as const, 'rejected' as const, 'cancelled' as const, 'open' as const),
  }),
  fc.record({
    kind: fc.constant('order' as const),
    uid: uidArb,
    asset: assetArb,
    amount: amountArb,
    fill: amountArb,
    counterparty: uidArb,
    rest: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('pot' as const), uid: uidArb, asset: assetArb, amount: amountArb, back: fc.boolean() }),
  fc.constant({ kind: 'restart' as const }),
  fc.constant({ kind: 'repeat' as const }),
);

function snapshot(): unknown {
  return [
    db.prepare('SELECT id, available, frozen FROM ledger_accounts ORDER BY id').safeIntegers(true).all(),
    [...openHolds()].sort(),
  ];
}

/** The holds as the ledger knows them (in memory), holder → amount. */
function openHolds(): string[] {
  const out: string[] = [];
  for (const id of db.prepare<[], number>('SELECT id FROM ledger_accounts').pluck().all()) {
    const ref = accountRefOf(id);
    for (const h of ledger.holdsOf(ref)) out.push(`${h.holder}=${h.amount}`);
  }
  return out;
}

function accountRefOf(id: number): AccountRef {
  const row = db
    .prepare<[number], { owner_kind: 'user' | 'system'; owner_id: number; wallet: 'spot'; asset: string; sub: string }>(
      'SELECT owner_kind, owner_id, wallet, asset, sub FROM ledger_accounts WHERE id = ?',
    )
    .get(id);
  if (!row) throw new Error(`no account ${id}`);
  if (row.owner_kind === 'user') return user(row.owner_id, row.wallet, row.asset, row.sub);
  const name = db.prepare<[number], string>('SELECT name FROM system_owners WHERE id = ?').pluck().get(row.owner_id);
  return system(name ?? '', row.asset, row.wallet, row.sub);
}

/** Every account's statement, read page by page, replays to its balance, and its lines' changes are the journal's. */
function expectStatementsMatchJournal(): void {
  const journal = new Map<string, { available: bigint; frozen: bigint }>();
  for (const row of db
    .prepare<[], { account_id: bigint; entry_id: bigint; bucket: string; total: bigint }>(
      'SELECT account_id, entry_id, bucket, SUM(amount) AS total FROM journal_legs GROUP BY account_id, entry_id, bucket',
    )
    .safeIntegers(true)
    .all()) {
    const key = `${row.account_id}:${row.entry_id}`;
    const change = journal.get(key) ?? { available: 0n, frozen: 0n };
    if (row.bucket === 'available') change.available += row.total;
    else change.frozen += row.total;
    journal.set(key, change);
  }
  let lines = 0;
  for (const id of db.prepare<[], number>('SELECT id FROM ledger_accounts').pluck().all()) {
    const ref = accountRefOf(id);
    const read: { entryId: number; available: bigint; frozen: bigint; availableAfter: bigint; frozenAfter: bigint }[] =
      [];
    let before: number | undefined;
    for (;;) {
      const page = ledger.statement(ref, { before, limit: 3 });
      read.push(...page.list);
      if (page.next === null) break;
      before = page.next;
    }
    const balance = ledger.balance(ref);
    expect(read[0]?.availableAfter ?? 0n, `account ${id} available after its newest line`).toBe(balance.available);
    expect(read[0]?.frozenAfter ?? 0n).toBe(balance.frozen);
    let available = 0n;
    let frozen = 0n;
    for (const line of [...read].reverse()) {
      const change = journal.get(`${id}:${line.entryId}`);
      expect(change, `entry ${line.entryId} of account ${id}`).toBeDefined();
      expect({ available: line.available, frozen: line.frozen }).toEqual(change);
      available += line.available;
      frozen += line.frozen;
      expect({ available, frozen }).toEqual({ available: line.availableAfter, frozen: line.frozenAfter });
      lines++;
    }
  }
  expect(lines).toBe(journal.size);
}

describe('ledger invariants under random workloads', () => {
  it('reconciles after every operation, holds = frozen, statements = journal, and refused operations change nothing', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), (ops) => {
        // A fresh ledger per run, so the flows below are the whole story of this database.
        dispose();
        ({ db, dispose } = tempDatabase());
        tx = new Transactions(db);
        ledger = new LedgerService(db, tx, systemClock);
        for (const a of DEFAULT_ASSETS) ledger.upsertAsset(a);
        const deposited = new Map<string, bigint>();
        const withdrawn = new Map<string, bigint>();
        const add = (map: Map<string, bigint>, asset: string, amount: bigint) =>
          map.set(asset, (map.get(asset) ?? 0n) + amount);
        /** Holds that stay open, for cancels: holder → its account. */
        const open = new Map<string, AccountRef>();
        let last: (() => unknown) | null = null;
        let n = 0;
        for (const op of ops) {
          const ref = `r${n++}`;
          // Flows are recorded only after the transaction commits, like the wallet's own tables would be.
          const attempt = (): unknown => {
            switch (op.kind) {
              case 'deposit':
                ledger.transfer({
                  reference: ref,
                  reason: 'deposit',
                  from: hot(op.asset),
                  to: user(op.uid, 'spot', op.asset),
                  amount: op.amount,
                });
                return add(deposited, op.asset, op.amount);
              case 'transfer':
                if (op.from === op.to) return null;
                return ledger.transfer({
                  reference: ref,
                  reason: 'transfer',
                  from: user(op.uid, op.from, op.asset),
                  to: user(op.uid, op.to, op.asset),
                  amount: op.amount,
                });
              case 'send':
                return ledger.transfer({
                  reference: ref,
                  reason: 'flash',
                  from: user(op.from, 'spot', op.asset),
                  to: user(op.to, 'spot', op.asset),
                  amount: op.amount,
                });
              case 'withdraw': {
                const holder = `withdrawal:${ref}`;
                tx.run(() => {
                  const account = user(op.uid, 'spot', op.asset);
                  ledger.hold({
                    reference: `${ref}:f`,
                    reason: 'withdraw.freeze',
                    account,
                    holder,
                    amount: op.amount + op.fee,
                  });
                  if (op.outcome === 'sent') {
                    const to = [{ account: hot(op.asset), amount: op.amount }];
                    if (op.fee > 0n) to.push({ account: system(SYSTEM.fees, op.asset), amount: op.fee });
                    ledger.settle({ reference: `${ref}:s`, reason: 'withdraw.send', holder, to });
                  } else if (op.outcome !== 'open') {
                    ledger.release({ reference: `${ref}:u`, reason: 'withdraw.release', holder, account });
                  }
                });
                if (op.outcome === 'open') open.set(holder, user(op.uid, 'spot', op.asset));
                return op.outcome === 'sent' ? add(withdrawn, op.asset, op.amount) : null;
              }
              case 'order': {
                const holder = `order:${ref}`;
                const account = user(op.uid, 'spot', op.asset);
                tx.run(() => {
                  ledger.hold({ reference: `${ref}:f`, reason: 'order', account, holder, amount: op.amount });
                  const fill = op.fill < op.amount ? op.fill : op.amount;
                  // A fill and (when the order does not rest) the release of the rest, in one entry.
                  const legs: Leg[] = [
                    { account, bucket: 'frozen', amount: -fill, holder },
                    { account: user(op.counterparty, 'spot', op.asset), amount: fill },
                  ];
                  if (!op.rest && op.amount > fill) {
                    legs[0] = { account, bucket: 'frozen', amount: -op.amount, holder };
                    legs.push({ account, amount: op.amount - fill });
                  }
                  ledger.post({ reference: `${ref}:t`, reason: 'trade', legs });
                });
                if (op.rest && op.amount > (op.fill < op.amount ? op.fill : op.amount)) open.set(holder, account);
                return null;
              }
              case 'cancel': {
                const holders = [...open.keys()];
                const holder = holders.length === 0 ? 'order:none' : (holders[op.pick % holders.length] as string);
                ledger.release({ reference: `${ref}:x`, reason: 'cancel', holder });
                open.delete(holder);
                return null;
              }
              case 'pot':
                // A sub-account: a pot of its own inside the wallet (an isolated margin, a collateral…).
                return ledger.transfer({
                  reference: ref,
                  reason: 'pot',
                  from: op.back ? user(op.uid, 'spot', op.asset, 'isolated:1') : user(op.uid, 'spot', op.asset),
                  to: op.back ? user(op.uid, 'spot', op.asset) : user(op.uid, 'spot', op.asset, 'isolated:1'),
                  amount: op.amount,
                });
              case 'restart':
                // A crash: nothing waiting in memory is written; the next ledger rebuilds it from the journal.
                ledger = new LedgerService(db, tx, systemClock);
                return null;
              case 'repeat':
                return last?.();
            }
          };
          const before = snapshot();
          try {
            attempt();
            if (op.kind !== 'repeat' && op.kind !== 'restart' && op.kind !== 'cancel') last = attempt;
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
            expect(['INSUFFICIENT_BALANCE', 'ALREADY_HANDLED']).toContain((error as DomainError).key);
            expect(snapshot()).toEqual(before);
          }
          const report = reconcileWith({ deposited, withdrawn });
          expect(report.problems).toEqual([]);
          expect(report.holds).toBe(open.size);
        }
        // What the holds say is what the open withdrawals and resting orders hold, and nothing else.
        expect(
          openHolds()
            .map((h) => h.split('=')[0])
            .sort(),
        ).toEqual([...open.keys()].sort());
        expectStatementsMatchJournal();
        // And a ledger started on this file (after a crash: what waited in memory is rebuilt) says the same.
        ledger = new LedgerService(db, tx, systemClock);
        expectStatementsMatchJournal();
        expect(reconcileWith({ deposited, withdrawn }).problems).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
