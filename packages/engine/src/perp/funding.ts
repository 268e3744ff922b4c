import { clampBig, divRound, RATE_ONE } from '@bourse/money';
import { lotsNotional, type Contract } from './contract';
import type { PositionSide } from './position';

/**
 * One premium-index sample (each minute): (max(0, impact bid − index) − max(0, index − impact ask)) / index, as a
 * rate rounded toward zero. Impact prices are the average fill prices of a standard-size market order on each side.
 */
export function premiumSample(index: bigint, impactBid: bigint, impactAsk: bigint): bigint {
  if (index <= 0n) throw new RangeError('premium: index must be positive');
  const above = impactBid > index ? impactBid - index : 0n;
  const below = index > impactAsk ? index - impactAsk : 0n;
  return divRound((above - below) * RATE_ONE, index, 'down');
}

/** The interval's premium: the mean of its samples, rounded toward zero; 0 with no sample. */
export function averagePremium(samples: readonly bigint[]): bigint {
  if (samples.length === 0) return 0n;
  let sum = 0n;
  for (const s of samples) sum += s;
  return divRound(sum, BigInt(samples.length), 'down');
}

/**
 * rate = premium + clamp(interest − premium, −clamp, +clamp), capped at ±cap. Exact (rates are integers of 10^-12):
 * a premium within ±clamp of the interest gives exactly the interest (0.01%).
 */
export function fundingRate(contract: Contract, premium: bigint): bigint {
  const f = contract.funding;
  const rate = premium + clampBig(f.interestRate - premium, -f.premiumClamp, f.premiumClamp);
  return clampBig(rate, -f.rateCap, f.rateCap);
}

export interface FundingParticipant {
  readonly id: number;
  readonly side: PositionSide;
  /** Open lots at the funding instant, > 0. Only positions open at that instant take part. */
  readonly lots: bigint;
  /**
   * The most this position can pay: an isolated position's margin. null: no cap — a cross account pays through
   * `applyCrossPnl` (a shortfall there is an unpaid loss the account owes, not the fund's).
   */
  readonly payable: bigint | null;
}

export interface FundingSettlement {
  /** Per participant, in input order: > 0 received, < 0 paid. */
  readonly amounts: readonly { readonly id: number; readonly amount: bigint }[];
  /** The insurance fund's side: dust − shortfall + haircut. Σ amounts + insuranceFund = 0 exactly. */
  readonly insuranceFund: bigint;
  /** Σ due (rounded up) − Σ receivable (rounded down): the rounding, ≥ 0 and < the number of participants. */
  readonly dust: bigint;
  /** What capped payers could not pay; the fund pays it to the receivers. */
  readonly shortfall: bigint;
  /** Taken off the receivers when the fund's balance cannot cover the shortfall (0 otherwise). */
  readonly haircut: bigint;
}

/**
 * Settles one funding instant of one contract: payment = mark × qty × rate. rate > 0: longs pay shorts; rate < 0:
 * shorts pay longs. Each payer pays its payment rounded up, each receiver receives its own rounded down, and the
 * difference — the rounding dust, ≥ 0 — goes to the insurance fund; so the amounts sum to exactly zero with the
 * fund. A payer whose margin cannot cover its payment pays what it has; the fund pays the rest (shortfall). When
 * `fundBalance` is given and the fund cannot (balance + dust < shortfall), the receivers bear what it cannot, each
 * pro rata to what it receives (rounded up per receiver, so the fund never ends below zero).
 * Throws unless the longs' and shorts' lots are equal (the set must be every open position of the contract,
 * the insurance fund's own included).
 */
export function settleFunding(
  contract: Contract,
  mark: bigint,
  rate: bigint,
  participants: readonly FundingParticipant[],
  fundBalance: bigint | null = null,
): FundingSettlement {
  let longs = 0n;
  let shorts = 0n;
  for (const p of participants) {
    if (p.lots <= 0n) throw new RangeError('funding: lots must be positive');
    if (p.side === 'long') longs += p.lots;
    else shorts += p.lots;
  }
  if (longs !== shorts) throw new RangeError('funding: long and short lots differ');
  const payingSide: PositionSide = rate > 0n ? 'long' : 'short';
  const size = rate < 0n ? -rate : rate;
  let dust = 0n;
  let shortfall = 0n;
  const amounts = participants.map(({ id, side, lots, payable }) => {
    const exact = lotsNotional(contract, mark, lots) * size;
    if (side !== payingSide || size === 0n) {
      const received = exact / RATE_ONE;
      dust -= received;
      return { id, amount: received };
    }
    const due = divRound(exact, RATE_ONE, 'ceil');
    const paid = payable !== null && payable < due ? (payable > 0n ? payable : 0n) : due;
    dust += due;
    shortfall += due - paid;
    return { id, amount: -paid };
  });
  const uncovered = fundBalance === null ? 0n : shortfall - dust - (fundBalance > 0n ? fundBalance : 0n);
  if (uncovered <= 0n) return { amounts, insuranceFund: dust - shortfall, dust, shortfall, haircut: 0n };
  // uncovered ≤ Σ received (the shortfall is at most what the receivers are owed plus the dust), so each cut ≤ its amount
  let receivable = 0n;
  for (const a of amounts) if (a.amount > 0n) receivable += a.amount;
  let haircut = 0n;
  const cut = amounts.map(({ id, amount }) => {
    if (amount <= 0n) return { id, amount };
    const c = divRound(amount * uncovered, receivable, 'ceil');
    haircut += c;
    return { id, amount: amount - c };
  });
  return { amounts: cut, insuranceFund: dust - shortfall + haircut, dust, shortfall, haircut };
}
