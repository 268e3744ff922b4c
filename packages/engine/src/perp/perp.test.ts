import { parseRate, RATE_ONE } from '@bourse/money';
import { describe, expect, it } from 'vitest';
import { adlIndicators, adlLights, adlScore, allocateAdl, rankAdl } from './adl';
import { defineContract, maintenanceForNotional, tierDeduction } from './contract';
import { averagePremium, fundingRate, premiumSample, settleFunding } from './funding';
import {
  bankruptcyValue,
  insuranceTakeoverLots,
  liquidationFee,
  planLiquidation,
  settleLiquidationClose,
} from './liquidation';
import { basisSample, markPrice, movingBasis } from './mark';
import {
  bankruptcyPrice,
  crossPool,
  hasRecovered,
  isLiquidatable,
  isolatedPool,
  liquidationPrice,
  poolRisk,
} from './pool';
import {
  applyCrossPnl,
  applyFill,
  closeLots,
  entryPrice,
  initialMargin,
  isolatedCloseMoney,
  maintenanceMargin,
  marginRatio,
  openLots,
  returnOnEquity,
  unrealizedPnl,
} from './position';
import { compareRatio, ratio } from './ratio';
import { BTC, BTC_MARK_BASIS, btcInput, ETH, openAt, rulebookContract, USDT } from './test/fixtures';
import {
  checkCloseLots,
  checkLeverageChange,
  checkTpSl,
  maxOpenLots,
  maxRemovableMargin,
  reduceOnlyLots,
} from './validation';

const ONE_BTC = 1_000n; // lots of 0.001 BTC
const px = (usdt: number): bigint => BigInt(Math.round(usdt * 10)); // BTC prices have one decimal

describe("the rulebook's check", () => {
  it('liquidates a long of 1 BTC at 20,000, 50×, MMR 0.5% at 19,700 and a short at 20,300', () => {
    const contract = rulebookContract('entry');
    const long = openAt(contract, 'long', ONE_BTC, px(20_000), 50);
    const short = openAt(contract, 'short', ONE_BTC, px(20_000), 50);
    expect(initialMargin(long)).toBe(400n * USDT);
    expect(maintenanceMargin(long, px(20_000))).toBe(100n * USDT);
    expect(liquidationPrice(isolatedPool(long, px(20_000)), 0)).toBe(px(19_700));
    expect(liquidationPrice(isolatedPool(short, px(20_000)), 0)).toBe(px(20_300));
    // bankruptcy: entry ∓ margin / qty
    expect(compareRatio(bankruptcyPrice(isolatedPool(long, px(20_000)), 0)!, ratio(px(19_600), 1n))).toBe(0);
    expect(compareRatio(bankruptcyPrice(isolatedPool(short, px(20_000)), 0)!, ratio(px(20_400), 1n))).toBe(0);
  });

  it('is liquidated exactly when the mark reaches that price, not a tick before', () => {
    const contract = rulebookContract('entry');
    const long = openAt(contract, 'long', ONE_BTC, px(20_000), 50);
    const at = (mark: bigint): boolean => isLiquidatable(poolRisk(isolatedPool(long, mark)), 1);
    expect(at(px(19_700))).toBe(true);
    expect(at(px(19_700.1))).toBe(false);
  });

  it('with MM measured at the mark (Binance), solves MM at the liquidation price itself: 19,698.4 and 20,298.6', () => {
    const contract = rulebookContract('mark');
    const long = openAt(contract, 'long', ONE_BTC, px(20_000), 50);
    const short = openAt(contract, 'short', ONE_BTC, px(20_000), 50);
    // 19,600 / 0.995 = 19,698.49…: the highest tenth at which equity ≤ 0.5% of the notional there
    expect(liquidationPrice(isolatedPool(long, px(20_000)), 0)).toBe(px(19_698.4));
    // 20,400 / 1.005 = 20,298.50…: the lowest tenth above it
    expect(liquidationPrice(isolatedPool(short, px(20_000)), 0)).toBe(px(20_298.6));
  });

  it('shows "--" (null) for a long that no positive price liquidates', () => {
    // 1×: bankrupt only at 0, but MM fixed at entry (80 USDT) still liquidates at 80.0
    const oneX = openAt(BTC, 'long', ONE_BTC, px(20_000), 1);
    expect(liquidationPrice(isolatedPool(oneX, px(20_000)), 0)).toBe(px(80));
    expect(bankruptcyPrice(isolatedPool(oneX, px(20_000)), 0)).toBeNull();
    const overfunded = openAt(BTC, 'long', ONE_BTC, px(20_000), 1, 'isolated', 100n * USDT);
    expect(liquidationPrice(isolatedPool(overfunded, px(20_000)), 0)).toBeNull();
  });
});

