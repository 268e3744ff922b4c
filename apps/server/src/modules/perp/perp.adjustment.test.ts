import type { Adjustment } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOperator, post, registerUser } from '../../test/harness';
import { user } from '../ledger';
import { expectPerpConsistent, fundContract, order, type PerpWorld, positions, startPerpServer } from './testing';

let w: PerpWorld;

beforeAll(async () => {
  w = await startPerpServer();
  w.ctx.perp.quote();
});
afterAll(async () => {
  await w.server.close();
});

describe('an operator’s adjustment of a contract wallet', () => {
  it('is seen by the next liquidation sweep: a debit that leaves a cross account under maintenance liquidates it', async () => {
    const u = await registerUser(w.server);
    await fundContract(w.ctx, [{ uid: u.uid, amount: '1000' }]);
    const opened = await order(w.server, u, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 100 });
    expect(opened.body.code).toBe(200);
    const before = await positions(w.server, u);
    expect(before[0]?.lots).toBe(100);

    // Marks unchanged: the sweep has nothing to do.
    w.clock.advance(1000);
    w.ctx.perp.tick(w.clock.now());
    expect((await positions(w.server, u))[0]?.lots).toBe(100);

    // The finance desk takes back a wrong credit: all but 5 USDT of what the wallet holds free in the ledger (the
    // position's margin in cross mode is the wallet's, not a hold), no price move: the account's equity falls under
    // its maintenance margin (0.1 BTC at 20,000 needs more than 5 USDT).
    const wallet = w.ctx.ledger.balance(user(u.uid, 'contract', 'USDT'));
    const debit = wallet.available - w.ctx.ledger.parseAmount('USDT', '5');
    const maker = await loginOperator(w.server, 'finance');
    const checker = await loginOperator(w.server, 'finance');
    const proposed = await post<Adjustment>(
      w.server,
      '/admin/api/ledger/adjustments',
      {
        uid: u.uid,
        wallet: 'contract',
        asset: 'USDT',
        amount: `-${w.ctx.ledger.formatAmount('USDT', debit)}`,
        reason: 'reverse a credit made in error',
      },
      { token: maker.token },
    );
    expect(proposed.body.msg).toBe('success');
    const approved = await post<Adjustment>(
      w.server,
      `/admin/api/ledger/adjustments/${proposed.body.data.id}/approve`,
      {},
      { token: checker.token },
    );
    expect(approved.body.msg).toBe('success');

    // The next second's sweep finds the account where its new slack puts it, and liquidates (part of) the position.
    w.clock.advance(1000);
    w.ctx.perp.tick(w.clock.now());
    const after = await positions(w.server, u);
    expect(after[0]?.lots ?? 0).toBeLessThan(100);
    expectPerpConsistent(w.ctx);
  });
});
