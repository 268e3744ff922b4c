/** English: the source of the keys (namespace `settingsLabels`). */
export default {
  langTitle: 'Language',
  lineTitle: 'Service line',
  aboutTitle: 'About',
};
