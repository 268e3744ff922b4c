import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { OffsetClock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import { Transactions } from '../../lib/tx';
import { tempDatabase } from '../../test/db';
import { DEFAULT_ASSETS } from './assets';
import { reconcile } from './reconcile';
import { LedgerService } from './service';
import { type AccountRef, SYSTEM, SYSTEM_ACCOUNTS, system, user } from './types';

/** Account types and their negative-balance policy, sub-accounts, statements, and holds adopted after an upgrade. */

let db: Db;
let dispose: () => void;
let ledger: LedgerService;
let tx: Transactions;
let clock: OffsetClock;

beforeEach(() => {
  ({ db, dispose } = tempDatabase());
  tx = new Transactions(db);
  clock = new OffsetClock();
  ledger = new LedgerService(db, tx, clock);
  for (const a of DEFAULT_ASSETS) ledger.upsertAsset(a);
});
afterEach(() => dispose());

const hot = (asset: string): AccountRef => system(SYSTEM.hotWallet, asset);
let refs = 0;

function move(from: AccountRef, to: AccountRef, amount: bigint): void {
  ledger.transfer({ reference: `m${refs++}`, reason: 'test.move', from, to, amount });
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error.key;
    throw error;
  }
  return 'accepted';
}

function typeOf(ref: AccountRef): string | undefined {
  const id = db
    .prepare<[string], number>(
      `SELECT a.id FROM ledger_accounts a JOIN system_owners s ON s.id = a.owner_id
       WHERE a.owner_kind = 'system' AND s.name = ?`,
    )
    .pluck()
    .get(ref.owner.kind === 'system' ? ref.owner.name : '');
  return id === undefined
    ? undefined
    : (db.prepare('SELECT type FROM ledger_accounts WHERE id = ?').pluck().get(id) as string);
}

describe('account types and the negative-balance policy', () => {
  it('lets only asset, expense and equity system accounts declared so go below zero', () => {
    move(hot('USDT'), user(1, 'spot', 'USDT'), 100n);
    // A user (liability) never goes negative, nor revenue, nor a liability system account.
    expect(refusal(() => move(user(1, 'spot', 'USDT'), user(2, 'spot', 'USDT'), 101n))).toBe('INSUFFICIENT_BALANCE');
    expect(refusal(() => move(system(SYSTEM.fees, 'USDT'), user(1, 'spot', 'USDT'), 1n))).toBe('INSUFFICIENT_BALANCE');
    expect(refusal(() => move(system(SYSTEM.escrow, 'USDT'), user(1, 'spot', 'USDT'), 1n))).toBe(
      'INSUFFICIENT_BALANCE',
    );
    // The insurance fund is equity that is never negative (when empty, auto-deleveraging takes over).
    expect(refusal(() => move(system(SYSTEM.insuranceFund, 'USDT'), user(1, 'spot', 'USDT'), 1n))).toBe(
      'INSUFFICIENT_BALANCE',
    );
    // A market maker (a system owner nobody declared): equity, never negative.
    expect(refusal(() => move(system('market_maker:9', 'USDT'), user(1, 'spot', 'USDT'), 1n))).toBe(
      'INSUFFICIENT_BALANCE',
    );
    // The asset mirror, the expense accounts, the treasury and the options pool may.
    move(system(SYSTEM.rewardPool, 'USDT'), user(1, 'spot', 'USDT'), 5n);
    move(system(SYSTEM.interestExpense, 'USDT'), user(1, 'spot', 'USDT'), 6n);
    move(system(SYSTEM.treasury, 'USDT'), system('market_maker:9', 'USDT'), 7n);
    move(system(SYSTEM.optionsPool, 'USDT'), user(2, 'spot', 'USDT'), 8n);
    expect(ledger.balance(system(SYSTEM.treasury, 'USDT')).available).toBe(-7n);
    expect(ledger.balance(system(SYSTEM.rewardPool, 'USDT')).available).toBe(-5n);
    for (const [name, spec] of Object.entries(SYSTEM_ACCOUNTS)) {
      expect(ledger.systemAccountSpec(name), name).toEqual(spec);
    }
    expect(typeOf(system(SYSTEM.treasury, 'USDT'))).toBe('equity');
    expect(typeOf(system(SYSTEM.rewardPool, 'USDT'))).toBe('expense');
    expect(typeOf(hot('USDT'))).toBe('asset');
    expect(typeOf(system('market_maker:9', 'USDT'))).toBe('equity');
    const report = reconcile(db);
    expect(report.problems).toEqual([]);
    const usdt = report.assets.find((a) => a.asset === 'USDT');
    expect(usdt?.types).toEqual({
      asset: '-0.000001',
      liability: '0.00000119',
      revenue: '0',
      expense: '-0.00000011',
      equity: '-0.00000008',
    });
  });

  it('refuses a declaration that breaks the policy, and a declaration that contradicts the stored type', () => {
    expect(() => ledger.declareSystemAccount('bonus_revenue', { type: 'revenue', negative: true })).toThrow(
      /may not go negative/,
    );
    expect(() => ledger.declareSystemAccount('custody', { type: 'liability', negative: true })).toThrow(
      /may not go negative/,
    );
    expect(() => ledger.declareSystemAccount(SYSTEM.fees, { type: 'expense', negative: true })).toThrow(/is revenue/);
    ledger.declareSystemAccount('campaign', { type: 'expense', negative: true });
    move(system('campaign', 'USDT'), user(3, 'spot', 'USDT'), 10n);
    expect(ledger.balance(system('campaign', 'USDT')).available).toBe(-10n);
    expect(() => ledger.declareSystemAccount('campaign', { type: 'equity', negative: false })).toThrow(/is expense/);
    // The database holds the policy as the last line.
    expect(() => db.prepare("UPDATE ledger_accounts SET allow_negative = 1 WHERE owner_kind = 'user'").run()).toThrow(
      /CHECK/,
    );
    expect(() => db.prepare("UPDATE system_owners SET allow_negative = 1 WHERE name = 'fees'").run()).not.toThrow();
    db.prepare("UPDATE system_owners SET allow_negative = 0 WHERE name = 'fees'").run();
  });
});

