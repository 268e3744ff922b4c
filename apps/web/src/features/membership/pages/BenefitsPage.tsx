import { QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import { useLocale } from '../../../hooks/useLocale';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { useBenefits } from '../api';
import { useMembershipT } from '../locales';
import '../membership.css';

/** /pages/member/shou — the benefits received: the discounts actually given (from their records), limit, purchases. */
export default function BenefitsPage(_props: PageProps) {
  const t = useMembershipT();
  const locale = useLocale();
  const benefits = useBenefits();

  if (benefits.isPending) return <DelayedLoading />;
  if (benefits.isError) return <QueryError error={benefits.error} onRetry={() => void benefits.refetch()} />;
  const b = benefits.data;

  return (
    <div className="mb-page">
      <section className="mb-card">
        <h3 className="mb-card__title">{t('received')}</h3>
        {b.totals.length === 0 ? (
          <p className="mb-muted">{t('nothingYet')}</p>
        ) : (
          <ul className="mb-list" data-testid="benefit-totals">
            {b.totals.map((row) => (
              <li key={`${row.kind}:${row.asset}`} className="mb-list__row" data-benefit={row.kind}>
                <span>{t(`kind_${row.kind}`)}</span>
                <span className="mb-muted">{t('times', { n: row.count })}</span>
                <strong className="num mb-plus">
                  {row.amount} {row.asset}
                </strong>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="mb-card">
        <h3 className="mb-card__title">{t('withdrawTitle')}</h3>
        <p className="mb-muted num">
          {b.withdraw.limit === null
            ? t('withdrawUnlimited', { used: b.withdraw.used })
            : t('withdrawUsed', { used: b.withdraw.used, limit: b.withdraw.limit })}
        </p>
      </section>
      <section className="mb-card">
        <h3 className="mb-card__title">{t('purchases')}</h3>
        {b.purchases.length === 0 ? (
          <p className="mb-muted">{t('noPurchases')}</p>
        ) : (
          <ul className="mb-list">
            {b.purchases.map((p) => (
              <li key={p.id} className="mb-list__row">
                <span>{p.name}</span>
                <span className="mb-muted num">
                  {t('validFromTo', {
                    from: formatDate(p.from, locale, false),
                    until: formatDate(p.until, locale, false),
                  })}
                </span>
                <span className="num">
                  {p.price} {p.asset}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {b.records.length > 0 && (
        <section className="mb-card">
          <h3 className="mb-card__title">{t('records')}</h3>
          <ul className="mb-list">
            {b.records.map((r) => (
              <li key={r.id} className="mb-list__row">
                <span>
                  {t(`kind_${r.kind}`)} <span className="mb-muted">{t('levelShort', { n: r.level })}</span>
                </span>
                <span className="mb-muted num">{formatDate(r.at, locale)}</span>
                <span className="num mb-plus">
                  {r.amount} {r.asset}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