describe('maintenance tiers', () => {
  it('deduct cum_n = floor_n × (MMR_n − MMR_n−1) + cum_n−1: 50, 1,300 and 16,300 USDT for the demo BTC tiers', () => {
    expect(BTC.tiers.map(tierDeduction)).toEqual([0n, 50n * USDT, 1_300n * USDT, 16_300n * USDT]);
    expect(maintenanceForNotional(BTC, 300_000n * USDT)).toBe(1_700n * USDT); // 1% × 300k − 1,300
  });

  it('are continuous across each bound', () => {
    for (const t of BTC.tiers.slice(1)) {
      const below = maintenanceForNotional(BTC, t.floor - 1n);
      const at = maintenanceForNotional(BTC, t.floor);
      expect(at - below).toBeLessThanOrEqual(1n);
    }
  });

  it('refuse inconsistent definitions', () => {
    const tiers = btcInput().tiers;
    expect(() => defineContract(btcInput({ tiers: [...tiers].reverse() }))).toThrow(RangeError);
    expect(() => defineContract(btcInput({ marginScale: 3 }))).toThrow(/exact/);
    expect(() =>
      defineContract(btcInput({ tiers: [{ below: 1_000n * USDT, mmr: parseRate('0.02'), maxLeverage: 50 }] })),
    ).toThrow(/1\/maxLeverage/);
  });
});

