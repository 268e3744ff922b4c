import { ERRORS, type AdminLoan, type LoanBook, type LoanTotals } from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, loginOperator, post, registerUser, type TestServer } from '../../test/harness';
import { borrow, fundSpot, startLoansServer, type TestPrices } from './testing';

describe('loans in the console', () => {
  let server: TestServer;
  let prices: TestPrices;
  beforeEach(async () => {
    ({ server, prices } = await startLoansServer());
  });
  afterEach(async () => {
    await server.close();
  });

  it('edits terms, funds the book, and lists loans near liquidation with totals owed', async () => {
    const op = await loginOperator(server, 'admin');
    const saved = await post(
      server,
      '/admin/api/loans/collateral',
      { asset: 'ETH', initialLtv: '60', marginCallLtv: '70', liquidationLtv: '80' },
      { token: op.token },
    );
    expect(saved.body.data).toMatchObject({ asset: 'ETH', initialLtv: '60', liquidationLtv: '80' });
    const wrong = await post(
      server,
      '/admin/api/loans/collateral',
      { asset: 'ETH', initialLtv: '80', marginCallLtv: '70', liquidationLtv: '90' },
      { token: op.token },
    );
    expect(wrong.body.code).toBe(ERRORS.LOAN_SETTINGS_INVALID.code);
    const book = await post<LoanBook>(
      server,
      '/admin/api/loans/book',
      { asset: 'USDT', amount: '1000' },
      { token: op.token },
    );
    expect(book.body.data.rows.find((r) => r.asset === 'USDT')?.available).toBe('2001000');

    const alice = await registerUser(server);
    await fundSpot(server.ctx, alice.uid, 'BTC', '1');
    const healthy = (await borrow(server, alice, { amount: '1000', collateral: '0.1' })).body.data;
    const risky = (await borrow(server, alice, { amount: '6000', collateral: '0.1' })).body.data;
    prices.set('BTC', '79000');
    const atRisk = await get<{ list: AdminLoan[]; total: number }>(server, '/admin/api/loans/loans?atRisk=true', {
      token: op.token,
    });
    expect(atRisk.body.data.list.map((l) => [l.id, l.uid, l.risk])).toEqual([[risky.id, alice.uid, 'margin_call']]);
    expect(healthy.id).not.toBe(risky.id);
    const totals = (await get<LoanTotals>(server, '/admin/api/loans/totals', { token: op.token })).body.data;
    expect(totals).toMatchObject({
      open: 2,
      atRisk: 1,
      borrowers: 1,
      owed: [{ asset: 'USDT', loans: 2, principal: '7000', interest: '0', debt: '7000' }],
      collateral: [{ asset: 'BTC', amount: '0.2' }],
    });
  });

  it('pins a test index only on a TEST_CLOCK server', async () => {
    const op = await loginOperator(server, 'admin');
    const pin = await post(server, '/admin/api/loans/testIndex', { asset: 'BTC', price: '70000' }, { token: op.token });
    expect(pin.body.code).toBe(ERRORS.NOT_FOUND.code);

    const testing = await startLoansServer({ TEST_CLOCK: 'true' });
    try {
      const admin = await loginOperator(testing.server, 'admin');
      const pinned = await post(
        testing.server,
        '/admin/api/loans/testIndex',
        { asset: 'BTC', price: '70000' },
        { token: admin.token },
      );
      expect(pinned.body.data).toEqual({ asset: 'BTC', price: '70000' });
      const quote = await get<{ price: string }>(
        testing.server,
        '/mapi/loans/quote?loanAsset=USDT&collateralAsset=BTC&collateral=0.1&amount=1000',
      );
      expect(quote.body.data.price).toBe('70000');
    } finally {
      await testing.server.close();
    }
  });
});
