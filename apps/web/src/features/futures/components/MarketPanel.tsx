import { KLINE_PERIODS, type KlinePeriod, type SwapContract } from '@bourse/contract';
import { DotLoading } from 'antd-mobile';
import { lazy, Suspense, useCallback, useState } from 'react';
import { QueryError } from '../../../components/BlockState';
import { DepthChart } from '../../../components/trading/DepthChart';
import type { BookView } from '../../../lib/trading/book';
import { fetchOlderCandles, useCandles, useKlineFeed, useTrades } from '../api';
import { periodLabel, useFuturesT } from '../locales';
import { bookMarketOf } from '../format';
import { TradesTape } from './TradesTape';

/** The chart library is loaded with the chart itself, once the panel is opened. */
const KlineChart = lazy(() => import('../../../components/trading/KlineChart'));

type Panel = 'chart' | 'depth' | 'trades';

/** Choices kept while the app runs. */
const chosen: { period: KlinePeriod; panel: Panel } = { period: '15m', panel: 'chart' };

const TRADE_ROWS = 20;

/**
 * The contract's market beside the order form: candles (the trading kit's chart, live on `swap-kline`), the depth
 * chart of the book the page already follows, and the latest trades (live on `swap-ticker`).
 */
export function MarketPanel({ contract, book }: { contract: SwapContract; book: BookView | undefined }) {
  const t = useFuturesT();
  const symbol = contract.symbol;
  const [panel, setPanel] = useState<Panel>(chosen.panel);
  const [period, setPeriod] = useState<KlinePeriod>(chosen.period);
  useKlineFeed(panel === 'chart' ? symbol : '', period);
  const candles = useCandles(panel === 'chart' ? symbol : '', period);
  const trades = useTrades(symbol);
  const loadOlder = useCallback((before: number) => fetchOlderCandles(symbol, period, before), [symbol, period]);
  const panels: { key: Panel; label: string }[] = [
    { key: 'chart', label: t('chart') },
    { key: 'depth', label: t('depth') },
    { key: 'trades', label: t('trades') },
  ];
  return (
    <section className="fut-panel" data-testid="fut-market-panel">
      <div className="fut-panel__tabs" role="tablist">
        {panels.map((p) => (
          <button
            key={p.key}
            type="button"
            role="tab"
            aria-selected={panel === p.key}
            className={`fut-panel__tab${panel === p.key ? ' fut-panel__tab--on' : ''}`}
            onClick={() => {
              chosen.panel = p.key;
              setPanel(p.key);
            }}
          >
            {p.label}
          </button>
        ))}
      </div>
      {panel === 'chart' && (
        <>
          <div className="fut-periods" role="tablist" aria-label={t('period')}>
            {KLINE_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                role="tab"
                aria-selected={p === period}
                className={`fut-periods__item${p === period ? ' fut-periods__item--on' : ''}`}
                onClick={() => {
                  chosen.period = p;
                  setPeriod(p);
                }}
              >
                {periodLabel(t, p)}
              </button>
            ))}
          </div>
          <div className="fut-panel__chart">
            {candles.isError ? (
              <QueryError error={candles.error} onRetry={() => void candles.refetch()} />
            ) : (
              <Suspense
                fallback={
                  <div className="fut-panel__loading">
                    <DotLoading color="primary" />
                  </div>
                }
              >
                <KlineChart
                  seriesKey={`swap:${symbol}:${period}`}
                  candles={candles.data}
                  period={period}
                  pricePrecision={contract.pricePrecision}
                  quantityPrecision={contract.sizePrecision}
                  main={['MA']}
                  sub={['VOL']}
                  loadOlder={loadOlder}
                />
              </Suspense>
            )}
          </div>
        </>
      )}
      {panel === 'depth' && (
        <div className="fut-panel__body">
          <DepthChart book={book} market={bookMarketOf(contract, t('lotsUnit'))} />
        </div>
      )}
      {panel === 'trades' && (
        <div className="fut-panel__body">
          <TradesTape trades={trades.data} contract={contract} rows={TRADE_ROWS} />
        </div>
      )}
    </section>
  );
}
