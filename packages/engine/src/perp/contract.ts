import { divRound, pow10, RATE_ONE } from '@bourse/money';

/**
 * A USDT-margined linear perpetual: its units, its maintenance tiers and its fee, liquidation and funding settings.
 *
 * Units (all integers):
 * - price: 10^-priceScale quote per whole base unit (BTC, priceScale 1: 200000 = 20,000.0 USDT);
 * - base quantity: 10^-qtyScale base; a lot is `lotQty` of them (BTC 0.001 a lot, qtyScale 3: lotQty 1);
 * - amounts (margin, PnL, fees, notional, wallet): 10^-marginScale of the settlement asset, its ledger scale.
 *   marginScale ≥ priceScale + qtyScale, so the value of a fill, price × qty, is always a whole number of ledger
 *   units: no fill, position cost or unrealized PnL is ever rounded. `valueFactor` = 10^(marginScale − priceScale −
 *   qtyScale) turns price × qty into amount units;
 * - rates (MMR, buffer, funding): units of 10^-12 (`RATE_ONE` = 1); fee rates: parts per million.
 */
export interface ContractInput {
  readonly symbol: string;
  readonly priceScale: number;
  /** Order prices are multiples of this (price units). Marks, liquidation and bankruptcy prices are finer. */
  readonly tickSize: bigint;
  readonly qtyScale: number;
  /** Contract size: base quantity per lot, in qty units. */
  readonly lotQty: bigint;
  /** The settlement asset's ledger scale. */
  readonly marginScale: number;
  /** Smallest order, in lots. */
  readonly minLots: bigint;
  /** Maintenance tiers by notional, ascending; see {@link MaintenanceTierInput}. */
  readonly tiers: readonly MaintenanceTierInput[];
  /**
   * Which notional the maintenance margin (and its tier) is measured on:
   * - `entry`: the position's cost, qty × entry — the rulebook's formula taken literally (liquidation price =
   *   entry − (IM − MM + added margin)/qty with MM fixed at entry; long 1 BTC at 20,000, 50×, MMR 0.5% → 19,700);
   * - `mark`: qty × mark, as Binance does: MM and its tier move with the price, and the liquidation price solves
   *   MM at the liquidation price itself, in whichever tier that price falls (the same example gives 19,698.5).
   */
  readonly maintenanceBasis: 'entry' | 'mark';
  readonly makerFeePpm: number;
  readonly takerFeePpm: number;
  /** Liquidation clearance fee, charged on the closed notional and capped at what is left above bankruptcy. */
  readonly liquidationFeePpm: number;
  /** Rate: a liquidated account stays in liquidation until equity ≥ MM × (1 + buffer). */
  readonly liquidationBuffer: bigint;
  /** A position whose notional at the mark is at most this (amount units) is liquidated whole. */
  readonly wholeLiquidationBelow: bigint;
  readonly funding: FundingSettings;
}

export interface MaintenanceTierInput {
  /** The tier covers notionals below this bound (exclusive), from the previous tier's bound. Amount units. */
  readonly below: bigint;
  /** Maintenance margin rate (rate units, 0.5% = 5_000_000_000n). */
  readonly mmr: bigint;
  /** The highest leverage a position whose notional lies in this tier may use. */
  readonly maxLeverage: number;
}

export interface FundingSettings {
  /** Time between funding instants (8 h by default; a market setting so a demo can use minutes). */
  readonly intervalMs: number;
  /** The interest component per interval (0.01% = 100_000_000n). */
  readonly interestRate: bigint;
  /** clamp(interest − premium, −clamp, +clamp) (0.05%). */
  readonly premiumClamp: bigint;
  /** The funding rate is capped at ±cap (2%). */
  readonly rateCap: bigint;
}

export interface MaintenanceTier {
  /** Notional range [floor, below), amount units; the last tier also applies beyond its bound (MM only). */
  readonly floor: bigint;
  readonly below: bigint;
  readonly mmr: bigint;
  readonly maxLeverage: number;
  /**
   * The tier's deduction times RATE_ONE: cum_n × 10^12 with cum_n = floor_n × (MMR_n − MMR_{n−1}) + cum_{n−1}.
   * Kept scaled because floor × ΔMMR is not a whole number of units in general; MM then rounds once, at the end.
   */
  readonly cumScaled: bigint;
}

export interface Contract extends Omit<ContractInput, 'tiers'> {
  readonly tiers: readonly MaintenanceTier[];
  /** 10^(marginScale − priceScale − qtyScale): price × qty × valueFactor is an amount. */
  readonly valueFactor: bigint;
  /** Amount per price unit per lot: lotQty × valueFactor. */
  readonly lotValue: bigint;
  /** The largest leverage any position may use (the first tier's). */
  readonly maxLeverage: number;
}

const MAX_SCALE = 18;

function scale(name: string, v: number): void {
  if (!Number.isInteger(v) || v < 0 || v > MAX_SCALE) throw new RangeError(`${name} must be an integer 0–${MAX_SCALE}`);
}

function ppm(name: string, v: number, min: number): void {
  if (!Number.isSafeInteger(v) || v < min || v >= 1_000_000) throw new RangeError(`${name} out of range: ${v}`);
}

