/** English: the source of the keys (namespace `copyLabels`). */
export default {
  indexTitle: 'Copy trading',
  detailTitle: 'Trader',
  mineTitle: 'My copies',
  recordsTitle: 'Copy records',
  becomeTitle: 'Become a trader',
  configurationTitle: 'Trader settings',
  pairsTitle: 'Copy pairs',
  ordersTitle: 'Order management',
  serviceCopy: 'Copy trading',
};
