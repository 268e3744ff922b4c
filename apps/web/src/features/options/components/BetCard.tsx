import type { OptionBet } from '@bourse/contract';
import { Amount } from '../../../components/Amount';
import { useLocale } from '../../../hooks/useLocale';
import { betStateLabel, outcomeLabel, useOptionsT } from '../locales';
import { formatClock, signOf } from '../format';
import { pairName } from '../paths';
import { countdown } from '../time';

/** One of my bets: side, amount and round; while open its countdown, once settled its prices, result and profit. */
export function BetCard({
  bet,
  now,
  pricePrecision,
  amountPrecision,
}: {
  bet: OptionBet;
  now: number;
  pricePrecision: number;
  amountPrecision: number;
}) {
  const t = useOptionsT();
  const locale = useLocale();
  const settled = bet.state !== 'open';
  const waiting = bet.roundState === 'pending';
  const profitSign = bet.profit === null ? undefined : signOf(bet.profit);
  const tone = bet.state === 'win' ? 'rise' : bet.state === 'loss' ? 'fall' : bet.state === 'open' ? 'pending' : 'flat';
  return (
    <article className="option-bet" data-testid="option-bet" data-state={bet.state}>
      <header className="option-bet__head">
        <span className={`option-bet__side option-bet__side--${bet.side}`}>
          {bet.side === 'up' ? t('up') : t('down')}
        </span>
        <strong>{pairName(bet.symbol)}</strong>
        <span className="option-bet__period">{t('periodSeconds', { seconds: bet.period })}</span>
        <span className="option-bet__round">{t('roundNumber', { number: bet.number })}</span>
        <span className={`option-bet__state option-bet__state--${tone}`} data-testid="bet-state">
          {betStateLabel(t, bet.state, bet.roundState)}
          {!settled && <span className="num"> {countdown((waiting ? bet.openAt : bet.closeAt) - now)}</span>}
        </span>
      </header>
      <dl className="option-bet__grid">
        <div>
          <dt>{t('stake')}</dt>
          <dd>
            <Amount value={bet.amount} precision={amountPrecision} />
          </dd>
        </div>
        <div>
          <dt>{waiting ? t('estimatedOpen') : t('openAt')}</dt>
          <dd className="num">{formatClock(bet.openAt, locale)}</dd>
        </div>
        <div>
          <dt>{t('openPrice')}</dt>
          <dd>
            <Amount value={bet.openPrice} precision={pricePrecision} />
          </dd>
        </div>
        {settled ? (
          <>
            <div>
              <dt>{t('closePrice')}</dt>
              <dd>
                <Amount value={bet.closePrice} precision={pricePrecision} />
              </dd>
            </div>
            <div>
              <dt>{t('result')}</dt>
              <dd>{bet.outcome ? outcomeLabel(t, bet.outcome) : '--'}</dd>
            </div>
            <div>
              <dt>{t('profit')}</dt>
              <dd className={profitSign === '+' ? 'rise' : profitSign === '-' ? 'fall' : ''}>
                <Amount
                  value={bet.profit?.replace(/^-/, '')}
                  precision={amountPrecision}
                  sign={profitSign}
                  className="option-bet__profit"
                />
              </dd>
            </div>
          </>
        ) : (
          <div>
            <dt>{t('fee')}</dt>
            <dd>
              <Amount value={bet.fee} precision={amountPrecision} trim />
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}
