import type { Candle, OptionRoundDetail } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { CHART_SECONDS, upsertCandle } from './api';
import { decimalLess, ratioPercent, signOf } from './format';
import { countdown, ServerOffset } from './time';
import { checkRound } from './verify';

const candle = (t: number, c: string): Candle => ({ t, o: c, h: c, l: c, c, v: '0', qv: '0' });

describe('options page helpers', () => {
  it('shows ratios as percents without floats', () => {
    expect(ratioPercent('0.8')).toBe('80%');
    expect(ratioPercent('0.85')).toBe('85%');
    expect(ratioPercent('0.002')).toBe('0.2%');
    expect(ratioPercent('1')).toBe('100%');
    expect(ratioPercent('0')).toBe('0%');
    expect(ratioPercent('0.12345')).toBe('12.345%');
  });

  it('compares decimal strings exactly and signs profits', () => {
    expect(decimalLess('9.99', '10')).toBe(true);
    expect(decimalLess('10', '10.00')).toBe(false);
    expect(decimalLess('10000.01', '10000')).toBe(false);
    expect(signOf('80.00')).toBe('+');
    expect(signOf('-100')).toBe('-');
    expect(signOf('0.00')).toBeUndefined();
    expect(signOf('-0')).toBeUndefined();
  });

  it('counts down in whole seconds, rounded up, never below zero', () => {
    expect(countdown(30_000)).toBe('0:30');
    expect(countdown(29_001)).toBe('0:30');
    expect(countdown(1)).toBe('0:01');
    expect(countdown(0)).toBe('0:00');
    expect(countdown(-5_000)).toBe('0:00');
    expect(countdown(300_000)).toBe('5:00');
  });

  it('runs countdowns from the server clock: the latest frame decides, a late one does not pull it back at once', () => {
    let device = 1_000_000;
    const offset = new ServerOffset(() => device);
    offset.observe(1_005_000);
    expect(offset.now()).toBe(1_005_000);
    device += 1000;
    // A frame that took 400 ms to arrive: the offset moves a quarter of the way towards it.
    offset.observe(1_005_600);
    expect(offset.now()).toBe(1_005_900);
    offset.observe(1_007_000);
    expect(offset.now()).toBe(1_007_000);
  });

  it('keeps the chart’s candles in order, replacing the current second and dropping the oldest', () => {
    expect(upsertCandle(undefined, candle(1000, '1'))).toBeUndefined();
    const one = upsertCandle([candle(1000, '1')], candle(2000, '2'));
    expect(one?.map((c) => c.c)).toEqual(['1', '2']);
    expect(upsertCandle(one, candle(2000, '3'))?.map((c) => c.c)).toEqual(['1', '3']);
    expect(upsertCandle(one, candle(500, '9'))).toBe(one);
    const full = Array.from({ length: CHART_SECONDS }, (_, i) => candle(i * 1000, String(i)));
    const moved = upsertCandle(full, candle(CHART_SECONDS * 1000, 'new'));
    expect(moved).toHaveLength(CHART_SECONDS);
    expect(moved?.[0]?.c).toBe('1');
    expect(moved?.at(-1)?.c).toBe('new');
  });
});

describe('checking a round against the series', () => {
  const OPEN = 1_795_000_000_000;
  const CLOSE = OPEN + 30_000;
  const detail = (change: Partial<OptionRoundDetail['round']> = {}, points: [number, string][] = []) =>
    ({
      round: {
        id: 1,
        symbol: 'BTC_USDT',
        period: 30,
        number: OPEN / 30_000,
        openAt: OPEN,
        closeAt: CLOSE,
        state: 'settled',
        openPrice: '100.00',
        openIndexAt: OPEN,
        closePrice: '101.00',
        closeIndexAt: CLOSE,
        source: 'simulator',
        outcome: 'up',
        voidReason: null,
        bets: 2,
        upAmount: '10',
        downAmount: '10',
        payout: '18',
        fees: '0',
        poolResult: '2',
        settledAt: CLOSE,
        ...change,
      },
      bets: [
        { id: 1, side: 'up', amount: '10', fee: '0', payoutRatio: '0.8', state: 'win', payout: '18' },
        { id: 2, side: 'down', amount: '10', fee: '0', payoutRatio: '0.8', state: 'loss', payout: '0' },
      ],
      series: {
        symbol: 'BTC_USDT',
        pricePrecision: 2,
        from: OPEN,
        to: CLOSE,
        points: points.map(([t, price]) => ({ t, price, indexAt: t, source: 'simulator' })),
      },
    }) satisfies OptionRoundDetail;
  const both: [number, string][] = [
    [OPEN, '100.00'],
    [CLOSE, '101.00'],
  ];

  it('accepts a round settled from the series and refuses any other', () => {
    expect(checkRound(detail({}, both))).toBe('matches');
    expect(checkRound(detail({ closePrice: '100.99' }, both))).toBe('differs');
    expect(checkRound(detail({ outcome: 'down' }, both))).toBe('differs');
    expect(checkRound(detail({}, [[OPEN, '100.00']]))).toBe('differs');
    expect(checkRound(detail({ state: 'void', outcome: null, closePrice: null }, both))).toBe('differs');
  });
});