describe('sub-accounts', () => {
  it('keeps separate pots in one wallet; the wallet balance is the main pot; each pot has its own holds', () => {
    move(hot('USDT'), user(1, 'spot', 'USDT'), 1000n);
    const pot = user(1, 'spot', 'USDT', 'isolated:BTC_USDT');
    move(user(1, 'spot', 'USDT'), pot, 300n);
    expect(ledger.balance(user(1, 'spot', 'USDT'))).toEqual({ available: 700n, frozen: 0n });
    expect(ledger.balance(pot)).toEqual({ available: 300n, frozen: 0n });
    // The pot's money is not the main pot's: it cannot be spent from there, nor held for something there.
    expect(refusal(() => move(user(1, 'spot', 'USDT'), user(2, 'spot', 'USDT'), 701n))).toBe('INSUFFICIENT_BALANCE');
    ledger.hold({ reference: 'p1', reason: 'margin', account: pot, holder: 'position:1', amount: 250n });
    expect(ledger.holdOf('position:1')?.account).toEqual(pot);
    expect(ledger.userBalances(1)).toEqual([{ wallet: 'spot', asset: 'USDT', available: 700n, frozen: 0n }]);
    expect(ledger.userAccounts(1).map((a) => [a.sub, a.available, a.frozen])).toEqual([
      ['', 700n, 0n],
      ['isolated:BTC_USDT', 50n, 250n],
    ]);
    ledger.release({ reference: 'p2', reason: 'margin', holder: 'position:1' });
    move(pot, user(1, 'spot', 'USDT'), 300n);
    expect(ledger.balance(user(1, 'spot', 'USDT')).available).toBe(1000n);
    expect(reconcile(db).problems).toEqual([]);
  });
});

