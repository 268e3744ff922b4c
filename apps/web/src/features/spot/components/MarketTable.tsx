import type { MarketWithTicker } from '@bourse/contract';
import type { ReactNode } from 'react';
import { type Sort, type SortField } from '../markets';
import { useSpotT } from '../locales';
import { Amount } from '../../../components/Amount';
import { ChangeTag, Compact } from '../../../components/trading/Num';

/** One pair: base/quote and 24 h turnover, last price, 24 h change. */
export function MarketRow({ item, onOpen }: { item: MarketWithTicker; onOpen(symbol: string): void }) {
  const t = useSpotT();
  const { market, ticker } = item;
  return (
    <button type="button" className="market-row" data-symbol={market.symbol} onClick={() => onOpen(market.symbol)}>
      <span className="market-row__pair">
        <span className="market-row__name">
          <b>{market.base}</b>
          <span className="market-row__quote">/{market.quote}</span>
        </span>
        <span className="market-row__vol">
          {t('vol')} <Compact value={ticker.quoteVolume} />
        </span>
      </span>
      <Amount className="market-row__price" value={ticker.last} precision={market.pricePrecision} />
      <span className="market-row__change">
        <ChangeTag percent={ticker.changePercent} solid />
      </span>
    </button>
  );
}

function SortMark({ active }: { active: 'asc' | 'desc' | null }) {
  return (
    <span className="sort-mark" aria-hidden="true">
      <span className={active === 'asc' ? 'sort-mark--on' : undefined}>▲</span>
      <span className={active === 'desc' ? 'sort-mark--on' : undefined}>▼</span>
    </span>
  );
}

/** Column headers; with `onSort` they sort by turnover, price and change. */
export function MarketHeader({ sort, onSort }: { sort?: Sort | null; onSort?(field: SortField): void }) {
  const t = useSpotT();
  const cell = (field: SortField, label: string, className: string): ReactNode =>
    onSort ? (
      <button type="button" className={className} onClick={() => onSort(field)}>
        {label}
        <SortMark active={sort?.field === field ? sort.order : null} />
      </button>
    ) : (
      <span className={className}>{label}</span>
    );
  return (
    <div className="market-head">
      {cell('volume', t('colPairVolume'), 'market-head__pair')}
      {cell('price', t('colLastPrice'), 'market-head__price')}
      {cell('change', t('colChange'), 'market-head__change')}
    </div>
  );
}
