import { Popup, SearchBar } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/BlockState';
import { useWalletT } from '../locales';
import { Amount } from '../../../components/Amount';
import { CoinIcon } from '../../../components/CoinIcon';

export interface PickableCoin {
  asset: string;
  name: string;
  available: string;
  displayPrecision: number;
}

/** A searchable list of coins with what is available of each; used where the coin is picked in place. */
export function CoinPickerPopup({
  visible,
  coins,
  onSelect,
  onClose,
}: {
  visible: boolean;
  coins: readonly PickableCoin[];
  onSelect(asset: string): void;
  onClose(): void;
}) {
  const t = useWalletT();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toUpperCase();
    return q === '' ? coins : coins.filter((c) => c.asset.includes(q) || c.name.toUpperCase().includes(q));
  }, [coins, search]);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="coin-popup">
      <h2 className="coin-popup__title">{t('chooseCoin')}</h2>
      <SearchBar placeholder={t('searchCoin')} value={search} onChange={setSearch} className="coin-popup__search" />
      <div className="coin-popup__list">
        {shown.length === 0 && <EmptyState text={t('noCoinFound')} />}
        {shown.map((c) => (
          <button
            key={c.asset}
            type="button"
            className="coin-list-item"
            onClick={() => {
              onSelect(c.asset);
              onClose();
            }}
          >
            <CoinIcon asset={c.asset} />
            <span className="coin-list-item__text">
              <span className="coin-list-item__code">{c.asset}</span>
              <span className="coin-list-item__name">{c.name}</span>
            </span>
            <Amount className="coin-list-item__amount" value={c.available} precision={c.displayPrecision} sensitive />
          </button>
        ))}
      </div>
    </Popup>
  );
}
