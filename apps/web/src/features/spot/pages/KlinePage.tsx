import { KLINE_PERIODS, type KlinePeriod } from '@bourse/contract';
import { Button, DotLoading, Tabs } from 'antd-mobile';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/BlockState';
import { NavRight, usePageTitle } from '../../../components/PageChrome';
import type { PageProps } from '../../../lib/feature';
import {
  fetchOlderCandles,
  useSpotAggregatedBook,
  useCandles,
  useKlineFeed,
  useMarket,
  useMarketEvents,
  useOrderBook,
  useSymbolFeed,
  useTickerFeed,
  useTrades,
} from '../api';
import { DepthChart } from '../../../components/trading/DepthChart';
import { EventsList } from '../components/EventsList';
import { FavoriteStar } from '../components/FavoriteStar';
import {
  MAIN_INDICATORS,
  type MainIndicator,
  SUB_INDICATORS,
  type SubIndicator,
} from '../../../components/trading/indicators';
import { OrderBook } from '../../../components/trading/OrderBook';
import { TickerHeader } from '../components/TickerHeader';
import { TradesList } from '../components/TradesList';
import { periodLabel, useSpotT } from '../locales';
import { currentSymbol, pairName, rememberSymbol, SPOT_PATHS, withQuery } from '../paths';
import '../spot.css';

/** The chart library is loaded with the chart itself, after the page's head is on screen. */
const KlineChart = lazy(() => import('../../../components/trading/KlineChart'));

type Panel = 'book' | 'depth' | 'trades' | 'events';

/** Chart choices, kept while the app runs. */
const chosen: { period: KlinePeriod; main: MainIndicator[]; sub: SubIndicator[]; panel: Panel } = {
  period: '15m',
  main: ['MA'],
  sub: ['VOL'],
  panel: 'book',
};

function toggled<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

const BOOK_ROWS = 15;
const TRADE_ROWS = 30;

