import type { MarketWithTicker } from '@bourse/contract';
import { CapsuleTabs, Skeleton, Tabs } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/BlockState';
import { useRegistry } from '../../../lib/registry';
import { useCategories, useHomeList, useMarkets, useTickerFeed } from '../api';
import { sortMarkets } from '../markets';
import { useSpotT } from '../locales';
import { pairName, SPOT_PATHS, withQuery } from '../paths';
import { Amount } from '../../../components/Amount';
import { ChangeTag, trendOf } from '../../../components/trading/Num';
import { MarketHeader, MarketRow } from './MarketTable';
import '../spot.css';

const HOT_CARDS = 3;
const LIST_ROWS = 5;
type Ranking = 'gainers' | 'losers' | 'volume';

/** The home page's market block: hot pairs, top lists and the categories with their pairs, all live. */
export default function HomeMarkets() {
  const t = useSpotT();
  const navigate = useNavigate();
  const { hasRoute } = useRegistry();
  useTickerFeed();
  const home = useHomeList();
  const markets = useMarkets();
  const categories = useCategories();
  const [ranking, setRanking] = useState<Ranking>('gainers');
  const [category, setCategory] = useState<string>('');

  const open = (symbol: string) => void navigate(withQuery(SPOT_PATHS.kline, { symbol }));

  const ranked = useMemo(() => {
    const lists = home.data;
    if (!lists) return [];
    if (ranking === 'gainers') return sortMarkets(lists.gainers, { field: 'change', order: 'desc' });
    if (ranking === 'losers') return sortMarkets(lists.losers, { field: 'change', order: 'asc' });
    return sortMarkets(lists.volume, { field: 'volume', order: 'desc' });
  }, [home.data, ranking]);

  const activeCategory = categories.data?.find((c) => c.id === category) ?? categories.data?.[0];
  const categoryMarkets = useMemo(() => {
    const wanted = new Set(activeCategory?.symbols ?? []);
    return sortMarkets(
      (markets.data ?? []).filter((m) => wanted.has(m.market.symbol)),
      null,
    );
  }, [markets.data, activeCategory]);

  if (home.isError) {
    return (
      <section className="home-markets">
        <QueryError error={home.error} onRetry={() => void home.refetch()} />
      </section>
    );
  }

  return (
    <section className="home-markets" aria-label={t('marketsOverview')}>
      <div className="home-markets__hot">
        {home.data
          ? home.data.hot
              .slice(0, HOT_CARDS)
              .map((item) => <HotCard key={item.market.symbol} item={item} onOpen={open} />)
          : Array.from({ length: HOT_CARDS }, (_, i) => (
              <div key={i} className="hot-card hot-card--loading">
                <Skeleton.Paragraph lineCount={3} animated />
              </div>
            ))}
      </div>

      <div className="card home-markets__card">
        <div className="home-markets__title">
          <Tabs
            className="spot-tabs spot-tabs--compact"
            activeKey={ranking}
            onChange={(key) => setRanking(key === 'losers' || key === 'volume' ? key : 'gainers')}
          >
            <Tabs.Tab key="gainers" title={t('gainers')} />
            <Tabs.Tab key="losers" title={t('losers')} />
            <Tabs.Tab key="volume" title={t('turnoverRank')} />
          </Tabs>
          {hasRoute(SPOT_PATHS.markets) && (
            <button type="button" className="section__more" onClick={() => void navigate(SPOT_PATHS.markets)}>
              {t('more')}
              <RightOutline />
            </button>
          )}
        </div>
        <MarketHeader />
        {ranked.slice(0, LIST_ROWS).map((item) => (
          <MarketRow key={item.market.symbol} item={item} onOpen={open} />
        ))}
      </div>

      {categories.data && categories.data.length > 0 && (
        <div className="card home-markets__card">
          <div className="home-markets__heading">{t('categories')}</div>
          <CapsuleTabs
            className="spot-capsules"
            activeKey={activeCategory?.id ?? ''}
            onChange={(key) => setCategory(key)}
          >
            {categories.data.map((c) => (
              <CapsuleTabs.Tab key={c.id} title={c.name} />
            ))}
          </CapsuleTabs>
          <MarketHeader />
          {categoryMarkets.map((item) => (
            <MarketRow key={item.market.symbol} item={item} onOpen={open} />
          ))}
        </div>
      )}
    </section>
  );
}

function HotCard({ item, onOpen }: { item: MarketWithTicker; onOpen(symbol: string): void }) {
  const { market, ticker } = item;
  return (
    <button type="button" className="hot-card" data-symbol={market.symbol} onClick={() => onOpen(market.symbol)}>
      <span className="hot-card__pair">{pairName(market.symbol)}</span>
      <Amount
        className={`hot-card__price trend-${trendOf(ticker.changePercent)}`}
        value={ticker.last}
        precision={market.pricePrecision}
      />
      <ChangeTag percent={ticker.changePercent} />
    </button>
  );
}
