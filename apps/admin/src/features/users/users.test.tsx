import type { UserAdminDetail, UserAdminSummary } from '@bourse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buttonIn,
  closeConsole,
  findModal,
  loadTexts,
  openConsole,
  operatorProfile,
  type SeenCall,
} from '../../test/console';
import { isZero } from './components/BalancesTab';

const UID = 10000042;

function summary(change: Partial<UserAdminSummary> = {}): UserAdminSummary {
  return {
    uid: UID,
    email: 'ada@example.com',
    phone: '+447700900123',
    nickname: 'Ada',
    inviteCode: 'ADA12345',
    inviterUid: 10000001,
    status: 'active',
    frozen: false,
    identity: 'verified',
    twoFactor: true,
    createdAt: Date.UTC(2026, 0, 5),
    ...change,
  };
}

function detail(change: Partial<UserAdminSummary> = {}, frozenReason: string | null = null): UserAdminDetail {
  return {
    user: summary(change),
    frozenAt: change.frozen ? Date.UTC(2026, 4, 1) : null,
    frozenReason,
    security: {
      email: 'a***@example.com',
      phone: '+44******123',
      loginPasswordChangedAt: null,
      withdrawLockedUntil: Date.now() + 3_600_000,
      withdrawLockReason: 'address',
      fundPassword: true,
      twoFactor: true,
      identity: 'verified',
      activeSessions: 1,
    },
    sessions: [
      {
        id: 1,
        device: 'Chrome · Android',
        deviceId: 'device-abcdef123456',
        userAgent: 'Mozilla/5.0',
        ip: '203.0.113.9',
        createdAt: Date.UTC(2026, 4, 1),
        lastUsedAt: Date.UTC(2026, 4, 2),
        current: false,
      },
    ],
    balances: {
      valueUsdt: '1250.5',
      unpriced: ['XYZ'],
      wallets: [
        {
          wallet: 'spot',
          valueUsdt: '1250.5',
          assets: [
            {
              asset: 'USDT',
              name: 'Tether USD',
              scale: 8,
              displayPrecision: 2,
              available: '1200.5',
              frozen: '50',
              total: '1250.5',
              valueUsdt: '1250.5',
            },
            {
              asset: 'BTC',
              name: 'Bitcoin',
              scale: 8,
              displayPrecision: 6,
              available: '0',
              frozen: '0',
              total: '0.00000000',
              valueUsdt: '0',
            },
          ],
        },
        { wallet: 'contract', valueUsdt: '0', assets: [] },
      ],
    },
  };
}

function server(state: { detail: UserAdminDetail }) {
  return (call: SeenCall) => {
    if (call.url === `/admin/api/users/${UID}` && call.method === 'GET') return state.detail;
    if (call.url === `/admin/api/users/${UID}/freeze`) {
      const reason = (call.body as { reason: string }).reason;
      state.detail = detail({ frozen: true }, reason);
      return state.detail.user;
    }
    if (call.url.startsWith('/admin/api/users?')) return [summary()];
    if (call.url.startsWith(`/admin/api/users/${UID}/orders`)) return { list: [], total: 0, page: 1, size: 20 };
    return undefined;
  };
}

const tabs = () => [...document.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent);

beforeAll(loadTexts);
afterEach(closeConsole);

describe('a user’s page', { timeout: 30_000 }, () => {
  it('shows the full contact details, the state and the balances of every wallet', async () => {
    openConsole(operatorProfile('support'), `#/users/${UID}`, server({ detail: detail() }));
    const profile = await screen.findByTestId('user-profile', {}, { timeout: 15_000 });
    expect(profile.textContent).toContain('ada@example.com');
    expect(profile.textContent).toContain('+447700900123');
    const state = screen.getByTestId('user-state');
    expect(state.textContent).toContain('Not frozen');
    expect(state.textContent).toContain('Locked until');
    expect(state.textContent).toContain('The withdrawal address book changed.');
    // Empty balances are hidden until asked for; a wallet with nothing says so.
    const spot = screen.getByTestId('balances-spot');
    expect(spot.textContent).toContain('1,200.5');
    expect(within(spot).queryByText('BTC')).toBeNull();
    expect(screen.getByTestId('balances-contract').textContent).toContain('No balance in this wallet.');
    fireEvent.click(screen.getByTestId('balances-hide-zero'));
    expect(within(screen.getByTestId('balances-spot')).getByText('BTC')).toBeTruthy();
    expect(screen.getByText(/Without a USDT price, not in the totals: XYZ/)).toBeTruthy();
  });

  it('shows the withdrawals tab only to a role that reviews withdrawals, and freezing only to users.manage', async () => {
    openConsole(operatorProfile('support'), `#/users/${UID}`, server({ detail: detail() }));
    await screen.findByTestId('user-profile', {}, { timeout: 15_000 });
    expect(tabs()).toEqual(['Balances', 'Spot orders', 'Sessions and devices (1)']);
    expect(screen.queryByTestId('user-freeze')).toBeNull();
    closeConsole();

    openConsole(operatorProfile('finance'), `#/users/${UID}`, server({ detail: detail() }));
    await screen.findByTestId('user-profile', {}, { timeout: 15_000 });
    expect(tabs()).toEqual(['Balances', 'Spot orders', 'Withdrawals', 'Sessions and devices (1)']);
    expect(screen.queryByTestId('user-freeze')).toBeNull();
  });

  it('freezes with a reason, then says why and since when', async () => {
    const state = { detail: detail() };
    const calls = openConsole(operatorProfile('admin'), `#/users/${UID}`, server(state));
    fireEvent.click(await screen.findByTestId('user-freeze', {}, { timeout: 15_000 }));
    const modal = await findModal();
    const reason = modal.querySelector('textarea[name="reason"]');
    if (!reason) throw new Error('no reason field');
    fireEvent.change(reason, { target: { value: 'Chargeback under investigation' } });
    fireEvent.click(buttonIn(modal, 'Freeze account'));
    const alert = await screen.findByTestId('user-frozen-alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('Chargeback under investigation');
    const freeze = calls.find((call) => call.url.endsWith('/freeze'));
    expect(freeze).toMatchObject({ method: 'POST', body: { reason: 'Chargeback under investigation' } });
    await waitFor(() => expect(screen.getByTestId('user-unfreeze')).toBeTruthy());
  });
});

describe('finding a user', { timeout: 30_000 }, () => {
  it('searches what the address holds and links each result to the user’s page', async () => {
    const calls = openConsole(operatorProfile('compliance'), '#/users?q=ada', server({ detail: detail() }));
    const link = await screen.findByTestId(`user-open-${UID}`, {}, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe(`#/users/${UID}`);
    expect(calls.some((call) => call.url === '/admin/api/users?q=ada')).toBe(true);
  });

  it('reads zero balances as zero, whatever their scale', () => {
    expect(isZero('0')).toBe(true);
    expect(isZero('0.00000000')).toBe(true);
    expect(isZero('0.00000001')).toBe(false);
    expect(isZero('10')).toBe(false);
  });
});
