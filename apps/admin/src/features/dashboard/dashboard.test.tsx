import type { Dashboard } from '@bourse/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsole, loadTexts, openConsole, operatorProfile, type SeenCall } from '../../test/console';

const SUMMARY: Dashboard = {
  at: Date.now(),
  today: {
    since: Date.UTC(2026, 4, 1),
    deposits: { count: 12, valueUsdt: '48250.5', unpriced: [] },
    withdrawals: { count: 3, valueUsdt: '1200', unpriced: ['XYZ'] },
    products: [
      { product: 'spot', trades: 1520, volumeUsdt: '2450310.12345678', feesUsdt: '2450.3101', unpriced: [] },
      { product: 'futures', trades: 880, volumeUsdt: '9100000', feesUsdt: '3640.005', unpriced: [] },
      { product: 'options', trades: 0, volumeUsdt: '0', feesUsdt: '0', unpriced: [] },
      { product: 'c2c', trades: 2, volumeUsdt: '300', feesUsdt: '0', unpriced: ['ABC'] },
    ],
    feesUsdt: '6090.3151',
  },
  scheduler: { jobs: 9, failing: 0, maxLagMs: 0 },
  users: { total: 1234, today: 5, week: 40 },
  queues: [
    { key: 'identity', pending: 3, permission: 'identity.review' },
    { key: 'withdrawals', pending: 0, permission: 'withdrawals.review' },
    { key: 'support', pending: 2, permission: 'support.chat' },
  ],
  reconciliation: { ok: false, checkedAt: Date.now() - 30_000, problems: 2 },
};

function server(call: SeenCall) {
  if (call.url === '/admin/api/dashboard') return SUMMARY;
  if (call.url === '/admin/api/scheduler/jobs') return { now: Date.now(), running: true, jobs: [] };
  return undefined;
}

beforeAll(loadTexts);
afterEach(closeConsole);

describe('the dashboard', { timeout: 30_000 }, () => {
  it('shows compliance its own queue, linked to it, and not the others', async () => {
    openConsole(operatorProfile('compliance'), '#/', server);
    const card = await screen.findByTestId('card-queue-identity', {}, { timeout: 15_000 });
    expect(screen.getByTestId('card-queue-identity-value').textContent).toBe('3');
    expect(card.querySelector('a')?.getAttribute('href')).toBe('#/reviews/identity');
    expect(screen.queryByTestId('card-queue-withdrawals')).toBeNull();
    expect(screen.queryByTestId('card-queue-support')).toBeNull();
  });

  it('shows support the conversations waiting, and the last reconciliation without a way into the ledger', async () => {
    openConsole(operatorProfile('support'), '#/', server);
    const card = await screen.findByTestId('card-queue-support', {}, { timeout: 15_000 });
    expect(card.querySelector('a')?.getAttribute('href')).toBe('#/support');
    expect(screen.queryByTestId('card-queue-identity')).toBeNull();
    const reconciliation = await screen.findByTestId('card-reconciliation', {}, { timeout: 10_000 });
    await waitFor(() => expect(reconciliation.textContent).toContain('2 problems'));
    expect(reconciliation.querySelector('a')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('card-users-value').textContent).toBe('1,234'));
  });

  it('shows today’s deposits and withdrawals as the server valued them', async () => {
    openConsole(operatorProfile('content'), '#/', server);
    const deposits = await screen.findByTestId('card-deposits-today', {}, { timeout: 15_000 });
    await waitFor(() => expect(screen.getByTestId('card-deposits-today-value').textContent).toBe('48,250.5 USDT'));
    expect(deposits.textContent).toContain('12 since 00:00 UTC');
    const withdrawals = screen.getByTestId('card-withdrawals-today');
    expect(withdrawals.textContent).toContain('Not valued (no price): XYZ.');
  });

  it('shows each product’s trades, volume and fees today as the server computed them, the fee revenue on top', async () => {
    openConsole(operatorProfile('content'), '#/', server);
    const card = await screen.findByTestId('card-trading-today', {}, { timeout: 15_000 });
    await waitFor(() =>
      expect(screen.getByTestId('card-trading-today-value').textContent).toBe('6,090.31 USDT in fees'),
    );
    const rows = [...card.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Spot', '1,520', '2,450,310.12', '2,450.31'],
      ['Futures', '880', '9,100,000', '3,640'],
      ['Options', '0', '0', '0'],
      ['C2C', '2', '300', '0'],
    ]);
    expect(card.textContent).toContain('Not valued (no price): ABC.');
  });
});
