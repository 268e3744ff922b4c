import type { PublicTrade, SpotMarket } from '@bourse/contract';
import { EmptyState } from '../../../components/BlockState';
import { useLocale } from '../../../hooks/useLocale';
import { useSpotT } from '../locales';
import { useTradingT } from '../../../components/trading/locales';
import { Amount } from '../../../components/Amount';

/** Clock time of a trade (hours, minutes, seconds) in the reader's language. */
export function useClock(): (ms: number) => string {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  return (ms) => format.format(ms);
}

/** The latest public trades: time, price (coloured by the taker's side), amount. */
export function TradesList({
  trades,
  market,
  rows,
}: {
  trades: readonly PublicTrade[] | undefined;
  market: Pick<SpotMarket, 'base' | 'quote' | 'pricePrecision' | 'quantityPrecision'>;
  rows: number;
}) {
  const t = useSpotT();
  const tt = useTradingT();
  const clock = useClock();
  return (
    <div className="trades">
      <div className="trades__head">
        <span>{t('time')}</span>
        <span>{tt('priceIn', { asset: market.quote })}</span>
        <span>{tt('amountIn', { asset: market.base })}</span>
      </div>
      {trades?.slice(0, rows).map((trade) => (
        <div key={trade.id} className="trades__row">
          <span className="num muted">{clock(trade.ts)}</span>
          <Amount
            className={trade.side === 'buy' ? 'rise' : 'fall'}
            value={trade.price}
            precision={market.pricePrecision}
          />
          <Amount value={trade.quantity} precision={market.quantityPrecision} />
        </div>
      ))}
      {trades && trades.length === 0 && <EmptyState text={t('noTrades')} />}
    </div>
  );
}