describe('a position', () => {
  it('keeps its entry exact: 1 lot at 20,000.0 and 2 at 20,000.1 average 20,000.0666…', () => {
    const a = openLots(null, BTC, 'long', 1n, BTC.lotValue * px(20_000), 10, 'cross').position;
    const b = openLots(a, BTC, 'long', 2n, 2n * BTC.lotValue * px(20_000.1), 10, 'cross').position;
    expect(compareRatio(entryPrice(b), ratio(600_002n, 3n))).toBe(0);
  });

  it('realizes a partial close against the user by under a unit, and the whole life exactly', () => {
    const p = openLots(null, BTC, 'long', 3n, 6_000_020_000n, 10, 'cross').position; // entry 20,000.0666…
    const first = closeLots(p, 1n, BTC.lotValue * px(20_100));
    expect(first.costShare).toBe(2_000_006_667n); // 6,000,020,000 / 3 rounded up for a long
    const rest = closeLots(first.remaining!, 2n, 2n * BTC.lotValue * px(20_100));
    expect(rest.remaining).toBeNull();
    expect(first.realizedPnl + rest.realizedPnl).toBe(3n * BTC.lotValue * px(20_100) - 6_000_020_000n);
  });

  it('gives uPnL, ROE and margin ratio at the mark', () => {
    const long = openAt(BTC, 'long', ONE_BTC, px(20_000), 20);
    expect(unrealizedPnl(long, px(21_000))).toBe(1_000n * USDT);
    expect(returnOnEquity(long, px(21_000))).toBe(RATE_ONE); // +100% on 1,000 USDT of IM
    expect(returnOnEquity(long, px(19_999.9))).toBe(-parseRate('0.0001'));
    // MM 0.4% of 20,000 = 80 on equity 1,000 − 500: 16%
    expect(marginRatio(maintenanceMargin(long, px(19_500)), long.margin + unrealizedPnl(long, px(19_500)))).toBe(
      parseRate('0.16'),
    );
    expect(marginRatio(80n, 0n)).toBeNull();
  });

  it('nets fills in one-way mode: a sell larger than a long closes it and opens a short at the fill price', () => {
    const long = openAt(BTC, 'long', 10n, px(20_000), 10, 'cross');
    const out = applyFill(
      long,
      BTC,
      { side: 'sell', lots: 15n, price: px(20_100) },
      {
        leverage: 10,
        mode: 'cross',
        feePpm: 500,
      },
    );
    expect(out.closedLots).toBe(10n);
    expect(out.realizedPnl).toBe(10n * BTC.lotValue * px(100));
    expect(out.position).toMatchObject({ side: 'short', lots: 5n, cost: 5n * BTC.lotValue * px(20_100) });
  });

  it('closes an isolated position partly: margin released pro rata, a loss beyond it stays in the pot', () => {
    const p = openAt(BTC, 'long', 10n, px(20_000), 10); // margin 20 USDT
    expect(isolatedCloseMoney(p, 5n, 3n * USDT, 0n)).toEqual({
      keep: 10n * USDT,
      toWallet: 13n * USDT,
      fee: 0n,
      deficit: 0n,
    });
    // the closed half lost 12: its 10 of margin and 2 of the remaining half's
    expect(isolatedCloseMoney(p, 5n, -12n * USDT, 0n)).toMatchObject({ keep: 8n * USDT, toWallet: 0n });
    // an odd margin: the closed lot releases 7/3 rounded down, the remaining two keep the rest
    expect(isolatedCloseMoney({ ...p, lots: 3n, margin: 7n }, 1n, 0n, 0n)).toMatchObject({ keep: 5n, toWallet: 2n });
    // beyond the whole pot: the fee is capped at nothing and the fund covers 5
    expect(isolatedCloseMoney(p, 10n, -25n * USDT, USDT)).toEqual({
      keep: 0n,
      toWallet: 0n,
      fee: 0n,
      deficit: 5n * USDT,
    });
  });

  it('never makes a cross wallet negative: a loss beyond it is owed and repaid first', () => {
    expect(applyCrossPnl(100n, 0n, -130n)).toEqual({ wallet: 0n, unpaidLoss: 30n, walletChange: -100n });
    expect(applyCrossPnl(0n, 30n, 50n)).toEqual({ wallet: 20n, unpaidLoss: 0n, walletChange: 20n });
  });
});

describe('cross margin', () => {
  it('liquidates one position at the price where wallet + all uPnL = total MM, the others held at mark', () => {
    const btc = openAt(BTC, 'long', ONE_BTC, px(20_000), 20, 'cross');
    const eth = openAt(ETH, 'short', 1_000n, 100_000n, 20, 'cross'); // 10 ETH at 1,000.00
    const marks = new Map([
      [BTC.symbol, px(20_000)],
      [ETH.symbol, 110_000n], // ETH at 1,100: −1,000 on the short
    ]);
    const pool = crossPool({ wallet: 3_000n * USDT, unpaidLoss: 0n, positions: [btc, eth] }, marks);
    const liq = liquidationPrice(pool, 0)!;
    const at = (mark: bigint): boolean =>
      isLiquidatable(
        poolRisk(
          crossPool(
            { wallet: 3_000n * USDT, unpaidLoss: 0n, positions: [btc, eth] },
            new Map([...marks, [BTC.symbol, mark]]),
          ),
        ),
        2,
      );
    expect(at(liq)).toBe(true);
    expect(at(liq + 1n)).toBe(false);
    // 3,000 − 1,000 − MM(ETH 0.4% of 11,000 = 44) − MM(BTC 80) = 1,876 of room: 20,000 − 1,876 = 18,124
    expect(liq).toBe(px(18_124));
  });
});

