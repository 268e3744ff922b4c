import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `support`). */
export default {
  emptyTitle: '有什么可以帮您？',
  emptyText: '请在下方留言，客服会在这里回复您，通常几分钟内即可答复。也可以附上截图。',
  placeholder: '输入消息…',
  send: '发送',
  attachImage: '添加图片',
  removeImage: '移除图片',
  image: '图片',
  viewImage: '查看大图',
  closeImage: '关闭图片',
  imageUnavailable: '图片无法显示，点击重试',
  imageType: '请选择 JPEG、PNG 或 WebP 格式的图片。',
  imageTooLarge: '图片不能超过 3 MB。',
  support: '客服',
  sending: '发送中…',
  sent: '已发送',
  read: '已读',
  notSent: '发送失败',
  retry: '重试',
  earlier: '查看更早的消息',
  loadingEarlier: '正在加载更早的消息…',
  closed: '本次会话已结束。发送消息即可开始新的会话。',
  today: '今天',
  yesterday: '昨天',
  characters: '{{n}}/{{max}}',
} satisfies Translation<typeof en>;
