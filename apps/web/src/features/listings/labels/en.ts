/** English: the source of the keys (namespace `listingsLabels`). */
export default {
  reportTitle: 'Apply for listing',
  serviceListing: 'Coin listing',
};