describe('mark price', () => {
  const base = { index: px(20_000), lastFundingRate: parseRate('0.0001'), intervalMs: 8 * 3_600_000 };

  it('is the median of the funding-based price, index + basis and the last price', () => {
    const half = { ...base, timeToFundingMs: 4 * 3_600_000, basis: 50n };
    // 20,000 × (1 + 0.0001 × ½) = 20,001.0; 20,000 + 5.0 = 20,005.0
    expect(markPrice({ ...half, lastPrice: px(20_002) })).toBe(px(20_002));
    expect(markPrice({ ...half, lastPrice: px(19_990) })).toBe(px(20_001));
    expect(markPrice({ ...half, lastPrice: px(20_100) })).toBe(px(20_005));
  });

  it('takes a moving basis of mid − index samples', () => {
    expect(basisSample(px(20_010), px(20_011), px(20_000))).toBe(105n); // mid 20,010.5 − 20,000 = 10.5
    expect(movingBasis([105n, 95n, -3n])).toBe(65n);
    expect(movingBasis([])).toBe(0n);
  });
});

describe('funding', () => {
  it('is the interest while the premium stays within the clamp of it, then follows the premium, capped at 2%', () => {
    expect(fundingRate(BTC, parseRate('0.0003'))).toBe(parseRate('0.0001'));
    expect(fundingRate(BTC, parseRate('0.001'))).toBe(parseRate('0.0005')); // 0.1% − 0.05%
    expect(fundingRate(BTC, parseRate('-0.03'))).toBe(parseRate('-0.02')); // −2.95%, capped
    expect(fundingRate(BTC, parseRate('0.05'))).toBe(parseRate('0.02'));
  });

  it('samples the premium from impact prices and averages the samples', () => {
    expect(premiumSample(px(20_000), px(20_010), px(20_020))).toBe(parseRate('0.0005'));
    expect(premiumSample(px(20_000), px(19_980), px(19_990))).toBe(parseRate('-0.0005'));
    expect(premiumSample(px(20_000), px(19_990), px(20_010))).toBe(0n);
    expect(averagePremium([parseRate('0.0005'), 0n, parseRate('-0.0002')])).toBe(parseRate('0.0001'));
  });

  it('makes longs pay shorts at a positive rate, rounding dust to the insurance fund, summing to zero', () => {
    const rate = parseRate('0.000123457');
    const s = settleFunding(BTC, px(20_000.1), rate, [
      { id: 1, side: 'long', lots: 3n, payable: null },
      { id: 2, side: 'long', lots: 7n, payable: null },
      { id: 3, side: 'short', lots: 10n, payable: null },
    ]);
    // per lot 20.0001 USDT × 0.0123457% = 0.0024691523457… USDT
    expect(s.amounts).toEqual([
      { id: 1, amount: -740_746n },
      { id: 2, amount: -1_728_407n },
      { id: 3, amount: 2_469_152n },
    ]);
    expect(s.dust).toBe(1n);
    expect(s.insuranceFund).toBe(1n);
  });

  it('caps an isolated payer at its margin; the fund pays the rest', () => {
    const s = settleFunding(BTC, px(20_000), parseRate('-0.01'), [
      { id: 1, side: 'long', lots: 10n, payable: 5n },
      { id: 2, side: 'short', lots: 10n, payable: 1_000n },
    ]);
    expect(s.amounts).toEqual([
      { id: 1, amount: 200_000_000n }, // 1% of 200 USDT
      { id: 2, amount: -1_000n },
    ]);
    expect(s.shortfall).toBe(199_999_000n);
    expect(s.insuranceFund).toBe(-199_999_000n);
  });

  it('takes what an empty-handed fund cannot cover off the receivers, pro rata', () => {
    const s = settleFunding(
      BTC,
      px(20_000),
      parseRate('-0.01'),
      [
        { id: 1, side: 'long', lots: 10n, payable: null },
        { id: 2, side: 'long', lots: 30n, payable: null },
        { id: 3, side: 'short', lots: 40n, payable: 200_000_000n },
      ],
      100_000_000n,
    );
    // due 8 USDT, paid 2, the fund has 1: the longs (owed 2 and 6) give up 5 between them
    expect(s.amounts).toEqual([
      { id: 1, amount: 75_000_000n },
      { id: 2, amount: 225_000_000n },
      { id: 3, amount: -200_000_000n },
    ]);
    expect(s.haircut).toBe(500_000_000n);
    expect(s.insuranceFund).toBe(-100_000_000n);
  });

  it('refuses a set whose long and short lots differ', () => {
    expect(() => settleFunding(BTC, px(20_000), 1n, [{ id: 1, side: 'long', lots: 1n, payable: null }])).toThrow();
  });
});

