import { divRound, formatDecimal, pow10, RATE_ONE } from '@bourse/contract';

/**
 * The loan math, pure and exact: amounts are bigint units of their asset's scale, rates (APR, LTV thresholds) are
 * bigint at 10^-12 (`RATE_ONE` = 100 %), index prices are bigint USDT at 10^-8 per whole coin. Every division names
 * its rounding, always in the exchange's favour: what the user owes or the LTV rounds up, what the user may borrow or
 * receives rounds down — by less than one unit.
 */

/** Interest is charged for each whole minute: a year of 365 days (RULEBOOK: daily = APR / 365). */
export const MINUTES_PER_YEAR = 365n * 24n * 60n;

/** One minute's interest is principal × APR / (RATE_ONE × MINUTES_PER_YEAR); the remainder is kept in these units. */
export const INTEREST_DENOMINATOR = RATE_ONE * MINUTES_PER_YEAR;

/** Accrued interest: whole units, plus a remainder in 1/INTEREST_DENOMINATOR of a unit (always below one unit). */
export interface Accrued {
  units: bigint;
  rem: bigint;
}

/** Adds one minute of interest on `principal` at `apr` exactly (nothing is lost or invented between minutes). */
export function accrueMinute(accrued: Accrued, principal: bigint, apr: bigint): Accrued {
  if (principal < 0n || apr < 0n) throw new RangeError('principal and apr must not be negative');
  const numerator = principal * apr + accrued.rem;
  return { units: accrued.units + numerator / INTEREST_DENOMINATOR, rem: numerator % INTEREST_DENOMINATOR };
}

/** What the borrower owes for interest: the exact amount rounded up to the unit (at most one unit over). */
export function owedInterest(accrued: Accrued): bigint {
  return accrued.units + (accrued.rem > 0n ? 1n : 0n);
}

/**
 * Takes a payment of `paid` units off the accrued interest. Paying the rounded-up amount clears it (the remainder
 * too: the borrower paid the fraction's unit); paying less keeps the remainder.
 */
export function payInterest(accrued: Accrued, paid: bigint): Accrued {
  const owed = owedInterest(accrued);
  if (paid < 0n || paid > owed) throw new RangeError('payment beyond the interest owed');
  if (paid === owed) return { units: 0n, rem: 0n };
  return { units: accrued.units - paid, rem: accrued.rem };
}

/** Prices of the two coins of a loan, and their scales. */
export interface LoanPricing {
  /** USDT per whole loan coin, at 10^-8. */
  loanPrice: bigint;
  /** USDT per whole collateral coin, at 10^-8. */
  collateralPrice: bigint;
  loanScale: number;
  collateralScale: number;
}

/**
 * The LTV of `debt` (loan units) against `collateral` (collateral units), as a rate at 10^-12, rounded up. Null when
 * the collateral is worth nothing (no collateral, or a zero price): the LTV is unbounded.
 */
export function ltvRate(debt: bigint, collateral: bigint, p: LoanPricing): bigint | null {
  const denominator = collateral * p.collateralPrice * pow10(p.loanScale);
  if (denominator <= 0n) return null;
  return divRound(debt * p.loanPrice * pow10(p.collateralScale) * RATE_ONE, denominator, 'ceil');
}

/** Whether the LTV of `debt` against `collateral` is at or above `threshold` — exact, no rounding at all. */
export function ltvAtLeast(debt: bigint, collateral: bigint, threshold: bigint, p: LoanPricing): boolean {
  const lhs = debt * p.loanPrice * pow10(p.collateralScale) * RATE_ONE;
  const rhs = threshold * collateral * p.collateralPrice * pow10(p.loanScale);
  return lhs >= rhs;
}

/** Whether `debt` against `collateral` stays within `threshold` (LTV ≤ threshold) — exact. */
export function ltvWithin(debt: bigint, collateral: bigint, threshold: bigint, p: LoanPricing): boolean {
  const lhs = debt * p.loanPrice * pow10(p.collateralScale) * RATE_ONE;
  const rhs = threshold * collateral * p.collateralPrice * pow10(p.loanScale);
  return lhs <= rhs;
}

/** What `collateral` is worth in the loan coin, rounded down. */
export function collateralValue(collateral: bigint, p: LoanPricing): bigint {
  return divRound(collateral * p.collateralPrice * pow10(p.loanScale), p.loanPrice * pow10(p.collateralScale), 'floor');
}

/** The most that can be borrowed against `collateral` at `ltv` (rounded down): its LTV never exceeds `ltv`. */
export function maxBorrow(collateral: bigint, ltv: bigint, p: LoanPricing): bigint {
  return divRound(
    collateral * p.collateralPrice * pow10(p.loanScale) * ltv,
    p.loanPrice * pow10(p.collateralScale) * RATE_ONE,
    'floor',
  );
}

/** The least collateral that carries `debt` at `ltv` (rounded up): its LTV never exceeds `ltv`. */
export function requiredCollateral(debt: bigint, ltv: bigint, p: LoanPricing): bigint {
  if (ltv <= 0n) throw new RangeError('ltv must be positive');
  return divRound(
    debt * p.loanPrice * pow10(p.collateralScale) * RATE_ONE,
    p.collateralPrice * pow10(p.loanScale) * ltv,
    'ceil',
  );
}

/** Price of one whole collateral coin in loan units (scale of the loan coin), rounded down. */
export function collateralPriceInLoan(p: LoanPricing): bigint {
  return divRound(p.collateralPrice * pow10(p.loanScale), p.loanPrice, 'floor');
}

