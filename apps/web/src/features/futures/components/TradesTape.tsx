import type { PublicTrade } from '@bourse/contract';
import { Amount } from '../../../components/Amount';
import { EmptyState } from '../../../components/BlockState';
import { useTradingT } from '../../../components/trading/locales';
import { useLocale } from '../../../hooks/useLocale';
import type { ContractPrecisions } from '../format';
import { useFuturesT } from '../locales';

/** The contract's latest public trades: time, price (coloured by the taker's side), quantity in the base asset. */
export function TradesTape({
  trades,
  contract,
  rows,
}: {
  trades: readonly PublicTrade[] | undefined;
  contract: ContractPrecisions;
  rows: number;
}) {
  const t = useFuturesT();
  const tt = useTradingT();
  const locale = useLocale();
  const clock = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  return (
    <div className="fut-trades" data-testid="fut-trades">
      <div className="fut-trades__head">
        <span>{t('time')}</span>
        <span>{tt('priceIn', { asset: contract.quote })}</span>
        <span>{tt('amountIn', { asset: contract.base })}</span>
      </div>
      {trades?.slice(0, rows).map((trade) => (
        <div key={trade.id} className="fut-trades__row">
          <span className="num fut-muted">{clock.format(trade.ts)}</span>
          <Amount
            className={trade.side === 'buy' ? 'trend-rise' : 'trend-fall'}
            value={trade.price}
            precision={contract.pricePrecision}
          />
          <Amount value={trade.quantity} precision={contract.sizePrecision} trim />
        </div>
      ))}
      {trades && trades.length === 0 && <EmptyState text={t('nothingHere')} />}
    </div>
  );
}
