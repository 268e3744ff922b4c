import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `support`). */
export default {
  emptyTitle: '有甚麼可以幫到您？',
  emptyText: '請在下方留言，客服會在這裡回覆您，通常幾分鐘內即可答覆。亦可附上截圖。',
  placeholder: '輸入訊息…',
  send: '發送',
  attachImage: '加入圖片',
  removeImage: '移除圖片',
  image: '圖片',
  viewImage: '查看大圖',
  closeImage: '關閉圖片',
  imageUnavailable: '圖片無法顯示，點擊重試',
  imageType: '請選擇 JPEG、PNG 或 WebP 格式的圖片。',
  imageTooLarge: '圖片不能超過 3 MB。',
  support: '客服',
  sending: '發送中…',
  sent: '已發送',
  read: '已讀',
  notSent: '發送失敗',
  retry: '重試',
  earlier: '查看更早的訊息',
  loadingEarlier: '正在載入更早的訊息…',
  closed: '本次對話已結束。發送訊息即可開始新的對話。',
  today: '今天',
  yesterday: '昨天',
  characters: '{{n}}/{{max}}',
} satisfies Translation<typeof en>;
