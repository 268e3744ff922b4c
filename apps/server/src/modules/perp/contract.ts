import {
  DecimalError,
  decimalPlaces,
  formatDecimal,
  formatRate,
  parseDecimal,
  parseRate,
  parseSignedDecimal,
  RATE_ONE,
  type RiskTier,
  type RiskTierInput,
  type SwapContract,
  type SwapContractInput,
  SwapContractInput as SwapContractInputSchema,
  type SwapContractUpdate,
} from '@bourse/contract';
import {
  type Contract,
  defineContract,
  type MaintenanceTierInput,
  type MarketSpec,
  tierDeduction,
} from '@bourse/engine';
import { DomainError } from '../../lib/errors';

/** The settlement asset of every contract (cross margin pools one wallet: one asset). */
export const SETTLEMENT_ASSET = 'USDT';

/** A contract row as stored (perp_contracts). */
export interface ContractRow {
  id: number;
  symbol: string;
  base: string;
  quote: string;
  price_precision: number;
  size_precision: number;
  lot_qty: bigint;
  tick: bigint;
  min_lots: bigint;
  max_lots: bigint;
  maker_fee_ppm: number;
  taker_fee_ppm: number;
  liquidation_fee_ppm: number;
  liquidation_buffer: bigint;
  whole_liquidation_below: bigint;
  maintenance_basis: 'entry' | 'mark';
  tiers: string;
  funding_interval_ms: number;
  interest_rate: bigint;
  premium_clamp: bigint;
  funding_cap: bigint;
  price_band: bigint;
  oi_limit: bigint;
  status: 'open' | 'closed';
  hot: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** A contract as the desk uses it: the row's rules in their units, and the engine's validated contract. */
export interface ContractConfig {
  readonly id: number;
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  readonly pricePrecision: number;
  readonly sizePrecision: number;
  readonly lotQty: bigint;
  readonly tick: bigint;
  readonly minLots: bigint;
  readonly maxLots: bigint;
  readonly priceBand: bigint;
  readonly oiLimit: bigint;
  readonly status: 'open' | 'closed';
  readonly hot: boolean;
  readonly sort: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly tierInputs: readonly MaintenanceTierInput[];
  readonly engine: Contract;
}

interface StoredTier {
  below: string;
  mmr: string;
  maxLeverage: number;
}

export function tiersToJson(tiers: readonly MaintenanceTierInput[]): string {
  return JSON.stringify(
    tiers.map((t): StoredTier => ({ below: t.below.toString(), mmr: t.mmr.toString(), maxLeverage: t.maxLeverage })),
  );
}

function tiersFromJson(json: string): MaintenanceTierInput[] {
  return (JSON.parse(json) as StoredTier[]).map((t) => ({
    below: BigInt(t.below),
    mmr: BigInt(t.mmr),
    maxLeverage: t.maxLeverage,
  }));
}

/** The engine contract of a row (throws RangeError when the rules are inconsistent). */
export function configFromRow(row: ContractRow, marginScale: number): ContractConfig {
  const tierInputs = tiersFromJson(row.tiers);
  const engine = defineContract({
    symbol: row.symbol,
    priceScale: row.price_precision,
    tickSize: row.tick,
    qtyScale: row.size_precision,
    lotQty: row.lot_qty,
    marginScale,
    minLots: row.min_lots,
    tiers: tierInputs,
    maintenanceBasis: row.maintenance_basis,
    makerFeePpm: row.maker_fee_ppm,
    takerFeePpm: row.taker_fee_ppm,
    liquidationFeePpm: row.liquidation_fee_ppm,
    liquidationBuffer: row.liquidation_buffer,
    wholeLiquidationBelow: row.whole_liquidation_below,
    funding: {
      intervalMs: row.funding_interval_ms,
      interestRate: row.interest_rate,
      premiumClamp: row.premium_clamp,
      rateCap: row.funding_cap,
    },
  });
  return {
    id: row.id,
    symbol: row.symbol,
    base: row.base,
    quote: row.quote,
    pricePrecision: row.price_precision,
    sizePrecision: row.size_precision,
    lotQty: row.lot_qty,
    tick: row.tick,
    minLots: row.min_lots,
    maxLots: row.max_lots,
    priceBand: row.price_band,
    oiLimit: row.oi_limit,
    status: row.status,
    hot: row.hot === 1,
    sort: row.sort,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    tierInputs,
    engine,
  };
}

/** The book's rules: prices in price units on the tick, quantities in whole lots. */
export function bookSpec(c: ContractConfig): MarketSpec {
  return { priceScale: c.pricePrecision, qtyScale: 0, tickSize: Number(c.tick), stepSize: 1, minNotional: 0 };
}

// ---- formatting ---------------------------------------------------------------------------------------------------

export const MONEY_SCALE = 8;

export function formatPrice(c: ContractConfig, price: bigint): string {
  return formatDecimal(price, c.pricePrecision);
}

export function formatMoney(amount: bigint): string {
  return formatDecimal(amount, MONEY_SCALE);
}

/** Base quantity of lots. */
export function formatSize(c: ContractConfig, lots: bigint): string {
  return formatDecimal(lots * c.lotQty, c.sizePrecision);
}

/** A rate (10^-12) as a fraction string. */
export function formatFraction(rate: bigint): string {
  return formatRate(rate);
}

/** A rate (10^-12) as a percent with two decimals, rounded toward −∞ (e.g. "-12.35"). */
export function formatPercent(rate: bigint): string {
  // percent × 100 = rate × 10^4 / 10^12
  const hundredths = rate >= 0n ? rate / 10n ** 8n : -((-rate + 10n ** 8n - 1n) / 10n ** 8n);
  return formatDecimal(hundredths, 2, 2);
}

/** A fee rate in ppm as a fraction string ("0.0005"). */
export function formatPpm(ppm: number): string {
  return formatDecimal(BigInt(ppm), 6);
}

/** An exact ratio of price units, shown with 4 more decimals than the price, truncated. */
export function formatRatioPrice(c: ContractConfig, num: bigint, den: bigint): string {
  const extra = 4;
  const scaled = (num * 10n ** BigInt(extra)) / den;
  return formatDecimal(scaled, c.pricePrecision + extra);
}

// ---- views --------------------------------------------------------------------------------------------------------

export function tierViews(c: ContractConfig): RiskTier[] {
  return c.engine.tiers.map((t, i) => ({
    tier: i + 1,
    floor: formatMoney(t.floor),
    below: formatMoney(t.below),
    mmr: formatRate(t.mmr),
    maxLeverage: t.maxLeverage,
    deduction: formatMoney(tierDeduction(t)),
  }));
}

export function contractView(c: ContractConfig): SwapContract {
  const e = c.engine;
  return {
    symbol: c.symbol,
    base: c.base,
    quote: c.quote,
    pricePrecision: c.pricePrecision,
    tickSize: formatPrice(c, c.tick),
    contractSize: formatDecimal(c.lotQty, c.sizePrecision),
    sizePrecision: c.sizePrecision,
    minLots: Number(c.minLots),
    maxLotsPerOrder: Number(c.maxLots),
    maxLeverage: e.maxLeverage,
    makerFee: formatPpm(e.makerFeePpm),
    takerFee: formatPpm(e.takerFeePpm),
    liquidationFee: formatPpm(e.liquidationFeePpm),
    liquidationBuffer: formatRate(e.liquidationBuffer),
    wholeLiquidationBelow: formatMoney(e.wholeLiquidationBelow),
    maintenanceBasis: e.maintenanceBasis,
    fundingIntervalMs: e.funding.intervalMs,
    interestRate: formatRate(e.funding.interestRate),
    premiumClamp: formatRate(e.funding.premiumClamp),
    fundingCap: formatRate(e.funding.rateCap),
    priceBand: formatRate(c.priceBand),
    openInterestLimit: Number(c.oiLimit),
    status: c.status,
    hot: c.hot,
    sort: c.sort,
    tiers: tierViews(c),
  };
}

// ---- parsing operator input ------------------------------------------------------------------------------------------

function invalid(detail: string): DomainError {
  return new DomainError('INVALID_PARAMS', { detail });
}

function decimal(value: string, scale: number, field: string): bigint {
  try {
    return parseDecimal(value, scale);
  } catch (e) {
    if (e instanceof DecimalError) throw invalid(field);
    throw e;
  }
}

function ppm(value: string, field: string, allowNegative = false): number {
  try {
    const v = allowNegative ? parseSignedDecimal(value, 6) : parseDecimal(value, 6);
    if (v <= -1_000_000n || v >= 1_000_000n) throw invalid(field);
    return Number(v);
  } catch (e) {
    if (e instanceof DecimalError) throw invalid(field);
    throw e;
  }
}

function rate(value: string, field: string): bigint {
  try {
    const v = parseRate(value);
    if (v < 0n) throw invalid(field);
    return v;
  } catch (e) {
    if (e instanceof DecimalError) throw invalid(field);
    throw e;
  }
}

/** Risk tiers from the operator's input; RISK_TIERS_INVALID with the engine's reason when inconsistent. */
export function parseTiers(tiers: readonly RiskTierInput[]): MaintenanceTierInput[] {
  return tiers.map((t, i) => ({
    below: decimal(t.below, MONEY_SCALE, `tiers[${i}].below`),
    mmr: rate(t.mmr, `tiers[${i}].mmr`),
    maxLeverage: t.maxLeverage,
  }));
}

/** A new contract row from the operator's input (validated by building its engine contract). */
export function rowFromInput(input: SwapContractInput, now: number, marginScale: number): Omit<ContractRow, 'id'> {
  const v = SwapContractInputSchema.parse(input);
  let sizePrecision: number;
  try {
    sizePrecision = decimalPlaces(v.contractSize);
  } catch {
    throw invalid('contractSize');
  }
  const tick = decimal(v.tickSize, v.pricePrecision, 'tickSize');
  const lotQty = decimal(v.contractSize, sizePrecision, 'contractSize');
  if (tick <= 0n) throw invalid('tickSize');
  if (lotQty <= 0n) throw invalid('contractSize');
  if (v.pricePrecision + sizePrecision > marginScale) throw invalid('pricePrecision + size decimals above 8');
  if (v.maxLotsPerOrder < v.minLots) throw invalid('maxLotsPerOrder');
  const row: Omit<ContractRow, 'id'> = {
    symbol: `${v.base}_${v.quote}`,
    base: v.base,
    quote: v.quote,
    price_precision: v.pricePrecision,
    size_precision: sizePrecision,
    lot_qty: lotQty,
    tick,
    min_lots: BigInt(v.minLots),
    max_lots: BigInt(v.maxLotsPerOrder),
    maker_fee_ppm: ppm(v.makerFee, 'makerFee', true),
    taker_fee_ppm: ppm(v.takerFee, 'takerFee'),
    liquidation_fee_ppm: ppm(v.liquidationFee, 'liquidationFee'),
    liquidation_buffer: rate(v.liquidationBuffer, 'liquidationBuffer'),
    whole_liquidation_below: decimal(v.wholeLiquidationBelow, MONEY_SCALE, 'wholeLiquidationBelow'),
    maintenance_basis: v.maintenanceBasis,
    tiers: tiersToJson(parseTiers(v.tiers)),
    funding_interval_ms: v.fundingIntervalMinutes * 60_000,
    interest_rate: rate(v.interestRate, 'interestRate'),
    premium_clamp: rate(v.premiumClamp, 'premiumClamp'),
    funding_cap: rate(v.fundingCap, 'fundingCap'),
    price_band: positiveRate(v.priceBand, 'priceBand'),
    oi_limit: BigInt(v.openInterestLimit),
    status: v.status,
    hot: v.hot ? 1 : 0,
    sort: v.sort,
    created_at: now,
    updated_at: now,
  };
  checkRow({ ...row, id: 0 }, marginScale);
  return row;
}

function positiveRate(value: string, field: string): bigint {
  const v = rate(value, field);
  if (v <= 0n || v >= RATE_ONE) throw invalid(field);
  return v;
}

/** A row patched by the operator's update (precisions and contract size are fixed). */
export function rowWithUpdate(
  row: ContractRow,
  patch: SwapContractUpdate,
  now: number,
  marginScale: number,
): ContractRow {
  const next: ContractRow = {
    ...row,
    tick: patch.tickSize === undefined ? row.tick : decimal(patch.tickSize, row.price_precision, 'tickSize'),
    min_lots: patch.minLots === undefined ? row.min_lots : BigInt(patch.minLots),
    max_lots: patch.maxLotsPerOrder === undefined ? row.max_lots : BigInt(patch.maxLotsPerOrder),
    maker_fee_ppm: patch.makerFee === undefined ? row.maker_fee_ppm : ppm(patch.makerFee, 'makerFee', true),
    taker_fee_ppm: patch.takerFee === undefined ? row.taker_fee_ppm : ppm(patch.takerFee, 'takerFee'),
    liquidation_fee_ppm:
      patch.liquidationFee === undefined ? row.liquidation_fee_ppm : ppm(patch.liquidationFee, 'liquidationFee'),
    liquidation_buffer:
      patch.liquidationBuffer === undefined
        ? row.liquidation_buffer
        : rate(patch.liquidationBuffer, 'liquidationBuffer'),
    whole_liquidation_below:
      patch.wholeLiquidationBelow === undefined
        ? row.whole_liquidation_below
        : decimal(patch.wholeLiquidationBelow, MONEY_SCALE, 'wholeLiquidationBelow'),
    maintenance_basis: patch.maintenanceBasis ?? row.maintenance_basis,
    funding_interval_ms:
      patch.fundingIntervalMinutes === undefined ? row.funding_interval_ms : patch.fundingIntervalMinutes * 60_000,
    interest_rate: patch.interestRate === undefined ? row.interest_rate : rate(patch.interestRate, 'interestRate'),
    premium_clamp: patch.premiumClamp === undefined ? row.premium_clamp : rate(patch.premiumClamp, 'premiumClamp'),
    funding_cap: patch.fundingCap === undefined ? row.funding_cap : rate(patch.fundingCap, 'fundingCap'),
    price_band: patch.priceBand === undefined ? row.price_band : positiveRate(patch.priceBand, 'priceBand'),
    oi_limit: patch.openInterestLimit === undefined ? row.oi_limit : BigInt(patch.openInterestLimit),
    status: patch.status ?? row.status,
    hot: patch.hot === undefined ? row.hot : patch.hot ? 1 : 0,
    sort: patch.sort ?? row.sort,
    updated_at: now,
  };
  if (next.tick <= 0n) throw invalid('tickSize');
  if (next.max_lots < next.min_lots) throw invalid('maxLotsPerOrder');
  checkRow(next, marginScale);
  return next;
}

/** Throws the catalogue error naming what the engine found inconsistent. */
export function checkRow(row: ContractRow, marginScale: number): void {
  try {
    configFromRow(row, marginScale);
  } catch (e) {
    if (e instanceof RangeError) {
      if (/tier/i.test(e.message)) throw new DomainError('RISK_TIERS_INVALID', { detail: e.message });
      throw invalid(e.message);
    }
    throw e;
  }
}
