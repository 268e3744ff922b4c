import { Popup, SearchBar } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { useContracts, useTickerFeed } from '../api';
import { matchesContract, sortContracts } from '../contracts';
import { useFuturesT } from '../locales';
import { ContractHeader, ContractRow } from './ContractRow';

/** A drawer listing every contract (live while open), with a search; choosing one closes it. */
export function ContractSwitcher({
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
      bodyClassName="fut-switcher"
      destroyOnClose
    >
      <ContractList onClose={onClose} onChoose={onChoose} />
    </Popup>
  );
}

function ContractList({ onClose, onChoose }: { onClose(): void; onChoose(symbol: string): void }) {
  const t = useFuturesT();
  const contracts = useContracts();
  const [text, setText] = useState('');
  const rows = useMemo(
    () => sortContracts(contracts.data ?? []).filter((c) => matchesContract(c, text)),
    [contracts.data, text],
  );
  useTickerFeed(useMemo(() => rows.map((r) => r.contract.symbol), [rows]));
  return (
    <>
      <div className="fut-switcher__title">{t('selectContract')}</div>
      <div className="fut-switcher__search">
        <SearchBar placeholder={t('searchContracts')} value={text} onChange={setText} />
      </div>
      <ContractHeader />
      <div className="fut-switcher__list">
        {contracts.isError && <QueryError error={contracts.error} onRetry={() => void contracts.refetch()} />}
        {contracts.isPending && <ListSkeleton rows={6} />}
        {rows.map((item) => (
          <ContractRow
            key={item.contract.symbol}
            item={item}
            onOpen={(symbol) => {
              onChoose(symbol);
              onClose();
            }}
          />
        ))}
        {contracts.data && rows.length === 0 && <EmptyState text={t('noContracts')} />}
      </div>
    </>
  );
}
