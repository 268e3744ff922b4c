import { ActionSheet, Button, Dialog, InfiniteScroll } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { useCommonT } from '../../../lib/locales';
import { toast } from '../../../lib/toast';
import {
  useCancelAll,
  useCancelOrder,
  useCloses,
  useContracts,
  useDeskFeed,
  useFills,
  useFundingPayments,
  useOpenOrders,
  useOrderHistory,
} from '../api';
import { type HistoryStatus, loadedItems, type PagedList } from '../cache';
import { CloseCard, FillCard, FundingCard, FuturesOrderCard } from '../components/Cards';
import { sortContracts } from '../contracts';
import { precisionsOf } from '../format';
import { orderStatus, useFuturesT } from '../locales';
import { contractName, FUTURES_PATHS, withQuery } from '../paths';
import '../../../components/trading/order-form.css';
import '../futures.css';

export const ORDER_VIEWS = ['open', 'history', 'closes', 'fills', 'funding'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];

const HISTORY_STATUSES: readonly HistoryStatus[] = ['', 'trading', 'complete', 'closed', 'cancelled'];

/** The view a `?tab=` asks for (open orders when absent or unknown). */
export function viewOf(tab: string | undefined): OrderView {
  return ORDER_VIEWS.find((v) => v === tab) ?? 'open';
}

/** A list loaded page by page: its state, its items, the empty text, more on scrolling. */
function PagedSection<T extends { id: number }>({
  query,
  empty,
  render,
  testId,
}: {
  query: {
    data: PagedList<T> | undefined;
    isError: boolean;
    isPending: boolean;
    error: unknown;
    hasNextPage: boolean;
    refetch(): Promise<unknown>;
    fetchNextPage(): Promise<unknown>;
  };
  empty: string;
  render(item: T): ReactNode;
  testId: string;
}) {
  const { list } = useMemo(() => loadedItems(query.data), [query.data]);
  return (
    <div className="fut-records" data-testid={testId}>
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && !query.isError && <ListSkeleton />}
      {list.map(render)}
      {query.data && list.length === 0 && <EmptyState text={empty} />}
      {query.data && list.length > 0 && (
        <InfiniteScroll
          hasMore={query.hasNextPage}
          loadMore={async () => {
            await query.fetchNextPage();
          }}
        />
      )}
    </div>
  );
}

/**
 * /pages/lever/order?tab=open|history|closes|fills|funding&symbol= — my open orders (cancel one or all), my order
 * history (3 months, by state), my position closes with how they closed, my fills and my funding payments, each by
 * contract; live over my desk's channels.
 */
