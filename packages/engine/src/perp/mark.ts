import { divRound, RATE_ONE } from '@bourse/money';
import { compareRatio, ratio, roundRatio, wholeRatio, type Ratio } from './ratio';

export interface MarkInputs {
  /** Index price (price units): with the built-in price source, the simulated spot index. */
  readonly index: bigint;
  /** The funding rate last settled (rate units). */
  readonly lastFundingRate: bigint;
  /** Time left until the next funding instant, 0 to the interval. */
  readonly timeToFundingMs: number;
  readonly intervalMs: number;
  /** Moving basis (price units, signed): the moving average of mid − index ({@link movingBasis}). */
  readonly basis: bigint;
  /** Last traded price; pass the index while the contract has not traded yet. */
  readonly lastPrice: bigint;
}

/**
 * Mark price = median(index × (1 + last funding × time-to-funding / interval), index + moving basis, last price).
 * The three are compared exactly; only the median is rounded, down to the price unit (a mark is nobody's money:
 * longs and shorts see the same one, so no direction favours the exchange; floor is simply deterministic).
 */
export function markPrice(m: MarkInputs): bigint {
  if (!Number.isSafeInteger(m.intervalMs) || m.intervalMs <= 0) throw new RangeError('mark: interval must be > 0');
  if (!Number.isSafeInteger(m.timeToFundingMs) || m.timeToFundingMs < 0 || m.timeToFundingMs > m.intervalMs) {
    throw new RangeError('mark: time to funding must be within the interval');
  }
  if (m.index <= 0n || m.lastPrice <= 0n) throw new RangeError('mark: prices must be positive');
  const span = RATE_ONE * BigInt(m.intervalMs);
  const fundingBased = ratio(m.index * (span + m.lastFundingRate * BigInt(m.timeToFundingMs)), span);
  const candidates: Ratio[] = [fundingBased, wholeRatio(m.index + m.basis), wholeRatio(m.lastPrice)];
  candidates.sort(compareRatio);
  const mark = roundRatio(candidates[1] as Ratio, 'floor');
  if (mark <= 0n) throw new RangeError('mark: not positive');
  return mark;
}

/** One basis sample, mid − index with mid = (best bid + best ask) / 2, rounded toward zero (price units). */
export function basisSample(bestBid: bigint, bestAsk: bigint, index: bigint): bigint {
  return divRound(bestBid + bestAsk - 2n * index, 2n, 'down');
}

/** The moving basis: the mean of the samples in the window, rounded toward zero; 0 with no sample. */
export function movingBasis(samples: readonly bigint[]): bigint {
  if (samples.length === 0) return 0n;
  let sum = 0n;
  for (const s of samples) sum += s;
  return divRound(sum, BigInt(samples.length), 'down');
}
