import type { SwapContract, SwapContractWithTicker, SwapPosition } from '@bourse/contract';
import { Button, Dialog } from 'antd-mobile';
import { FileOutline, HistogramOutline, RightOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Amount } from '../../../components/Amount';
import { EmptyState, QueryError } from '../../../components/BlockState';
import { ChangeTag } from '../../../components/trading/Num';
import { OrderBook } from '../../../components/trading/OrderBook';
import { useRequestId } from '../../../hooks/useRequestId';
import type { PageProps } from '../../../lib/feature';
import { useCommonT } from '../../../lib/locales';
import { requireLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/stores/session';
import { toast } from '../../../lib/toast';
import {
  useCancelOrder,
  useCloseAll,
  useContract,
  useContracts,
  useDeskFeed,
  useOpenOrders,
  useOrderBook,
  usePositions,
  useSwapAggregatedBook,
  useTickerFeed,
  useTrades,
} from '../api';
import { loadedItems } from '../cache';
import { FuturesOrderCard } from '../components/Cards';
import { ContractSwitcher } from '../components/ContractSwitcher';
import { MarketPanel } from '../components/MarketPanel';
import { MarkStrip } from '../components/MarkStrip';
import { type OrderSide, FuturesOrderForm } from '../components/OrderForm';
import { PositionCard } from '../components/PositionCard';
import { CloseSheet, MarginSheet, TpSlSheet } from '../components/PositionSheets';
import { bookMarketOf, precisionsOf } from '../format';
import { useFuturesT } from '../locales';
import { contractName, currentContract, FUTURES_PATHS, rememberContract, withQuery } from '../paths';
import '../../../components/trading/order-form.css';
import '../futures.css';

const BOOK_ROWS = 7;

type Desk = 'positions' | 'orders';
type Sheet = { kind: 'close' | 'tpsl' | 'margin'; position: SwapPosition } | null;

/**
 * /pages/lever/lever?symbol=BTC_USDT — the Futures tab: contract picker, mark / index / funding with its countdown,
 * the chart, depth and trades, the order form beside the shared order book, my positions (every figure the
 * server's, live on `swap-positions`) and my open orders.
 */
export default function LeverPage({ query }: PageProps) {
  const t = useFuturesT();
  const common = useCommonT();
  const navigate = useNavigate();
  const symbol = currentContract(query);
  const loggedIn = useSession((s) => s.token !== null);
  const [side, setSide] = useState<OrderSide>(query.side === 'sell' ? 'sell' : 'buy');
  const [switching, setSwitching] = useState(false);
  const [showMarket, setShowMarket] = useState(false);
  const [bookType, setBookType] = useState(0);
  const [picked, setPicked] = useState<{ price: string; n: number } | null>(null);
  const [desk, setDesk] = useState<Desk>('positions');
  const [sheet, setSheet] = useState<Sheet>(null);

  useEffect(() => rememberContract(symbol), [symbol]);
  useEffect(() => {
    if (query.side === 'buy' || query.side === 'sell') setSide(query.side);
  }, [query.side]);
  useEffect(() => setBookType(0), [symbol]);
  useTickerFeed(useMemo(() => [symbol], [symbol]));
  useDeskFeed();
  const contracts = useContracts();
  const current = useContract(symbol);
  const book = useOrderBook(symbol);
  const aggregated = useSwapAggregatedBook(symbol, bookType, book.data?.seq);
  const trades = useTrades(symbol);
  const positions = usePositions();
  const open = useOpenOrders(symbol);
  const cancel = useCancelOrder();
  const closeAll = useCloseAll();
  const closeAllRequest = useRequestId();

  const bySymbol = useMemo(
    () => new Map((contracts.data ?? []).map((c) => [c.contract.symbol, c] as const)),
    [contracts.data],
  );
  const { list: orders, total: openTotal } = useMemo(() => loadedItems(open.data), [open.data]);
  const myPositions = positions.data ?? [];

  if (current.isError) return <QueryError error={current.error} onRetry={() => void current.refetch()} />;
  const item = current.data;
  if (!item) return <div className="fut fut--loading" aria-busy="true" />;
  const { contract, ticker } = item;
  const lastSide = trades.data?.[0]?.side;

  const choose = (next: string) => void navigate(withQuery(FUTURES_PATHS.lever, { symbol: next }), { replace: true });
  const pick = (price: string) => setPicked((p) => ({ price, n: (p?.n ?? 0) + 1 }));
  const contractOf = (s: string): SwapContractWithTicker | undefined => (s === symbol ? item : bySymbol.get(s));
  const lastOf = (s: string) => contractOf(s)?.ticker.last ?? '0';

  const confirmCloseAll = async () => {
    const ok = await Dialog.confirm({
      content: t('closeAllConfirm'),
      confirmText: t('closeAll'),
      cancelText: common('cancel'),
    });
    if (!ok) return;
    closeAll.mutate(
      { requestId: closeAllRequest.id },
      {
        onSuccess: () => {
          closeAllRequest.settled();
          toast(t('positionsClosing'), 'success');
        },
        onError: (e) => closeAllRequest.settled(e),
      },
    );
  };

  return (
    <div className="fut" data-testid="fut-page" data-symbol={symbol}>
      <header className="trade-head">
        <button
          type="button"
          className="trade-head__contract"
          onClick={() => setSwitching(true)}
          data-testid="fut-switch"
        >
          <UnorderedListOutline />
          <span>{contractName(symbol)}</span>
          <span className="fut-tag">{t('perpetual')}</span>
        </button>
        <ChangeTag percent={ticker.changePercent} />
        <span className="trade-head__space" />
        <button
          type="button"
          className={`trade-head__icon${showMarket ? ' trade-head__icon--on' : ''}`}
          aria-label={t('chart')}
          aria-pressed={showMarket}
          onClick={() => setShowMarket((v) => !v)}
          data-testid="fut-chart-toggle"
        >
          <HistogramOutline />
        </button>
        <button
          type="button"
          className="trade-head__icon"
          aria-label={t('allOrders')}
          onClick={() => void navigate(withQuery(FUTURES_PATHS.order, { symbol }))}
        >
          <FileOutline />
        </button>
      </header>

      <MarkStrip item={item} />

      {showMarket && <MarketPanel contract={contract} book={book.data} />}

      <div className="trade-main">
        <FuturesOrderForm item={item} side={side} onSide={setSide} picked={picked} />
        <OrderBook
          layout="stacked"
          book={bookType > 0 ? aggregated.data : book.data}
          market={bookMarketOf(contract, t('lotsUnit'))}
          rows={BOOK_ROWS}
          type={bookType}
          onType={setBookType}
          onPick={pick}
          middle={
            <button
              type="button"
              className={`fut-book-last ${lastSide === 'sell' ? 'trend-fall' : lastSide === 'buy' ? 'trend-rise' : ''}`}
              onClick={() => pick(ticker.last)}
              aria-label={t('lastPrice')}
            >
              <Amount value={ticker.last} precision={contract.pricePrecision} />
              <span className="fut-book-last__mark">
                <Amount value={ticker.mark} precision={contract.pricePrecision} />
              </span>
            </button>
          }
        />
      </div>

      <section className="trade-orders">
        <div className="trade-orders__tabs" role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={desk === 'positions'}
            className={`trade-orders__tab${desk === 'positions' ? ' trade-orders__tab--on' : ''}`}
            onClick={() => setDesk('positions')}
            data-testid="fut-tab-positions"
          >
            {t('positionsCount', { count: myPositions.length })}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={desk === 'orders'}
            className={`trade-orders__tab${desk === 'orders' ? ' trade-orders__tab--on' : ''}`}
            onClick={() => setDesk('orders')}
            data-testid="fut-tab-orders"
          >
            {t('openOrdersCount', { count: openTotal })}
          </button>
          <span className="trade-orders__space" />
          {desk === 'positions' && myPositions.length > 0 && (
            <Button size="mini" className="trade-orders__action" loading={closeAll.isPending} onClick={confirmCloseAll}>
              {t('closeAll')}
            </Button>
          )}
          <button
            type="button"
            className="fut-link trade-orders__more"
            aria-label={t('allOrders')}
            onClick={() => void navigate(withQuery(FUTURES_PATHS.order, { symbol }))}
          >
            {/* Beside "Close all" only the arrow fits a phone's width. */}
            {desk === 'positions' && myPositions.length > 0 ? null : t('allOrders')}
            <RightOutline />
          </button>
        </div>

        {!loggedIn ? (
          <div className="trade-orders__guest">
            <span>{t('loginToSeeDesk')}</span>
            <Button size="small" shape="rounded" onClick={() => void requireLogin()}>
              {t('logIn')}
            </Button>
          </div>
        ) : desk === 'positions' ? (
          <div className="trade-orders__list" data-testid="fut-positions">
            {positions.isError && <QueryError error={positions.error} onRetry={() => void positions.refetch()} />}
            {myPositions.map((position) => {
              const of = contractOf(position.symbol);
              return (
                <PositionCard
                  key={position.id}
                  position={position}
                  contract={of?.contract ?? precisionsOf(position.symbol, undefined)}
                  onOpen={(id) => void navigate(withQuery(FUTURES_PATHS.detail, { position: id }))}
                  onClose={(p) => setSheet({ kind: 'close', position: p })}
                  onTpSl={(p) => setSheet({ kind: 'tpsl', position: p })}
                  onMargin={(p) => setSheet({ kind: 'margin', position: p })}
                />
              );
            })}
            {positions.data && myPositions.length === 0 && <EmptyState text={t('noPositions')} />}
          </div>
        ) : (
          <div className="trade-orders__list" data-testid="fut-open-orders">
            {open.isError && <QueryError error={open.error} onRetry={() => void open.refetch()} />}
            {orders.map((order) => (
              <FuturesOrderCard
                key={order.id}
                order={order}
                contract={precisionsOf(order.symbol, contractOf(order.symbol)?.contract)}
                onOpen={(id) => void navigate(withQuery(FUTURES_PATHS.detail, { order: id }))}
                onCancel={(id) => cancel.mutate(id, { onSuccess: () => toast(t('orderCancelled'), 'success') })}
                cancelling={cancel.isPending && cancel.variables === order.id}
              />
            ))}
            {open.data && orders.length === 0 && <EmptyState text={t('noOpenOrders')} />}
          </div>
        )}
      </section>

      {sheet && (
        <PositionSheet
          sheet={sheet}
          contract={contractOf(sheet.position.symbol)?.contract}
          last={lastOf(sheet.position.symbol)}
          onClose={() => setSheet(null)}
        />
      )}

      <ContractSwitcher visible={switching} onClose={() => setSwitching(false)} onChoose={choose} />
    </div>
  );
}

function PositionSheet({
  sheet,
  contract,
  last,
  onClose,
}: {
  sheet: NonNullable<Sheet>;
  contract: SwapContract | undefined;
  last: string;
  onClose(): void;
}) {
  if (!contract) return null;
  const { position } = sheet;
  if (sheet.kind === 'close')
    return <CloseSheet position={position} contract={contract} last={last} onClose={onClose} />;
  if (sheet.kind === 'tpsl') return <TpSlSheet position={position} contract={contract} last={last} onClose={onClose} />;
  return <MarginSheet position={position} contract={contract} onClose={onClose} />;
}
