import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoanDetail } from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, post, registerUser } from '../../test/harness';
import { MINUTE_MS } from './service';
import { borrow, expectLoansConsistent, fundSpot, rid, startLoansServer, T0 } from './testing';

type Page<T> = { list: T[] };
type Row = { title: string; amount: string; direction: string; product: string | null };

describe('loans across a restart', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-loans-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('charges each minute missed while stopped once, and finishes a liquidation the stop interrupted', async () => {
    const first = await startLoansServer({ DATA_DIR: dataDir });
    const alice = await registerUser({ ...first.server, dataDir });
    await fundSpot(first.server.ctx, alice.uid, 'BTC', '1');
    const kept = (await borrow(first.server, alice, { amount: '5256', collateral: '0.1' })).body.data;
    const falling = (await borrow(first.server, alice, { amount: '6000', collateral: '0.1', loanAsset: 'USDT' })).body
      .data;
    first.server.clock.advance(10 * MINUTE_MS);
    await first.server.runDue();
    // The second loan reaches 83 % and its liquidation starts in the minute's transaction, then the server stops
    // before the sale (as if killed between the two).
    first.prices.set('BTC', '72000');
    first.server.ctx.db.transaction(() => first.server.ctx.loans.watch())();
    await first.server.close();

    // A day later, on the same data.
    const second = await startLoansServer({ DATA_DIR: dataDir }, T0 + 10 * MINUTE_MS + 1440 * MINUTE_MS);
    try {
      second.prices.set('BTC', '72000');
      await second.server.runDue();
      expect(await second.server.runDue()).toBe(0);
      const loan = async (id: number) =>
        (await get<LoanDetail>(second.server, `/mapi/loans/loans/${id}`, { token: alice.token })).body.data;
      // 1450 minutes × 0.0008 USDT, each charged once.
      expect((await loan(kept.id)).interest).toBe('1.16');
      const done = await loan(falling.id);
      expect(done.status).toBe('liquidated');
      expect(done.events.filter((e) => e.kind === 'liquidation')).toHaveLength(1);
      // Its debt stopped growing when the liquidation began (10 minutes of interest at 6000 × 8 %).
      expect(done.liquidation?.debtRepaid).toBe('6000.00913243');

      // Every step shows in the funding records (filter "product").
      const repaid = await post(
        second.server,
        '/mapi/loans/repay',
        { loanId: kept.id, amount: '100', requestId: rid() },
        { token: alice.token },
      );
      expect(repaid.body.code).toBe(200);
      const records = await get<Page<Row>>(second.server, '/mapi/wallet/records?type=product&size=20', {
        token: alice.token,
      });
      const titles = records.body.data.list.map((r) => r.title);
      expect(titles).toContain('Loan received');
      expect(titles).toContain('Loan repaid');
      expect(titles).toContain('Loan liquidated');
      expect(records.body.data.list.every((r) => r.product !== null)).toBe(true);
      expectLoansConsistent(second.server.ctx);
    } finally {
      await second.server.close();
    }
  });
});
