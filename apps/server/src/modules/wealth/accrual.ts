/**
 * The arithmetic of wealth returns, pure and exact (bigint, no floats), so it can be property-tested alone.
 *
 * Days: an accrual day is [k × DAY, (k + 1) × DAY) in UTC. A subscription made on day k accrues from day k + 1 (the
 * RULEBOOK: "accrual starts the day after subscription") and that day's return is paid when it ends, at (k + 2) ×
 * DAY. A fixed term of n days accrues on days k + 1 … k + n and matures at (k + n + 1) × DAY.
 *
 * Rates: an APR is an integer in parts per million (0.055 = 55,000). One day pays `principal × APR / 365`.
 */

export const DAY_MS = 86_400_000;
export const APR_SCALE = 1_000_000n;
/** One day's return is principal × aprPpm / DAILY_DENOMINATOR. */
export const DAILY_DENOMINATOR = 365n * APR_SCALE;

/** The start of the accrual day holding `ms`. */
export function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** Accrual of a subscription made at `subscribedAt` starts at the start of the next day. */
export function accrualStart(subscribedAt: number): number {
  return dayStart(subscribedAt) + DAY_MS;
}

/** When a fixed term of `termDays` subscribed at `subscribedAt` ends (its principal is released then). */
export function maturityOf(subscribedAt: number, termDays: number): number {
  return accrualStart(subscribedAt) + termDays * DAY_MS;
}

/**
 * One day's return with the remainder carried to the next day: `numerator = principal × apr + carry`, pay
 * `numerator ÷ 365·10⁶` rounded down, carry the rest. Over any run of days the sum paid is the exact sum rounded down
 * (the exchange's favour by less than one unit in total, not one unit a day), whatever the principal or rate did.
 */
export function dailyReturn(principal: bigint, aprPpm: bigint, carry: bigint): { amount: bigint; carry: bigint } {
  if (principal < 0n || aprPpm < 0n || carry < 0n || carry >= DAILY_DENOMINATOR) {
    throw new RangeError('dailyReturn: principal, rate and carry must be in range');
  }
  const numerator = principal * aprPpm + carry;
  return { amount: numerator / DAILY_DENOMINATOR, carry: numerator % DAILY_DENOMINATOR };
}

/** What a constant principal earns over `days` days: the exact sum rounded down (what `dailyReturn` pays in total). */
export function termReturn(principal: bigint, aprPpm: bigint, days: number): bigint {
  return (principal * aprPpm * BigInt(days)) / DAILY_DENOMINATOR;
}

/** Early redemption: the rewards already paid come out of the principal (never more than the principal). */
export function earlyRedemption(principal: bigint, paid: bigint): { returned: bigint; forfeited: bigint } {
  const forfeited = paid < principal ? paid : principal;
  return { returned: principal - forfeited, forfeited };
}

/** "0.055" ↔ 55,000 ppm. */
export function parseApr(text: string): bigint {
  const match = /^(\d{1,2})(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) throw new RangeError(`not an APR: ${text}`);
  return BigInt(match[1] ?? '0') * APR_SCALE + BigInt((match[2] ?? '').padEnd(6, '0'));
}

export function formatApr(ppm: bigint): string {
  const whole = ppm / APR_SCALE;
  const fraction = (ppm % APR_SCALE).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}
