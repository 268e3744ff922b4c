/** English: the source of the keys (namespace `miningLabels`). */
export default {
  machinesTitle: 'Mining machines',
  minersTitle: 'My machines',
  service: 'Mining',
};
