import type { LoginResult } from '@bourse/contract';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/stores/session';
import { useGuestOnly } from './useGuestOnly';

const result: LoginResult = {
  token: 't',
  uid: 1,
  expiresAt: 0,
  user: {
    uid: 1,
    email: 'a***@b.co',
    phone: null,
    nickname: null,
    avatar: null,
    inviteCode: 'X',
    createdAt: 0,
    frozen: false,
    security: { twoFactor: false, fundPassword: false, identity: 'unverified' },
  },
};

function Login() {
  const leaving = useGuestOnly(undefined);
  return <p>{leaving ? 'leaving' : 'login form'}</p>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/pages/login/login', element: <Login /> },
      { path: '/pages/index/home', element: <p>home</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('visitor pages', () => {
  afterEach(() => useSession.getState().clear());

  it('shows the login page to a visitor', async () => {
    renderAt('/pages/login/login');
    await act(async () => undefined);
    expect(screen.getByText('login form')).toBeTruthy();
  });

  it('sends a logged-in user home instead of showing the login page', async () => {
    useSession.getState().signIn(result);
    const router = renderAt('/pages/login/login');
    await act(async () => undefined);
    expect(router.state.location.pathname).toBe('/pages/index/home');
  });
});

describe('a new account', () => {
  afterEach(() => useSession.getState().clear());

  it('is marked new only by registration’s own login, and forgets it at the next login or logout', () => {
    useSession.getState().signIn(result, { newAccount: true });
    expect(useSession.getState().newAccount).toBe(true);
    expect(localStorage.getItem('bourse.newAccount')).toBe('1');
    useSession.getState().signIn(result);
    expect(useSession.getState().newAccount).toBe(false);
    useSession.getState().signIn(result, { newAccount: true });
    useSession.getState().clear();
    expect(useSession.getState().newAccount).toBe(false);
    expect(localStorage.getItem('bourse.newAccount')).toBeNull();
  });
});
