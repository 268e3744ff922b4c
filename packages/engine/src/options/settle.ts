import { divRound, fee as feeOn, PPM } from '@bourse/money';

/**
 * Up/down options ("second contracts"): what one bet pays when its round settles, as a pure function of the
 * round's open and close prices and the bet's own terms. No operator setting in force at settlement, no user, no
 * bet total and no pool balance enters it, so anyone holding the public price series can recompute every result
 * (docs/options.md, RULEBOOK "Up/down options").
 *
 * Units: prices are integers at the series' scale (both prices of a round at the same scale); stakes, fees and
 * payouts are integers at the settlement asset's ledger scale; rates are parts per million (80% = 800_000).
 */

export type OptionSide = 'up' | 'down';
/** How the price moved over the round: close above, below, or equal to open. */
export type OptionOutcome = 'up' | 'down' | 'flat';
/** A bet's result: `void` when the round had no price at its open or close instant (stake and fee refunded). */
export type OptionResult = 'win' | 'loss' | 'draw' | 'void';

export interface OptionBetTerms {
  readonly side: OptionSide;
  /** What is at risk, > 0. */
  readonly stake: bigint;
  /** The fee charged on the stake at join ({@link optionFee}), ≥ 0. */
  readonly fee: bigint;
  /** The round's payout ratio as the bet was placed (ppm): a win pays `stake × (1 + ratio)`. */
  readonly payoutPpm: number;
}

export interface OptionSettlement {
  readonly result: OptionResult;
  /** Paid to the user out of what the bet held (stake + fee): stake + profit, stake, 0, or stake + fee. */
  readonly payout: bigint;
  /** The options pool's change: + the stake of a loss, − the profit of a win, 0 otherwise. */
  readonly pool: bigint;
  /** The fee the house keeps (0 for a void bet: refunded). */
  readonly fee: bigint;
}

/** close vs open. */
export function optionOutcome(open: bigint, close: bigint): OptionOutcome {
  return close > open ? 'up' : close < open ? 'down' : 'flat';
}

/** The profit of a winning stake: stake × ratio, rounded down (what a user receives rounds down). */
export function optionProfit(stake: bigint, payoutPpm: number): bigint {
  if (!Number.isSafeInteger(payoutPpm) || payoutPpm < 0 || payoutPpm > 100 * 1_000_000) {
    throw new RangeError(`payout ratio must be an integer in [0, 100000000] ppm: ${payoutPpm}`);
  }
  return divRound(stake * BigInt(payoutPpm), PPM, 'down');
}

/** The fee on a stake at `feePpm`, rounded up (what a user pays rounds up), charged on top of the stake at join. */
export function optionFee(stake: bigint, feePpm: number): bigint {
  if (feePpm < 0) throw new RangeError(`fee rate must not be negative: ${feePpm}`);
  return feeOn(stake, feePpm);
}

/**
 * Settles one bet. `open`/`close` are the series' prices at the round's open and close instants, or null when the
 * series has none (the server was down or the index missing): the bet is void and everything it held is refunded.
 *
 * Invariant: nothing is created or lost — the user's change (payout − stake − fee), the pool's change and the fee
 * kept sum to zero: payout + pool + fee = stake + fee, exactly what the bet's hold had.
 */
export function settleOptionBet(open: bigint | null, close: bigint | null, bet: OptionBetTerms): OptionSettlement {
  if (bet.stake <= 0n) throw new RangeError('stake must be positive');
  if (bet.fee < 0n) throw new RangeError('fee must not be negative');
  if (open === null || close === null) return { result: 'void', payout: bet.stake + bet.fee, pool: 0n, fee: 0n };
  const outcome = optionOutcome(open, close);
  if (outcome === 'flat') return { result: 'draw', payout: bet.stake, pool: 0n, fee: bet.fee };
  if (outcome === bet.side) {
    const profit = optionProfit(bet.stake, bet.payoutPpm);
    return { result: 'win', payout: bet.stake + profit, pool: -profit, fee: bet.fee };
  }
  return { result: 'loss', payout: 0n, pool: bet.stake, fee: bet.fee };
}

/** The user's result of a settled bet: what came back minus what the bet took (stake + fee). */
export function optionUserResult(bet: OptionBetTerms, settlement: OptionSettlement): bigint {
  return settlement.payout - bet.stake - bet.fee;
}
