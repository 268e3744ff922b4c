import { ERRORS, type Loan, type LoanDetail, type LoanQuote, type LoanSummary } from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, post, registerUser, type TestServer, type TestUser } from '../../test/harness';
import { MINUTE_MS } from './service';
import {
  borrow,
  expectLoansConsistent,
  fundSpot,
  rid,
  spot,
  startLoansServer,
  type TestPrices,
  units,
} from './testing';

describe('crypto loans', () => {
  let server: TestServer;
  let prices: TestPrices;
  let alice: TestUser;

  beforeEach(async () => {
    ({ server, prices } = await startLoansServer());
    alice = await registerUser(server);
    await fundSpot(server.ctx, alice.uid, 'BTC', '1');
  });
  afterEach(async () => {
    await server.close();
  });

  const loan = async (id: number) =>
    (await get<LoanDetail>(server, `/mapi/loans/loans/${id}`, { token: alice.token })).body.data;
  const minutes = async (n: number) => {
    for (let i = 0; i < n; i++) {
      server.clock.advance(MINUTE_MS);
      await server.runDue();
    }
  };

  it('quotes a loan from the index: maximum at 65 %, margin-call and liquidation prices', async () => {
    const quote = await get<LoanQuote>(
      server,
      '/mapi/loans/quote?loanAsset=USDT&collateralAsset=BTC&collateral=0.1&amount=6000',
    );
    expect(quote.body.data).toMatchObject({
      price: '100000',
      initialLtv: '65',
      marginCallLtv: '75',
      liquidationLtv: '83',
      collateralValue: '10000',
      maxBorrow: '6500',
      requiredCollateral: '0.0923077', // 6000 / 0.65 / 100000, rounded up
      ltv: '60',
      marginCallPrice: '80000',
      liquidationPrice: '72289.15662651',
    });
  });

  it('lends against collateral held in spot and refuses what breaks the rules, changing nothing', async () => {
    const tooMuch = await borrow(server, alice, { amount: '6600', collateral: '0.1' }, 'en');
    expect(tooMuch.body).toMatchObject({
      code: ERRORS.LOAN_LTV_TOO_HIGH.code,
      msg: 'Not enough collateral: the loan-to-value ratio would be 66%, above the 65% allowed.',
    });
    const small = await borrow(server, alice, { amount: '1', collateral: '0.1' });
    expect(small.body.code).toBe(ERRORS.LOAN_AMOUNT_OUT_OF_RANGE.code);
    const same = await borrow(server, alice, { amount: '0.01', loanAsset: 'BTC', collateral: '0.1' });
    expect(same.body.code).toBe(ERRORS.LOAN_SAME_ASSET.code);
    const broke = await borrow(server, alice, { amount: '100', collateral: '2' });
    expect(broke.body.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    expect(spot(server.ctx, alice.uid, 'BTC')).toEqual({ available: units('1'), frozen: 0n });
    expect(spot(server.ctx, alice.uid, 'USDT').available).toBe(0n);

    const ok = await borrow(server, alice, { amount: '6500', collateral: '0.1' });
    expect(ok.body.data).toMatchObject({ status: 'open', risk: 'healthy', debt: '6500', ltv: '65', collateral: '0.1' });
    expect(spot(server.ctx, alice.uid, 'BTC')).toEqual({ available: units('0.9'), frozen: units('0.1') });
    expect(spot(server.ctx, alice.uid, 'USDT').available).toBe(units('6500'));
    expectLoansConsistent(server.ctx);
  });

  it('accrues interest each minute on the scheduler, exactly once, and catches up after downtime', async () => {
    const { id } = (await borrow(server, alice, { amount: '5256', collateral: '0.1' })).body.data;
    // 8 % a year on 5256 USDT: 0.0008 USDT a minute.
    await minutes(10);
    expect((await loan(id)).interest).toBe('0.008');
    await server.runDue();
    expect((await loan(id)).interest).toBe('0.008');
    // Down for three days: each minute charged once.
    server.clock.advance(3 * 1440 * MINUTE_MS);
    await server.runDue();
    expect((await loan(id)).interest).toBe('3.464'); // 4330 minutes × 0.0008
    expectLoansConsistent(server.ctx);
  });

  it('repays interest first, then principal; repaying all returns the collateral', async () => {
    await fundSpot(server.ctx, alice.uid, 'USDT', '100');
    const { id } = (await borrow(server, alice, { amount: '5256', collateral: '0.1' })).body.data;
    await minutes(60); // 0.048 interest
    const part = await post<Loan>(
      server,
      '/mapi/loans/repay',
      { loanId: id, amount: '1000', requestId: rid() },
      { token: alice.token },
    );
    expect(part.body.data).toMatchObject({ interest: '0', principal: '4256.048', interestPaid: '0.048' });
    const over = await post(
      server,
      '/mapi/loans/repay',
      { loanId: id, amount: '5000', requestId: rid() },
      { token: alice.token, lang: 'en' },
    );
    expect(over.body).toMatchObject({
      code: ERRORS.LOAN_REPAY_TOO_MUCH.code,
      msg: 'You owe 4256.048 USDT: repay at most that much.',
    });
    const full = await post<Loan>(
      server,
      '/mapi/loans/repay',
      { loanId: id, full: true, requestId: rid() },
      { token: alice.token },
    );
    expect(full.body.data).toMatchObject({ status: 'repaid', debt: '0', repaid: '5256' });
    expect(spot(server.ctx, alice.uid, 'BTC')).toEqual({ available: units('1'), frozen: 0n });
    expect(spot(server.ctx, alice.uid, 'USDT').available).toBe(units('100') - units('0.048'));
    const again = await post(
      server,
      '/mapi/loans/repay',
      { loanId: id, full: true, requestId: rid() },
      { token: alice.token },
    );
    expect(again.body.code).toBe(ERRORS.LOAN_CLOSED.code);
    expectLoansConsistent(server.ctx);
  });

  it('calls for margin when the price drops, clears it with more collateral, and liquidates at 83 %', async () => {
    const { id } = (await borrow(server, alice, { amount: '6000', collateral: '0.1' })).body.data;
    prices.set('BTC', '79000'); // LTV 75.95 %
    await minutes(1);
    const called = await loan(id);
    expect(called).toMatchObject({ risk: 'margin_call', status: 'open' });
    expect(called.marginCallAt).not.toBeNull();
    expect(called.events.map((e) => e.kind)).toEqual(['margin_call', 'borrow']);
    const summary = (await get<LoanSummary>(server, '/mapi/loans/summary', { token: alice.token })).body.data;
    expect(summary).toMatchObject({ open: 1, marginCall: 1 });

    const added = await post<Loan>(
      server,
      '/mapi/loans/collateral',
      { loanId: id, amount: '0.02', requestId: rid() },
      { token: alice.token },
    );
    expect(added.body.data).toMatchObject({ risk: 'healthy', collateral: '0.12', marginCallAt: null });

    prices.set('BTC', '60000'); // LTV 83.34 %
    await minutes(1);
    const done = await loan(id);
    expect(done.status).toBe('liquidated');
    const q = done.liquidation;
    // The book takes collateral at 57,000 (index less 5 %) for the debt; the rest comes back.
    expect(q).toMatchObject({ price: '60000', floorPrice: '57000', badDebt: '0' });
    expect(units(q?.debtRepaid ?? '0')).toBeGreaterThanOrEqual(units('6000'));
    expect(units(q?.soldToFund ?? '0') + units(q?.returnedCollateral ?? '0')).toBe(units('0.12'));
    expect(spot(server.ctx, alice.uid, 'BTC')).toEqual({
      available: units('0.88') + units(q?.returnedCollateral ?? '0'),
      frozen: 0n,
    });
    expectLoansConsistent(server.ctx);
  });

  it('keeps other users out of a loan', async () => {
    const { id } = (await borrow(server, alice, { amount: '100', collateral: '0.01' })).body.data;
    const bob = await registerUser(server);
    expect((await get(server, `/mapi/loans/loans/${id}`, { token: bob.token })).body.code).toBe(
      ERRORS.LOAN_NOT_FOUND.code,
    );
    const steal = await post(
      server,
      '/mapi/loans/repay',
      { loanId: id, full: true, requestId: rid() },
      { token: bob.token },
    );
    expect(steal.body.code).toBe(ERRORS.LOAN_NOT_FOUND.code);
  });
});
