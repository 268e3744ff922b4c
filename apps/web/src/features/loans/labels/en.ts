/** English: the source of the keys (namespace `loansLabels`). */
export default {
  borrowTitle: 'Crypto loans',
  loansTitle: 'My loans',
  service: 'Loans',
};