/**
 * The collateral price (loan units per whole collateral coin) at or below which the LTV of `debt` reaches
 * `threshold`; rounded up, so a warning shown at this price is never late. Null without collateral.
 */
export function thresholdPrice(
  debt: bigint,
  collateral: bigint,
  threshold: bigint,
  collateralScale: number,
): bigint | null {
  if (collateral <= 0n || threshold <= 0n) return null;
  return divRound(debt * pow10(collateralScale) * RATE_ONE, collateral * threshold, 'ceil');
}

/** A rate at 10^-12 as a percent string with `decimals` decimals, rounded as told ("65.12" for 0.6512). */
export function ratePercent(rate: bigint, rounding: 'ceil' | 'floor' = 'ceil', decimals = 2): string {
  // rate / RATE_ONE × 100 = rate / 10^10 percent; at `decimals` decimals: rate / 10^(10 − decimals).
  return formatDecimal(divRound(rate, pow10(10 - decimals), rounding), decimals);
}

/** A percent string ("65", "8.5") as a rate at 10^-12, exactly (at most 10 decimals of a percent). */
export function percentRate(percent: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,10}))?$/.exec(percent.trim());
  if (!m) throw new RangeError(`not a percentage: ${percent}`);
  const frac = (m[2] ?? '').padEnd(10, '0');
  return BigInt(m[1] ?? '0') * pow10(10) + BigInt(frac);
}

// ---- liquidation ---------------------------------------------------------------------------------------------------

/** The worst price a liquidation accepts, below the index: 5 % by default. */
export const LIQUIDATION_SLIPPAGE = 50_000_000_000n; // 0.05 at 10^-12

/** Loan units per whole collateral coin at the index, less the slippage the liquidation accepts (rounded down). */
export function floorPrice(p: LoanPricing, slippage = LIQUIDATION_SLIPPAGE): bigint {
  return divRound(collateralPriceInLoan(p) * (RATE_ONE - slippage), RATE_ONE, 'floor');
}

/**
 * How much collateral to offer the book for `debt` at `floor` (loan units per whole coin): enough to cover the
 * debt at the floor plus 1 % for the book's fee and rounding, at most all of it.
 */
export function collateralToSell(debt: bigint, collateral: bigint, floor: bigint, collateralScale: number): bigint {
  if (floor <= 0n) return collateral;
  const needed = divRound(debt * pow10(collateralScale) * 101n, floor * 100n, 'ceil');
  return needed < collateral ? needed : collateral;
}

/** What a buyer of last resort pays for `quantity` collateral units at `floor`: rounded down (the user receives it). */
export function valueAtFloor(quantity: bigint, floor: bigint, collateralScale: number): bigint {
  return divRound(quantity * floor, pow10(collateralScale), 'floor');
}

/** The collateral that covers `shortfall` loan units at `floor` (rounded up: it covers at least the shortfall). */
export function collateralForShortfall(shortfall: bigint, floor: bigint, collateralScale: number): bigint {
  if (floor <= 0n) throw new RangeError('floor must be positive');
  return divRound(shortfall * pow10(collateralScale), floor, 'ceil');
}

/** How a liquidation's money is split, from what the book paid and what is left to cover. */
export interface LiquidationSplit {
  /** Collateral the buyer of last resort takes at the floor price. */
  fundTakes: bigint;
  /** What it is worth at the floor price (the debt it covers). */
  fundValue: bigint;
  /** Interest and principal paid from the cash (book proceeds + the fund's payment, or in kind). */
  interestPaid: bigint;
  principalPaid: bigint;
  /** Debt nothing covered. */
  badDebt: bigint;
  /** Cash above the debt, back to the user (loan coin). */
  surplus: bigint;
  /** Collateral back to the user. */
  collateralBack: bigint;
}

/**
 * Splits a liquidation: the book's proceeds pay first; a shortfall is covered by the buyer of last resort taking
 * collateral at the floor price; what nothing covers is bad debt. Interest is paid before principal. Sums hold
 * exactly: interestPaid + principalPaid + badDebt = interest + principal; proceeds + fundValue = interestPaid +
 * principalPaid + surplus; fundTakes + collateralBack = collateralLeft.
 */
export function splitLiquidation(input: {
  principal: bigint;
  interest: bigint;
  proceeds: bigint;
  /** Collateral not sold (in the liquidator and still in the loan's pot). */
  collateralLeft: bigint;
  floor: bigint;
  collateralScale: number;
}): LiquidationSplit {
  const debt = input.principal + input.interest;
  let fundTakes = 0n;
  let fundValue = 0n;
  const shortfall = debt - input.proceeds;
  if (shortfall > 0n && input.collateralLeft > 0n && input.floor > 0n) {
    const wanted = collateralForShortfall(shortfall, input.floor, input.collateralScale);
    fundTakes = wanted < input.collateralLeft ? wanted : input.collateralLeft;
    fundValue = valueAtFloor(fundTakes, input.floor, input.collateralScale);
  }
  const cash = input.proceeds + fundValue;
  const interestPaid = cash < input.interest ? cash : input.interest;
  const rest = cash - interestPaid;
  const principalPaid = rest < input.principal ? rest : input.principal;
  const surplus = rest - principalPaid;
  const badDebt = debt - interestPaid - principalPaid;
  return {
    fundTakes,
    fundValue,
    interestPaid,
    principalPaid,
    badDebt,
    surplus,
    collateralBack: input.collateralLeft - fundTakes,
  };
}
