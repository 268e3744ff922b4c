import { Button, CapsuleTabs, Tabs } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { requireLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/stores/session';
import { useCategories, useFavorites, useMarkets, useTickerFeed } from '../api';
import { MarketHeader, MarketRow } from '../components/MarketTable';
import { nextSort, type Sort, sortMarkets } from '../markets';
import { useSpotT } from '../locales';
import { SPOT_PATHS, withQuery } from '../paths';
import '../spot.css';

type ListTab = 'favorites' | 'spot';
const ALL = 'all';

/** The tab and category last chosen, kept while the app runs (the tab page is mounted afresh on each visit). */
const remembered: { tab: ListTab; category: string; sort: Sort | null } = { tab: 'spot', category: ALL, sort: null };

/** /pages/home/market — the Markets tab: favourites and spot pairs, by category, sortable, live. */
export default function MarketsPage(_props: PageProps) {
  const t = useSpotT();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.token !== null);
  useTickerFeed();
  const markets = useMarkets();
  const categories = useCategories();
  const favorites = useFavorites();
  const [tab, setTab] = useState<ListTab>(remembered.tab);
  const [category, setCategory] = useState(remembered.category);
  const [sort, setSort] = useState<Sort | null>(remembered.sort);
  const shownTab: ListTab = loggedIn ? tab : 'spot';

  const rows = useMemo(() => {
    const all = markets.data ?? [];
    let list = all;
    if (shownTab === 'favorites') {
      const wanted = new Set(favorites.data ?? []);
      list = all.filter((m) => wanted.has(m.market.symbol));
    } else if (category !== ALL) {
      const wanted = new Set(categories.data?.find((c) => c.id === category)?.symbols ?? []);
      list = all.filter((m) => wanted.has(m.market.symbol));
    }
    return sortMarkets(list, sort);
  }, [markets.data, favorites.data, categories.data, shownTab, category, sort]);

  const open = (symbol: string) => void navigate(withQuery(SPOT_PATHS.kline, { symbol }));
  const chooseTab = (key: string) => {
    const next: ListTab = key === 'favorites' ? 'favorites' : 'spot';
    remembered.tab = next;
    setTab(next);
  };

  return (
    <div className="markets">
      <header className="spot-header">
        <h1 className="spot-header__title">{t('marketsHeading')}</h1>
      </header>
      <button type="button" className="search-entry" onClick={() => void navigate(SPOT_PATHS.search)}>
        <SearchOutline />
        <span>{t('searchPlaceholder')}</span>
      </button>

      <Tabs className="spot-tabs" activeKey={shownTab} onChange={chooseTab}>
        {loggedIn && <Tabs.Tab key="favorites" title={t('tabFavorites')} />}
        <Tabs.Tab key="spot" title={t('tabSpot')} />
      </Tabs>

      {shownTab === 'spot' && (
        <CapsuleTabs
          className="spot-capsules"
          activeKey={category}
          onChange={(key) => {
            remembered.category = key;
            setCategory(key);
          }}
        >
          <CapsuleTabs.Tab key={ALL} title={t('categoryAll')} />
          {(categories.data ?? []).map((c) => (
            <CapsuleTabs.Tab key={c.id} title={c.name} />
          ))}
        </CapsuleTabs>
      )}

      <MarketHeader
        sort={sort}
        onSort={(field) => {
          const next = nextSort(sort, field);
          remembered.sort = next;
          setSort(next);
        }}
      />

      {markets.isError && <QueryError error={markets.error} onRetry={() => void markets.refetch()} />}
      {markets.isPending && <ListSkeleton rows={8} />}
      <div className="market-list">
        {rows.map((item) => (
          <MarketRow key={item.market.symbol} item={item} onOpen={open} />
        ))}
      </div>

      {markets.data && rows.length === 0 && shownTab === 'favorites' && (
        <div className="markets__empty">
          <EmptyState text={t('noFavorites')} />
          <Button size="small" shape="rounded" onClick={() => chooseTab('spot')}>
            {t('browsePairs')}
          </Button>
        </div>
      )}
      {markets.data && rows.length === 0 && shownTab === 'spot' && <EmptyState text={t('noPairs')} />}
      {!loggedIn && (
        <button type="button" className="markets__login" onClick={() => requireLogin()}>
          {t('loginForFavorites')}
        </button>
      )}
    </div>
  );
}
