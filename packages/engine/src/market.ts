import type { MarketSpec } from './types';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MAX_SCALE = 18;

function requireInteger(name: string, value: number, min: number, max = MAX_SAFE): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`market ${name} must be an integer in [${min}, ${max}], got ${value}`);
  }
}

/**
 * A market's rules, checked once, with the min-notional threshold precomputed in both number and bigint form so the
 * per-order check stays in float-free integer arithmetic without allocating.
 */
export class MarketRules implements MarketSpec {
  readonly priceScale: number;
  readonly qtyScale: number;
  readonly tickSize: number;
  readonly stepSize: number;
  readonly minNotional: number;
  /** minNotional × 10^qtyScale: the smallest allowed price × qty, exact. */
  readonly minProduct: bigint;
  /** minProduct as a number when it is a safe integer, else -1 (then only the bigint comparison is exact). */
  private readonly minProductSafe: number;

  constructor(spec: MarketSpec) {
    requireInteger('priceScale', spec.priceScale, 0, MAX_SCALE);
    requireInteger('qtyScale', spec.qtyScale, 0, MAX_SCALE);
    requireInteger('tickSize', spec.tickSize, 1);
    requireInteger('stepSize', spec.stepSize, 1);
    requireInteger('minNotional', spec.minNotional, 0);
    this.priceScale = spec.priceScale;
    this.qtyScale = spec.qtyScale;
    this.tickSize = spec.tickSize;
    this.stepSize = spec.stepSize;
    this.minNotional = spec.minNotional;
    this.minProduct = BigInt(spec.minNotional) * 10n ** BigInt(spec.qtyScale);
    this.minProductSafe = this.minProduct <= BigInt(MAX_SAFE) ? Number(this.minProduct) : -1;
  }

  /**
   * price × qty ≥ minNotional × 10^qtyScale, exactly. A float product of two safe integers is exact whenever the
   * true product is ≤ 2^53 - 1, and rounding is monotonic, so `p > MAX_SAFE` tells exactly when it is not; only
   * then (and only if the threshold itself is beyond 2^53) does this fall back to bigint.
   */
  meetsMinNotional(price: number, qty: number): boolean {
    const product = price * qty;
    if (product <= MAX_SAFE) return this.minProductSafe >= 0 && product >= this.minProductSafe;
    if (this.minProductSafe >= 0) return true;
    return BigInt(price) * BigInt(qty) >= this.minProduct;
  }

  toSpec(): MarketSpec {
    return {
      priceScale: this.priceScale,
      qtyScale: this.qtyScale,
      tickSize: this.tickSize,
      stepSize: this.stepSize,
      minNotional: this.minNotional,
    };
  }
}
