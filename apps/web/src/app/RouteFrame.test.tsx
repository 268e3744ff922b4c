import { PRODUCTS } from '@bourse/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatureRoute, PageProps } from '../lib/feature';
import { PRODUCTS_KEY } from '../lib/products';
import { createQueryClient } from '../lib/query';
import { createRegistry, RegistryProvider } from '../lib/registry';
import { useSession } from '../lib/stores/session';
import { initTestI18n } from '../test/i18n';
import { RouteFrame } from './RouteFrame';

function Secret({ query }: PageProps) {
  return <p>secret {query.tab}</p>;
}

const secret: FeatureRoute = { path: '/pages/secret', page: async () => ({ default: Secret }), requiresLogin: true };
const futures: FeatureRoute = { path: '/pages/lever/lever', page: async () => ({ default: Secret }) };

function renderAt(url: string, closed: string[] = []) {
  const router = createMemoryRouter(
    [
      { path: secret.path, element: <RouteFrame route={secret} /> },
      { path: futures.path, element: <RouteFrame route={futures} /> },
      { path: '/pages/login/login', element: <p>login page</p> },
    ],
    { initialEntries: [url] },
  );
  const client = createQueryClient();
  // What GET /api/common/products answered.
  client.setQueryData(
    PRODUCTS_KEY,
    PRODUCTS.map((key) => ({ key, available: !closed.includes(key) })),
  );
  const registry = createRegistry([
    { name: 't', routes: [secret], locales: [] },
    { name: 'f', product: 'futures', routes: [futures], locales: [] },
  ]);
  render(
    <QueryClientProvider client={client}>
      <RegistryProvider registry={registry}>
        <RouterProvider router={router} />
      </RegistryProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('route frame', () => {
  beforeAll(initTestI18n);

  it('sends to login when no token is stored, remembering the page', async () => {
    useSession.getState().clear();
    const router = renderAt('/pages/secret?tab=2');
    await act(async () => undefined);
    expect(screen.getByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/login/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/pages/secret?tab=2');
  });

  it('shows the page, with its query parameters, when logged in', async () => {
    useSession.getState().signIn({
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
    });
    renderAt('/pages/secret?tab=2');
    await act(async () => undefined);
    expect(screen.getByText('secret 2')).toBeTruthy();
    useSession.getState().clear();
  });

  it('says a page of a product that is not available is closed, instead of showing it', async () => {
    renderAt('/pages/lever/lever', ['futures']);
    await act(async () => undefined);
    expect(screen.getByText('This service is not available right now.')).toBeTruthy();
    expect(screen.queryByText(/secret/)).toBeNull();
  });

  it('shows the page of an available product', async () => {
    renderAt('/pages/lever/lever?tab=5', ['options']);
    await act(async () => undefined);
    expect(screen.getByText('secret 5')).toBeTruthy();
  });
});
