import type { AdminWithdrawal, WithdrawalRisk } from '@bourse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsole, loadTexts, openConsole, operatorProfile, type SeenCall } from '../../test/console';

const BASE: AdminWithdrawal = {
  id: 21,
  uid: 10000042,
  asset: 'USDT',
  network: 'TRC20',
  networkName: 'Tron (TRC20)',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  amount: '25000',
  fee: '1',
  total: '25001',
  remark: null,
  status: 'review',
  txHash: null,
  confirmations: 0,
  requiredConfirmations: 2,
  rejectReason: null,
  failReason: null,
  cancellable: false,
  createdAt: Date.UTC(2026, 4, 1),
  updatedAt: Date.UTC(2026, 4, 1),
  reviewedBy: null,
  reviewedAt: null,
  approvalsRequired: 2,
  firstReviewedBy: null,
  firstReviewedAt: null,
};

const RISK: WithdrawalRisk = {
  withdrawalId: 21,
  uid: 10000042,
  accountCreatedAt: Date.UTC(2026, 3, 29),
  accountAgeDays: 2,
  valueUsdt: '25000',
  windowDays: 30,
  deposits: { ever: 1, lastAt: Date.UTC(2026, 3, 30), recent: [{ asset: 'USDT', count: 1, amount: '26000' }] },
  spotTrades: 0,
  address: { ownWithdrawals: 0, ownFirstAt: null, otherUsers: 3 },
  hints: ['newAccount', 'newAddress', 'sharedAddress', 'depositNoTrade'],
};

function server(row: AdminWithdrawal) {
  return (call: SeenCall) => {
    if (call.url.startsWith('/admin/api/wallet/withdrawals/21/risk')) return RISK;
    if (call.url.startsWith('/admin/api/wallet/withdrawals')) return { list: [row], total: 1, page: 1, size: 20 };
    if (call.url.startsWith('/admin/api/wallet/settings')) return { doubleReviewAboveUsdt: '10000' };
    return undefined;
  };
}

beforeAll(loadTexts);
afterEach(closeConsole);

describe('the withdrawal queue', { timeout: 30_000 }, () => {
  it('shows the review evidence and that a large withdrawal needs two approvals', async () => {
    openConsole(operatorProfile('finance'), '#/reviews/withdrawals', server(BASE));
    expect((await screen.findByTestId('withdrawal-stage-21', {}, { timeout: 15_000 })).textContent).toBe(
      'Needs two approvals',
    );
    fireEvent.click(screen.getByTestId('withdrawal-open-21'));
    const hints = await screen.findByTestId('risk-hints', {}, { timeout: 10_000 });
    expect([...hints.querySelectorAll('[data-testid^="risk-hint-"]')].map((n) => n.textContent)).toEqual([
      'New account',
      'Address never used by this user',
      'Address used by other users',
      'Deposited without trading',
    ]);
    expect(screen.getByTestId('risk-age').textContent).toContain('2 d');
    expect(screen.getByTestId('risk-address-others').textContent).toBe('3');
    expect(screen.getByTestId('risk-trades').textContent).toBe('0');
  });

  it('disables the first approver’s approve button, with the reason', async () => {
    // Operator 7 (the one signed in) gave the first approval.
    const row = { ...BASE, firstReviewedBy: 7, firstReviewedAt: Date.UTC(2026, 4, 1, 1) };
    openConsole(operatorProfile('finance'), '#/reviews/withdrawals', server(row));
    expect((await screen.findByTestId('withdrawal-stage-21', {}, { timeout: 15_000 })).textContent).toBe(
      'Awaiting a second approval (first: you)',
    );
    const approve = screen.getByTestId('withdrawal-approve-21');
    expect(approve.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(approve.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'You gave the first approval: a different operator must give the second.',
    );
  });

  it('lets another operator give the second approval', async () => {
    const row = { ...BASE, firstReviewedBy: 3, firstReviewedAt: Date.UTC(2026, 4, 1, 1) };
    openConsole(operatorProfile('finance'), '#/reviews/withdrawals', server(row));
    expect((await screen.findByTestId('withdrawal-stage-21', {}, { timeout: 15_000 })).textContent).toBe(
      'Awaiting a second approval (first: operator #3)',
    );
    expect(screen.getByTestId('withdrawal-approve-21').hasAttribute('disabled')).toBe(false);
  });

  it('shows the double-review amount, and lets only the assets permission change it', async () => {
    const calls = openConsole(operatorProfile('admin'), '#/reviews/withdrawals/settings', server(BASE));
    await waitFor(() => expect(screen.getByTestId('withdrawal-threshold').textContent).toBe('10,000 USDT'), {
      timeout: 15_000,
    });
    const input = screen.getByTestId('withdrawal-threshold-input');
    fireEvent.change(input, { target: { value: '2500.5' } });
    fireEvent.click(screen.getByTestId('withdrawal-threshold-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/admin/api/wallet/settings/update',
        body: { doubleReviewAboveUsdt: '2500.5' },
      }),
    );
  });

  it('shows the settings read-only without the assets permission', async () => {
    openConsole(
      operatorProfile('finance', ['session', 'dashboard.read', 'withdrawals.review']),
      '#/reviews/withdrawals/settings',
      server(BASE),
    );
    await screen.findByTestId('withdrawal-threshold', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('withdrawal-threshold-input')).toBeNull();
  });
});
