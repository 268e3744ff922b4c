import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Market, marketFromRow } from './market';
import { buyerCost, buyReserve, fillAmounts, quoteCeil, quoteFloor } from './money';

function market(pricePrecision: number, qtyPrecision: number): Market {
  return marketFromRow(
    {
      id: 1,
      symbol: 'X_Y',
      base: 'X',
      quote: 'Y',
      category: 'main',
      price_precision: pricePrecision,
      qty_precision: qtyPrecision,
      tick: 1,
      step: 1,
      min_notional: 0,
      maker_fee_ppm: 1000,
      taker_fee_ppm: 1000,
      price_band_low_ppm: 200_000,
      price_band_high_ppm: 5_000_000,
      status: 'open',
      hot: 0,
      sort: 0,
      created_at: 0,
      updated_at: 0,
    },
    8,
    8,
  );
}

describe('fill amounts', () => {
  it('are exact in an exact market: the buyer pays what the seller gets, fees round up', () => {
    const m = market(2, 5);
    // 65432.10 × 0.12345 = 8077.592745 USDT.
    const a = fillAmounts(m, 6_543_210, 12_345, 0n, 1000, 1000);
    expect(a.buyerPays).toBe(807_759_274_500n);
    expect(a.sellerGets).toBe(807_759_274_500n);
    expect(a.dust).toBe(0n);
    expect(a.base).toBe(12_345_000n);
    expect(a.buyerFee).toBe(12_345n);
    // 8.077592745 USDT rounds up to 8.07759275.
    expect(a.sellerFee).toBe(807_759_275n);
  });

  it('round in the exchange’s favour by less than one unit when price × qty has more decimals than the asset', () => {
    const m = market(6, 4);
    // 0.051234 × 0.0003 = 0.0000153702 BTC: 1537.02 units.
    const a = fillAmounts(m, 51_234, 3, 0n, 0, 0);
    expect(a.buyerPays).toBe(1538n);
    expect(a.sellerGets).toBe(1537n);
    expect(a.dust).toBe(1n);
    expect(quoteCeil(m, 153_702n)).toBe(1538n);
    expect(quoteFloor(m, 153_702n)).toBe(1537n);
  });

  it('charge a buy order at most its exact total rounded up once, and each fill at least the seller’s share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.record({ below: fc.integer({ min: 0, max: 5000 }), qty: fc.integer({ min: 1, max: 10_000 }) }), {
          minLength: 1,
          maxLength: 30,
        }),
        (extra, limit, fills) => {
          const m = market(6, 2 + extra);
          const total = fills.reduce((s, f) => s + f.qty, 0);
          const frozen = buyReserve(m, 0n, limit, total);
          let exact = 0n;
          let paid = 0n;
          for (const f of fills) {
            const price = Math.max(1, limit - f.below);
            const notional = BigInt(price) * BigInt(f.qty);
            const cost = buyerCost(m, exact, notional);
            expect(cost).toBeGreaterThanOrEqual(quoteFloor(m, notional));
            expect(cost).toBeLessThanOrEqual(quoteFloor(m, notional) + 1n);
            exact += notional;
            paid += cost;
          }
          expect(paid).toBe(quoteCeil(m, exact));
          expect(paid).toBeLessThanOrEqual(frozen);
        },
      ),
    );
  });
});
