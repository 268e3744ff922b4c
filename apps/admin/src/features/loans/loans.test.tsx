import type { LoanMarket } from '@bourse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsole, loadTexts, openConsole, operatorProfile, type SeenCall } from '../../test/console';

const MARKET: LoanMarket = {
  loanable: [{ asset: 'USDT', apr: '8', minAmount: '10', maxAmount: '100000', available: '50000', status: 'active' }],
  collateral: [
    { asset: 'BTC', initialLtv: '65', marginCallLtv: '75', liquidationLtv: '83', price: '60000', status: 'active' },
  ],
};

function server(call: SeenCall) {
  if (call.url === '/admin/api/loans/assets' && call.method === 'GET') return MARKET;
  if (call.url === '/admin/api/loans/assets') return { ...MARKET.loanable[0], ...(call.body as object) };
  if (call.url === '/admin/api/loans/collateral') return { ...(call.body as object), price: null };
  if (call.url === '/admin/api/loans/book') return { account: 'loan_book', rows: [] };
  if (call.url === '/admin/api/loans/totals')
    return { open: 0, atRisk: 0, liquidating: 0, borrowers: 0, owed: [], collateral: [] };
  if (call.url.startsWith('/admin/api/loans/loans')) return { list: [], total: 0, page: 1, size: 50 };
  return undefined;
}

/** A field of the open drawer by its name. */
function input(name: string): HTMLInputElement {
  const field = document.querySelector<HTMLInputElement>(`.ant-drawer-open input[name="${name}"]`);
  if (!field) throw new Error(`no field ${name}`);
  return field;
}

beforeAll(loadTexts);
afterEach(closeConsole);

describe('the loans page', { timeout: 120_000 }, () => {
  it('adds a collateral coin with the default LTVs, and edits a loanable coin’s rate', async () => {
    const calls = openConsole(operatorProfile('admin'), '#/markets/loans', server);
    fireEvent.click(await screen.findByTestId('loan-collateral-create', {}, { timeout: 15_000 }));
    fireEvent.change(await waitFor(() => input('asset')), { target: { value: 'eth' } });
    fireEvent.click(screen.getByTestId('loan-collateral-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/admin/api/loans/collateral')?.body).toEqual({
        asset: 'ETH',
        initialLtv: '65',
        marginCallLtv: '75',
        liquidationLtv: '83',
        status: 'active',
      }),
    );

    fireEvent.click(await screen.findByTestId('loan-asset-create'));
    await waitFor(() => expect(input('asset').value).toBe(''));
    fireEvent.change(input('asset'), { target: { value: 'USDC' } });
    fireEvent.change(input('apr'), { target: { value: '9.5' } });
    fireEvent.click(screen.getByTestId('loan-asset-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/admin/api/loans/assets' && c.method === 'POST')?.body).toEqual({
        asset: 'USDC',
        apr: '9.5',
        minAmount: '10',
        maxAmount: '100000',
        status: 'active',
      }),
    );
  });
});
