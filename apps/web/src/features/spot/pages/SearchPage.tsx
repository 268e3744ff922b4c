import { SearchBar } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { useCategories, useMarkets, useTickerFeed } from '../api';
import { MarketHeader, MarketRow } from '../components/MarketTable';
import { coinsOf, matchesSearch, sortMarkets } from '../markets';
import { useSpotT } from '../locales';
import { SPOT_PATHS, withQuery } from '../paths';
import '../spot.css';

/** /pages/index/serarchType — search coins and pairs; hot pairs while nothing is typed. */
export default function SearchPage({ query }: PageProps) {
  const t = useSpotT();
  const navigate = useNavigate();
  useTickerFeed();
  const markets = useMarkets();
  const categories = useCategories();
  const [text, setText] = useState(query.q ?? '');

  const categoryName = useMemo(() => {
    const names = new Map<string, string>();
    for (const c of categories.data ?? []) for (const s of c.symbols) names.set(s, c.name);
    return names;
  }, [categories.data]);

  const all = useMemo(() => sortMarkets(markets.data ?? [], null), [markets.data]);
  const searching = text.trim() !== '';
  const pairs = useMemo(() => all.filter((m) => matchesSearch(m, text)), [all, text]);
  const coins = useMemo(() => (searching ? coinsOf(pairs) : []), [pairs, searching]);
  const hot = useMemo(() => all.filter((m) => m.market.hot), [all]);

  const open = (symbol: string) => void navigate(withQuery(SPOT_PATHS.kline, { symbol }));

  return (
    <div className="search">
      <div className="search__bar">
        <SearchBar
          autoFocus
          placeholder={t('searchPlaceholder')}
          value={text}
          onChange={setText}
          onSearch={() => {
            const first = pairs[0];
            if (first) open(first.market.symbol);
          }}
        />
      </div>

      {markets.isError && <QueryError error={markets.error} onRetry={() => void markets.refetch()} />}
      {markets.isPending && <ListSkeleton rows={6} />}

      {searching && coins.length > 0 && (
        <section className="search__section">
          <h2 className="search__heading">{t('coins')}</h2>
          <div className="coin-chips">
            {coins.map(({ coin, markets: ofCoin }) => (
              <button
                key={coin}
                type="button"
                className="coin-chip"
                onClick={() => {
                  const first = ofCoin[0];
                  if (first) open(first.market.symbol);
                }}
              >
                <b>{coin}</b>
                <span className="coin-chip__sub">
                  {categoryName.get(ofCoin[0]?.market.symbol ?? '') ?? ''}
                  {ofCoin.length > 1 ? ` · ${t('pairCount', { count: ofCoin.length })}` : ''}
                </span>
              </button>
            ))}
          </div>
        </section>
      )}

      {markets.data && (
        <section className="search__section">
          <h2 className="search__heading">{searching ? t('pairs') : t('hotPairs')}</h2>
          <MarketHeader />
          {(searching ? pairs : hot).map((item) => (
            <MarketRow key={item.market.symbol} item={item} onOpen={open} />
          ))}
          {searching && pairs.length === 0 && <EmptyState text={t('noResults', { query: text.trim() })} />}
        </section>
      )}
    </div>
  );
}
