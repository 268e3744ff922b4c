import type { TwoFactorReset, UserAdminDetail, UserAdminSummary } from '@bourse/contract';
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

describe('a user’s page', { timeout: 90_000 }, () => {
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
    expect(tabs()).toEqual(['Balances', 'Spot orders', 'Deposits', 'Sessions and devices (1)']);
    expect(screen.queryByTestId('user-freeze')).toBeNull();
    closeConsole();

    openConsole(operatorProfile('finance'), `#/users/${UID}`, server({ detail: detail() }));
    await screen.findByTestId('user-profile', {}, { timeout: 15_000 });
    expect(tabs()).toEqual(['Balances', 'Spot orders', 'Deposits', 'Withdrawals', 'Sessions and devices (1)']);
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

describe('finding a user', { timeout: 90_000 }, () => {
  it('searches what the address holds and links each result to the user’s page', async () => {
    const calls = openConsole(operatorProfile('compliance'), '#/users?q=ada', server({ detail: detail() }));
    const link = await screen.findByTestId(`user-open-${UID}`, {}, { timeout: 45_000 });
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

describe('resetting two-factor and signing out (maker-checker)', { timeout: 90_000 }, () => {
  const reset = (change: Partial<TwoFactorReset> = {}): TwoFactorReset => ({
    id: 5,
    uid: UID,
    reason: 'Lost phone, checked on a video call',
    status: 'pending',
    proposedBy: 3,
    proposedAt: Date.UTC(2026, 4, 2),
    decidedBy: null,
    decidedAt: null,
    note: null,
    ...change,
  });
  const withResets = (resets: TwoFactorReset[]) => {
    const base = server({ detail: detail() });
    return (call: SeenCall) => {
      if (call.url.startsWith('/admin/api/two-factor-resets?'))
        return { list: resets, total: resets.length, page: 1, size: 20 };
      if (call.url === `/admin/api/users/${UID}/two-factor-reset`) {
        resets.unshift(reset({ id: 6, proposedBy: 7, reason: (call.body as { reason: string }).reason }));
        return resets[0];
      }
      if (call.url === `/admin/api/users/${UID}/sessions/revoke`) return { revoked: 2 };
      if (call.url === `/admin/api/users/${UID}/sessions/1/revoke`) return { revoked: 1 };
      return base(call);
    };
  };

  it('proposes a reset with a reason; the proposer cannot decide it', async () => {
    const calls = openConsole(operatorProfile('admin'), `#/users/${UID}`, withResets([]));
    fireEvent.click(await screen.findByTestId('reset-2fa-propose', {}, { timeout: 15_000 }));
    const modal = await findModal();
    const reason = modal.querySelector('textarea[name="reason"]');
    if (!reason) throw new Error('no reason field');
    fireEvent.change(reason, { target: { value: 'Lost phone' } });
    fireEvent.click(buttonIn(modal, 'Propose'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/two-factor-reset'))).toMatchObject({
        method: 'POST',
        body: { reason: 'Lost phone' },
      }),
    );
    const own = await screen.findByTestId('reset-2fa-own-6', {}, { timeout: 10_000 });
    expect(own.getAttribute('aria-label')).toBe('You proposed it: a different operator must decide.');
    expect(screen.getByTestId('reset-2fa-approve-6').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('reset-2fa-reject-6').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('reset-2fa-status').textContent).toBe('Awaiting a second operator');
  });

  it('lets another operator approve from the queue', async () => {
    const calls = openConsole(operatorProfile('admin'), '#/users/two-factor-resets', withResets([reset()]));
    const approve = await screen.findByTestId('reset-2fa-approve-5', {}, { timeout: 15_000 });
    expect(approve.hasAttribute('disabled')).toBe(false);
    fireEvent.click(approve);
    const confirm = await screen.findByText('Switch two-factor off for user 10000042?');
    const pop = confirm.closest('.ant-popover');
    if (!(pop instanceof HTMLElement)) throw new Error('no confirmation');
    fireEvent.click(buttonIn(pop, 'Approve'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/admin/api/two-factor-resets/5/approve')).toMatchObject({ method: 'POST' }),
    );
  });

  it('shows neither to a role without users.manage', async () => {
    openConsole(operatorProfile('support'), `#/users/${UID}`, withResets([reset()]));
    await screen.findByTestId('reset-2fa-card', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('reset-2fa-approve-5')).toBeNull();
    expect(screen.queryByTestId('user-revoke-sessions')).toBeNull();
  });

  it('signs a user out of one device', async () => {
    const calls = openConsole(operatorProfile('admin'), `#/users/${UID}`, withResets([]));
    fireEvent.click(await screen.findByText('Sessions and devices (1)', {}, { timeout: 15_000 }));
    fireEvent.click(await screen.findByTestId('user-revoke-session-1'));
    const confirm = await screen.findByText('Sign the user out on this device?');
    const pop = confirm.closest('.ant-popover');
    if (!(pop instanceof HTMLElement)) throw new Error('no confirmation');
    fireEvent.click(buttonIn(pop, 'Sign out'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === `/admin/api/users/${UID}/sessions/1/revoke`)).toMatchObject({
        method: 'POST',
      }),
    );
    expect(calls.find((c) => c.url === `/admin/api/users/${UID}/sessions/revoke`)).toBeUndefined();
  });

  it('offers no per-device sign-out to a role without users.manage', async () => {
    openConsole(operatorProfile('support'), `#/users/${UID}`, withResets([]));
    fireEvent.click(await screen.findByText('Sessions and devices (1)', {}, { timeout: 15_000 }));
    await screen.findByTestId('user-sessions');
    expect(screen.queryByTestId('user-revoke-session-1')).toBeNull();
  });

  it('signs a user out everywhere', async () => {
    const calls = openConsole(operatorProfile('admin'), `#/users/${UID}`, withResets([]));
    fireEvent.click(await screen.findByTestId('user-revoke-sessions', {}, { timeout: 15_000 }));
    const confirm = await screen.findByText('Sign user 10000042 out on every device?');
    const pop = confirm.closest('.ant-popover');
    if (!(pop instanceof HTMLElement)) throw new Error('no confirmation');
    fireEvent.click(buttonIn(pop, 'Sign out everywhere'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === `/admin/api/users/${UID}/sessions/revoke`)).toMatchObject({ method: 'POST' }),
    );
  });
});
