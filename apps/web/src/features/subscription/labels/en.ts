/** English: the source of the keys (namespace `subscriptionLabels`). */
export default {
  purchaseTitle: 'New coins',
  servicePurchase: 'New coins',
};
