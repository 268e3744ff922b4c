import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { systemClock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import { Transactions } from '../../lib/tx';
import { tempDatabase } from '../../test/db';
import { DEFAULT_ASSETS } from './assets';
import { reconcile } from './reconcile';
import { LedgerService } from './service';
import { type AccountRef, SYSTEM, system, user } from './types';

/**
 * `settleHolds`: many holds settled in one journal entry (a round of up/down options), with aggregated legs on a few
 * other accounts. The ledger's rules hold for the whole entry: it reconciles, nothing goes negative where its type
 * forbids it, it is all or nothing, and its reference makes it happen once.
 */
let db: Db;
let dispose: () => void;
let ledger: LedgerService;
let tx: Transactions;

const USDT = 'USDT';
const wallet = (uid: number): AccountRef => user(uid, 'options', USDT);
const pool = system(SYSTEM.optionsPool, USDT, 'options');
const fees = system(SYSTEM.fees, USDT, 'options');
const holder = (uid: number) => `bet:${uid}`;

beforeEach(() => {
  ({ db, dispose } = tempDatabase());
  tx = new Transactions(db);
  ledger = new LedgerService(db, tx, systemClock);
  for (const a of DEFAULT_ASSETS) ledger.upsertAsset(a);
});
afterEach(() => dispose());

/** Users 1…n with 1,000 each in the options wallet, 110 of it held by `bet:<uid>` (stake 100, fee 10). */
function stakes(n: number): void {
  tx.run(() => {
    for (let uid = 1; uid <= n; uid++) {
      ledger.transfer({
        reference: `fund:${uid}`,
        reason: 'test.fund',
        from: system(SYSTEM.hotWallet, USDT),
        to: wallet(uid),
        amount: 1000n,
      });
      ledger.hold({
        reference: `stake:${uid}`,
        reason: 'test.stake',
        account: wallet(uid),
        holder: holder(uid),
        amount: 110n,
      });
    }
  });
}

/** Odd users win 80% (paid 180), even users lose: the pool gets the losers' stakes less the winners' profits. */
function round(n: number) {
  const holds = [];
  let pooled = 0n;
  for (let uid = 1; uid <= n; uid++) {
    const win = uid % 2 === 1;
    holds.push({ holder: holder(uid), amount: 110n, back: win ? 180n : 0n });
    pooled += win ? -80n : 100n;
  }
  return {
    reference: 'round:1',
    reason: 'test.settle',
    asset: USDT,
    holds,
    to: [
      { account: pool, amount: pooled },
      { account: fees, amount: 10n * BigInt(n) },
    ],
  };
}

function snapshot(n: number) {
  const users = Array.from({ length: n }, (_, i) => ledger.balance(wallet(i + 1)));
  const holds = Array.from({ length: n }, (_, i) => ledger.holdOf(holder(i + 1))?.amount ?? 0n);
  return { users, holds, pool: ledger.balance(pool), fees: ledger.balance(fees), entries: entries() };
}

function entries(): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM journal_entries').get() as { n: number }).n;
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

describe('settleHolds: many holds in one entry', () => {
  it('settles every hold in one entry with aggregated legs; holds = frozen and the ledger reconciles', () => {
    stakes(1000);
    const before = entries();
    const id = tx.run(() => ledger.settleHolds(round(1000)));
    expect(entries()).toBe(before + 1);
    expect(ledger.balance(wallet(1))).toEqual({ available: 890n + 180n, frozen: 0n });
    expect(ledger.balance(wallet(2))).toEqual({ available: 890n, frozen: 0n });
    expect(ledger.holdOf(holder(1))).toBeNull();
    expect(ledger.holdOf(holder(1000))).toBeNull();
    // 500 losers' stakes in, 500 winners' profits out; the fees of all.
    expect(ledger.balance(pool).available).toBe(500n * 100n - 500n * 80n);
    expect(ledger.balance(fees).available).toBe(10_000n);
    // Legs: each hold's frozen leg, each winner's payout, the pool's and the fees' — no zero leg.
    const legs = db.prepare('SELECT COUNT(*) AS n FROM journal_legs WHERE entry_id = ?').get(id) as { n: number };
    expect(legs.n).toBe(1000 + 500 + 2);
    expect(reconcile(db).problems).toEqual([]);
    // One statement line per account: the trader's line shows the entry and the balances after it.
    const [line] = ledger.statement(wallet(1), { limit: 1 }).list;
    expect(line).toMatchObject({ reference: 'round:1', reason: 'test.settle', available: 180n, frozen: -110n });
    expect(line?.availableAfter).toBe(1070n);
    expect(ledger.statement(pool, { limit: 5 }).list).toHaveLength(1);
    expect(ledger.userHasReason(2, 'test.settle')).toBe(true);
  });

  it('takes its holds as a batch read one at a time, with the same entry as the list of objects', () => {
    stakes(6);
    const listed = round(6);
    const batch = {
      count: listed.holds.length,
      holder: (k: number) => listed.holds[k]?.holder ?? '',
      // The last hold gives no amount: all it holds.
      amount: (k: number) => (k === listed.holds.length - 1 ? undefined : listed.holds[k]?.amount),
      back: (k: number) => listed.holds[k]?.back ?? 0n,
    };
    const id = tx.run(() => ledger.settleHolds({ ...listed, holds: batch }));
    const legs = db
      .prepare('SELECT account_id, bucket, amount, holder FROM journal_legs WHERE entry_id = ? ORDER BY id')
      .safeIntegers(true)
      .all(id) as { bucket: string; amount: bigint; holder: string | null }[];
    // Each hold's frozen leg and its payout (winners only) in the holds' order, then the pool's and the fees'.
    expect(legs.map((l) => [l.bucket, l.amount, l.holder])).toEqual([
      ['frozen', -110n, holder(1)],
      ['available', 180n, null],
      ['frozen', -110n, holder(2)],
      ['frozen', -110n, holder(3)],
      ['available', 180n, null],
      ['frozen', -110n, holder(4)],
      ['frozen', -110n, holder(5)],
      ['available', 180n, null],
      ['frozen', -110n, holder(6)],
      ['available', 60n, null],
      ['available', 60n, null],
    ]);
    expect(ledger.balance(wallet(5))).toEqual({ available: 890n + 180n, frozen: 0n });
    expect(ledger.holdOf(holder(6))).toBeNull();
    expect(reconcile(db).problems).toEqual([]);
  });

  it('numbers the legs in posting order when a bulk entry sits between ordinary postings in one transaction', () => {
    stakes(4);
    tx.run(() => {
      ledger.transfer({ reference: 'before', reason: 'test.fund', from: wallet(1), to: wallet(2), amount: 5n });
      ledger.settleHolds(round(4));
      ledger.transfer({ reference: 'after', reason: 'test.fund', from: wallet(2), to: wallet(1), amount: 5n });
    });
    const legs = db.prepare('SELECT entry_id FROM journal_legs ORDER BY id').pluck().all() as number[];
    expect(legs).toEqual([...legs].sort((a, b) => a - b));
    expect(ledger.userHasReason(4, 'test.settle')).toBe(true);
    expect(reconcile(db).problems).toEqual([]);
  });

  it('takes part of a hold, and all of it when no amount is given', () => {
    stakes(2);
    tx.run(() =>
      ledger.settleHolds({
        reference: 'partial',
        reason: 'test.settle',
        asset: USDT,
        holds: [
          { holder: holder(1), amount: 10n, back: 10n },
          { holder: holder(2), back: 110n },
        ],
        to: [],
      }),
    );
    expect(ledger.holdOf(holder(1))?.amount).toBe(100n);
    expect(ledger.holdOf(holder(2))).toBeNull();
    expect(ledger.balance(wallet(2))).toEqual({ available: 1000n, frozen: 0n });
    expect(reconcile(db).problems).toEqual([]);
  });

  it('is all or nothing: one hold that does not hold enough refuses the whole entry', () => {
    stakes(20);
    const before = snapshot(20);
    const input = round(20);
    input.holds[13] = { holder: holder(14), amount: 111n, back: 0n };
    input.to[0] = { account: pool, amount: (input.to[0]?.amount ?? 0n) - 1n };
    expectKey(() => tx.run(() => ledger.settleHolds(input)), 'INSUFFICIENT_BALANCE');
    expect(snapshot(20)).toEqual(before);
    // A hold nobody has.
    const missing = round(20);
    missing.holds[5] = { holder: 'bet:none', amount: 110n, back: 0n };
    expectKey(() => tx.run(() => ledger.settleHolds(missing)), 'INSUFFICIENT_BALANCE');
    expect(snapshot(20)).toEqual(before);
    expect(reconcile(db).problems).toEqual([]);
  });

  it('never takes an account below zero where its type forbids it (fees are revenue)', () => {
    stakes(2);
    const before = snapshot(2);
    expectKey(
      () =>
        tx.run(() =>
          ledger.settleHolds({
            reference: 'negative-fees',
            reason: 'test.settle',
            asset: USDT,
            holds: [{ holder: holder(1), amount: 110n, back: 120n }],
            to: [{ account: fees, amount: -10n }],
          }),
        ),
      'INSUFFICIENT_BALANCE',
    );
    expect(snapshot(2)).toEqual(before);
    // The options pool is equity that may go negative: it pays a win beyond what it took.
    tx.run(() =>
      ledger.settleHolds({
        reference: 'pool-pays',
        reason: 'test.settle',
        asset: USDT,
        holds: [{ holder: holder(1), amount: 110n, back: 190n }],
        to: [{ account: pool, amount: -80n }],
      }),
    );
    expect(ledger.balance(pool).available).toBe(-80n);
    expect(reconcile(db).problems).toEqual([]);
  });

  it('happens once per reference, and a rolled-back transaction undoes it exactly', () => {
    stakes(10);
    const before = snapshot(10);
    // The transaction fails after the entry: everything back as it was, in memory and on disk.
    expect(() =>
      tx.run(() => {
        ledger.settleHolds(round(10));
        throw new Error('crash after the entry');
      }),
    ).toThrow('crash after the entry');
    expect(snapshot(10)).toEqual(before);
    expect(reconcile(db).problems).toEqual([]);
    tx.run(() => ledger.settleHolds(round(10)));
    const after = snapshot(10);
    // The same reference again is refused and changes nothing (its holds are gone: the check of the holds speaks
    // first; with fresh holds the reference does).
    expect(() => tx.run(() => ledger.settleHolds(round(10)))).toThrow(DomainError);
    stakes2(10);
    const again = snapshot(10);
    expectKey(() => tx.run(() => ledger.settleHolds(round(10))), 'ALREADY_HANDLED');
    expect(snapshot(10)).toEqual(again);
    expect(after.entries).toBe(before.entries + 1);
    expect(reconcile(db).problems).toEqual([]);
  });

  it('refuses a malformed entry as a bug: a holder twice, another asset, legs that do not balance', () => {
    stakes(3);
    const before = snapshot(3);
    const twice = round(3);
    twice.holds.push({ holder: holder(1), amount: 1n, back: 0n });
    expect(() => tx.run(() => ledger.settleHolds(twice))).toThrow(/named twice/);
    const unbalanced = round(3);
    unbalanced.to[1] = { account: fees, amount: 29n };
    expect(() => tx.run(() => ledger.settleHolds(unbalanced))).toThrow(/does not balance/);
    const otherAsset = round(3);
    otherAsset.to.push({ account: system(SYSTEM.optionsPool, 'BTC', 'options'), amount: 0n });
    expect(() => tx.run(() => ledger.settleHolds(otherAsset))).toThrow(/BTC/);
    expect(() => tx.run(() => ledger.settleHolds({ ...round(3), asset: 'BTC' }))).toThrow(/not BTC/);
    expect(snapshot(3)).toEqual(before);
    expect(reconcile(db).problems).toEqual([]);
  });
});

/** Fresh holds for users 1…n again (their first ones were settled), so only the reference can refuse a repeat. */
function stakes2(n: number): void {
  tx.run(() => {
    for (let uid = 1; uid <= n; uid++) {
      ledger.hold({
        reference: `stake2:${uid}`,
        reason: 'test.stake',
        account: wallet(uid),
        holder: holder(uid),
        amount: 110n,
      });
    }
  });
}