describe('statements', () => {
  it('shows each movement of an account with its entry, reason, reference, change and balances after, page by page', () => {
    const account = user(5, 'spot', 'USDT');
    ledger.transfer({
      reference: 'dep:1',
      reason: 'wallet.deposit',
      from: hot('USDT'),
      to: account,
      amount: 500n,
      meta: { depositId: 1 },
    });
    clock.advance(1000);
    ledger.hold({ reference: 'o:1:f', reason: 'spot.freeze', account, holder: 'order:1', amount: 200n });
    clock.advance(1000);
    ledger.settle({
      reference: 't:1',
      reason: 'spot.trade',
      holder: 'order:1',
      to: [{ account: user(6, 'spot', 'USDT'), amount: 150n }],
    });
    ledger.release({ reference: 'o:1:u', reason: 'spot.unfreeze', holder: 'order:1' });
    ledger.transfer({
      reference: 'fl:1',
      reason: 'wallet.flash',
      from: account,
      to: user(6, 'spot', 'USDT'),
      amount: 40n,
    });
    const first = ledger.statement(account, { limit: 2 });
    expect(first.type).toBe('liability');
    expect(first.balance).toEqual({ available: 310n, frozen: 0n });
    expect(
      first.list.map((l) => [l.reference, l.reason, l.available, l.frozen, l.availableAfter, l.frozenAfter]),
    ).toEqual([
      ['fl:1', 'wallet.flash', -40n, 0n, 310n, 0n],
      ['o:1:u', 'spot.unfreeze', 50n, -50n, 350n, 0n],
    ]);
    expect(first.next).not.toBeNull();
    const second = ledger.statement(account, { before: first.next ?? 0, limit: 2 });
    expect(second.list.map((l) => [l.reference, l.available, l.frozen, l.availableAfter, l.frozenAfter])).toEqual([
      ['t:1', 0n, -150n, 300n, 50n],
      ['o:1:f', -200n, 200n, 300n, 200n],
    ]);
    const third = ledger.statement(account, { before: second.next ?? 0, limit: 2 });
    expect(third.list.map((l) => [l.reference, l.available, l.availableAfter, l.meta])).toEqual([
      ['dep:1', 500n, 500n, { depositId: 1 }],
    ]);
    expect(third.next).toBeNull();
    expect((second.list[1]?.createdAt ?? 0) - (third.list[0]?.createdAt ?? 0)).toBeGreaterThanOrEqual(1000);
    // An account nobody used has an empty statement, and reading it creates nothing.
    expect(ledger.statement(user(77, 'gold', 'BTC'), { limit: 5 })).toMatchObject({ id: null, list: [], next: null });
  });

  it('writes statement lines in batches, and after a crash rebuilds the waiting ones from the journal', () => {
    for (let i = 0; i < 30; i++) {
      ledger.transfer({
        reference: `d${i}`,
        reason: 'wallet.deposit',
        from: hot('BTC'),
        to: user(1 + (i % 3), 'spot', 'BTC'),
        amount: BigInt(1 + i),
      });
    }
    // Written when a batch is due (many lines, or the oldest a second old), not with every transaction.
    expect(ledger.statementBacklog).toBe(60);
    expect(db.prepare('SELECT COUNT(*) FROM ledger_statement').pluck().get()).toBe(0);
    // A crash: a new ledger on the same file finds them in the journal.
    const restarted = new LedgerService(db, tx, clock);
    expect(restarted.statementBacklog).toBe(0);
    const lines = restarted.statement(user(1, 'spot', 'BTC'), { limit: 100 }).list;
    expect(lines.map((l) => l.availableAfter)).toEqual([145n, 117n, 92n, 70n, 51n, 35n, 22n, 12n, 5n, 1n]);
    expect(restarted.statement(hot('BTC'), { limit: 100 }).list).toHaveLength(30);
    // The second ledger carries on where the first stopped, and a clean stop leaves nothing to rebuild.
    clock.advance(2000);
    restarted.transfer({
      reference: 'late',
      reason: 'wallet.deposit',
      from: hot('BTC'),
      to: user(1, 'spot', 'BTC'),
      amount: 5n,
    });
    restarted.close();
    expect(restarted.statementBacklog).toBe(0);
    expect(db.prepare('SELECT upto FROM ledger_index_upto').pluck().get()).toBe(
      db.prepare('SELECT MAX(id) FROM journal_entries').pluck().get(),
    );
    expect(reconcile(db).problems).toEqual([]);
  });
});

describe('frozen amounts written before holds existed', () => {
  it('are reported until their module adopts them, then attributed to named holds in the journal', () => {
    move(hot('USDT'), user(1, 'spot', 'USDT'), 1000n);
    // As an earlier version wrote them: frozen legs that name nobody.
    ledger.post({
      reference: 'old:f',
      reason: 'spot.freeze',
      legs: [
        { account: user(1, 'spot', 'USDT'), amount: -300n },
        { account: user(1, 'spot', 'USDT'), bucket: 'frozen', amount: 300n, holder: 'tmp' },
      ],
    });
    ledger.close();
    db.prepare("UPDATE journal_legs SET holder = NULL WHERE holder = 'tmp'").run();
    db.prepare("DELETE FROM ledger_holds WHERE holder = 'tmp'").run();
    ledger = new LedgerService(db, tx, clock);
    const before = reconcile(db);
    expect(before.ok).toBe(false);
    expect(before.problems.join('\n')).toMatch(/frozen 300 but its holds sum to 0/);
    expect(before.problems.join('\n')).toMatch(/300 frozen that no hold names/);
    // More than the unnamed frozen amount cannot be adopted; the right amounts can, once.
    expect(() => ledger.adoptHolds([{ account: user(1, 'spot', 'USDT'), holder: 'order:1', amount: 301n }])).toThrow(
      /no hold names/,
    );
    expect(
      ledger.adoptHolds([
        { account: user(1, 'spot', 'USDT'), holder: 'order:1', amount: 200n },
        { account: user(1, 'spot', 'USDT'), holder: 'order:2', amount: 100n },
      ]),
    ).toBe(2);
    expect(ledger.adoptHolds([{ account: user(1, 'spot', 'USDT'), holder: 'order:1', amount: 200n }])).toBe(0);
    expect(ledger.balance(user(1, 'spot', 'USDT'))).toEqual({ available: 700n, frozen: 300n });
    expect(reconcile(db).problems).toEqual([]);
    // From then on they are holds like any other.
    ledger.release({ reference: 'x1', reason: 'spot.unfreeze', holder: 'order:1' });
    expect(ledger.balance(user(1, 'spot', 'USDT'))).toEqual({ available: 900n, frozen: 100n });
    expect(reconcile(db).problems).toEqual([]);
  });
});
