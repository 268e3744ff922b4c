/** English: the source of the keys (namespace `wealthLabels`). */
export default {
  financialTitle: 'Earn',
  recordsTitle: 'Earn records',
  serviceEarn: 'Earn',
};
