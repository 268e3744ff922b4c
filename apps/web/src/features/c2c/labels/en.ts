/** English: the source of the keys (namespace `c2cLabels`). */
export default {
  offersTitle: 'C2C trading',
  orderTitle: 'C2C order',
  ordersTitle: 'My C2C orders',
  merchantTitle: 'Become a merchant',
  paymentsTitle: 'Payment methods',
  quickTitle: 'Quick buy / sell',
  serviceC2C: 'C2C',
  serviceQuick: 'Quick buy',
  serviceOrders: 'C2C orders',
  adsTitle: 'My ads',
  appealTitle: 'Appeal',
};
