/**
 * Exact fixed-point money for client and server: the shared money library (`@bourse/money`), re-exported so every
 * user of the contract has it in one import.
 */
export {
  absBig,
  applyRate,
  clampBig,
  DECIMAL_PATTERN,
  DecimalError,
  decimalPlaces,
  divRound,
  formatDecimal,
  formatRate,
  maxBig,
  minBig,
  mulDiv,
  parseDecimal,
  parseDecimalRounded,
  parseRate,
  parseSignedDecimal,
  pow10,
  RATE_DECIMALS,
  RATE_ONE,
  ratio,
  rescale,
  type Rounding,
  signBig,
} from '@bourse/money';
