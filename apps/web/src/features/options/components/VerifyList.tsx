import { Amount } from '../../../components/Amount';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { useLocale } from '../../../hooks/useLocale';
import { useVerifiedRounds } from '../api';
import { formatClock } from '../format';
import { outcomeLabel, useOptionsT } from '../locales';
import { checkRound } from '../verify';

/** The pair's last finished rounds of the period, each recomputed here from the public series it was settled from. */
export function VerifyList({ symbol, period, precision }: { symbol: string; period: number; precision: number }) {
  const t = useOptionsT();
  const locale = useLocale();
  const query = useVerifiedRounds(symbol, period, true);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <ListSkeleton rows={3} />;
  if (query.data.length === 0) return <EmptyState text={t('noFinishedRounds')} />;
  return (
    <>
      {query.data.map((detail) => {
        const { round } = detail;
        const ok = checkRound(detail) === 'matches';
        return (
          <article key={round.id} className="option-bet" data-testid="verified-round" data-check={ok ? 'ok' : 'bad'}>
            <header className="option-bet__head">
              <strong>{t('roundNumber', { number: round.number })}</strong>
              <span className="option-bet__period num">
                {formatClock(round.openAt, locale)} – {formatClock(round.closeAt, locale)}
              </span>
              <span className={`option-bet__state option-bet__state--${ok ? 'rise' : 'fall'}`}>
                {ok ? t('verified') : t('notVerified')}
              </span>
            </header>
            <dl className="option-bet__grid">
              <div>
                <dt>{t('openPrice')}</dt>
                <dd>
                  <Amount value={round.openPrice} precision={precision} />
                </dd>
              </div>
              <div>
                <dt>{t('closePrice')}</dt>
                <dd>
                  <Amount value={round.closePrice} precision={precision} />
                </dd>
              </div>
              <div>
                <dt>{t('result')}</dt>
                <dd>{round.outcome ? outcomeLabel(t, round.outcome) : t('stateVoid')}</dd>
              </div>
              <div>
                <dt>{t('seriesSource')}</dt>
                <dd>{round.source ?? '--'}</dd>
              </div>
              <div>
                <dt>{t('seriesPoints')}</dt>
                <dd className="num">{detail.series.points.length}</dd>
              </div>
              <div>
                <dt>{t('roundBets')}</dt>
                <dd className="num">{round.bets}</dd>
              </div>
            </dl>
          </article>
        );
      })}
    </>
  );
}
