import type { AdminBox, RewardPoolBalance } from '@bourse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsole, loadTexts, openConsole, operatorProfile, type SeenCall } from '../../test/console';

function server() {
  let pool: RewardPoolBalance[] = [{ asset: 'USDT', available: '100', funded: '100', paid: '0' }];
  const box: AdminBox = {
    id: 1,
    name: 'Starter box',
    priceAsset: 'USDT',
    price: '5',
    prizes: [
      { index: 0, asset: 'USDT', amount: '0', odds: '60' },
      { index: 1, asset: 'USDT', amount: '10', odds: '40' },
    ],
    status: 'active',
    budgetLeft: [{ asset: 'USDT', amount: '90' }],
    soldOut: false,
    opened: 3,
    budget: [{ asset: 'USDT', amount: '100' }],
    paid: [{ asset: 'USDT', amount: '10' }],
    revenue: '15',
  };
  return (call: SeenCall) => {
    if (call.url === '/admin/api/rewards/pool') return pool;
    if (call.url === '/admin/api/rewards/pool/fund') {
      const body = call.body as { asset: string; amount: string };
      pool = [{ asset: body.asset, available: '150', funded: '150', paid: '0' }];
      return pool;
    }
    if (call.url === '/admin/api/rewards/settings')
      return {
        checkin: { asset: 'USDT', amount: '1' },
        rebates: { spot: { level1: '20', level2: '5' }, futures: { level1: '10', level2: '2.5' } },
      };
    if (call.url.startsWith('/admin/api/rewards/rebates')) return { list: [], total: 0, page: 1, size: 20 };
    if (call.url === '/admin/api/rewards/boxes') return [box];
    return undefined;
  };
}

beforeAll(loadTexts);
afterEach(closeConsole);

describe('the rewards pages', { timeout: 30_000 }, () => {
  it('funds the reward pool from the treasury and shows the new balance', async () => {
    const calls = openConsole(operatorProfile('admin'), '#/rewards', server());
    const table = await screen.findByTestId('pool-table', {}, { timeout: 15_000 });
    await waitFor(() => expect(table.textContent).toContain('100'));
    fireEvent.change(screen.getByTestId('fund-amount'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('fund-submit'));
    await waitFor(() => expect(table.textContent).toContain('150'));
    const fund = calls.find((c) => c.url === '/admin/api/rewards/pool/fund');
    expect(fund?.body).toEqual({ asset: 'USDT', amount: '50' });
  });

  it('lists boxes with their published odds, budget, paid prizes and revenue', async () => {
    openConsole(operatorProfile('admin'), '#/rewards/boxes', server());
    const table = await screen.findByTestId('boxes-table', {}, { timeout: 15_000 });
    await waitFor(() => expect(table.textContent).toContain('Starter box'));
    expect(table.textContent).toContain('10 USDT (40%)');
    expect(table.textContent).toContain('100 USDT');
    expect(table.textContent).toContain('15 USDT');
  });
});
