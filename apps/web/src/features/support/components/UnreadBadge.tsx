import { Badge } from 'antd-mobile';
import type { ServiceBadgeProps } from '../../../lib/feature';
import { useUnreadCount } from '../api';
import { supportLabels } from '../labels';
import '../support.css';

/** Support's unread answers on the shortcut (Me, all services): a count on the icon, or alone on a Me row. */
export default function UnreadBadge({ children }: ServiceBadgeProps) {
  const t = supportLabels.useT();
  const count = useUnreadCount();
  if (count <= 0) return children ?? null;
  return (
    <span className="support-badge" data-unread={count}>
      <span className="support-badge__mark" aria-hidden="true">
        <Badge content={count > 99 ? '99+' : String(count)}>{children}</Badge>
      </span>
      <span className="support-sr-only">{t('unreadCount', { n: count })}</span>
    </span>
  );
}