/** Validates a contract and precomputes its tiers' deductions. Throws RangeError on anything inconsistent. */
export function defineContract(input: ContractInput): Contract {
  scale('priceScale', input.priceScale);
  scale('qtyScale', input.qtyScale);
  scale('marginScale', input.marginScale);
  const spare = input.marginScale - input.priceScale - input.qtyScale;
  if (spare < 0) throw new RangeError('marginScale must be ≥ priceScale + qtyScale (a fill value is exact)');
  if (input.tickSize <= 0n) throw new RangeError('tickSize must be positive');
  if (input.lotQty <= 0n) throw new RangeError('lotQty must be positive');
  if (input.minLots < 1n) throw new RangeError('minLots must be at least 1');
  if (input.tiers.length === 0) throw new RangeError('at least one maintenance tier');
  if (input.maintenanceBasis !== 'entry' && input.maintenanceBasis !== 'mark') {
    throw new RangeError('maintenanceBasis must be entry or mark');
  }
  ppm('makerFeePpm', input.makerFeePpm, -999_999);
  ppm('takerFeePpm', input.takerFeePpm, 0);
  ppm('liquidationFeePpm', input.liquidationFeePpm, 0);
  if (input.takerFeePpm + input.makerFeePpm < 0) throw new RangeError('a maker rebate may not exceed the taker fee');
  if (input.liquidationBuffer < 0n) throw new RangeError('liquidationBuffer must be ≥ 0');
  if (input.wholeLiquidationBelow < 0n) throw new RangeError('wholeLiquidationBelow must be ≥ 0');
  const f = input.funding;
  if (!Number.isSafeInteger(f.intervalMs) || f.intervalMs <= 0) throw new RangeError('funding interval must be > 0');
  if (f.interestRate < 0n || f.premiumClamp < 0n || f.rateCap <= 0n || f.rateCap >= RATE_ONE) {
    throw new RangeError('funding rates out of range');
  }

  const tiers: MaintenanceTier[] = [];
  let floor = 0n;
  let prevMmr = 0n;
  let prevLeverage = Number.POSITIVE_INFINITY;
  let cumScaled = 0n;
  for (const t of input.tiers) {
    if (t.below <= floor) throw new RangeError('tier bounds must be positive and ascending');
    if (t.mmr <= 0n || t.mmr < prevMmr || t.mmr >= RATE_ONE) throw new RangeError('tier MMR must ascend within (0, 1)');
    if (!Number.isSafeInteger(t.maxLeverage) || t.maxLeverage < 1 || t.maxLeverage > prevLeverage) {
      throw new RangeError('tier max leverage must be a whole number ≥ 1, not ascending');
    }
    // At its highest leverage a position of the tier must open above maintenance: IM = N/lev > N × MMR.
    if (t.mmr * BigInt(t.maxLeverage) >= RATE_ONE) throw new RangeError('tier MMR must be below 1/maxLeverage');
    cumScaled += floor * (t.mmr - prevMmr);
    tiers.push({ floor, below: t.below, mmr: t.mmr, maxLeverage: t.maxLeverage, cumScaled });
    floor = t.below;
    prevMmr = t.mmr;
    prevLeverage = t.maxLeverage;
  }
  const valueFactor = pow10(spare);
  return Object.freeze({
    ...input,
    tiers: Object.freeze(tiers),
    valueFactor,
    lotValue: input.lotQty * valueFactor,
    maxLeverage: (tiers[0] as MaintenanceTier).maxLeverage,
  });
}

/** The value of `lots` at `price`, in amount units: exact. */
export function lotsNotional(contract: Contract, price: bigint, lots: bigint): bigint {
  return price * lots * contract.lotValue;
}

/** The tier a notional falls in (the last tier beyond its bound). */
export function maintenanceTier(contract: Contract, notionalValue: bigint): MaintenanceTier {
  const tiers = contract.tiers;
  let i = 0;
  while (i < tiers.length - 1 && notionalValue >= (tiers[i] as MaintenanceTier).below) i++;
  return tiers[i] as MaintenanceTier;
}

/**
 * MM = notional × MMR − cum of the notional's tier, rounded up (the requirement is never understated). Continuous
 * across tier bounds by construction of cum.
 */
export function maintenanceForNotional(contract: Contract, notionalValue: bigint): bigint {
  if (notionalValue <= 0n) return 0n;
  const tier = maintenanceTier(contract, notionalValue);
  return divRound(notionalValue * tier.mmr - tier.cumScaled, RATE_ONE, 'ceil');
}

/** The tier deduction in amount units, for display (rounded down: it is subtracted from a requirement). */
export function tierDeduction(tier: MaintenanceTier): bigint {
  return divRound(tier.cumScaled, RATE_ONE, 'floor');
}

/**
 * The largest position notional (exclusive bound) allowed at `leverage`: the bound of the last tier whose max
 * leverage admits it; 0 when no tier does.
 */
export function notionalCapForLeverage(contract: Contract, leverage: number): bigint {
  let cap = 0n;
  for (const t of contract.tiers) if (t.maxLeverage >= leverage) cap = t.below;
  return cap;
}

/** Leverage is a whole number from 1 to the contract's maximum. */
export function isValidLeverage(contract: Contract, leverage: number): boolean {
  return Number.isInteger(leverage) && leverage >= 1 && leverage <= contract.maxLeverage;
}
