import type { BoxPrice, MysteryBox } from '@bourse/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query';
import { useSession } from '../../lib/stores/session';
import { initTestI18n } from '../../test/i18n';
import MysteryBoxPage from './pages/MysteryBoxPage';

const BOX: MysteryBox = {
  id: 3,
  name: 'Gold box',
  priceAsset: 'USDT',
  price: '10',
  prizes: [{ index: 0, asset: 'USDT', amount: '1', odds: '100' }],
  status: 'active',
  budgetLeft: [{ asset: 'USDT', amount: '500' }],
  soldOut: false,
  opened: 0,
};

/** The server as the page asks it: the boxes on sale, and (signed in) what this user pays for each. */
function stubServer(prices: BoxPrice[] | null): string[] {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(String(input), 'http://app.test').pathname;
      paths.push(path);
      const data =
        path === '/mapi/periperal/blindBoxInfo'
          ? [BOX]
          : path === '/mapi/rewards/box/prices'
            ? prices
            : path === '/mapi/rewards/box/fairness'
              ? { serverSeedHash: 'ab'.repeat(32), clientSeed: 'seed', nonce: 0 }
              : [];
      return new Response(JSON.stringify({ code: 200, msg: 'success', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return paths;
}

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <MysteryBoxPage query={{}} /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function signIn() {
  useSession.getState().signIn({
    token: 't'.repeat(43),
    uid: 10000001,
    expiresAt: 0,
    user: {
      uid: 10000001,
      email: 'me***@example.com',
      phone: null,
      nickname: 'Me',
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
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('the mystery box price', () => {
  it('shows a member the price the server charges them, the list price struck through', async () => {
    signIn();
    stubServer([{ boxId: 3, priceAsset: 'USDT', listPrice: '10', price: '5', discountPpm: 500_000 }]);
    renderPage();
    const price = await screen.findByTestId('box-price-3', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(price.textContent).toContain('member price'));
    expect(price.querySelector('s')?.textContent).toBe('10');
    expect(price.textContent).toContain('5 USDT');
    expect(screen.getByTestId('open-box-3').textContent).toContain('5 USDT');
  });

  it('shows a visitor the list price and does not ask for personal prices', async () => {
    const paths = stubServer(null);
    renderPage();
    const price = await screen.findByTestId('box-price-3', {}, { timeout: 10_000 });
    expect(price.textContent).toContain('10 USDT');
    expect(price.querySelector('s')).toBeNull();
    expect(paths).not.toContain('/mapi/rewards/box/prices');
  });
});
