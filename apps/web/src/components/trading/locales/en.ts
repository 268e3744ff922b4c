/** English: the source of the keys (namespace `trading`). */
export default {
  chartTime: 'Time: ',
  chartOpen: 'Open: ',
  chartHigh: 'High: ',
  chartLow: 'Low: ',
  chartClose: 'Close: ',
  chartVolume: 'Volume: ',
  chartChange: 'Change: ',
  chartTurnover: 'Turnover: ',
  bid: 'Bid',
  ask: 'Ask',
  precision: 'Price precision',
  priceIn: 'Price ({{asset}})',
  amountIn: 'Amount ({{asset}})',
  depth: 'Depth',
};
