import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { systemClock } from '../../lib/clock';
import { Transactions } from '../../lib/tx';
import { tempDatabase } from '../../test/db';
import { DEFAULT_ASSETS, LedgerService, SYSTEM, system, user } from '../ledger';
import { EquityFunding } from './funding';
import { MAKER_OWNER, TAKER_OWNER } from './market-maker';

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

describe('market makers’ capital', () => {
  it('comes from the treasury (equity) in one recorded flow, with nothing deposited and held unchanged', async () => {
    const funding = new EquityFunding({ tx, ledger, log: pino({ level: 'silent' }) });
    await funding.fund([
      { owner: MAKER_OWNER, asset: 'USDT', amount: 80_000_00000000n },
      { owner: MAKER_OWNER, asset: 'BTC', amount: 2_00000000n },
      { owner: TAKER_OWNER, asset: 'USDT', amount: 50_000_00000000n },
    ]);
    await funding.fund([{ owner: MAKER_OWNER, asset: 'USDT', amount: 1_000_00000000n }]);
    expect(ledger.balance(system(MAKER_OWNER, 'USDT')).available).toBe(81_000_00000000n);
    expect(ledger.balance(system(TAKER_OWNER, 'USDT')).available).toBe(50_000_00000000n);
    expect(ledger.balance(system(SYSTEM.treasury, 'USDT')).available).toBe(-131_000_00000000n);
    expect(ledger.balance(system(SYSTEM.treasury, 'BTC')).available).toBe(-2_00000000n);
    expect(ledger.systemAccountSpec(MAKER_OWNER)).toEqual({ type: 'equity', negative: false });
    // The flow is in the bots' statements, reason and all; no deposit, no user account.
    const lines = ledger.statement(system(MAKER_OWNER, 'USDT'), { limit: 10 }).list;
    expect(lines.map((l) => [l.reason, l.available])).toEqual([
      ['market.maker.fund', 1_000_00000000n],
      ['market.maker.fund', 80_000_00000000n],
    ]);
    expect(db.prepare("SELECT COUNT(*) FROM ledger_accounts WHERE owner_kind = 'user'").pluck().get()).toBe(0);
    const report = ledger.reconcile();
    expect(report.problems).toEqual([]);
    // Equity moved to equity: the exchange holds nothing more than came in from outside (nothing).
    expect(report.assets.find((a) => a.asset === 'USDT')).toMatchObject({ held: '0', hotWallet: '0' });
  });

  it('lets a bot spend only what it was given: its account never goes negative', () => {
    expect(() =>
      ledger.transfer({
        reference: 'overspend',
        reason: 'test',
        from: system(MAKER_OWNER, 'USDT'),
        to: user(1, 'spot', 'USDT'),
        amount: 1n,
      }),
    ).toThrow(expect.objectContaining({ key: 'INSUFFICIENT_BALANCE' }));
  });
});