export default function OrderPage({ query }: PageProps) {
  const t = useFuturesT();
  const common = useCommonT();
  const navigate = useNavigate();
  const [view, setView] = useState<OrderView>(viewOf(query.tab));
  const [symbol, setSymbol] = useState(query.symbol ?? '');
  const [status, setStatus] = useState<HistoryStatus>('');
  const [picking, setPicking] = useState<'contract' | 'status' | null>(null);
  // A link to another tab of this page (the same page stays mounted) switches to it.
  useEffect(() => setView(viewOf(query.tab)), [query.tab]);
  useEffect(() => setSymbol(query.symbol ?? ''), [query.symbol]);

  useDeskFeed();
  const contracts = useContracts();
  const open = useOpenOrders(symbol);
  const history = useOrderHistory(symbol, status);
  const closes = useCloses(symbol, view === 'closes');
  const fills = useFills(symbol, view === 'fills');
  const funding = useFundingPayments(symbol, view === 'funding');
  const cancel = useCancelOrder();
  const cancelAll = useCancelAll();

  const contractOf = useMemo(() => {
    const bySymbol = new Map((contracts.data ?? []).map((c) => [c.contract.symbol, c.contract] as const));
    return (s: string) => precisionsOf(s, bySymbol.get(s));
  }, [contracts.data]);
  const openCount = useMemo(() => loadedItems(open.data).list.length, [open.data]);
  const toOrder = (id: number) => void navigate(withQuery(FUTURES_PATHS.detail, { order: id }));
  const toPosition = (id: number) => void navigate(withQuery(FUTURES_PATHS.detail, { position: id }));

  const tabs: { key: OrderView; label: string }[] = [
    { key: 'open', label: t('tabOpen') },
    { key: 'history', label: t('tabHistory') },
    { key: 'closes', label: t('tabCloses') },
    { key: 'fills', label: t('tabFills') },
    { key: 'funding', label: t('tabFunding') },
  ];

  return (
    <div className="fut-orders" data-testid="fut-orders-page">
      <div className="fut-scroll-tabs" role="tablist">
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={view === tab.key}
            className={`fut-scroll-tabs__item${view === tab.key ? ' fut-scroll-tabs__item--on' : ''}`}
            onClick={() => setView(tab.key)}
            data-testid={`fut-view-${tab.key}`}
          >
            {tab.label}
          </button>
        ))}
      </div>

      <div className="fut-filters">
        <button type="button" className="fut-filters__item" onClick={() => setPicking('contract')}>
          <span>{symbol ? contractName(symbol) : t('allContracts')}</span>
          <DownFill />
        </button>
        {view === 'history' && (
          <button type="button" className="fut-filters__item" onClick={() => setPicking('status')}>
            <span>{status ? orderStatus(t, status).children : t('allStates')}</span>
            <DownFill />
          </button>
        )}
        <span className="fut-filters__space" />
        {view === 'open' && openCount > 0 && (
          <Button
            size="mini"
            className="trade-orders__action"
            loading={cancelAll.isPending}
            onClick={async () => {
              const ok = await Dialog.confirm({
                content: symbol
                  ? t('cancelAllContractConfirm', { contract: contractName(symbol) })
                  : t('cancelAllConfirm'),
                confirmText: t('cancelAll'),
                cancelText: common('cancel'),
              });
              if (!ok) return;
              cancelAll.mutate(symbol, {
                onSuccess: (r) => toast(t('cancelledCount', { count: r.cancelled }), 'success'),
              });
            }}
          >
            {t('cancelAll')}
          </Button>
        )}
      </div>

      {view === 'open' && (
        <PagedSection
          testId="fut-list-open"
          query={open}
          empty={t('noOpenOrders')}
          render={(order) => (
            <FuturesOrderCard
              key={order.id}
              order={order}
              contract={contractOf(order.symbol)}
              onOpen={toOrder}
              onCancel={(id) => cancel.mutate(id, { onSuccess: () => toast(t('orderCancelled'), 'success') })}
              cancelling={cancel.isPending && cancel.variables === order.id}
            />
          )}
        />
      )}
      {view === 'history' && (
        <PagedSection
          testId="fut-list-history"
          query={history}
          empty={t('noHistory')}
          render={(order) => (
            <FuturesOrderCard key={order.id} order={order} contract={contractOf(order.symbol)} onOpen={toOrder} />
          )}
        />
      )}
      {view === 'closes' && (
        <PagedSection
          testId="fut-list-closes"
          query={closes}
          empty={t('noCloses')}
          render={(close) => (
            <CloseCard key={close.id} close={close} contract={contractOf(close.symbol)} onOpen={toPosition} />
          )}
        />
      )}
      {view === 'fills' && (
        <PagedSection
          testId="fut-list-fills"
          query={fills}
          empty={t('noFills')}
          render={(fill) => <FillCard key={fill.id} fill={fill} contract={contractOf(fill.symbol)} />}
        />
      )}
      {view === 'funding' && (
        <PagedSection
          testId="fut-list-funding"
          query={funding}
          empty={t('noFunding')}
          render={(payment) => (
            <FundingCard key={payment.id} payment={payment} contract={contractOf(payment.symbol)} onOpen={toPosition} />
          )}
        />
      )}

      <ActionSheet
        visible={picking === 'contract'}
        onClose={() => setPicking(null)}
        cancelText={common('cancel')}
        actions={[
          { key: '', text: t('allContracts') },
          ...sortContracts(contracts.data ?? []).map((c) => ({
            key: c.contract.symbol,
            text: contractName(c.contract.symbol),
          })),
        ]}
        onAction={(action) => {
          setSymbol(String(action.key));
          setPicking(null);
        }}
      />
      <ActionSheet
        visible={picking === 'status'}
        onClose={() => setPicking(null)}
        cancelText={common('cancel')}
        actions={HISTORY_STATUSES.map((s) => ({ key: s, text: s ? orderStatus(t, s).children : t('allStates') }))}
        onAction={(action) => {
          const next = HISTORY_STATUSES.find((s) => s === action.key);
          setStatus(next ?? '');
          setPicking(null);
        }}
      />
    </div>
  );
}
