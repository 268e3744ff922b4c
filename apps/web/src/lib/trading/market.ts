/**
 * What the trading kit needs to know of a market — spot pair, perpetual or option series alike. Prices and quantities
 * are decimal strings; precisions are decimal places. The product's own market type (the contract's `SpotMarket`,
 * later a futures contract) has these fields, so it is passed as it is.
 */
export interface MarketPrecision {
  /** What is traded and what it is priced in: `BTC`, `USDT` (a futures contract may name its contract unit). */
  base: string;
  quote: string;
  pricePrecision: number;
  quantityPrecision: number;
  /** The smallest price step, e.g. "0.01". */
  tickSize: string;
}

/** The order rules a form checks before sending, as the server checks them. */
export interface MarketRules extends Pick<
  MarketPrecision,
  'quote' | 'pricePrecision' | 'quantityPrecision' | 'tickSize'
> {
  /** The smallest quantity step, e.g. "0.00001". */
  stepSize: string;
  /** The smallest order value, in the quote asset. */
  minNotional: string;
  /** Limit prices must lie within these ratios of the last price ("0.2", "5"); "0" or absent: no bound. */
  priceBandLow?: string;
  priceBandHigh?: string;
}
