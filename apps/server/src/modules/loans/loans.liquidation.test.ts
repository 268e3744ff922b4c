import type { LoanDetail } from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, post, registerUser, type TestServer, type TestUser } from '../../test/harness';
import { system } from '../ledger';
import { placed } from '../spot/testing';
import { LOAN_BOOK, LOAN_INTEREST, LOAN_LIQUIDATOR, MINUTE_MS } from './service';
import {
  borrow,
  expectLoansConsistent,
  fundSpot,
  type Mailbox,
  registerByMail,
  rid,
  spot,
  startLoansServer,
  startMailbox,
  type TestPrices,
  units,
} from './testing';

/**
 * Liquidation at 83 %: the collateral that covers the debt is sold into the spot book (an IOC sell no lower than the
 * index less 5 %), in one transaction with the settlement; what the book cannot absorb within that protection the
 * loan book takes at the floor price. Margin calls are mailed once per crossing.
 */
describe('loan liquidation through the spot book', () => {
  let server: TestServer;
  let prices: TestPrices;
  let alice: TestUser;
  let bob: TestUser;

  beforeEach(async () => {
    ({ server, prices } = await startLoansServer());
    alice = await registerUser(server);
    bob = await registerUser(server);
    await fundSpot(server.ctx, alice.uid, 'BTC', '1');
    await fundSpot(server.ctx, bob.uid, 'USDT', '100000');
  });
  afterEach(async () => {
    await server.close();
  });

  const loan = async (id: number) =>
    (await get<LoanDetail>(server, `/mapi/loans/loans/${id}`, { token: alice.token })).body.data;
  const minute = async () => {
    server.clock.advance(MINUTE_MS);
    await server.runDue();
  };
  const bid = (price: string, quantity: string) =>
    placed(server, bob, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price, quantity });
  const sys = (name: string, asset: string) => server.ctx.ledger.balance(system(name, asset, 'spot')).available;

  it('sells the collateral that covers the debt into the book; the surplus and the rest come back', async () => {
    const { id } = (await borrow(server, alice, { amount: '6000', collateral: '0.12' })).body.data;
    await bid('59000', '1');
    const bookBefore = sys(LOAN_BOOK, 'USDT');
    prices.set('BTC', '50000'); // LTV 100 %: floor 47,500
    await minute();
    const done = await loan(id);
    expect(done.status).toBe('liquidated');
    const q = done.liquidation;
    if (!q) throw new Error('no liquidation');
    // 6000 / 47,500 × 1.01 = 0.12757895 > 0.12: all of it is offered and bought at 59,000.
    expect(q).toMatchObject({ price: '50000', floorPrice: '47500', soldOnBook: '0.12', soldToFund: '0' });
    // The debt: 6000 and the minute's interest (6000 × 8 % / 525600, rounded up).
    const debt = units('6000.00091325');
    expect(q).toMatchObject({ debtRepaid: '6000.00091325', badDebt: '0', returnedCollateral: '0' });
    const proceeds = units(q.bookProceeds);
    expect(proceeds).toBeLessThanOrEqual(units('7080')); // 0.12 × 59,000 less the taker fee
    expect(proceeds).toBeGreaterThan(units('7000'));
    expect(units(q.returnedProceeds)).toBe(proceeds - debt);
    expect(units(q.fundPaid)).toBe(0n);
    // Alice keeps the 6000 borrowed and gets the surplus; Bob has the BTC; the book has its principal back.
    expect(spot(server.ctx, alice.uid, 'USDT').available).toBe(units('6000') + proceeds - debt);
    expect(sys(LOAN_INTEREST, 'USDT')).toBe(units('0.00091325'));
    expect(spot(server.ctx, alice.uid, 'BTC')).toEqual({ available: units('0.88'), frozen: 0n });
    expect(spot(server.ctx, bob.uid, 'BTC').available).toBeGreaterThan(units('0.119'));
    expect(sys(LOAN_BOOK, 'USDT') - bookBefore).toBe(units('6000'));
    expect(sys(LOAN_LIQUIDATOR, 'BTC')).toBe(0n);
    expect(sys(LOAN_LIQUIDATOR, 'USDT')).toBe(0n);
    expectLoansConsistent(server.ctx);
  });

  it('sells what the book absorbs within the price protection; the loan book takes the rest at the floor', async () => {
    const { id } = (await borrow(server, alice, { amount: '6000', collateral: '0.12' })).body.data;
    await bid('59000', '0.05'); // within the protection, too small
    const far = await bid('55000', '1'); // below the floor of 57,000: never hit
    const bookBtc = sys(LOAN_BOOK, 'BTC');
    prices.set('BTC', '60000'); // LTV 83.34 %
    await minute();
    const q = (await loan(id)).liquidation;
    if (!q) throw new Error('no liquidation');
    expect(q).toMatchObject({ floorPrice: '57000', soldOnBook: '0.05', badDebt: '0' });
    const proceeds = units(q.bookProceeds);
    expect(proceeds).toBeGreaterThan(units('2940'));
    expect(proceeds).toBeLessThanOrEqual(units('2950'));
    // The interest of the minute (6000 × 8 % / 525600, rounded up) is part of the debt.
    const debt = units('6000') + units('0.00091325');
    const fundTakes = units(q.soldToFund);
    // The book takes the least collateral that covers the shortfall at 57,000 (rounded up).
    expect(fundTakes).toBe((((debt - proceeds) * 10n ** 8n + units('57000') - 1n) / units('57000')) as bigint);
    expect(units(q.fundPaid)).toBe((fundTakes * units('57000')) / 10n ** 8n);
    expect(units(q.debtRepaid)).toBe(debt);
    expect(units(q.soldOnBook) + fundTakes + units(q.returnedCollateral)).toBe(units('0.12'));
    expect(proceeds + units(q.fundPaid)).toBe(units(q.debtRepaid) + units(q.returnedProceeds));
    expect(sys(LOAN_INTEREST, 'USDT')).toBe(units('0.00091325'));
    expect(sys(LOAN_BOOK, 'BTC') - bookBtc).toBe(fundTakes);
    expect(spot(server.ctx, alice.uid, 'BTC')).toEqual({
      available: units('0.88') + units(q.returnedCollateral),
      frozen: 0n,
    });
    // The far bid is untouched.
    const open = server.ctx.spot.openOrders(bob.uid, { symbol: 'BTC_USDT', page: 1, size: 10 });
    expect(open.list.find((o) => o.id === far.id)?.filledQuantity).toBe('0');
    expectLoansConsistent(server.ctx);
  });

  it('without liquidity within the protection the loan book takes the collateral at the floor price', async () => {
    const { id } = (await borrow(server, alice, { amount: '6000', collateral: '0.12' })).body.data;
    await bid('50000', '1');
    prices.set('BTC', '60000');
    await minute();
    const q = (await loan(id)).liquidation;
    expect(q).toMatchObject({ soldOnBook: '0', bookProceeds: '0', badDebt: '0' });
    expect(units(q?.soldToFund ?? '0') + units(q?.returnedCollateral ?? '0')).toBe(units('0.12'));
    expect(units(q?.fundPaid ?? '0')).toBeGreaterThanOrEqual(units('6000'));
    expect(spot(server.ctx, bob.uid, 'BTC').available).toBe(0n);
    expectLoansConsistent(server.ctx);
  });

  it('liquidates once across a restart of the job: a pending liquidation finishes on the next minute', async () => {
    const { id } = (await borrow(server, alice, { amount: '6000', collateral: '0.12' })).body.data;
    await bid('59000', '1');
    prices.set('BTC', '60000');
    // The minute's slot commits the start; the sale is left for the next run (as after a crash in between).
    server.ctx.loans.accrue(server.clock.now() + MINUTE_MS);
    server.ctx.db.transaction(() => server.ctx.loans.watch())();
    expect((await loan(id)).status).toBe('liquidating');
    const repay = await post(
      server,
      '/mapi/loans/repay',
      { loanId: id, full: true, requestId: rid() },
      {
        token: alice.token,
      },
    );
    expect(repay.body.code).not.toBe(200);
    await minute();
    await minute();
    const done = await loan(id);
    expect(done.status).toBe('liquidated');
    expect(done.events.filter((e) => e.kind === 'liquidation')).toHaveLength(1);
    expect(done.liquidation?.soldOnBook).not.toBe('0');
    expectLoansConsistent(server.ctx);
  });
});

