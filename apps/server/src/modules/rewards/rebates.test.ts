import { type InviteSummary, type PartnerData, type SwapOrder } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, outboxCode, post, registerUser, type TestUser } from '../../test/harness';
import { user } from '../ledger';
import { expectPerpConsistent, fundContract, order, type PerpWorld, startPerpServer } from '../perp/testing';
import { fund, placed } from '../spot/testing';

let w: PerpWorld;
beforeAll(async () => {
  w = await startPerpServer();
  w.ctx.perp.quote();
});
afterAll(async () => {
  await w.server.close();
});

async function registerWith(code: string): Promise<TestUser> {
  const who = `rebate${process.pid}x${Math.random().toString(36).slice(2, 8)}@example.com`;
  await post(w.server, '/api/user/sendCode', { account: who, scene: 'register' });
  const answer = await post<{ uid: number; token: string }>(w.server, '/api/user/register', {
    account: who,
    code: outboxCode(w.server, who),
    password: 'secret123',
    confirmPassword: 'secret123',
    agreement: true,
    inviteCode: code,
  });
  if (answer.body.code !== 200) throw new Error(JSON.stringify(answer.body));
  return { uid: answer.body.data.uid, token: answer.body.data.token, account: who, password: 'secret123' };
}

const gold = (uid: number, asset: string) => w.ctx.ledger.balance(user(uid, 'gold', asset)).available;

describe('rebates reconcile against the fees charged', () => {
  it('spot (20% / 5%) and futures (10% / 2.5%) fees pay both levels, per fill, exactly their share', async () => {
    const top = await registerUser(w.server);
    const topCode = (await get<InviteSummary>(w.server, '/mapi/rewards/invite', { token: top.token })).body.data.code;
    const partner = await registerWith(topCode);
    const partnerCode = (await get<InviteSummary>(w.server, '/mapi/rewards/invite', { token: partner.token })).body.data
      .code;
    const trader = await registerWith(partnerCode);
    const maker = await registerUser(w.server);
    await fund(w.ctx, [
      { uid: trader.uid, asset: 'USDT', amount: '2000' },
      { uid: maker.uid, asset: 'TRX', amount: '10000' },
    ]);

    // Spot: the fee is what the trader did not receive of the 4000 TRX bought (0.1%, taker, in TRX).
    await placed(w.server, maker, { symbol: 'TRX_USDT', side: 'sell', type: 'limit', price: '0.25', quantity: '4000' });
    await placed(w.server, trader, { symbol: 'TRX_USDT', side: 'buy', type: 'limit', price: '0.25', quantity: '4000' });
    const trx = w.ctx.ledger.balance(user(trader.uid, 'spot', 'TRX')).available;
    const spotFee = w.ctx.ledger.parseAmount('TRX', '4000') - trx;
    expect(spotFee).toBe(w.ctx.ledger.parseAmount('TRX', '4'));
    expect(gold(partner.uid, 'TRX')).toBe((spotFee * 20n) / 100n);
    expect(gold(top.uid, 'TRX')).toBe((spotFee * 5n) / 100n);

    // Futures: open and close; each order reports its fee (USDT), each fill pays its rebates.
    await fundContract(w.ctx, [{ uid: trader.uid, amount: '1000' }]);
    const fees: bigint[] = [];
    for (const body of [
      { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 40 },
      { symbol: 'BTC_USDT', side: 'sell', type: 'market', lots: 40 },
    ]) {
      const placedOrder = await order(w.server, trader, body);
      expect(placedOrder.body.code).toBe(200);
      fees.push(w.ctx.ledger.parseAmount('USDT', (placedOrder.body.data as SwapOrder).fee));
    }
    const futuresFee = fees.reduce((a, b) => a + b, 0n);
    expect(futuresFee).toBeGreaterThan(0n);
    const rows = w.ctx.db
      .prepare<[number], { level: number; fee: bigint; amount: bigint }>(
        "SELECT level, fee, amount FROM rewards_rebates WHERE from_uid = ? AND product = 'futures'",
      )
      .safeIntegers(true)
      .all(trader.uid);
    // Each fill's rebate is its share of that fill's fee, rounded down; the fills' fees add up to the orders'.
    const level1 = rows.filter((r) => Number(r.level) === 1);
    expect(level1.reduce((s, r) => s + r.fee, 0n)).toBe(futuresFee);
    for (const r of rows) expect(r.amount).toBe((r.fee * (Number(r.level) === 1 ? 100_000n : 25_000n)) / 1_000_000n);
    const paid1 = level1.reduce((s, r) => s + r.amount, 0n);
    const paid2 = rows.filter((r) => Number(r.level) === 2).reduce((s, r) => s + r.amount, 0n);
    expect(gold(partner.uid, 'USDT')).toBe(paid1);
    expect(gold(top.uid, 'USDT')).toBe(paid2);
    expect(paid1).toBeLessThanOrEqual(futuresFee / 10n);
    expect(futuresFee / 10n - paid1).toBeLessThan(BigInt(level1.length));
    expect(paid2).toBeLessThanOrEqual((futuresFee * 25n) / 1000n);

    // The partner page shows the same figures.
    const data = await get<PartnerData>(w.server, '/mapi/rewards/partner', { token: partner.token });
    expect(data.body.data.rebates).toEqual([
      { asset: 'TRX', amount: w.ctx.ledger.formatAmount('TRX', (spotFee * 20n) / 100n) },
      { asset: 'USDT', amount: w.ctx.ledger.formatAmount('USDT', paid1) },
    ]);
    expectPerpConsistent(w.ctx);
  });
});
