import type { SwapContractWithTicker } from '@bourse/contract';
import { Amount } from '../../../components/Amount';
import { useLocale } from '../../../hooks/useLocale';
import { formatAmount } from '../../../lib/format';
import { countdownText, magnitude, ratePercentSigned, trendOfSigned } from '../figures';
import { useFuturesT } from '../locales';
import { useNow } from '../useNow';

/** A funding rate as a signed percent with four decimals ("0.0100%", "−0.0250%"). */
export function FundingRate({ rate, className }: { rate: string; className?: string }) {
  const locale = useLocale();
  const percent = ratePercentSigned(rate);
  const trend = trendOfSigned(percent);
  return (
    <span className={`num trend-${trend}${className ? ` ${className}` : ''}`}>
      {trend === 'fall' ? '−' : ''}
      {formatAmount(magnitude(percent), 4, locale)}%
    </span>
  );
}

/** Time left to the next funding instant, ticking each second. */
export function FundingCountdown({ next }: { next: number }) {
  const now = useNow();
  return <span className="num">{countdownText(next, now)}</span>;
}

/** Mark price, index price, and the predicted funding rate with the countdown to the next funding instant. */
export function MarkStrip({ item }: { item: SwapContractWithTicker }) {
  const t = useFuturesT();
  const { contract, ticker } = item;
  return (
    <dl className="fut-mark">
      <div>
        <dt>{t('mark')}</dt>
        <dd data-testid="fut-mark">
          <Amount value={ticker.mark} precision={contract.pricePrecision} />
        </dd>
      </div>
      <div>
        <dt>{t('index')}</dt>
        <dd>
          <Amount value={ticker.index} precision={contract.pricePrecision} />
        </dd>
      </div>
      <div className="fut-mark__funding">
        <dt>{t('fundingCountdown')}</dt>
        <dd>
          <FundingRate rate={ticker.fundingRate} /> / <FundingCountdown next={ticker.nextFundingTime} />
        </dd>
      </div>
    </dl>
  );
}
