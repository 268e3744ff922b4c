import { Link } from 'react-router';
import { useC2CT } from '../locales';
import { C2C_PATHS } from '../paths';

/** Links between the C2C pages (orders, payment methods, merchant). */
export function C2CLinks() {
  const t = useC2CT();
  return (
    <nav className="c2c-links">
      <Link to={C2C_PATHS.orders}>{t('myOrders')}</Link>
      <Link to={C2C_PATHS.payments}>{t('payments')}</Link>
      <Link to={C2C_PATHS.merchant}>{t('merchant')}</Link>
      <Link to={C2C_PATHS.ads}>{t('myAds')}</Link>
    </nav>
  );
}
