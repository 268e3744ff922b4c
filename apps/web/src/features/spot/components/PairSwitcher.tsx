import { Popup, SearchBar } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useMarkets, useTickerFeed } from '../api';
import { matchesSearch, sortMarkets } from '../markets';
import { useSpotT } from '../locales';
import { MarketHeader, MarketRow } from './MarketTable';

/** A drawer listing every pair (live while open), with a search; choosing one closes it. */
export function PairSwitcher({
  visible,
  onClose,
  onChoose,
}: {
  visible: boolean;
  onClose(): void;
  onChoose(symbol: string): void;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="left"
      bodyClassName="pair-switcher"
      destroyOnClose
    >
      <PairList onClose={onClose} onChoose={onChoose} />
    </Popup>
  );
}

function PairList({ onClose, onChoose }: { onClose(): void; onChoose(symbol: string): void }) {
  const t = useSpotT();
  useTickerFeed();
  const markets = useMarkets();
  const [text, setText] = useState('');
  const rows = useMemo(
    () => sortMarkets(markets.data ?? [], null).filter((m) => matchesSearch(m, text)),
    [markets.data, text],
  );
  return (
    <>
      <div className="pair-switcher__title">{t('selectPair')}</div>
      <div className="pair-switcher__search">
        <SearchBar placeholder={t('searchPairs')} value={text} onChange={setText} />
      </div>
      <MarketHeader />
      <div className="pair-switcher__list">
        {rows.map((item) => (
          <MarketRow
            key={item.market.symbol}
            item={item}
            onOpen={(symbol) => {
              onChoose(symbol);
              onClose();
            }}
          />
        ))}
      </div>
    </>
  );
}
