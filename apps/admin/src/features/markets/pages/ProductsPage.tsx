import { type ProductKey, type ProductSwitch } from '@bourse/contract';
import { App, Card, Popconfirm, Switch, Table } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { useCan } from '../../../lib/operator';
import { useCommonT } from '../../../lib/locales';
import { useProducts, useSwitchProduct } from '../api';
import { useMarketsT } from '../locales';

function ProductToggle({ product }: { product: ProductSwitch }) {
  const t = useMarketsT();
  const common = useCommonT();
  const { message } = App.useApp();
  const may = useCan('products.manage');
  const toggle = useSwitchProduct();
  const [confirming, setConfirming] = useState(false);
  const name = common(`product_${product.key}`);

  const apply = (enabled: boolean) =>
    toggle.mutate(
      { key: product.key, enabled },
      {
        onSuccess: () =>
          void message.success(enabled ? t('switchedOn', { product: name }) : t('switchedOff', { product: name })),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    // Switching off takes a product away from every user at once: it asks first. Switching on does not.
    <Popconfirm
      open={confirming}
      title={t('switchOffConfirm', { product: name })}
      okText={t('switchOff')}
      okButtonProps={{ danger: true, loading: toggle.isPending }}
      cancelText={common('cancel')}
      onConfirm={() => apply(false)}
      onCancel={() => setConfirming(false)}
    >
      <Switch
        checked={product.enabled}
        loading={toggle.isPending}
        disabled={!may}
        onChange={(on) => (on ? apply(true) : setConfirming(true))}
        data-testid={`product-switch-${product.key}`}
      />
    </Popconfirm>
  );
}

export default function ProductsPage() {
  const t = useMarketsT();
  const common = useCommonT();
  const query = useProducts();
  return (
    <>
      <PageHeader title={t('productsTitle')} subtitle={t('productsSubtitle')} />
      <Card>
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<ProductSwitch>
          rowKey="key"
          loading={query.isFetching}
          dataSource={query.data}
          pagination={false}
          data-testid="product-table"
          columns={[
            {
              title: t('product'),
              dataIndex: 'key',
              render: (key: ProductKey) => (
                <span>
                  {common(`product_${key}`)} <span className="mono muted">{key}</span>
                </span>
              ),
            },
            {
              title: t('built'),
              dataIndex: 'built',
              render: (built: boolean) =>
                built ? (
                  <StatusTag tone="success">{common('yes')}</StatusTag>
                ) : (
                  <StatusTag tone="neutral">{t('notBuilt')}</StatusTag>
                ),
            },
            { title: t('enabled'), key: 'enabled', render: (_: unknown, row) => <ProductToggle product={row} /> },
            {
              title: t('available'),
              dataIndex: 'available',
              render: (available: boolean) => (
                <StatusTag tone={available ? 'success' : 'neutral'}>
                  {available ? common('yes') : common('no')}
                </StatusTag>
              ),
            },
            { title: common('updatedAt'), dataIndex: 'updatedAt', render: (ms: number | null) => <Time ms={ms} /> },
          ]}
        />
      </Card>
    </>
  );
}
