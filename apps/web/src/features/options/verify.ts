import type { OptionRoundDetail } from '@bourse/contract';

export type RoundCheck = 'matches' | 'differs';

function units(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = (negative ? value.slice(1) : value).split('.');
  const n = BigInt(`${int || '0'}${frac.padEnd(scale, '0').slice(0, scale)}`);
  return negative ? -n : n;
}

/**
 * Checks a finished round the way anyone can: its open and close prices are the public series' values at its open and
 * close instants (void exactly when one is missing), its outcome follows from them (up iff close > open), and every
 * bet's result follows from its side.
 */
export function checkRound({ round, bets, series }: OptionRoundDetail): RoundCheck {
  const scale = series.pricePrecision;
  const at = (t: number) => series.points.find((p) => p.t === t)?.price ?? null;
  const open = at(round.openAt);
  const close = at(round.closeAt);
  if (open === null || close === null) {
    return round.state === 'void' && bets.every((b) => b.state === 'void') ? 'matches' : 'differs';
  }
  if (round.state !== 'settled' || round.openPrice === null || round.closePrice === null) return 'differs';
  const [o, c] = [units(open, scale), units(close, scale)];
  if (units(round.openPrice, scale) !== o || units(round.closePrice, scale) !== c) return 'differs';
  const outcome = c > o ? 'up' : c < o ? 'down' : 'flat';
  if (round.outcome !== outcome) return 'differs';
  const expected = (side: 'up' | 'down') => (outcome === 'flat' ? 'draw' : outcome === side ? 'win' : 'loss');
  return bets.every((b) => b.state === expected(b.side)) ? 'matches' : 'differs';
}
