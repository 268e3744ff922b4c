import { Button } from 'antd-mobile';
import { HistogramOutline, RightOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, QueryError } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { requireLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/stores/session';
import { toast } from '../../../lib/toast';
import {
  loadedOrders,
  useSpotAggregatedBook,
  useCancelOrder,
  useMarket,
  useMarkets,
  useOpenOrders,
  useOrderBook,
  useOrderFeed,
  useSymbolFeed,
  useTrades,
} from '../api';
import { Amount } from '../../../components/Amount';
import { ChangeTag } from '../../../components/trading/Num';
import { OrderBook } from '../../../components/trading/OrderBook';
import { OrderCard } from '../components/OrderCard';
import { OrderForm } from '../components/OrderForm';
import { PairSwitcher } from '../components/PairSwitcher';
import type { Side } from '../../../lib/trading/orderMath';
import { useSpotT } from '../locales';
import { currentSymbol, pairName, rememberSymbol, SPOT_PATHS, withQuery } from '../paths';
import '../../../components/trading/order-form.css';
import '../spot.css';

const BOOK_ROWS = 7;

/** /pages/trade/trade?symbol=BTC_USDT — the Trade tab: order form, order book, my open orders of the pair. */
export default function TradePage({ query }: PageProps) {
  const t = useSpotT();
  const navigate = useNavigate();
  const symbol = currentSymbol(query);
  const loggedIn = useSession((s) => s.token !== null);
  const [side, setSide] = useState<Side>(query.side === 'sell' ? 'sell' : 'buy');
  const [switching, setSwitching] = useState(false);
  const [bookType, setBookType] = useState(0);
  const [picked, setPicked] = useState<{ price: string; n: number } | null>(null);

  useEffect(() => rememberSymbol(symbol), [symbol]);
  useEffect(() => {
    if (query.side === 'buy' || query.side === 'sell') setSide(query.side);
  }, [query.side]);
  useEffect(() => setBookType(0), [symbol]);
  useSymbolFeed(symbol);
  useOrderFeed();
  useMarkets();
  const market = useMarket(symbol);
  const book = useOrderBook(symbol);
  const aggregated = useSpotAggregatedBook(symbol, bookType, book.data?.seq);
  const trades = useTrades(symbol);
  const open = useOpenOrders(symbol);
  const cancel = useCancelOrder();

  const lastSide = trades.data?.[0]?.side;
  const { list: orders, total: openTotal } = useMemo(() => loadedOrders(open.data), [open.data]);

  if (market.isError) return <QueryError error={market.error} onRetry={() => void market.refetch()} />;
  const item = market.data;
  if (!item) return <div className="trade trade--loading" aria-busy="true" />;
  const m = item.market;

  const choose = (next: string) => void navigate(withQuery(SPOT_PATHS.trade, { symbol: next }), { replace: true });

  return (
    <div className="trade">
      <header className="trade-head">
        <button type="button" className="trade-head__pair" onClick={() => setSwitching(true)}>
          <UnorderedListOutline />
          <span>{pairName(symbol)}</span>
        </button>
        <ChangeTag percent={item.ticker.changePercent} />
        <span className="trade-head__space" />
        <button
          type="button"
          className="trade-head__icon"
          aria-label={t('chart')}
          onClick={() => void navigate(withQuery(SPOT_PATHS.kline, { symbol }))}
        >
          <HistogramOutline />
        </button>
      </header>

      <div className="trade-main">
        <OrderForm item={item} side={side} onSide={setSide} picked={picked} />
        <OrderBook
          layout="stacked"
          book={bookType > 0 ? aggregated.data : book.data}
          market={m}
          rows={BOOK_ROWS}
          type={bookType}
          onType={setBookType}
          onPick={(price) => setPicked((p) => ({ price, n: (p?.n ?? 0) + 1 }))}
          middle={
            <button
              type="button"
              className={`book-last ${lastSide === 'sell' ? 'fall' : lastSide === 'buy' ? 'rise' : ''}`}
              onClick={() => setPicked((p) => ({ price: item.ticker.last, n: (p?.n ?? 0) + 1 }))}
              aria-label={t('lastPrice')}
            >
              <Amount value={item.ticker.last} precision={m.pricePrecision} />
            </button>
          }
        />
      </div>

      <section className="trade-orders">
        <div className="trade-orders__head">
          <h2>{t('openOrdersCount', { count: openTotal })}</h2>
          <button type="button" className="section__more" onClick={() => void navigate(SPOT_PATHS.entrust)}>
            {t('allOrders')}
            <RightOutline />
          </button>
        </div>
        {!loggedIn ? (
          <div className="trade-orders__guest">
            <span>{t('loginToSeeOrders')}</span>
            <Button size="small" shape="rounded" onClick={() => void requireLogin()}>
              {t('logIn')}
            </Button>
          </div>
        ) : open.isError ? (
          <QueryError error={open.error} onRetry={() => void open.refetch()} />
        ) : (
          <>
            {orders.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                market={m}
                onOpen={(id) => void navigate(withQuery(SPOT_PATHS.entrustDetail, { id }))}
                onCancel={(id) => cancel.mutate(id, { onSuccess: () => toast(t('orderCancelled'), 'success') })}
                cancelling={cancel.isPending && cancel.variables === order.id}
              />
            ))}
            {open.data && orders.length === 0 && <EmptyState text={t('noOpenOrders')} />}
          </>
        )}
      </section>

      <PairSwitcher visible={switching} onClose={() => setSwitching(false)} onChoose={choose} />
    </div>
  );
}
