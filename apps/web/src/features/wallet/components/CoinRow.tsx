import { RightOutline } from 'antd-mobile-icons';
import { useWalletT } from '../locales';
import { CoinIcon } from '../../../components/CoinIcon';

/** The chosen coin as a tappable row that opens the coin picker. */
export function CoinRow({ asset, name, onClick }: { asset: string; name?: string; onClick(): void }) {
  const t = useWalletT();
  return (
    <div className="wallet-field">
      <div className="wallet-field__label">{t('coin')}</div>
      <button type="button" className="coin-row" onClick={onClick} aria-label={t('chooseCoin')}>
        <CoinIcon asset={asset} />
        <span className="coin-row__code">{asset}</span>
        {name && <span className="coin-row__name">{name}</span>}
        <RightOutline className="coin-row__chevron" />
      </button>
    </div>
  );
}
