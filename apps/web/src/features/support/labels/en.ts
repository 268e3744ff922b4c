/** English: the source of the keys (namespace `supportLabels`). */
export default {
  serveTitle: 'Customer service',
  serviceSupport: 'Customer service',
  unreadCount: '{{n}} unread',
};
