/** English: the source of the keys (namespace `homeLabels`). */
export default {
  homeTitle: 'Home',
  servicesTitle: 'All services',
};
