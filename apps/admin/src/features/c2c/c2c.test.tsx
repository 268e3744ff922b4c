import type { C2CAdminOrder, C2CAdminOrderDetail, C2CAppealView } from '@bourse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeConsole, loadTexts, openConsole, operatorProfile, type SeenCall } from '../../test/console';

const T0 = Date.UTC(2026, 10, 24, 9, 0);

const order: C2CAdminOrder = {
  id: 7,
  no: 'C261124000007',
  adId: 1,
  asset: 'USDT',
  fiat: 'CNY',
  price: '7.25',
  quantity: '100',
  amount: '725.00',
  state: 'appeal',
  version: 3,
  buyer: { uid: 10000010, nickname: 'Ada', merchant: false },
  seller: { uid: 10000002, nickname: 'Maple OTC', merchant: true },
  createdAt: T0,
  paidAt: T0 + 60_000,
  finishedAt: null,
  payBy: T0 + 900_000,
  releaseBy: T0 + 1_860_000,
  appealUntil: null,
  cancelKind: null,
  escrowHeld: '100',
};

const appeal: C2CAppealView = {
  id: 4,
  openedBy: 'buyer',
  reason: 'I paid 725 CNY by Alipay, no release yet',
  status: 'open',
  fromState: 'paid',
  ruling: null,
  reasonCode: null,
  note: null,
  penalty: null,
  createdAt: T0 + 120_000,
  closedAt: null,
  evidence: [{ id: 9, by: 'buyer', note: 'bank slip', createdAt: T0 + 120_000 }],
};

const party = (uid: number, nickname: string) => ({
  uid,
  nickname,
  merchant: false,
  identity: 'verified' as const,
  email: null,
  stats: {
    nickname,
    merchant: false,
    completedOrders: 3,
    completionRate: '100.00',
    avgReleaseSeconds: 60,
    avgPaySeconds: 30,
  },
  orders: { total: 4, completed: 3, cancelled: 0, appeals: 1 },
  recent: [],
});

function server() {
  const detail: C2CAdminOrderDetail = {
    order,
    terms: '',
    paymentMethods: [
      {
        id: 3,
        type: 'alipay',
        holder: 'Maple Trading',
        account: 'maple@alipay',
        bankName: null,
        branch: null,
        hasQr: false,
      },
    ],
    paidMethodId: 3,
    events: [
      {
        version: 1,
        action: 'create',
        from: 'unpaid',
        to: 'unpaid',
        actor: 'buyer',
        actorId: 10000010,
        note: null,
        at: T0,
      },
      {
        version: 2,
        action: 'pay',
        from: 'unpaid',
        to: 'paid',
        actor: 'buyer',
        actorId: 10000010,
        note: null,
        at: T0 + 60_000,
      },
      {
        version: 3,
        action: 'appeal',
        from: 'paid',
        to: 'appeal',
        actor: 'buyer',
        actorId: 10000010,
        note: null,
        at: T0 + 120_000,
      },
    ],
    messages: [
      { id: 11, orderId: 7, author: 'buyer', body: 'Sent, please check', hasImage: false, createdAt: T0 + 70_000 },
    ],
    appeals: [appeal],
    buyer: party(10000010, 'Ada'),
    seller: party(10000002, 'Maple OTC'),
  };
  return (call: SeenCall) => {
    if (call.url.startsWith('/admin/api/c2c/appeals?'))
      return { list: [{ appeal, order }], total: 1, page: 1, size: 20 };
    if (call.url === '/admin/api/c2c/orders/7') return detail;
    if (call.url === '/admin/api/c2c/orders/7/evidence/9') {
      return new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), {
        headers: { 'content-type': 'image/png' },
      });
    }
    if (call.url === '/admin/api/c2c/orders/7/rule') {
      detail.order = { ...order, state: 'completed', escrowHeld: '0', finishedAt: T0 + 300_000 };
      return detail;
    }
    return undefined;
  };
}

beforeAll(async () => {
  await loadTexts();
  URL.createObjectURL ??= () => 'blob:stand-in';
  URL.revokeObjectURL ??= () => undefined;
});
afterEach(closeConsole);

