/**
 * The arithmetic of a new-coin allocation, pure and exact (bigint, no floats), so it can be property-tested alone.
 *
 * Units: commitments, costs and refunds in quote units (10^-quoteScale), tokens in token units (10^-tokenScale), the
 * price in quote per whole token at PRICE_DECIMALS decimals.
 *
 * Rule (RULEBOOK "New-coin subscription"): each applicant gets tokens pro rata to the commitment —
 * `supply × commitment / total committed` — but never more than the commitment buys at the price (the per-user
 * cap: an undersubscribed sale gives everyone what they paid for). Tokens round down, the cost rounds up (the
 * exchange's favour, by less than one unit each), and the refund is the rest of the commitment, so
 * cost + refund = commitment exactly, the cost never exceeds the commitment and the tokens never exceed the supply.
 */

export const PRICE_DECIMALS = 8;

export interface SaleTerms {
  /** Tokens on sale, in token units. */
  supply: bigint;
  /** Quote per whole token, at PRICE_DECIMALS decimals. */
  price: bigint;
  tokenScale: number;
  quoteScale: number;
  /** Every commitment counted in the allocation (their sum is the denominator). */
  totalCommitted: bigint;
}

export interface Allotment {
  tokens: bigint;
  cost: bigint;
  refund: bigint;
}

const ten = (n: number) => 10n ** BigInt(n);

/** What `tokens` cost, rounded up to a whole quote unit. */
export function costOf(tokens: bigint, terms: Pick<SaleTerms, 'price' | 'tokenScale' | 'quoteScale'>): bigint {
  const numerator = tokens * terms.price * ten(terms.quoteScale);
  const denominator = ten(terms.tokenScale + PRICE_DECIMALS);
  return (numerator + denominator - 1n) / denominator;
}

/** The most tokens `quote` buys at the price, rounded down. */
export function tokensFor(quote: bigint, terms: Pick<SaleTerms, 'price' | 'tokenScale' | 'quoteScale'>): bigint {
  return (quote * ten(terms.tokenScale + PRICE_DECIMALS)) / (terms.price * ten(terms.quoteScale));
}

/** One applicant's share: tokens, what they cost, what comes back. */
export function allot(commitment: bigint, terms: SaleTerms): Allotment {
  if (commitment <= 0n || terms.totalCommitted < commitment || terms.price <= 0n || terms.supply < 0n) {
    throw new RangeError('allot: commitment, total, price and supply out of range');
  }
  const proRata = (terms.supply * commitment) / terms.totalCommitted;
  const affordable = tokensFor(commitment, terms);
  const tokens = proRata < affordable ? proRata : affordable;
  const cost = costOf(tokens, terms);
  return { tokens, cost, refund: commitment - cost };
}

/** committed ÷ (supply × price), rounded down to `decimals` decimals, as units of 10^-decimals. */
export function subscribedRatio(
  committed: bigint,
  terms: Pick<SaleTerms, 'supply' | 'price' | 'tokenScale' | 'quoteScale'>,
  decimals = 2,
): bigint {
  const value = terms.supply * terms.price * ten(terms.quoteScale);
  if (value === 0n) return 0n;
  return (committed * ten(terms.tokenScale + PRICE_DECIMALS) * ten(decimals)) / value;
}
