import type { Candle } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { CHART_SECONDS, upsertCandle } from './api';
import { decimalLess, ratioPercent, signOf } from './format';
import { countdown, ServerOffset } from './time';

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
