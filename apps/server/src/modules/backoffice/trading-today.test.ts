import type { Dashboard, SwapFill } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, loginOperator, registerUser } from '../../test/harness';
import { SYSTEM, system } from '../ledger';
import { fundContract, order, type PerpWorld, startPerpServer } from '../perp/testing';
import { fund, placed } from '../spot/testing';

let w: PerpWorld;
let admin: { token: string };

beforeAll(async () => {
  w = await startPerpServer();
  admin = await loginOperator(w.server, 'admin');
  w.ctx.perp.quote();
});
afterAll(async () => {
  await w.server.close();
});

const board = async () => (await get<Dashboard>(w.server, '/admin/api/dashboard', { token: admin.token })).body.data;
const usdt = (value: string) => w.ctx.ledger.parseAmount('USDT', value);
const feeIncome = (asset: string, wallet: 'spot' | 'contract') =>
  w.ctx.ledger.balance(system(SYSTEM.fees, asset, wallet)).available;

describe('trading today on the dashboard', () => {
  it('adds up each product’s trades, volume and the fees users paid, from the products’ own records', async () => {
    const first = await board();
    expect(first.today.products.map((p) => p.product)).toEqual(['spot', 'futures', 'options', 'c2c']);
    for (const p of first.today.products) expect([p.trades, p.volumeUsdt, p.feesUsdt]).toEqual([0, '0', '0']);
    expect(first.today.feesUsdt).toBe('0');

    // Spot: 1,000 TRX at 0.25 between two users: 250 USDT traded, the buyer's fee in TRX, the seller's in USDT.
    const seller = await registerUser(w.server);
    const buyer = await registerUser(w.server);
    await fund(w.ctx, [
      { uid: seller.uid, asset: 'TRX', amount: '1000' },
      { uid: buyer.uid, asset: 'USDT', amount: '300' },
    ]);
    const trx = feeIncome('TRX', 'spot');
    const spotUsdt = feeIncome('USDT', 'spot');
    await placed(w.server, seller, {
      symbol: 'TRX_USDT',
      side: 'sell',
      type: 'limit',
      price: '0.25',
      quantity: '1000',
    });
    await placed(w.server, buyer, { symbol: 'TRX_USDT', side: 'buy', type: 'limit', price: '0.25', quantity: '1000' });
    const spotFees = w.ctx.wallet.valueAllInUsdt([
      { asset: 'TRX', amount: feeIncome('TRX', 'spot') - trx },
      { asset: 'USDT', amount: feeIncome('USDT', 'spot') - spotUsdt },
    ]);
    expect(usdt(spotFees.valueUsdt)).toBeGreaterThan(0n);

    // Futures: a user's market buy of 10 lots takes the market maker's quotes (system traders pay no fee).
    const trader = await registerUser(w.server);
    await fundContract(w.ctx, [{ uid: trader.uid, amount: '500' }]);
    const bought = await order(w.server, trader, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 10 });
    expect(bought.body.code).toBe(200);
    const fills = (await get<{ list: SwapFill[] }>(w.server, '/mapi/swap/fills?size=100', { token: trader.token })).body
      .data.list;
    expect(fills.length).toBeGreaterThan(0);

    // The figures are read at most once a minute: the next minute shows the day so far.
    w.clock.advance(61_000);
    const after = await board();
    const spot = after.today.products.find((p) => p.product === 'spot');
    const futures = after.today.products.find((p) => p.product === 'futures');
    expect(spot?.trades).toBe(1);
    expect(spot?.volumeUsdt).toBe('250');
    expect(spot?.feesUsdt).toBe(spotFees.valueUsdt);
    expect(futures?.trades).toBe(fills.length);
    expect(usdt(futures?.volumeUsdt ?? '0')).toBe(fills.reduce((sum, f) => sum + usdt(f.value), 0n));
    expect(usdt(futures?.feesUsdt ?? '0')).toBe(fills.reduce((sum, f) => sum + usdt(f.fee), 0n));
    expect(usdt(after.today.feesUsdt)).toBe(usdt(spotFees.valueUsdt) + usdt(futures?.feesUsdt ?? '0'));

    // A new day starts from nothing (the operator signs in again: a console session does not last a day).
    w.clock.advance(86_400_000);
    admin = await loginOperator(w.server, 'admin');
    expect((await board()).today.products.every((p) => p.trades === 0)).toBe(true);
  });
});
