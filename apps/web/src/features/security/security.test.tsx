import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query';
import { useSession } from '../../lib/stores/session';
import { initTestI18n } from '../../test/i18n';
import { checkImage } from '../../components/ImagePicker';
import IdentityPage from './pages/IdentityPage';
import UpdatePasswordPage from './pages/UpdatePasswordPage';

interface Sent {
  url: string;
  method: string;
}

/** Answers the app's API calls from a table of paths; records what was sent. */
function stubApi(answers: Record<string, unknown>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      sent.push({ url, method: init?.method ?? 'GET' });
      const path = new URL(url, 'http://app.test').pathname;
      const data = answers[path];
      const body = data === undefined ? { code: 404, msg: 'no stub', data: null } : { code: 200, msg: 'ok', data };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

function renderPage(element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function logIn() {
  useSession.getState().signIn({
    token: 't'.repeat(43),
    uid: 10000001,
    expiresAt: 0,
    user: {
      uid: 10000001,
      email: 'al***@example.com',
      phone: null,
      nickname: null,
      avatar: null,
      inviteCode: 'ABCDEFGH',
      createdAt: 0,
      frozen: false,
      security: { twoFactor: false, fundPassword: false, identity: 'unverified' },
    },
  });
}

beforeAll(async () => {
  await initTestI18n();
  // Dialog.confirm renders imperatively; with React 19 antd-mobile needs to be told how (as app/bootstrap.ts does).
  unstableSetRender((node, container) => {
    const root = createRoot(container);
    root.render(node);
    return async () => root.unmount();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('image checks before upload', () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });

  it('accepts JPEG, PNG and WebP within the limit and refuses the rest', () => {
    expect(checkImage(file('image/jpeg', 1000), 5000)).toBeNull();
    expect(checkImage(file('image/png', 5000), 5000)).toBeNull();
    expect(checkImage(file('image/webp', 10), 5000)).toBeNull();
    expect(checkImage(file('image/png', 5001), 5000)).toBe('size');
    expect(checkImage(file('image/svg+xml', 10), 5000)).toBe('type');
    expect(checkImage(file('image/gif', 10), 5000)).toBe('type');
  });
});

describe('login password page', () => {
  it('states the 24-hour withdrawal lock, checks the form locally and asks again before sending', async () => {
    logIn();
    const sent = stubApi({ '/mapi/user/updatePassword': null });
    renderPage(<UpdatePasswordPage query={{}} />);
    await act(async () => undefined);
    expect(screen.getByRole('alert').textContent).toContain('withdrawals are locked for 24 hours');

    // Too short a new password: the catalogue's message, nothing sent.
    const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    fireEvent.change(input('oldPassword') as HTMLInputElement, { target: { value: 'secret123' } });
    fireEvent.change(input('password') as HTMLInputElement, { target: { value: '12345' } });
    fireEvent.change(input('confirmPassword') as HTMLInputElement, { target: { value: '12345' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    });
    expect(screen.getByText('The password must be 6 to 18 characters.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(input('password') as HTMLInputElement, { target: { value: 'better-one' } });
    fireEvent.change(input('confirmPassword') as HTMLInputElement, { target: { value: 'better-one' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    });
    expect(
      await screen.findByText('Withdrawals will be locked for 24 hours and every other device will be signed out.'),
    ).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe('identity page', () => {
  it('asks for the back of an ID card but not of a passport, and refuses to send without the photos', async () => {
    logIn();
    const sent = stubApi({
      '/mapi/security/identity': {
        state: 'unverified',
        type: null,
        familyName: null,
        givenName: null,
        number: null,
        rejectReason: null,
        submittedAt: null,
        reviewedAt: null,
      },
    });
    renderPage(<IdentityPage query={{}} />);
    expect(await screen.findByText('Back side')).toBeTruthy();
    fireEvent.click(screen.getByText('Passport'));
    expect(screen.queryByText('Back side')).toBeNull();
    expect(screen.getByText('Photo page')).toBeTruthy();

    const input = (name: string) =>
      document.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
    fireEvent.change(input('familyName'), { target: { value: 'Curie' } });
    fireEvent.change(input('givenName'), { target: { value: 'Marie' } });
    fireEvent.change(input('number'), { target: { value: 'E1234567' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    });
    expect(screen.getByText('Please upload every required photo of the document.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('shows the reason of a rejection and the form again, names filled in', async () => {
    logIn();
    stubApi({
      '/mapi/security/identity': {
        state: 'rejected',
        type: 'passport',
        familyName: 'Curie',
        givenName: 'Marie',
        number: 'E1****67',
        rejectReason: 'The photo is blurred.',
        submittedAt: 1,
        reviewedAt: 2,
      },
    });
    renderPage(<IdentityPage query={{}} />);
    expect(await screen.findByText('Reason: The photo is blurred.')).toBeTruthy();
    expect((document.querySelector('input[name="familyName"]') as HTMLInputElement).value).toBe('Curie');
    expect((document.querySelector('input[name="number"]') as HTMLInputElement).value).toBe('');
  });
});
