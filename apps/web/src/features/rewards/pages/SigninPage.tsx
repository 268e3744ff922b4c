import { Button } from 'antd-mobile';
import { CheckCircleFill, GiftOutline } from 'antd-mobile-icons';
import { QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import { useRequestId } from '../../../hooks/useRequestId';
import type { PageProps } from '../../../lib/feature';
import { toast } from '../../../lib/toast';
import { useCheckin, useCheckIn } from '../api';
import { utcDate } from '../fair';
import { useRewardsT } from '../locales';
import '../rewards.css';

/** /pages/Signin/Signin — daily check-in: the 7-day calendar of the streak, today's claim, recent check-ins. */
export default function SigninPage(_props: PageProps) {
  const t = useRewardsT();
  const state = useCheckin();
  const checkIn = useCheckIn();
  const request = useRequestId();

  if (state.isPending) return <DelayedLoading />;
  if (state.isError) return <QueryError error={state.error} onRetry={() => void state.refetch()} />;
  const s = state.data;
  const todayCell = s.calendar.find((d) => d.today);

  const claim = async () => {
    try {
      const result = await checkIn.mutateAsync(request.id);
      request.settled();
      toast(t('checkinDone', { amount: result.amount, asset: result.asset }), 'success');
    } catch (e) {
      // The server's message was shown; a new id for the next try only once it answered.
      request.settled(e);
    }
  };

  return (
    <div className="rw-signin">
      <section className="rw-signin__head">
        <div className="rw-signin__streak">
          <span className="rw-muted">{t('streak')}</span>
          <strong className="num" data-testid="checkin-streak">
            {t('streakDays', { n: s.streak })}
          </strong>
        </div>
        <GiftOutline className="rw-signin__gift" />
      </section>
      <section className="rw-card">
        <ol className="rw-calendar" aria-label={t('streak')}>
          {s.calendar.map((d) => (
            <li
              key={d.day}
              className={`rw-calendar__day${d.claimed ? ' is-claimed' : ''}${d.today ? ' is-today' : ''}`}
              data-testid={`checkin-day-${d.day}`}
            >
              <span className="rw-calendar__label">{t('day', { n: d.day })}</span>
              {d.claimed ? <CheckCircleFill className="rw-calendar__check" /> : <GiftOutline />}
              <span className="num rw-calendar__amount">
                {d.amount}
                {d.double && <em className="rw-calendar__double">{t('double')}</em>}
              </span>
            </li>
          ))}
        </ol>
        {s.checkedToday ? (
          <Button block disabled color="primary" className="rw-signin__button">
            {t('checkedIn')}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            className="rw-signin__button"
            loading={checkIn.isPending}
            disabled={!s.poolOk}
            onClick={() => void claim()}
          >
            {t('checkIn')} +{todayCell?.amount} {s.asset}
          </Button>
        )}
        {s.checkedToday && <p className="rw-muted rw-center">{t('nextCheckin', { n: (s.streak % 7) + 1 })}</p>}
        {!s.poolOk && !s.checkedToday && <p className="rw-warning">{t('poolEmpty')}</p>}
        <p className="rw-muted">{t('checkinRule')}</p>
        <p className="rw-muted">{t('goldWallet')}</p>
      </section>
      <section className="rw-card">
        <h3 className="rw-card__title">{t('history')}</h3>
        {s.history.length === 0 ? (
          <p className="rw-muted">{t('noHistory')}</p>
        ) : (
          <ul className="rw-list">
            {s.history.map((h) => (
              <li key={h.day} className="rw-list__row">
                <span className="num">{utcDate(h.day)}</span>
                <span className="rw-muted">{t('day', { n: ((h.streak - 1) % 7) + 1 })}</span>
                <span className="num rw-plus">
                  +{h.amount} {s.asset}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
