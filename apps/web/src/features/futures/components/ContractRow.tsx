import type { SwapContractWithTicker } from '@bourse/contract';
import { Amount } from '../../../components/Amount';
import { ChangeTag, Compact } from '../../../components/trading/Num';
import { useFuturesT } from '../locales';
import { contractName } from '../paths';

/** One contract: name with its "Perpetual" tag and 24 h turnover, last price (mark below), 24 h change. */
export function ContractRow({ item, onOpen }: { item: SwapContractWithTicker; onOpen(symbol: string): void }) {
  const t = useFuturesT();
  const { contract, ticker } = item;
  return (
    <button type="button" className="fut-row" data-symbol={contract.symbol} onClick={() => onOpen(contract.symbol)}>
      <span className="fut-row__name">
        <span className="fut-row__title">
          <b>{contractName(contract.symbol)}</b>
          <span className="fut-tag">{t('perpetual')}</span>
        </span>
        <span className="fut-row__sub">
          {t('vol')} <Compact value={ticker.quoteVolume} />
        </span>
      </span>
      <span className="fut-row__price">
        <Amount value={ticker.last} precision={contract.pricePrecision} />
        <span className="fut-row__sub">
          {t('mark')} <Amount value={ticker.mark} precision={contract.pricePrecision} />
        </span>
      </span>
      <span className="fut-row__change">
        <ChangeTag percent={ticker.changePercent} solid />
      </span>
    </button>
  );
}

/** Column headers of a contract list. */
export function ContractHeader() {
  const t = useFuturesT();
  return (
    <div className="fut-row-head">
      <span>{t('colContractVolume')}</span>
      <span className="fut-row-head__price">{t('colLastPrice')}</span>
      <span className="fut-row-head__change">{t('colChange')}</span>
    </div>
  );
}