/** /pages/market/kLine?symbol=BTC_USDT — ticker, candles with indicators, book, depth, trades and live events. */
export default function KlinePage({ query }: PageProps) {
  const t = useSpotT();
  const navigate = useNavigate();
  const symbol = currentSymbol(query);
  const [period, setPeriod] = useState<KlinePeriod>(chosen.period);
  const [main, setMain] = useState<MainIndicator[]>(chosen.main);
  const [sub, setSub] = useState<SubIndicator[]>(chosen.sub);
  const [panel, setPanel] = useState<Panel>(chosen.panel);
  const [bookType, setBookType] = useState(0);
  const [eventScope, setEventScope] = useState<'pair' | 'all'>('pair');

  useEffect(() => rememberSymbol(symbol), [symbol]);
  usePageTitle(pairName(symbol));
  useTickerFeed();
  useSymbolFeed(symbol);
  useKlineFeed(symbol, period);

  const market = useMarket(symbol);
  const candles = useCandles(symbol, period);
  const book = useOrderBook(symbol);
  const aggregated = useSpotAggregatedBook(symbol, bookType, book.data?.seq);
  const trades = useTrades(symbol);
  const events = useMarketEvents(eventScope === 'pair' ? symbol : null);
  const loadOlder = useCallback((before: number) => fetchOlderCandles(symbol, period, before), [symbol, period]);

  if (market.isError) return <QueryError error={market.error} onRetry={() => void market.refetch()} />;
  const item = market.data;
  if (!item) return <div className="kline kline--loading" aria-busy="true" />;
  const m = item.market;

  const trade = (side: 'buy' | 'sell') => void navigate(withQuery(SPOT_PATHS.trade, { symbol, side }));

  return (
    <div className="kline">
      <NavRight>
        <FavoriteStar symbol={symbol} />
      </NavRight>

      <TickerHeader item={item} />

      <div className="kline-periods" role="tablist" aria-label={t('period')}>
        {KLINE_PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={p === period}
            className={`kline-periods__item${p === period ? ' kline-periods__item--on' : ''}`}
            onClick={() => {
              chosen.period = p;
              setPeriod(p);
            }}
          >
            {periodLabel(t, p)}
          </button>
        ))}
      </div>

      <div className="kline-chart-box">
        {candles.isError ? (
          <QueryError error={candles.error} onRetry={() => void candles.refetch()} />
        ) : (
          <Suspense
            fallback={
              <div className="kline-chart kline-chart--loading">
                <DotLoading color="primary" />
              </div>
            }
          >
            <KlineChart
              seriesKey={`${symbol}:${period}`}
              candles={candles.data}
              period={period}
              pricePrecision={m.pricePrecision}
              quantityPrecision={m.quantityPrecision}
              main={main}
              sub={sub}
              loadOlder={loadOlder}
            />
          </Suspense>
        )}
      </div>

      <div className="kline-indicators" aria-label={t('indicators')}>
        {MAIN_INDICATORS.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={main.includes(name)}
            className={`kline-indicators__item${main.includes(name) ? ' kline-indicators__item--on' : ''}`}
            onClick={() => {
              const next = toggled(main, name);
              chosen.main = next;
              setMain(next);
            }}
          >
            {name}
          </button>
        ))}
        <span className="kline-indicators__divider" />
        {SUB_INDICATORS.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={sub.includes(name)}
            className={`kline-indicators__item${sub.includes(name) ? ' kline-indicators__item--on' : ''}`}
            onClick={() => {
              const next = toggled(sub, name);
              chosen.sub = next;
              setSub(next);
            }}
          >
            {name}
          </button>
        ))}
      </div>

      <Tabs
        className="spot-tabs spot-tabs--dense"
        activeKey={panel}
        onChange={(key) => {
          const next: Panel = key === 'depth' || key === 'trades' || key === 'events' ? key : 'book';
          chosen.panel = next;
          setPanel(next);
        }}
      >
        <Tabs.Tab key="book" title={t('orderBook')} />
        <Tabs.Tab key="depth" title={t('depth')} />
        <Tabs.Tab key="trades" title={t('trades')} />
        <Tabs.Tab key="events" title={t('events')} />
      </Tabs>

      <div className="kline-panel">
        {panel === 'book' && (
          <OrderBook
            layout="split"
            book={bookType > 0 ? aggregated.data : book.data}
            market={m}
            rows={BOOK_ROWS}
            type={bookType}
            onType={setBookType}
          />
        )}
        {panel === 'depth' && <DepthChart book={book.data} market={m} />}
        {panel === 'trades' && <TradesList trades={trades.data} market={m} rows={TRADE_ROWS} />}
        {panel === 'events' && (
          <>
            <div className="segmented" role="tablist">
              <button
                type="button"
                role="tab"
                aria-selected={eventScope === 'pair'}
                className={eventScope === 'pair' ? 'segmented__on' : undefined}
                onClick={() => setEventScope('pair')}
              >
                {t('eventsThisPair')}
              </button>
              <button
                type="button"
                role="tab"
                aria-selected={eventScope === 'all'}
                className={eventScope === 'all' ? 'segmented__on' : undefined}
                onClick={() => setEventScope('all')}
              >
                {t('eventsAllPairs')}
              </button>
            </div>
            {events.isError ? (
              <QueryError error={events.error} onRetry={() => void events.refetch()} />
            ) : (
              <EventsList
                events={events.data}
                current={symbol}
                onOpen={(s) => void navigate(withQuery(SPOT_PATHS.kline, { symbol: s }), { replace: true })}
              />
            )}
          </>
        )}
      </div>

      <div className="kline-actions">
        <Button className="kline-actions__buy" block onClick={() => trade('buy')} disabled={m.status !== 'open'}>
          {t('buy')}
        </Button>
        <Button className="kline-actions__sell" block onClick={() => trade('sell')} disabled={m.status !== 'open'}>
          {t('sell')}
        </Button>
      </div>
    </div>
  );
}
