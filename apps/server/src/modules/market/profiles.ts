/**
 * How each asset moves in the simulator: its price level at install time (in USDT) and its volatility. The numbers
 * follow what these assets showed in 2024–2025: BTC around 50–60% annualised, large caps 60–90%, small caps and memes
 * above 100%, with occasional sharp moves (jumps).
 */
export interface AssetProfile {
  /** The index at install time, a decimal string (the backfilled history ends here). */
  start: string;
  /** Total annualised volatility (diffusion and jumps together), e.g. 0.55 = 55%. */
  volatility: number;
  /** Mean number of sudden moves per day. */
  jumpsPerDay: number;
  /** Standard deviation of one sudden move's log return, e.g. 0.02 ≈ ±2%. */
  jumpSize: number;
  /** A typical taker order of the bots, in USDT (quote sizes, depth and funding scale with it). */
  quoteSize: number;
}

export const ASSET_PROFILES: Readonly<Record<string, AssetProfile>> = {
  BTC: { start: '96000', volatility: 0.55, jumpsPerDay: 0.5, jumpSize: 0.02, quoteSize: 4000 },
  ETH: { start: '3400', volatility: 0.7, jumpsPerDay: 0.6, jumpSize: 0.025, quoteSize: 2500 },
  BNB: { start: '640', volatility: 0.6, jumpsPerDay: 0.5, jumpSize: 0.025, quoteSize: 1500 },
  SOL: { start: '190', volatility: 0.9, jumpsPerDay: 0.8, jumpSize: 0.03, quoteSize: 1500 },
  XRP: { start: '2.3', volatility: 0.9, jumpsPerDay: 0.8, jumpSize: 0.03, quoteSize: 1000 },
  DOGE: { start: '0.32', volatility: 1.05, jumpsPerDay: 1, jumpSize: 0.035, quoteSize: 1000 },
  TRX: { start: '0.25', volatility: 0.6, jumpsPerDay: 0.5, jumpSize: 0.02, quoteSize: 600 },
  LTC: { start: '105', volatility: 0.8, jumpsPerDay: 0.6, jumpSize: 0.025, quoteSize: 800 },
  BRS: { start: '1.25', volatility: 1.2, jumpsPerDay: 1, jumpSize: 0.04, quoteSize: 500 },
};

/** An asset the table does not know: a small cap around 1 USDT. */
export const FALLBACK_PROFILE: AssetProfile = {
  start: '1',
  volatility: 1,
  jumpsPerDay: 1,
  jumpSize: 0.03,
  quoteSize: 500,
};

export function profileFor(symbol: string, startOverrides: Readonly<Record<string, string>> = {}): AssetProfile {
  const base = symbol.split('_')[0] ?? symbol;
  const profile = ASSET_PROFILES[base] ?? FALLBACK_PROFILE;
  const start = startOverrides[symbol];
  return start === undefined ? profile : { ...profile, start };
}
