/** Up/down options: the settlement rule as pure functions (docs/options.md). */
export {
  optionFee,
  optionOutcome,
  optionProfit,
  optionUserResult,
  settleOptionBet,
  type OptionBetTerms,
  type OptionOutcome,
  type OptionResult,
  type OptionSettlement,
  type OptionSide,
} from './settle';
