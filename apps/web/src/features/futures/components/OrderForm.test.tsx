import {
  aesEcbDecrypt,
  CIPHER_HEADER,
  errorMessage,
  type SwapPreview,
  type SwapSettings,
  unwrapCipherKey,
} from '@bourse/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query';
import { useSession } from '../../../lib/stores/session';
import { initTestI18n } from '../../../test/i18n';
import { itemFixture, orderFixture } from '../testing';
import { FuturesOrderForm } from './OrderForm';

vi.mock('../../../lib/live', () => ({ live: { subscribe: () => () => undefined } }));

interface Request {
  method: string;
  path: string;
  body: unknown;
}

/** The server, faked: each call answered by `respond`, every call recorded with its body opened. */
function stubServer(respond: (request: Request) => unknown): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://app.test');
      const headers = (init?.headers ?? {}) as Record<string, string>;
      let body: unknown = init?.body;
      if (typeof body === 'string' && headers[CIPHER_HEADER]) {
        body = JSON.parse(aesEcbDecrypt(body, unwrapCipherKey(headers[CIPHER_HEADER])));
      }
      const request = { method: init?.method ?? 'GET', path: url.pathname, body };
      requests.push(request);
      const envelope = { code: 200, msg: 'success', data: respond(request) };
      return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

const settings: SwapSettings = {
  symbol: 'BTC_USDT',
  leverage: 20,
  marginMode: 'cross',
  maxLeverage: 100,
  modeLocked: false,
  leverageLocked: false,
  maxOpen: { buy: 40, sell: 40 },
};

function preview(lots: number): SwapPreview {
  return {
    symbol: 'BTC_USDT',
    side: 'buy',
    lots,
    price: '20000.0',
    orderValue: '200.00000000',
    margin: '10.00000000',
    fee: '0.10000000',
    cost: '10.12345678',
    liquidationPrice: lots > 0 ? '19123.4' : null,
    maxLots: { buy: 40, sell: 40 },
    free: '500',
    leverage: 20,
    marginMode: 'cross',
  };
}

function respond(request: Request): unknown {
  if (request.path === '/mapi/swap/settings') return settings;
  if (request.path === '/mapi/swap/account') return { free: '500.00000000' };
  if (request.path === '/mapi/swap/preview') return preview((request.body as { lots: number }).lots);
  if (request.path === '/mapi/swap/order') return orderFixture({ status: 'entrusted' });
  return null;
}

function renderForm() {
  const element = (
    <FuturesOrderForm item={itemFixture({}, { last: '20000.0' })} side="buy" onSide={() => undefined} picked={null} />
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;

beforeAll(async () => {
  await initTestI18n();
  unstableSetRender((node, container) => {
    const root = createRoot(container);
    root.render(node);
    return async () => root.unmount();
  });
});

beforeEach(() => {
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
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('the futures order form', () => {
  it('shows the server’s cost, estimated liquidation price and max lots, and sends the order with a request id', async () => {
    const requests = stubServer(respond);
    renderForm();
    await waitFor(() => expect(screen.getByTestId('fut-max-lots').textContent).toBe('40 Cont'));
    expect(screen.getByTestId('fut-leverage').textContent).toBe('20×');
    fireEvent.change(input('lots'), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByTestId('fut-cost').textContent).toBe('10.1234 USDT'));
    expect(screen.getByTestId('fut-est-liq').textContent).toBe('19,123.4');
    const asked = requests.filter((r) => r.path === '/mapi/swap/preview').at(-1);
    expect(asked?.body).toEqual({
      symbol: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '20000',
      lots: 10,
      reduceOnly: false,
    });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open long' }));
    });
    await waitFor(() => expect(requests.some((r) => r.path === '/mapi/swap/order')).toBe(true));
    const sent = requests.find((r) => r.path === '/mapi/swap/order')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      symbol: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '20000',
      lots: 10,
      timeInForce: 'GTC',
      postOnly: false,
      reduceOnly: false,
    });
    expect(typeof sent.clientOrderId).toBe('string');
  });

  it('refuses more lots than may be opened and a take-profit below the price, in the catalogue’s words, sending nothing', async () => {
    const requests = stubServer(respond);
    renderForm();
    await waitFor(() => expect(screen.getByTestId('fut-max-lots').textContent).toBe('40 Cont'));
    fireEvent.change(input('lots'), { target: { value: '41' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open long' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(errorMessage('INSUFFICIENT_FUNDING', 'en'));
    fireEvent.change(input('lots'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('fut-tpsl'));
    fireEvent.change(input('takeProfit'), { target: { value: '19000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open long' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(errorMessage('TPSL_CONFLICT', 'en'));
    expect(requests.some((r) => r.path === '/mapi/swap/order')).toBe(false);
  });
});
