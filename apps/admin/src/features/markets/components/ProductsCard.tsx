import { AppstoreOutlined } from '@ant-design/icons';
import { StatCard } from '../../../components/StatCard';
import { useProducts } from '../api';
import { useMarketsT } from '../locales';

/** How many of the built products users can use now. */
export default function ProductsCard() {
  const t = useMarketsT();
  const query = useProducts();
  const products = query.data ?? [];
  const built = products.filter((p) => p.built).length;
  const on = products.filter((p) => p.available).length;
  return (
    <StatCard
      testId="card-products"
      icon={<AppstoreOutlined />}
      title={t('productsCard')}
      query={query}
      value={`${on} / ${built}`}
      tone={on === built ? 'success' : 'attention'}
      description={t('productsCardText', { on, built })}
      link={{ to: '/markets/products', label: t('openProducts') }}
    />
  );
}
