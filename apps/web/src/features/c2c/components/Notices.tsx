import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useNotifications, useReadNotifications } from '../api';
import { useC2CT } from '../locales';
import { orderPath } from '../paths';

/** The unread C2C notifications (a new order on your ad, paid, released, an appeal, a ruling…), each to its order. */
export function Notices() {
  const t = useC2CT();
  const notifications = useNotifications();
  const read = useReadNotifications();
  const unread = (notifications.data?.list ?? []).filter((n) => !n.read).slice(0, 5);
  if (unread.length === 0) return null;
  return (
    <section className="c2c-card" data-testid="c2c-notices">
      <div className="c2c-kv">
        <h4>{t('notices', { n: notifications.data?.unread ?? unread.length })}</h4>
        <Button size="mini" fill="none" loading={read.isPending} onClick={() => read.mutate()}>
          {t('markRead')}
        </Button>
      </div>
      <ul className="c2c-notices">
        {unread.map((n) => (
          <li key={n.id}>
            <Link to={orderPath(n.orderId)}>{t(`n_${n.kind}`)}</Link>
            <small className="c2c-muted">{formatDate(n.createdAt)}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}
