import { ActionSheet, Button, Dialog, InfiniteScroll, Tabs } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { useCommonT } from '../../../lib/locales';
import { toast } from '../../../lib/toast';
import {
  loadedOrders,
  type SideFilter,
  useCancelAll,
  useCancelOrder,
  useMarkets,
  useOpenOrders,
  useOrderFeed,
  useOrderHistory,
} from '../api';
import { OrderCard } from '../components/OrderCard';
import { useSpotT } from '../locales';
import { pairName, SPOT_PATHS, withQuery } from '../paths';
import '../spot.css';

type View = 'open' | 'history';

/** /pages/trade/entrust (R) — my open orders and my order history (3 months), by pair and side, live. */
export default function EntrustPage({ query }: PageProps) {
  const t = useSpotT();
  const common = useCommonT();
  const navigate = useNavigate();
  const [view, setView] = useState<View>(query.tab === 'history' ? 'history' : 'open');
  const [symbol, setSymbol] = useState(query.symbol ?? '');
  const [side, setSide] = useState<SideFilter>('');
  const [picking, setPicking] = useState<'pair' | 'side' | null>(null);

  useOrderFeed();
  const markets = useMarkets();
  const open = useOpenOrders(symbol, side);
  const history = useOrderHistory(symbol, side);
  const cancel = useCancelOrder();
  const cancelAll = useCancelAll();

  const marketOf = useMemo(() => {
    const bySymbol = new Map((markets.data ?? []).map((m) => [m.market.symbol, m.market]));
    return (s: string) => bySymbol.get(s);
  }, [markets.data]);

  const openOrders = useMemo(() => loadedOrders(open.data).list, [open.data]);
  const finished = useMemo(() => loadedOrders(history.data).list, [history.data]);
  const detail = (id: number) => void navigate(withQuery(SPOT_PATHS.entrustDetail, { id }));

  const sideText = side === 'buy' ? t('buy') : side === 'sell' ? t('sell') : t('allSides');

  return (
    <div className="entrust">
      <Tabs className="spot-tabs" activeKey={view} onChange={(key) => setView(key === 'history' ? 'history' : 'open')}>
        <Tabs.Tab key="open" title={t('openOrders')} />
        <Tabs.Tab key="history" title={t('orderHistory')} />
      </Tabs>

      <div className="entrust-filters">
        <button type="button" className="entrust-filters__item" onClick={() => setPicking('pair')}>
          <span className="entrust-filters__label">{symbol ? pairName(symbol) : t('allPairs')}</span>
          <DownFill />
        </button>
        <button type="button" className="entrust-filters__item" onClick={() => setPicking('side')}>
          <span className="entrust-filters__label">{sideText}</span>
          <DownFill />
        </button>
        <span className="entrust-filters__space" />
        {view === 'open' && openOrders.length > 0 && (
          <Button
            size="mini"
            className="entrust-filters__cancel-all"
            loading={cancelAll.isPending}
            onClick={async () => {
              const ok = await Dialog.confirm({
                content: symbol ? t('cancelAllPairConfirm', { pair: pairName(symbol) }) : t('cancelAllConfirm'),
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

      {view === 'open' ? (
        <div className="entrust-list">
          {open.isError && <QueryError error={open.error} onRetry={() => void open.refetch()} />}
          {open.isPending && <ListSkeleton />}
          {openOrders.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              market={marketOf(order.symbol)}
              onOpen={detail}
              onCancel={(id) => cancel.mutate(id, { onSuccess: () => toast(t('orderCancelled'), 'success') })}
              cancelling={cancel.isPending && cancel.variables === order.id}
            />
          ))}
          {open.data && openOrders.length === 0 && <EmptyState text={t('noOpenOrders')} />}
          {open.data && openOrders.length > 0 && (
            <InfiniteScroll
              hasMore={open.hasNextPage}
              loadMore={async () => {
                await open.fetchNextPage();
              }}
            />
          )}
        </div>
      ) : (
        <div className="entrust-list">
          {history.isError && <QueryError error={history.error} onRetry={() => void history.refetch()} />}
          {history.isPending && <ListSkeleton />}
          {finished.map((order) => (
            <OrderCard key={order.id} order={order} market={marketOf(order.symbol)} onOpen={detail} />
          ))}
          {history.data && finished.length === 0 && <EmptyState text={t('noHistory')} />}
          {history.data && finished.length > 0 && (
            <InfiniteScroll
              hasMore={history.hasNextPage}
              loadMore={async () => {
                await history.fetchNextPage();
              }}
            />
          )}
        </div>
      )}

      <ActionSheet
        visible={picking === 'pair'}
        onClose={() => setPicking(null)}
        cancelText={common('cancel')}
        actions={[
          { key: '', text: t('allPairs') },
          ...(markets.data ?? []).map((m) => ({ key: m.market.symbol, text: pairName(m.market.symbol) })),
        ]}
        onAction={(action) => {
          setSymbol(String(action.key));
          setPicking(null);
        }}
      />
      <ActionSheet
        visible={picking === 'side'}
        onClose={() => setPicking(null)}
        cancelText={common('cancel')}
        actions={[
          { key: '', text: t('allSides') },
          { key: 'buy', text: t('buy') },
          { key: 'sell', text: t('sell') },
        ]}
        onAction={(action) => {
          setSide(action.key === 'buy' || action.key === 'sell' ? action.key : '');
          setPicking(null);
        }}
      />
    </div>
  );
}
