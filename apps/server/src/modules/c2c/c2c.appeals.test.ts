import { type C2CMerchantInfo, type C2COrder, ERRORS } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/harness';
import { pngImage } from '../../test/images';
import { upload } from '../security/testing';
import {
  addPayment,
  type C2CWorld,
  expectEscrowConsistent,
  fiatBalance,
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

describe('c2c appeals, evidence and merchants', () => {
  it('appeals with images, adds evidence, withdraws back to paid; chat images stay private to the two sides', async () => {
    const m = await merchant(w);
    const adId = await sellAd(w, m);
    const buyer = await verifiedUser(w);
    const o = (await order(w, buyer, adId, '720')).body.data;
    const early = await upload(
      w.server,
      '/mapi/c2c/orders/appeal',
      { id: String(o.id), reason: 'I paid already, honestly' },
      [],
      { token: buyer.token },
    );
    expect(early.body.code).toBe(ERRORS.APPEAL_NOT_ALLOWED.code);
    await post(w.server, '/mapi/c2c/orders/pay', { id: o.id, paymentMethodId: m.method.id }, { token: buyer.token });
    const short = await upload(w.server, '/mapi/c2c/orders/appeal', { id: String(o.id), reason: 'short' }, [], {
      token: buyer.token,
    });
    expect(short.body.code).toBe(ERRORS.APPEAL_TOO_SHORT.code);
    const appealed = await upload<C2COrder>(
      w.server,
      '/mapi/c2c/orders/appeal',
      { id: String(o.id), reason: 'I paid 720 CNY, no release' },
      [{ field: 'image1', bytes: pngImage(5) }],
      { token: buyer.token },
    );
    expect(appealed.body.data).toMatchObject({
      state: 'appeal',
      actions: { withdrawAppeal: true, release: false, pay: false },
    });
    expect(appealed.body.data.appeal?.evidence).toHaveLength(1);
    const added = await upload<C2COrder>(
      w.server,
      '/mapi/c2c/orders/evidence',
      { id: String(o.id), note: 'slip' },
      [{ field: 'image', bytes: pngImage(6) }],
      { token: m.u.token },
    );
    expect(added.body.data.appeal?.evidence.map((e) => e.by)).toEqual(['buyer', 'seller']);
    const evidenceId = added.body.data.appeal?.evidence[1]?.id ?? 0;
    const own = await fetch(`${w.server.url}/mapi/c2c/orders/${o.id}/evidence/${evidenceId}`, {
      headers: { authorization: buyer.token },
    });
    expect(Buffer.from(await own.arrayBuffer()).equals(pngImage(6))).toBe(true);

    const sent = await upload<{ id: number; hasImage: boolean }>(
      w.server,
      '/mapi/c2c/orders/image',
      { id: String(o.id) },
      [{ field: 'image', bytes: pngImage(7) }],
      { token: m.u.token },
    );
    expect(sent.body.data.hasImage).toBe(true);
    const stranger = await verifiedUser(w);
    const peek = await get(w.server, `/mapi/c2c/orders/${o.id}/image/${sent.body.data.id}`, { token: stranger.token });
    expect(peek.body.code).toBe(ERRORS.ORDER_NOT_FOUND.code);
    const opPeek = await fetch(`${w.server.url}/admin/api/c2c/orders/${o.id}/image/${sent.body.data.id}`, {
      headers: { authorization: w.admin },
    });
    expect(Buffer.from(await opPeek.arrayBuffer()).equals(pngImage(7))).toBe(true);

    const notMine = await post(w.server, '/mapi/c2c/orders/withdrawAppeal', { id: o.id }, { token: m.u.token });
    expect(notMine.body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    const back = await post<C2COrder>(
      w.server,
      '/mapi/c2c/orders/withdrawAppeal',
      { id: o.id },
      { token: buyer.token },
    );
    expect(back.body.data).toMatchObject({ state: 'paid', appeal: { status: 'withdrawn' } });
    expect(w.server.ctx.ledger.holdOf(`c2c-escrow:${o.id}`)?.amount).toBe(usdt('100'));
    expectEscrowConsistent(w);
  });

  it('rules "return" in one ledger transaction: the escrow goes back into the listed ad', async () => {
    const m = await merchant(w);
    const adId = await sellAd(w, m);
    const buyer = await verifiedUser(w);
    const o = (await order(w, buyer, adId, '1440')).body.data;
    await post(w.server, '/mapi/c2c/orders/pay', { id: o.id, paymentMethodId: m.method.id }, { token: buyer.token });
    await upload(
      w.server,
      '/mapi/c2c/orders/appeal',
      { id: String(o.id), reason: 'Nothing arrived in my account' },
      [],
      { token: m.u.token },
    );
    const ruled = await post<{
      order: { state: string; escrowHeld: string };
      appeals: { ruling: string; reasonCode: string }[];
    }>(
      w.server,
      `/admin/api/c2c/orders/${o.id}/rule`,
      { outcome: 'return', reasonCode: 'buyer_not_paid', note: 'no transfer found' },
      { token: w.admin },
    );
    expect(ruled.body.data.order).toMatchObject({ state: 'cancelled', escrowHeld: '0' });
    expect(ruled.body.data.appeals[0]).toMatchObject({ ruling: 'return', reasonCode: 'buyer_not_paid' });
    expect(fiatBalance(w, buyer.uid).available).toBe(0n);
    const ad = await get<{ remaining: string }>(w.server, `/api/c2c/ad/${adId}`);
    expect(ad.body.data.remaining).toBe('1000');
    expectEscrowConsistent(w);
  });

  it('rejects an application (deposit back at once); a resigning merchant gets the deposit once open orders end', async () => {
    const applicant = await verifiedUser(w, 'Applicant');
    await addPayment(w, applicant);
    const poor = await post(
      w.server,
      '/mapi/c2c/merchant/apply',
      { requestId: 'apply-poor-1' },
      { token: applicant.token },
    );
    expect(poor.body.code).toBe(ERRORS.DEPOSIT_TOO_LOW.code);
    fundFiat(w, applicant.uid, 'USDT', '600');
    const applied = await post<C2CMerchantInfo>(
      w.server,
      '/mapi/c2c/merchant/apply',
      { requestId: 'apply-rich-1' },
      { token: applicant.token },
    );
    expect(applied.body.data).toMatchObject({ status: 'pending', deposit: { status: 'processing', held: '500' } });
    const noReason = await post(
      w.server,
      `/admin/api/c2c/merchants/${applicant.uid}/reject`,
      { reason: ' ' },
      { token: w.admin },
    );
    expect(noReason.body.code).toBe(ERRORS.REJECT_REASON_REQUIRED.code);
    await post(
      w.server,
      `/admin/api/c2c/merchants/${applicant.uid}/reject`,
      { reason: 'Unclear payment history' },
      { token: w.admin },
    );
    const after = await get<C2CMerchantInfo>(w.server, '/mapi/c2c/merchant', { token: applicant.token });
    expect(after.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: 'Unclear payment history',
      deposit: { status: 'refunded', held: '0' },
    });
    expect(fiatBalance(w, applicant.uid)).toEqual({ available: usdt('600'), frozen: 0n });

    const m = await merchant(w);
    const adId = await sellAd(w, m);
    const buyer = await verifiedUser(w);
    const o = (await order(w, buyer, adId, '720')).body.data;
    const resigned = await post<C2CMerchantInfo>(w.server, '/mapi/c2c/merchant/resign', undefined, {
      token: m.u.token,
    });
    expect(resigned.body.data).toMatchObject({ status: 'resigning', deposit: { status: 'returning', held: '500' } });
    // The ad went offline: its remainder is back; the open order keeps its escrow.
    expect(fiatBalance(w, m.u.uid)).toEqual({ available: usdt('9400'), frozen: usdt('600') });
    await post(w.server, '/mapi/c2c/orders/cancel', { id: o.id }, { token: buyer.token });
    const done = await get<C2CMerchantInfo>(w.server, '/mapi/c2c/merchant', { token: m.u.token });
    expect(done.body.data).toMatchObject({ status: 'resigned', deposit: { status: 'refunded', held: '0' } });
    expect(fiatBalance(w, m.u.uid)).toEqual({ available: usdt('10000'), frozen: 0n });
    const events = await get<{ list: { kind: string }[] }>(w.server, `/admin/api/c2c/deposits?uid=${m.u.uid}`, {
      token: w.admin,
    });
    expect(events.body.data.list.map((e) => e.kind)).toEqual(['refund', 'pay']);
    expectEscrowConsistent(w);
  });
});
