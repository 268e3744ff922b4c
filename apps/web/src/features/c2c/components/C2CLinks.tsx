import { Link } from 'react-router';
import { useSession } from '../../../lib/stores/session';
import { useNotifications } from '../api';
import { useC2CT } from '../locales';
import { C2C_PATHS } from '../paths';

/** Links between the C2C pages (orders with the unread notifications, payment methods, merchant, ads). */
export function C2CLinks() {
  const t = useC2CT();
  const loggedIn = useSession((s) => s.token !== null);
  const unread = useNotifications(loggedIn).data?.unread ?? 0;
  return (
    <nav className="c2c-links">
      <Link to={C2C_PATHS.orders}>
        {t('myOrders')}
        {unread > 0 && (
          <span className="c2c-badge" data-testid="c2c-unread" aria-label={t('unread', { n: unread })}>
            {unread}
          </span>
        )}
      </Link>
      <Link to={C2C_PATHS.payments}>{t('payments')}</Link>
      <Link to={C2C_PATHS.merchant}>{t('merchant')}</Link>
      <Link to={C2C_PATHS.ads}>{t('myAds')}</Link>
    </nav>
  );
}