describe('margin call by mail', () => {
  let mailbox: Mailbox;
  let server: TestServer;
  let prices: TestPrices;

  beforeEach(async () => {
    mailbox = await startMailbox();
    ({ server, prices } = await startLoansServer({ SMTP_URL: mailbox.url }));
  });
  afterEach(async () => {
    await server.close();
    await mailbox.close();
  });

  it('mails the borrower once per crossing of the margin call, in the language they borrowed in', async () => {
    const carol = await registerByMail(server, mailbox, 'carol.loans@example.com');
    await fundSpot(server.ctx, carol.uid, 'BTC', '1');
    const { id } = (await borrow(server, carol, { amount: '6000', collateral: '0.1' }, 'zh_CN')).body.data;
    const calls = () => mailbox.received.filter((m) => m.to === carol.account && m.text.includes('补仓线'));
    const minutes = async (n: number) => {
      for (let i = 0; i < n; i++) {
        server.clock.advance(MINUTE_MS);
        await server.runDue();
      }
    };
    prices.set('BTC', '79000'); // LTV 75.95 %
    await minutes(1);
    await expect.poll(() => calls().length).toBe(1);
    expect(calls()[0]?.text).toContain(`您的借款 ${id}（借 6000.00091325 USDT，质押 0.1 BTC）质押率已达 75.95%`);
    await minutes(5); // still called: no more mail
    prices.set('BTC', '90000'); // back below 75 %
    await minutes(1);
    prices.set('BTC', '78000'); // a second crossing
    await minutes(3);
    await expect.poll(() => calls().length).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls()).toHaveLength(2);
    const detail = (await get<LoanDetail>(server, `/mapi/loans/loans/${id}`, { token: carol.token })).body.data;
    expect(detail.events.map((e) => e.kind)).toEqual(['margin_call', 'margin_call_cleared', 'margin_call', 'borrow']);
  });
});