describe('c2c appeals', { timeout: 60_000 }, () => {
  it('opens an appeal with its chat, transitions and evidence, and rules release with a reason code', async () => {
    const calls = openConsole(operatorProfile('support'), '#/c2c', server());
    fireEvent.click(await screen.findByTestId('c2c-appeal-7', {}, { timeout: 40_000 }));
    const detail = await screen.findByTestId('c2c-order-detail', {}, { timeout: 30_000 });
    expect(detail.textContent).toContain('Sent, please check');
    expect(detail.textContent).toContain('I paid 725 CNY by Alipay, no release yet');
    expect(detail.textContent).toContain('pay: unpaid → paid');
    expect(detail.textContent).toContain('4 orders · 3 completed · 0 cancelled · 1 appeals');
    await waitFor(() => expect(calls.some((c) => c.url === '/admin/api/c2c/orders/7/evidence/9')).toBe(true));

    fireEvent.click(screen.getByTestId('c2c-rule-submit'));
    await waitFor(() => expect(calls.some((c) => c.url === '/admin/api/c2c/orders/7/rule')).toBe(true), {
      timeout: 10_000,
    });
    expect(calls.find((c) => c.url === '/admin/api/c2c/orders/7/rule')?.body).toEqual({
      outcome: 'release',
      reasonCode: 'buyer_paid',
      note: '',
    });
    await waitFor(() => expect(screen.getByTestId('c2c-detail-state').textContent).toBe('completed'), {
      timeout: 10_000,
    });
  });
});

describe('c2c deposits and settings', { timeout: 60_000 }, () => {
  it('lists the deposit movements with their kind and order, filtered by kind', async () => {
    const calls = openConsole(operatorProfile('support'), '#/c2c?tab=deposits', (call) => {
      if (call.url.startsWith('/admin/api/c2c/deposits?')) {
        const all = [
          {
            id: 3,
            uid: 10000020,
            nickname: 'Pine',
            kind: 'penalty',
            asset: 'USDT',
            amount: '250',
            orderId: 41,
            createdAt: T0,
          },
          {
            id: 1,
            uid: 10000020,
            nickname: 'Pine',
            kind: 'pay',
            asset: 'USDT',
            amount: '500',
            orderId: null,
            createdAt: T0,
          },
        ];
        const list = call.url.includes('kind=penalty') ? all.slice(0, 1) : all;
        return { list, total: list.length, page: 1, size: 20 };
      }
      return undefined;
    });
    const table = await screen.findByTestId('c2c-deposits', {}, { timeout: 40_000 });
    await waitFor(() => expect(table.textContent).toContain('250 USDT'), { timeout: 10_000 });
    expect(table.textContent).toContain('Penalty');
    expect(table.textContent).toContain('41');
    expect(table.textContent).toContain('500 USDT');
    fireEvent.click(screen.getAllByText('Penalty')[0] as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.url.includes('kind=penalty'))).toBe(true));
    await waitFor(() => expect(table.textContent).not.toContain('500 USDT'));
  });

  it('saves the settings: time limits, appeal window, deposit and penalty', async () => {
    const settings = {
      assets: [{ code: 'USDT', precision: 2 }],
      fiats: [{ code: 'CNY', rate: '7.2' }],
      depositAsset: 'USDT',
      depositAmount: '500',
      releaseMinutes: 30,
      appealWindowMinutes: 15,
      floatMin: '80',
      floatMax: '120',
      maxOpenOrders: 5,
      freeCancelsPerDay: 2,
      penaltyPercent: 50,
    };
    const calls = openConsole(operatorProfile('admin'), '#/c2c/settings', (call) => {
      if (call.url === '/admin/api/c2c/settings') return call.method === 'POST' ? call.body : settings;
      return undefined;
    });
    const form = await screen.findByTestId('c2c-settings', {}, { timeout: 40_000 });
    const window = form.querySelector<HTMLInputElement>(
      '[data-testid="c2c-appeal-window"] input, input[data-testid="c2c-appeal-window"]',
    );
    expect(window?.value).toBe('15');
    fireEvent.change(window as HTMLInputElement, { target: { value: '20' } });
    fireEvent.change(screen.getByTestId('c2c-deposit-amount'), { target: { value: '800' } });
    fireEvent.click(screen.getByTestId('c2c-settings-save'));
    await waitFor(
      () => expect(calls.some((c) => c.method === 'POST' && c.url === '/admin/api/c2c/settings')).toBe(true),
      { timeout: 10_000 },
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      ...settings,
      appealWindowMinutes: 20,
      depositAmount: '800',
    });
  });
});
