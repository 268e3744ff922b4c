/** English: the source of the keys (namespace `meLabels`). */
export default {
  meTitle: 'Me',
};
