/** English: the source of the keys (namespace `futuresLabels`). */
export default {
  leverTitle: 'Futures',
  orderTitle: 'Futures orders',
  detailTitle: 'Futures details',
  serviceFutures: 'Futures',
  serviceOrders: 'Futures orders',
  marketsTab: 'Futures',
};
