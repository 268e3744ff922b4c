/** English: the source of the keys (namespace `chatLabels`). */
export default {
  chatTitle: 'Community',
  serviceChat: 'Community chat',
};
