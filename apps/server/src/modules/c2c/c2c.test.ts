import { type C2CMerchantInfo, type C2COrder, ERRORS } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, registerUser } from '../../test/harness';
import { pngImage } from '../../test/images';
import { upload } from '../security/testing';
import {
  addPayment,
  advance,
  type C2CWorld,
  expectEscrowConsistent,
  fiatBalance,
  FUND_PASSWORD,
  fundFiat,
  merchant,
  order,
  sellAd,
  startC2CServer,
  usdt,
  verifiedUser,
} from './testing';

let w: C2CWorld;
beforeAll(async () => {
  w = await startC2CServer();
});
afterAll(async () => {
  await w.server.close();
});

describe('c2c over HTTP', () => {
  it('buys from a merchant: escrow held, paid, released with the fund password; balances move once', async () => {
    const m = await merchant(w);
    const adId = await sellAd(w, m);
    // The deposit (500) and the ad (1000) are holds on the merchant's fiat wallet.
    expect(fiatBalance(w, m.u.uid)).toEqual({ available: usdt('8500'), frozen: usdt('1500') });

    const buyer = await verifiedUser(w);
    const created = await order(w, buyer, adId, '720');
    expect(created.body.code, created.body.msg).toBe(200);
    const o = created.body.data;
    expect(o).toMatchObject({ role: 'buyer', state: 'unpaid', price: '7.20', quantity: '100', amount: '720.00' });
    expect(o.actions).toMatchObject({ pay: true, cancel: true, release: false, appeal: false, chat: true });
    expect(o.paymentMethods[0]?.id).toBe(m.method.id);
    expect(w.server.ctx.ledger.holdOf(`c2c-escrow:${o.id}`)?.amount).toBe(usdt('100'));
    expectEscrowConsistent(w);

    const stranger = await verifiedUser(w);
    const peek = await get(w.server, `/mapi/c2c/orders/${o.id}`, { token: stranger.token });
    expect(peek.body.code).toBe(ERRORS.ORDER_NOT_FOUND.code);
    const chatPeek = await get(w.server, `/mapi/c2c/orders/${o.id}/messages`, { token: stranger.token });
    expect(chatPeek.body.code).toBe(ERRORS.ORDER_NOT_FOUND.code);

    const wrongMethod = await post(
      w.server,
      '/mapi/c2c/orders/pay',
      { id: o.id, paymentMethodId: 999999 },
      { token: buyer.token },
    );
    expect(wrongMethod.body.code).toBe(ERRORS.PAYMENT_METHOD_NOT_ALLOWED.code);
    const paid = await post<C2COrder>(
      w.server,
      '/mapi/c2c/orders/pay',
      { id: o.id, paymentMethodId: m.method.id, version: 1 },
      { token: buyer.token },
    );
    expect(paid.body.data).toMatchObject({ state: 'paid', version: 2, paidMethodId: m.method.id });
    const stale = await post(
      w.server,
      '/mapi/c2c/orders/pay',
      { id: o.id, paymentMethodId: m.method.id, version: 1 },
      { token: buyer.token },
    );
    expect(stale.body.code).toBe(ERRORS.ORDER_STATE_CHANGED.code);

    const buyerRelease = await post(
      w.server,
      '/mapi/c2c/orders/release',
      { id: o.id, fundPassword: FUND_PASSWORD, requestId: 'release-b1' },
      { token: buyer.token },
    );
    expect(buyerRelease.body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    const wrongPassword = await post(
      w.server,
      '/mapi/c2c/orders/release',
      { id: o.id, fundPassword: '135790', requestId: 'release-r0' },
      { token: m.u.token },
    );
    expect(wrongPassword.body.code).toBe(ERRORS.WRONG_FUND_PASSWORD.code);
    const released = await post<C2COrder>(
      w.server,
      '/mapi/c2c/orders/release',
      { id: o.id, fundPassword: FUND_PASSWORD, requestId: 'release-r1' },
      { token: m.u.token },
    );
    expect(released.body.data).toMatchObject({ state: 'completed', role: 'seller' });
    const replay = await post<C2COrder>(
      w.server,
      '/mapi/c2c/orders/release',
      { id: o.id, fundPassword: FUND_PASSWORD, requestId: 'release-r1' },
      { token: m.u.token },
    );
    expect(replay.body.data.state).toBe('completed');

    expect(fiatBalance(w, buyer.uid)).toEqual({ available: usdt('100'), frozen: 0n });
    expect(fiatBalance(w, m.u.uid)).toEqual({ available: usdt('8500'), frozen: usdt('1400') });
    expect(w.server.ctx.ledger.holdOf(`c2c-escrow:${o.id}`)?.amount ?? 0n).toBe(0n);
    const messages = await get<{ body: string; author: string }[]>(w.server, `/mapi/c2c/orders/${o.id}/messages`, {
      token: buyer.token,
    });
    expect(messages.body.data.map((x) => x.body)).toEqual(['created', 'paid', 'released']);
    const closedChat = await post(
      w.server,
      '/mapi/c2c/orders/message',
      { id: o.id, body: 'thanks' },
      { token: buyer.token },
    );
    expect(closedChat.body.code).toBe(ERRORS.CHAT_CLOSED.code);
    expectEscrowConsistent(w);
  });

  it('refuses what the rules forbid, with the catalogue message in the user’s language', async () => {
    const m = await merchant(w);
    const adId = await sellAd(w, m);
    const own = await order(w, m.u, adId, '720');
    expect(own.body.code).toBe(ERRORS.CANNOT_ORDER_OWN_AD.code);
    const unverified = await registerUser(w.server);
    const nv = await order(w, unverified, adId, '720');
    expect(nv.body.code).toBe(ERRORS.FIAT_REQUIRES_VERIFICATION.code);
    const zh = await post(
      w.server,
      '/mapi/c2c/orders/create',
      { adId, amount: '720', requestId: 'order-zh1' },
      { token: unverified.token, lang: 'zh_CN' },
    );
    expect(zh.body.msg).toBe('法币交易需要先完成实名认证');
    const buyer = await verifiedUser(w);
    expect((await order(w, buyer, adId, '10')).body.code).toBe(ERRORS.ORDER_AMOUNT_OUT_OF_RANGE.code);
    expect((await order(w, buyer, adId, '7201')).body.code).toBe(ERRORS.ORDER_AMOUNT_OUT_OF_RANGE.code);
    // Not a merchant: no ads.
    const plain = await post(
      w.server,
      '/mapi/c2c/ads/create',
      {
        side: 'sell',
        asset: 'USDT',
        fiat: 'CNY',
        priceType: 'fixed',
        fixedPrice: '7',
        total: '10',
        minAmount: '1',
        maxAmount: '70',
        paymentMethodIds: [1],
        requestId: 'ad-plain-1',
      },
      { token: buyer.token },
    );
    expect(plain.body.code).toBe(ERRORS.MERCHANT_REQUIRED.code);
    // Payment methods: the verified name, no duplicate account.
    const mismatch = await upload(
      w.server,
      '/mapi/c2c/payments/add',
      { type: 'alipay', holder: 'Li Lei', account: 'li@pay.test' },
      [],
      { token: buyer.token },
    );
    expect(mismatch.body.code).toBe(ERRORS.PAYMENT_NAME_MISMATCH.code);
    const method = await addPayment(w, buyer, 'bank', '6222 1111 2222');
    expect(method).toMatchObject({ type: 'bank', holder: 'Zhang Wei', bankName: 'Test Bank', hasQr: false });
    const again = await upload(
      w.server,
      '/mapi/c2c/payments/add',
      { type: 'bank', holder: 'Wei Zhang', account: '6222-1111-2222', bankName: 'B' },
      [],
      { token: buyer.token },
    );
    expect(again.body.code).toBe(ERRORS.BANK_CARD_EXISTS.code);
    const withQr = await upload<{ hasQr: boolean; id: number }>(
      w.server,
      '/mapi/c2c/payments/add',
      { type: 'wechat', holder: 'Zhang Wei', account: 'zw_wechat' },
      [{ field: 'qr', bytes: pngImage(3) }],
      { token: buyer.token },
    );
    expect(withQr.body.data.hasQr).toBe(true);
    const qr = await fetch(`${w.server.url}/mapi/c2c/payments/${withQr.body.data.id}/qr`, {
      headers: { authorization: buyer.token },
    });
    expect(Buffer.from(await qr.arrayBuffer()).equals(pngImage(3))).toBe(true);
    const notImage = await upload(
      w.server,
      '/mapi/c2c/payments/add',
      { type: 'alipay', holder: 'Zhang Wei', account: 'zw2@pay.test' },
      [{ field: 'qr', bytes: Buffer.from('not an image at all') }],
      { token: buyer.token },
    );
    expect(notImage.body.code).toBe(ERRORS.UNSUPPORTED_FILE_TYPE.code);
    // An appeal needs "paid" first; the reason at least 10 characters.
    const o = (await order(w, buyer, adId, '720')).body.data;
    const early = await post(w.server, '/mapi/c2c/orders/cancel', { id: o.id, notPaid: false }, { token: m.u.token });
    expect(early.body.code).toBe(ERRORS.ORDER_STATE_CHANGED.code);
    await post(w.server, '/mapi/c2c/orders/pay', { id: o.id, paymentMethodId: m.method.id }, { token: buyer.token });
    const noConfirm = await post(w.server, '/mapi/c2c/orders/cancel', { id: o.id }, { token: buyer.token });
    expect(noConfirm.body.code).toBe(ERRORS.CONFIRM_NOT_PAID.code);
    const cancelled = await post<C2COrder>(
      w.server,
      '/mapi/c2c/orders/cancel',
      { id: o.id, notPaid: true },
      { token: buyer.token },
    );
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', cancelKind: 'buyer' });
    // The escrow went back into the listed ad.
    const ad = await get<{ remaining: string }>(w.server, `/api/c2c/ad/${adId}`);
    expect(ad.body.data.remaining).toBe('1000');
    expectEscrowConsistent(w);
  });

  it('times out on the scheduler, keeps the escrow through the appeal window, then returns it', async () => {
    const m = await merchant(w);
    const adId = await sellAd(w, m);
    const buyer = await verifiedUser(w);
    const o = (await order(w, buyer, adId, '720')).body.data;
    await advance(w, 15 * 60_000 + 1000);
    const timed = await get<C2COrder>(w.server, `/mapi/c2c/orders/${o.id}`, { token: buyer.token });
    expect(timed.body.data).toMatchObject({ state: 'timed_out', cancelKind: 'timeout' });
    expect(timed.body.data.actions.appeal).toBe(true);
    expect(w.server.ctx.ledger.holdOf(`c2c-escrow:${o.id}`)?.amount).toBe(usdt('100'));
    expectEscrowConsistent(w);
    await advance(w, 15 * 60_000 + 1000);
    const closed = await get<C2COrder>(w.server, `/mapi/c2c/orders/${o.id}`, { token: buyer.token });
    expect(closed.body.data.state).toBe('cancelled');
    expect(w.server.ctx.ledger.holdOf(`c2c-escrow:${o.id}`)?.amount ?? 0n).toBe(0n);
    expectEscrowConsistent(w);
  });

  it('escalates an unreleased order to an appeal; an operator rules release with a reason code', async () => {
    const m = await merchant(w);
    const adId = await sellAd(w, m);
    const buyer = await verifiedUser(w);
    const o = (await order(w, buyer, adId, '720')).body.data;
    await post(w.server, '/mapi/c2c/orders/pay', { id: o.id, paymentMethodId: m.method.id }, { token: buyer.token });
    const chat = await post(
      w.server,
      '/mapi/c2c/orders/message',
      { id: o.id, body: 'I sent 720 CNY' },
      { token: buyer.token },
    );
    expect(chat.body.code).toBe(200);
    await advance(w, 30 * 60_000 + 1000);
    const appealed = await get<C2COrder>(w.server, `/mapi/c2c/orders/${o.id}`, { token: buyer.token });
    expect(appealed.body.data.state).toBe('appeal');
    expect(appealed.body.data.appeal).toMatchObject({ openedBy: 'system', status: 'open', fromState: 'paid' });
    const queue = await get<{ list: { order: { id: number } }[] }>(w.server, '/admin/api/c2c/appeals', {
      token: w.admin,
    });
    expect(queue.body.data.list.map((a) => a.order.id)).toContain(o.id);
    const detail = await get<{ messages: { body: string }[]; events: { action: string }[] }>(
      w.server,
      `/admin/api/c2c/orders/${o.id}`,
      { token: w.admin },
    );
    expect(detail.body.data.messages.map((x) => x.body)).toContain('I sent 720 CNY');
    expect(detail.body.data.events.map((e) => e.action)).toEqual(['create', 'pay', 'escalate']);
    const badReason = await post(
      w.server,
      `/admin/api/c2c/orders/${o.id}/rule`,
      { outcome: 'release', reasonCode: 'buyer_not_paid' },
      { token: w.admin },
    );
    expect(badReason.body.code).toBe(ERRORS.RULING_REASON_INVALID.code);
    const ruled = await post<{ order: { state: string } }>(
      w.server,
      `/admin/api/c2c/orders/${o.id}/rule`,
      { outcome: 'release', reasonCode: 'buyer_paid', note: 'bank slip checked' },
      { token: w.admin },
    );
    expect(ruled.body.data.order.state).toBe('completed');
    expect(fiatBalance(w, buyer.uid).available).toBe(usdt('100'));
    const twice = await post(
      w.server,
      `/admin/api/c2c/orders/${o.id}/rule`,
      { outcome: 'return', reasonCode: 'buyer_not_paid' },
      { token: w.admin },
    );
    expect(twice.body.code).toBe(ERRORS.ORDER_STATE_CHANGED.code);
    expectEscrowConsistent(w);
  });

  it('charges a merchant’s third cancellation in a day half the deposit, after warning', async () => {
    const seller = await merchant(w);
    const adId = await sellAd(w, seller);
    const mb = await merchant(w);
    for (let i = 0; i < 2; i++) {
      const o = (await order(w, mb.u, adId, '72')).body.data;
      const c = await post(w.server, '/mapi/c2c/orders/cancel', { id: o.id }, { token: mb.u.token });
      expect(c.body.code).toBe(200);
    }
    const info = await get<C2CMerchantInfo>(w.server, '/mapi/c2c/merchant', { token: mb.u.token });
    expect(info.body.data).toMatchObject({ cancelsToday: 2, nextCancelPenalty: '250' });
    const third = (await order(w, mb.u, adId, '72')).body.data;
    expect(third.cancelPenalty).toEqual({ amount: '250', asset: 'USDT' });
    const warned = await post(w.server, '/mapi/c2c/orders/cancel', { id: third.id }, { token: mb.u.token });
    expect(warned.body.code).toBe(ERRORS.MERCHANT_CANCEL_PENALTY.code);
    const accepted = await post(
      w.server,
      '/mapi/c2c/orders/cancel',
      { id: third.id, acceptPenalty: true },
      { token: mb.u.token },
    );
    expect(accepted.body.code).toBe(200);
    const after = await get<C2CMerchantInfo>(w.server, '/mapi/c2c/merchant', { token: mb.u.token });
    expect(after.body.data.deposit).toMatchObject({ held: '250', forfeited: '250' });
    expectEscrowConsistent(w);
  });

  it('lets a user sell to a merchant’s buy ad: the user’s coins go into escrow', async () => {
    const m = await merchant(w);
    const ad = await post<{ id: number }>(
      w.server,
      '/mapi/c2c/ads/create',
      {
        side: 'buy',
        asset: 'USDT',
        fiat: 'CNY',
        priceType: 'floating',
        floatRatio: '98',
        total: '500',
        minAmount: '10',
        maxAmount: '3528',
        paymentMethodIds: [m.method.id],
        requestId: 'ad-buy-001',
      },
      { token: m.u.token },
    );
    expect(ad.body.code, ad.body.msg).toBe(200);
    const seller = await verifiedUser(w);
    fundFiat(w, seller.uid, 'USDT', '200');
    const mine = await addPayment(w, seller);
    const o = await order(w, seller, ad.body.data.id, undefined as unknown as string, {
      quantity: '50',
      paymentMethodId: mine.id,
    });
    expect(o.body.code, o.body.msg).toBe(200);
    // 7.2 × 98 % = 7.056 → 7.06 per USDT.
    expect(o.body.data).toMatchObject({ role: 'seller', price: '7.06', quantity: '50', amount: '353.00' });
    expect(fiatBalance(w, seller.uid)).toEqual({ available: usdt('150'), frozen: usdt('50') });
    const offers = await get<{ list: { id: number }[] }>(w.server, '/api/c2c/offers?trade=sell&asset=USDT&fiat=CNY');
    expect(offers.body.data.list.map((x) => x.id)).toContain(ad.body.data.id);
    expectEscrowConsistent(w);
  });
});