describe('the liquidation process', () => {
  const contract = rulebookContract('entry'); // buffer 20%, fee 0.5%
  const long = openAt(contract, 'long', ONE_BTC, px(20_000), 50);

  it('leaves a healthy position alone and first cancels the orders of an unhealthy one', () => {
    expect(
      planLiquidation(isolatedPool(long, px(19_700.1)), { inLiquidation: false, hasOpenOrders: true }).action,
    ).toBe('none');
    expect(planLiquidation(isolatedPool(long, px(19_700)), { inLiquidation: false, hasOpenOrders: true }).action).toBe(
      'cancel_orders',
    );
  });

  it('closes only what restores MM × 1.2 with an IOC limited at the bankruptcy price', () => {
    const pool = isolatedPool(long, px(19_700));
    const d = planLiquidation(pool, { inLiquidation: false, hasOpenOrders: false });
    if (d.action !== 'close') throw new Error('expected a close');
    // equity 100 − fee(k) ≥ 1.2 × 0.1 × (1000 − k) USDT needs k ≥ 930.2
    expect(d).toMatchObject({ orderSide: 'sell', lots: 931n, whole: false, limitPrice: px(19_600) });
    const fill = settleLiquidationClose(pool, 0, d.bankruptcyPrice, 931n, 931n * contract.lotValue * px(19_700));
    // fee = min(0.5% × 18,340.7, 931 × 0.1 above bankruptcy) = 91.7035
    expect(fill.fee).toBe(9_170_350_000n);
    const after = poolRisk(isolatedPool(fill.remaining!, px(19_700)));
    expect(hasRecovered(after)).toBe(true);
    expect(
      planLiquidation(isolatedPool(fill.remaining!, px(19_700)), { inLiquidation: true, hasOpenOrders: false }).action,
    ).toBe('none');
  });

  it('stays in liquidation until equity ≥ MM × (1 + buffer) (hysteresis)', () => {
    // at 19,710 the position is above MM (110 > 100) but below 120
    expect(planLiquidation(isolatedPool(long, px(19_710)), { inLiquidation: false, hasOpenOrders: false }).action).toBe(
      'none',
    );
    expect(planLiquidation(isolatedPool(long, px(19_710)), { inLiquidation: true, hasOpenOrders: false }).action).toBe(
      'close',
    );
  });

  it('caps the fee at what is left above bankruptcy, so the fee never causes one', () => {
    const bp = ratio(px(19_600), 1n);
    // selling 10 lots at 19,600.1: 0.001 USDT above bankruptcy, the 0.5% fee would be 0.98
    expect(liquidationFee(contract, 'long', bp, 10n, 10n * contract.lotValue * px(19_600.1))).toBe(100_000n);
    const whole = settleLiquidationClose(
      isolatedPool(long, px(19_500)),
      0,
      bp,
      ONE_BTC,
      ONE_BTC * contract.lotValue * px(19_600.1),
    );
    expect(whole.toWallet).toBe(0n);
    expect(whole.deficit).toBe(0n);
  });

  it('closes a bankrupt position whole; the fund takes what it can carry at the bankruptcy price', () => {
    const pool = isolatedPool(long, px(19_500)); // below bankruptcy (19,600)
    const d = planLiquidation(pool, { inLiquidation: false, hasOpenOrders: false });
    if (d.action !== 'close') throw new Error('expected a close');
    expect(d.whole).toBe(true);
    // the fund buys at 19,600 what is worth 19,500: 0.1 USDT a lot; with 50 USDT it takes 500 lots
    expect(insuranceTakeoverLots(contract, 'long', d.bankruptcyPrice, ONE_BTC, px(19_500), 50n * USDT)).toBe(500n);
    const value = bankruptcyValue(contract, 'long', d.bankruptcyPrice, ONE_BTC);
    const closed = settleLiquidationClose(pool, 0, d.bankruptcyPrice, ONE_BTC, value);
    expect(closed).toMatchObject({ remaining: null, fee: 0n, toWallet: 0n, deficit: 0n });
  });
});

