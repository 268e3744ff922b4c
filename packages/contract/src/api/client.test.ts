import { describe, expect, it } from 'vitest';
import { prepareCall, walletApi, walletAdminApi, spotApi, type CallResult } from '../index';

describe('typed calls from the route table', () => {
  it('fills path parameters, leaves empty query values out, keeps the body', () => {
    expect(prepareCall(walletApi.withdrawal, { params: { id: 42 } })).toEqual({
      method: 'GET',
      url: '/mapi/wallet/withdrawal/42',
      body: undefined,
    });
    expect(prepareCall(walletAdminApi.withdrawals, { query: { status: 'review', page: 2, uid: undefined } })).toEqual({
      method: 'GET',
      url: '/admin/api/wallet/withdrawals?status=review&page=2',
      body: undefined,
    });
    const body = { asset: 'USDT', from: 'spot' as const, to: 'contract' as const, amount: '1' };
    expect(prepareCall(walletApi.transfer, { body }).body).toBe(body);
    expect(prepareCall(spotApi.cancel, { params: { id: 'a/b' } }).url).toBe('/mapi/spot/cancel/a%2Fb');
  });

  it('types the answer by the route', () => {
    const answer: CallResult<typeof walletApi.balances> = { wallets: [], totalUsdt: '0', unpriced: [] } as never;
    expect(answer).toBeDefined();
  });
});
