import { c2cApi } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { StatusTag } from '../../../components/StatusTag';
import { api } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { c2cKeys, useC2CLive } from '../api';
import { Notices } from '../components/Notices';
import { useC2CT } from '../locales';
import { orderPath } from '../paths';
import '../c2c.css';

type Tab = 'open' | 'done' | 'all';

/** /pages/c2c/orders — the user's orders: in progress, finished, all. */
export default function OrdersPage() {
  const t = useC2CT();
  const [tab, setTab] = useState<Tab>('open');
  useC2CLive();
  const orders = useQuery({
    queryKey: c2cKeys.orders(tab),
    queryFn: ({ signal }) => api.call(c2cApi.orders, { query: { tab, page: 1, size: 50 }, toast: false, signal }),
  });
  return (
    <div className="c2c">
      <Notices />
      <ChipTabs
        label={t('myOrders')}
        tabs={[
          { key: 'open', label: t('tabOpen') },
          { key: 'done', label: t('tabDone') },
          { key: 'all', label: t('tabAll') },
        ]}
        active={tab}
        onChange={setTab}
      />
      {orders.isPending ? (
        <ListSkeleton />
      ) : orders.isError ? (
        <QueryError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.list.length === 0 ? (
        <EmptyState text={t('noOrders')} />
      ) : (
        <ul className="c2c-offers" data-testid="c2c-orders">
          {orders.data.list.map((o) => (
            <li key={o.id} className="c2c-offer">
              <Link to={orderPath(o.id)} className="c2c-order-row">
                <div className="c2c-kv">
                  <strong className={o.role === 'buyer' ? 'c2c-rise' : 'c2c-fall'}>
                    {o.role === 'buyer' ? t('youBuy') : t('youSell')} {o.asset}
                  </strong>
                  <StatusTag tone={o.state === 'completed' ? 'ok' : o.state === 'appeal' ? 'bad' : 'pending'}>
                    {t(`state_${o.state}`)}
                  </StatusTag>
                </div>
                <div className="c2c-kv c2c-muted">
                  <span>
                    {o.quantity} {o.asset} · {o.price} {o.fiat}
                  </span>
                  <span>
                    {o.amount} {o.fiat}
                  </span>
                </div>
                <div className="c2c-kv c2c-muted">
                  <span>{o.counterparty.nickname}</span>
                  <span>{formatDate(o.createdAt)}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
