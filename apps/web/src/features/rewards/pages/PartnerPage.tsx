import type { PartnerDay } from '@bourse/contract';
import { useMemo } from 'react';
import { QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import type { PageProps } from '../../../lib/feature';
import { usePartner } from '../api';
import { utcDate } from '../fair';
import { useRewardsT } from '../locales';
import '../rewards.css';

function amountOf(list: readonly { asset: string; amount: string }[], asset: string): number {
  // For the bar heights only (a chart's proportions); every figure shown is the server's string.
  return Number(list.find((a) => a.asset === asset)?.amount ?? '0');
}

function Bars({ days, value, label }: { days: readonly PartnerDay[]; value(d: PartnerDay): number; label: string }) {
  const values = days.map(value);
  const max = Math.max(...values, 0);
  return (
    <figure className="rw-chart" aria-label={label}>
      <figcaption className="rw-card__title">{label}</figcaption>
      <div className="rw-chart__bars">
        {days.map((d, i) => (
          <span
            key={d.day}
            className="rw-chart__bar"
            title={`${utcDate(d.day)}: ${values[i]}`}
            style={{ height: max > 0 ? `${Math.max(((values[i] ?? 0) / max) * 100, values[i] ? 4 : 0)}%` : '0%' }}
          />
        ))}
      </div>
      <div className="rw-chart__axis num">
        <span>{days[0] ? utcDate(days[0].day) : ''}</span>
        <span>{days.at(-1) ? utcDate(days.at(-1)?.day ?? 0) : ''}</span>
      </div>
    </figure>
  );
}

/** /pages/usreMei/partner — partner data for the last 60 days: invitees, team fees, rebates per day, with charts. */
export default function PartnerPage(_props: PageProps) {
  const t = useRewardsT();
  const partner = usePartner();
  const chartAsset = useMemo(() => partner.data?.rebates[0]?.asset ?? 'USDT', [partner.data]);

  if (partner.isPending) return <DelayedLoading />;
  if (partner.isError) return <QueryError error={partner.error} onRetry={() => void partner.refetch()} />;
  const p = partner.data;
  const list = (items: readonly { asset: string; amount: string }[]) =>
    items.length === 0 ? t('none') : items.map((a) => `${a.amount} ${a.asset}`).join(' · ');
  const active = p.days.filter((d) => d.newInvitees > 0 || d.rebates.length > 0).reverse();

  return (
    <div className="rw-page">
      <p className="rw-muted rw-center num">
        {t('last60')} · {utcDate(p.from)} – {utcDate(p.to - 1)}
      </p>
      <section className="rw-card rw-stats">
        <div>
          <span className="rw-muted">{t('invitees')}</span>
          <strong className="num">{p.invitees}</strong>
        </div>
        <div>
          <span className="rw-muted">{t('team')}</span>
          <strong className="num">{p.team}</strong>
        </div>
        <div>
          <span className="rw-muted">{t('activeTraders')}</span>
          <strong className="num">{p.activeTraders}</strong>
        </div>
      </section>
      <section className="rw-card">
        <dl className="rw-dl">
          <dt>{t('rebates')}</dt>
          <dd className="num rw-plus" data-testid="partner-rebates">
            {list(p.rebates)}
          </dd>
          <dt>{t('teamFees')}</dt>
          <dd className="num">{list(p.fees)}</dd>
        </dl>
      </section>
      <section className="rw-card">
        <Bars
          days={p.days}
          value={(d) => amountOf(d.rebates, chartAsset)}
          label={t('dailyRebates', { asset: chartAsset })}
        />
        <Bars days={p.days} value={(d) => d.newInvitees} label={t('dailyInvitees')} />
      </section>
      <section className="rw-card">
        <ul className="rw-list">
          {active.map((d) => (
            <li key={d.day} className="rw-list__row">
              <span className="num">{utcDate(d.day)}</span>
              <span className="num">+{d.newInvitees}</span>
              <span className="num rw-muted">{list(d.fees)}</span>
              <span className="num rw-plus">{list(d.rebates)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