describe('auto-deleveraging', () => {
  it('ranks profitable positions by PnL% × effective leverage and lights them by quintile', () => {
    const mark = px(19_000);
    const shorts = [
      openAt(BTC, 'short', 100n, px(20_000), 10), // +100 on 200 margin, equity 300: 0.5 × 6.33
      openAt(BTC, 'short', 100n, px(20_000), 50), // +100 on 40, equity 140: 2.5 × 13.6
      openAt(BTC, 'short', 100n, px(18_000), 10), // losing: not in the queue
    ];
    const entries = shorts.map((p, id) => {
      const pool = isolatedPool(p, mark);
      return { id, score: adlScore(pool, 0, poolRisk(pool)), lots: p.lots };
    });
    const ranked = rankAdl(entries);
    expect(ranked.map((e) => e.id)).toEqual([1, 0, 2]);
    expect([...adlIndicators(ranked)]).toEqual([
      [1, 5],
      [0, 3],
      [2, 0],
    ]);
    expect(allocateAdl(ranked, 150n)).toEqual({
      fills: [
        { id: 1, lots: 100n },
        { id: 0, lots: 50n },
      ],
      short: 0n,
    });
    // the losing position is reached only once every profitable lot is taken
    expect(allocateAdl(ranked, 250n).fills.at(-1)).toEqual({ id: 2, lots: 50n });
  });

  it('shows 5 lights for the top fifth of the queue and 1 for the bottom fifth', () => {
    expect(Array.from({ length: 10 }, (_, r) => adlLights(r, 10))).toEqual([5, 5, 4, 4, 3, 3, 2, 2, 1, 1]);
  });
});

