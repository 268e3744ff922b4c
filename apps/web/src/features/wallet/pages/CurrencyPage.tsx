import { SearchBar } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, QueryError } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { availableOf, useBalances, useCoins } from '../api';
import { Amount } from '../../../components/Amount';
import { CoinIcon } from '../../../components/CoinIcon';
import { useWalletT } from '../locales';
import { WALLET_PATHS, withQuery } from '../paths';
import '../wallet.css';

/** /pages/usreMei/currency?type=recharge|withdraw — the coin picker in front of deposit and withdraw. */
export default function CurrencyPage({ query }: PageProps) {
  const t = useWalletT();
  const navigate = useNavigate();
  const coins = useCoins();
  const balances = useBalances();
  const [search, setSearch] = useState('');
  const withdraw = query.type === 'withdraw';
  const target = withdraw ? WALLET_PATHS.withdraw : WALLET_PATHS.recharge;

  const shown = useMemo(() => {
    const q = search.trim().toUpperCase();
    return (coins.data ?? [])
      .filter((c) => c.networks.some((n) => (withdraw ? n.withdrawEnabled : n.depositEnabled)))
      .filter((c) => q === '' || c.asset.includes(q) || c.name.toUpperCase().includes(q));
  }, [coins.data, search, withdraw]);

  return (
    <div className="wallet">
      <div className="currency__hint">{withdraw ? t('chooseCoinWithdraw') : t('chooseCoinDeposit')}</div>
      <SearchBar placeholder={t('searchCoin')} value={search} onChange={setSearch} className="currency__search" />
      {coins.isError && <QueryError error={coins.error} onRetry={() => void coins.refetch()} />}
      <div className="coin-list">
        {coins.data && shown.length === 0 && <EmptyState text={t('noCoinFound')} />}
        {shown.map((c) => (
          <button
            key={c.asset}
            type="button"
            className="coin-list-item"
            onClick={() => void navigate(withQuery(target, { coin: c.asset }), { replace: query.replace === '1' })}
          >
            <CoinIcon asset={c.asset} />
            <span className="coin-list-item__text">
              <span className="coin-list-item__code">{c.asset}</span>
              <span className="coin-list-item__name">{c.name}</span>
            </span>
            <Amount
              className="coin-list-item__amount"
              value={availableOf(balances.data, 'spot', c.asset)}
              precision={c.displayPrecision}
              sensitive
            />
          </button>
        ))}
      </div>
    </div>
  );
}
