import { LineChartOutlined } from '@ant-design/icons';
import type { DashboardProduct } from '@bourse/contract';
import { Card, Flex, Skeleton, Table, Typography } from 'antd';
import { QueryError } from '../../../components/QueryError';
import { formatCount, formatDecimalPlaces } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { useSettings } from '../../../lib/stores/settings';
import { useDashboardSummary } from '../api';
import { useDashboardT } from '../locales';

/** Values in USDT to the cent: the card compares products, the statements hold the exact amounts. */
const usdt = (value: string) => formatDecimalPlaces(value, 2);

/**
 * Each trading product since the start of the day (UTC): trades, their volume and the fees users paid, valued in
 * USDT at today's prices — all computed by the server from the products' own records; the fee revenue of them all (the server's sum) in the head.
 */
export default function TradingTodayCard() {
  const t = useDashboardT();
  const common = useCommonT();
  const lang = useSettings((state) => state.lang);
  const query = useDashboardSummary();
  const products = query.data?.today.products;
  const unpriced = [...new Set(products?.flatMap((p) => p.unpriced) ?? [])];
  return (
    <Card className="stat-card" data-testid="card-trading-today">
      <Flex vertical gap={10}>
        <Flex align="center" gap={10} className="stat-card__head">
          <span className="stat-card__icon">
            <LineChartOutlined />
          </span>
          <Typography.Text type="secondary">{t('tradingToday')}</Typography.Text>
        </Flex>
        {query.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        {products ? (
          <>
            <div className="stat-card__value num" data-testid="card-trading-today-value">
              {t('feesValue', { value: usdt(query.data?.today.feesUsdt ?? '0') })}
            </div>
            <Table<DashboardProduct>
              size="small"
              pagination={false}
              rowKey="product"
              dataSource={products}
              locale={{ emptyText: t('tradingNone') }}
              columns={[
                {
                  title: t('product'),
                  dataIndex: 'product',
                  render: (key: DashboardProduct['product']) => common(`product_${key}`),
                },
                {
                  title: t('trades'),
                  dataIndex: 'trades',
                  align: 'right',
                  render: (n: number) => <span className="num">{formatCount(n, lang)}</span>,
                },
                {
                  title: t('volumeUsdt'),
                  dataIndex: 'volumeUsdt',
                  align: 'right',
                  render: (v: string) => <span className="num">{usdt(v)}</span>,
                },
                {
                  title: t('feesUsdt'),
                  dataIndex: 'feesUsdt',
                  align: 'right',
                  render: (v: string) => <span className="num">{usdt(v)}</span>,
                },
              ]}
            />
            <Typography.Text type="secondary">
              {[t('tradingNote'), unpriced.length > 0 ? t('flowUnpriced', { coins: unpriced.join(', ') }) : null]
                .filter(Boolean)
                .join(' ')}
            </Typography.Text>
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
