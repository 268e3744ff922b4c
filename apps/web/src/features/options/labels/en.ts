/** English: the source of the keys (namespace `optionsLabels`). */
export default {
  optionTitle: 'Options',
  serviceOptions: 'Options',
};
