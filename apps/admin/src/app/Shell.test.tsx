import { type OperatorRole, ROLE_PERMISSIONS } from '@bourse/contract';
import { act, render, screen, within } from '@testing-library/react';
import enUS from 'antd/es/locale/en_US';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { useSession } from '../lib/stores/session';
import { App } from './App';
import { consoleFeatures, consoleLocaleBundles } from './features';

function profile(role: OperatorRole) {
  return {
    id: 7,
    email: `${role}@bourse.local`,
    name: `${role} operator`,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
  };
}

/** The server, as far as the shell asks it: the operator's profile, and empty answers for the dashboard's cards. */
function serve(role: OperatorRole, options: { sessionEnded?: boolean } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (options.sessionEnded) {
        return new Response(JSON.stringify({ code: 401, msg: 'Please log in first.', data: null }), { status: 401 });
      }
      const data = url.startsWith('/admin/api/me')
        ? profile(role)
        : url.startsWith('/admin/api/scheduler/jobs')
          ? { now: 0, running: true, jobs: [] }
          : url.startsWith('/admin/api/queues')
            ? [{ key: 'support', pending: 4 }]
            : null;
      return new Response(JSON.stringify({ code: 200, msg: 'success', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function startConsole(role: OperatorRole, hash: string, options: { sessionEnded?: boolean } = {}) {
  serve(role, options);
  window.location.hash = hash;
  useSession
    .getState()
    .start({ token: 'token-123456789012345678901234', expiresAt: Date.now() + 3600_000, operator: profile(role) });
  render(<App features={consoleFeatures} initialLocale={enUS} />);
}

async function openConsole(role: OperatorRole, hash: string) {
  startConsole(role, hash);
  return screen.findByTestId('console-menu', {}, { timeout: 5000 });
}

beforeAll(async () => {
  await initI18n(consoleLocaleBundles(), 'en');
});

afterEach(() => {
  act(() => useSession.getState().end('signedOut'));
  vi.unstubAllGlobals();
});

describe('the shell for an operator', () => {
  it('shows a content operator the content pages and not the withdrawal queue', async () => {
    const menu = await openConsole('content', '#/');
    expect(within(menu).getByText('Banners')).toBeTruthy();
    expect(within(menu).getByText('Notices and articles')).toBeTruthy();
    expect(within(menu).queryByText('Withdrawal reviews')).toBeNull();
    expect(within(menu).queryByText('Identity reviews')).toBeNull();
    expect(within(menu).queryByText('Audit log')).toBeNull();
    expect(screen.getByTestId('operator-role').textContent).toBe('Content');
  });

  it('tells a content operator who opens the withdrawal queue’s address that it is not for their role', async () => {
    await openConsole('content', '#/reviews/withdrawals');
    expect(await screen.findByText('Not for your role')).toBeTruthy();
    expect(screen.queryByTestId('withdrawal-table')).toBeNull();
  });

  it('shows finance the withdrawal queue and the chain', async () => {
    const menu = await openConsole('finance', '#/');
    expect(within(menu).getByText('Withdrawal reviews')).toBeTruthy();
    expect(within(menu).getByText('Chain')).toBeTruthy();
    expect(within(menu).queryByText('Banners')).toBeNull();
  });

  it('goes back to sign-in, at the same address, when the server says the session has ended', async () => {
    startConsole('admin', '#/finance/ledger', { sessionEnded: true });
    expect(await screen.findByText(/Your session has ended/, {}, { timeout: 5000 })).toBeTruthy();
    expect(useSession.getState().session).toBeNull();
    expect(window.location.hash).toBe('#/finance/ledger');
  });

  it('badges a menu entry with what waits in its queue', async () => {
    const menu = await openConsole('support', '#/');
    const badge = await within(menu).findByTestId('menu-badge-/support', {}, { timeout: 5000 });
    expect(badge.textContent).toBe('4');
  });
});
