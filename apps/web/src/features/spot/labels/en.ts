/** English: the source of the keys (namespace `spotLabels`). */
export default {
  marketsTitle: 'Markets',
  klineTitle: 'Chart',
  tradeTitle: 'Spot trading',
  entrustTitle: 'Spot orders',
  entrustDetailTitle: 'Order details',
  searchTitle: 'Search',
  serviceMarkets: 'Markets',
  serviceTrade: 'Spot',
  serviceOrders: 'Spot orders',
};