describe('checks before acting', () => {
  it('takes TP/SL per spec §5: a long TP ≥ entry and last, SL ≤ both; a short mirrored', () => {
    const long = { side: 'long' as const, entry: px(20_000), lastPrice: px(20_100) };
    expect(checkTpSl(BTC, { ...long, takeProfit: px(20_100), stopLoss: px(19_000) })).toBeNull();
    expect(checkTpSl(BTC, { ...long, takeProfit: px(20_050) })).toBe('TPSL_CONFLICT');
    expect(checkTpSl(BTC, { ...long, stopLoss: px(20_050) })).toBe('TPSL_CONFLICT');
    const short = { side: 'short' as const, entry: px(20_000), lastPrice: px(20_100) };
    expect(checkTpSl(BTC, { ...short, takeProfit: px(19_000), stopLoss: px(20_100) })).toBeNull();
    expect(checkTpSl(BTC, { ...short, stopLoss: px(20_050) })).toBe('TPSL_CONFLICT');
    expect(checkTpSl(BTC, { ...short, takeProfit: 0n })).toBe('INVALID_PRICE');
    expect(checkTpSl(ETH, { ...short, entry: 100_000n, lastPrice: 100_000n, takeProfit: 99_999n })).toBeNull();
    expect(checkTpSl(defineContract(btcInput({ tickSize: 5n })), { ...long, takeProfit: 200_502n })).toBe(
      'PRICE_TICK_INVALID',
    );
    // against the exact entry: a TP at 20,000.0 is below an average of 20,000.0666…
    expect(checkTpSl(BTC, { ...long, entry: ratio(600_002n, 3n), lastPrice: px(19_000), takeProfit: px(20_000) })).toBe(
      'TPSL_CONFLICT',
    );
  });

  it('takes closing lots as a whole number from 1 to the open lots', () => {
    expect(checkCloseLots('2', 2n)).toEqual({ ok: true, lots: 2n });
    expect(checkCloseLots('2.000', 2n)).toEqual({ ok: true, lots: 2n });
    for (const bad of ['1.5', '0', '-1', 'abc', ''])
      expect(checkCloseLots(bad, 2n)).toMatchObject({ reason: 'CLOSE_LOTS_INVALID' });
    expect(checkCloseLots('3', 2n)).toEqual({ ok: false, reason: 'CLOSE_LOTS_EXCEED_POSITION' });
  });

  it('lets a reduce-only order take at most the opposite position', () => {
    const long = { side: 'long' as const, lots: 5n };
    expect(reduceOnlyLots(long, 'sell', 8n)).toBe(5n);
    expect(reduceOnlyLots(long, 'sell', 3n)).toBe(3n);
    expect(reduceOnlyLots(long, 'buy', 3n)).toBe(0n);
    expect(reduceOnlyLots(null, 'sell', 3n)).toBe(0n);
  });

  it('opens at most what the balance pays for, fee included, and under the leverage tier cap', () => {
    const args = { price: px(20_000), available: 1_000n * USDT, feePpm: 500, side: 'buy' as const, position: null };
    // 20 USDT a lot: IM 2 + fee 0.01; 497 lots cost 998.97, 498 would cost 1,000.98
    expect(maxOpenLots(BTC, { ...args, leverage: 10 })).toBe(497n);
    // at 100× the tier cap (< 50,000 notional) binds first: 2,499 lots = 49,980
    expect(maxOpenLots(BTC, { ...args, leverage: 100 })).toBe(2_499n);
    expect(maxOpenLots(BTC, { ...args, leverage: 101 })).toBe(0n);
  });

  it('changes leverage: raising releases isolated margin unless it would not suffice, lowering needs the balance', () => {
    const p = openAt(BTC, 'long', ONE_BTC, px(20_000), 10); // IM 2,000
    expect(checkLeverageChange(p, 20, px(20_000), 0n, BTC)).toEqual({ ok: true, marginDelta: -1_000n * USDT });
    expect(checkLeverageChange(p, 20, px(19_500), 0n, BTC)).toEqual({ ok: false, reason: 'MARGIN_INSUFFICIENT' });
    expect(checkLeverageChange(p, 5, px(20_000), 1_500n * USDT, BTC)).toEqual({
      ok: false,
      reason: 'MARGIN_INSUFFICIENT',
    });
    expect(checkLeverageChange(p, 5, px(20_000), 2_500n * USDT, BTC)).toEqual({ ok: true, marginDelta: 2_000n * USDT });
    const big = openAt(BTC, 'long', 3n * ONE_BTC, px(20_000), 10);
    expect(checkLeverageChange(big, 100, px(20_000), 0n, BTC)).toEqual({ ok: false, reason: 'POSITION_TOO_LARGE' });
    expect(checkLeverageChange(p, 0, px(20_000), 0n, BTC)).toEqual({ ok: false, reason: 'LEVERAGE_INVALID' });
  });

  it('lets margin out of an isolated position only above IM and never its unrealized profit', () => {
    const p = openAt(BTC, 'long', ONE_BTC, px(20_000), 10, 'isolated', 500n * USDT); // margin 2,500
    expect(maxRemovableMargin(p, px(21_000))).toBe(500n * USDT);
    expect(maxRemovableMargin(p, px(19_800))).toBe(300n * USDT);
    expect(maxRemovableMargin(p, px(19_000))).toBe(0n);
  });

  it('measures maintenance on the mark with basis "mark", so the tier can change with the price', () => {
    const p = openAt(BTC_MARK_BASIS, 'short', 2_400n, px(20_000), 20, 'isolated'); // 48,000: tier 1
    expect(maintenanceMargin(p, px(20_000))).toBe(192n * USDT); // 0.4%
    expect(maintenanceMargin(p, px(21_000))).toBe(202n * USDT); // 50,400 × 0.5% − 50
  });
});
