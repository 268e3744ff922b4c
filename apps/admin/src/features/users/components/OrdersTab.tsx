import type { SpotOrder } from '@bourse/contract';
import { Flex, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { OrderStatusTag, SideText } from '../../../components/DomainTags';
import { Num } from '../../../components/Num';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { pagedTable, useLocalPages } from '../../../hooks/useListParams';
import { useCommonT } from '../../../lib/locales';
import { useUserOrders } from '../api';
import { useUsersT } from '../locales';

/** The user's spot orders: the open ones, or the history of the last three months. */
export function OrdersTab({ uid }: { uid: number }) {
  const t = useUsersT();
  const common = useCommonT();
  const [open, setOpen] = useState(true);
  const pages = useLocalPages();
  const query = useUserOrders(uid, open, pages.page, pages.size);
  return (
    <Flex vertical gap={12}>
      <Segmented<'open' | 'history'>
        value={open ? 'open' : 'history'}
        onChange={(value) => {
          setOpen(value === 'open');
          pages.reset();
        }}
        options={[
          { value: 'open', label: t('ordersOpen') },
          { value: 'history', label: t('ordersHistory') },
        ]}
        className="self-start"
        data-testid="user-orders-filter"
      />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<SpotOrder>
        size="small"
        {...pagedTable(query, pages)}
        data-testid="user-orders"
        locale={{ emptyText: open ? t('ordersOpenEmpty') : t('ordersHistoryEmpty') }}
        columns={[
          { title: common('id'), dataIndex: 'id', render: (id: number) => <span className="num">#{id}</span> },
          { title: t('symbol'), dataIndex: 'symbol', render: (s: string) => <strong>{s}</strong> },
          {
            title: t('sideType'),
            key: 'side',
            render: (_: unknown, order) => (
              <span>
                <SideText side={order.side} />{' '}
                <Typography.Text type="secondary">{t(`type_${order.type}`)}</Typography.Text>
              </span>
            ),
          },
          {
            title: t('price'),
            dataIndex: 'price',
            align: 'right',
            render: (v: string | null) =>
              v === null ? <Typography.Text type="secondary">{t('market')}</Typography.Text> : <Num value={v} />,
          },
          {
            title: t('quantity'),
            key: 'quantity',
            align: 'right',
            render: (_: unknown, order) =>
              order.quantity !== null ? (
                <Num value={order.quantity} />
              ) : (
                <Typography.Text type="secondary">
                  {t('byAmount')} <Num value={order.quoteQuantity} />
                </Typography.Text>
              ),
          },
          { title: t('filled'), dataIndex: 'filledQuantity', align: 'right', render: (v: string) => <Num value={v} /> },
          {
            title: t('avgPrice'),
            dataIndex: 'avgPrice',
            align: 'right',
            render: (v: string | null) => <Num value={v} />,
          },
          {
            title: t('fee'),
            dataIndex: 'fee',
            align: 'right',
            render: (v: string, order) => <Num value={v} suffix={order.feeAsset} />,
          },
          {
            title: common('status'),
            dataIndex: 'status',
            render: (status: string, order) => (
              <Flex vertical gap={2}>
                <OrderStatusTag status={status} />
                {order.reason ? (
                  <Typography.Text type="secondary" className="small-text">
                    {order.reason}
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
          { title: common('createdAt'), dataIndex: 'createdAt', render: (ms: number) => <Time ms={ms} /> },
        ]}
      />
    </Flex>
  );
}
