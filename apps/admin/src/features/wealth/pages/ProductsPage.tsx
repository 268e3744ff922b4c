import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Table } from 'antd';
import { useState } from 'react';
import { Can } from '../../../components/Can';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { useCommonT } from '../../../lib/locales';
import { type AdminWealthProduct, useSaveWealthProduct, useWealthProducts, useWealthTotals } from '../api';
import { ProductForm } from '../components/ProductForm';
import { useWealthT } from '../locales';

function Totals() {
  const t = useWealthT();
  const totals = useWealthTotals();
  if (totals.isError) return <QueryError error={totals.error} onRetry={() => void totals.refetch()} />;
  return (
    <Table
      size="small"
      rowKey="asset"
      loading={totals.isFetching}
      dataSource={totals.data?.assets}
      pagination={false}
      title={() => (
        <Flex justify="space-between">
          <strong>{t('totals')}</strong>
          <span>
            {t('lastAccrualDay')}: {totals.data?.lastAccrualDay ? <Time ms={totals.data.lastAccrualDay} /> : t('never')}
          </span>
        </Flex>
      )}
      data-testid="wealth-totals"
      columns={[
        { title: t('asset'), dataIndex: 'asset' },
        { title: t('subscribed'), dataIndex: 'principal', align: 'right', render: (v: string) => <Num value={v} /> },
        {
          title: t('interestPaid'),
          dataIndex: 'interestPaid',
          align: 'right',
          render: (v: string) => <Num value={v} />,
        },
        {
          title: t('interestOwed'),
          dataIndex: 'interestOwed',
          align: 'right',
          render: (v: string) => <Num value={v} />,
        },
        {
          title: t('dailyInterest'),
          dataIndex: 'dailyInterest',
          align: 'right',
          render: (v: string) => <Num value={v} />,
        },
        { title: t('holders'), dataIndex: 'holders', align: 'right' },
      ]}
    />
  );
}

export default function ProductsPage() {
  const t = useWealthT();
  const common = useCommonT();
  const { message } = App.useApp();
  const query = useWealthProducts();
  const { update } = useSaveWealthProduct();
  // null: a new product; a product: editing it; undefined: the form is closed.
  const [editing, setEditing] = useState<AdminWealthProduct | null | undefined>(undefined);

  const toggle = (p: AdminWealthProduct) => {
    const status = p.status === 'active' ? 'paused' : 'active';
    update.mutate(
      { id: p.id, body: { status } },
      { onSuccess: () => void message.success(status === 'paused' ? t('paused') : t('resumed')) },
    );
  };

  return (
    <>
      <PageHeader
        title={t('productsTitle')}
        subtitle={t('productsSubtitle')}
        extra={
          <Can permission="products.manage">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="wealth-new">
              {t('newProduct')}
            </Button>
          </Can>
        }
      />
      <Card className="page-section">
        <Totals />
      </Card>
      <Card className="page-section">
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<AdminWealthProduct>
          rowKey="id"
          loading={query.isFetching}
          dataSource={query.data}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="wealth-products"
          columns={[
            {
              title: t('product'),
              key: 'product',
              fixed: 'left',
              render: (_: unknown, p) => (
                <span>
                  <strong>{p.asset}</strong> ·{' '}
                  {p.kind === 'fixed' ? t('days', { days: p.termDays ?? 0 }) : t('kind_flexible')}
                </span>
              ),
            },
            { title: t('apr'), dataIndex: 'apr', align: 'right', render: (v: string) => <Num value={v} /> },
            { title: t('minAmount'), dataIndex: 'minAmount', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('maxPerUser'),
              dataIndex: 'maxPerUser',
              align: 'right',
              render: (v: string | null) => (v === null ? '—' : <Num value={v} />),
            },
            {
              title: t('quota'),
              dataIndex: 'quota',
              align: 'right',
              render: (v: string | null) => (v === null ? '—' : <Num value={v} />),
            },
            {
              title: t('subscribed'),
              dataIndex: 'subscribed',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: t('interestBudget'),
              dataIndex: 'interestBudget',
              align: 'right',
              render: (v: string | null) => (v === null ? '—' : <Num value={v} />),
            },
            {
              title: t('budgetLeft'),
              dataIndex: 'budgetLeft',
              align: 'right',
              render: (v: string | null) => (v === null ? '—' : <Num value={v} />),
            },
            {
              title: t('interestPaid'),
              dataIndex: 'interestPaid',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: t('interestOwed'),
              dataIndex: 'interestOwed',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: t('dailyInterest'),
              dataIndex: 'dailyInterest',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            { title: t('holders'), dataIndex: 'holders', align: 'right' },
            {
              title: t('status'),
              key: 'status',
              render: (_: unknown, p) => (
                <Flex gap={4}>
                  <StatusTag tone={p.status === 'active' ? 'success' : 'neutral'}>{t(`status_${p.status}`)}</StatusTag>
                  {p.soldOut ? <StatusTag tone="attention">{t('soldOut')}</StatusTag> : null}
                </Flex>
              ),
            },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, p) => (
                <Can permission="products.manage">
                  <Flex gap={8}>
                    <Button size="small" onClick={() => setEditing(p)} data-testid={`wealth-edit-${p.id}`}>
                      {common('edit')}
                    </Button>
                    <Button size="small" onClick={() => toggle(p)} data-testid={`wealth-toggle-${p.id}`}>
                      {p.status === 'active' ? t('pause') : t('resume')}
                    </Button>
                  </Flex>
                </Can>
              ),
            },
          ]}
        />
      </Card>
      <ProductForm product={editing ?? null} open={editing !== undefined} onClose={() => setEditing(undefined)} />
    </>
  );
}
