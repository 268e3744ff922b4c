import type { OptionOutcome, OptionRound, OptionSeries } from '@bourse/contract';

export type SeriesCheck = 'matches' | 'differs' | 'missing' | 'pending';

function units(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = (negative ? value.slice(1) : value).split('.');
  const n = BigInt(`${int || '0'}${frac.padEnd(scale, '0').slice(0, scale)}`);
  return negative ? -n : n;
}

/** Up iff close > open, down iff close < open, flat when equal (RULEBOOK, Up/down options). */
export function outcomeOf(open: string, close: string, scale: number): OptionOutcome {
  const [o, c] = [units(open, scale), units(close, scale)];
  return c > o ? 'up' : c < o ? 'down' : 'flat';
}

/**
 * A finished round against the public series: its stored open and close prices are the series' values at its open
 * and close instants, and its outcome follows from them. A void round is right when the series lacks one of them.
 */
export function checkRound(round: OptionRound, series: OptionSeries): SeriesCheck {
  if (round.state !== 'settled' && round.state !== 'void') return 'pending';
  const at = (t: number) => series.points.find((p) => p.t === t)?.price ?? null;
  const open = at(round.openAt);
  const close = at(round.closeAt);
  if (round.state === 'void') return open === null || close === null ? 'missing' : 'differs';
  if (open === null || close === null) return 'missing';
  const scale = series.pricePrecision;
  const same = (a: string | null, b: string) => a !== null && units(a, scale) === units(b, scale);
  if (!same(round.openPrice, open) || !same(round.closePrice, close)) return 'differs';
  return round.outcome === outcomeOf(open, close, scale) ? 'matches' : 'differs';
}
