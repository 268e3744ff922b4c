import type { MarketWithTicker } from '@bourse/contract';
import { useSpotT } from '../locales';
import { Amount } from '../../../components/Amount';
import { ChangeTag, Compact, trendOf } from '../../../components/trading/Num';

/** The chart page's head: last price and 24 h change on the left, high, low, volume and turnover on the right. */
export function TickerHeader({ item }: { item: MarketWithTicker }) {
  const t = useSpotT();
  const { market, ticker } = item;
  const trend = trendOf(ticker.changePercent);
  const change = ticker.change.startsWith('-') ? ticker.change.slice(1) : ticker.change;
  return (
    <section className="ticker-head">
      <div className="ticker-head__main">
        <Amount className={`ticker-head__last trend-${trend}`} value={ticker.last} precision={market.pricePrecision} />
        <div className="ticker-head__change">
          <span className={`num trend-${trend}`}>
            {trend === 'fall' ? '−' : trend === 'rise' ? '+' : ''}
            <Amount value={change} precision={market.pricePrecision} />
          </span>
          <ChangeTag percent={ticker.changePercent} />
        </div>
      </div>
      <dl className="ticker-head__stats">
        <dt>{t('high24h')}</dt>
        <dd>
          <Amount value={ticker.high} precision={market.pricePrecision} />
        </dd>
        <dt>{t('low24h')}</dt>
        <dd>
          <Amount value={ticker.low} precision={market.pricePrecision} />
        </dd>
        <dt>{t('volume24h', { asset: market.base })}</dt>
        <dd>
          <Compact value={ticker.volume} />
        </dd>
        <dt>{t('turnover24h', { asset: market.quote })}</dt>
        <dd>
          <Compact value={ticker.quoteVolume} />
        </dd>
      </dl>
    </section>
  );
}
