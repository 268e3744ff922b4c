import type { MemberBenefits, MemberLevel } from '@bourse/contract';
import { Button, Dialog, ProgressBar } from 'antd-mobile';
import { RightOutline, StarFill } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import { StatusTag } from '../../../components/StatusTag';
import { useLocale } from '../../../hooks/useLocale';
import { useRequestId } from '../../../hooks/useRequestId';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useBuyLevel, useMembership } from '../api';
import { useMembershipT } from '../locales';
import { MEMBERSHIP_PATHS } from '../paths';
import '../membership.css';

function isZero(percent: string): boolean {
  return /^0(\.0*)?$/.test(percent);
}

/** The four benefits of a level (or of a regular account), as the server states them. */
export function BenefitRows({ benefits }: { benefits: MemberBenefits }) {
  const t = useMembershipT();
  const off = (p: string) => (isZero(p) ? t('noDiscount') : t('off', { n: p }));
  return (
    <dl className="mb-benefits">
      <div>
        <dt>{t('spotFee')}</dt>
        <dd className="num">{off(benefits.spotDiscount)}</dd>
      </div>
      <div>
        <dt>{t('futuresFee')}</dt>
        <dd className="num">{off(benefits.futuresDiscount)}</dd>
      </div>
      <div>
        <dt>{t('boxPrice')}</dt>
        <dd className="num">{off(benefits.boxDiscount)}</dd>
      </div>
      <div>
        <dt>{t('withdrawLimit')}</dt>
        <dd className="num">
          {benefits.withdrawLimit === null ? t('noLimit') : t('limitUsdt', { amount: benefits.withdrawLimit })}
        </dd>
      </div>
    </dl>
  );
}

/** /pages/member/member (R) — my level, my holdings and the way to the next level, every level with its benefits. */
export default function MemberPage(_props: PageProps) {
  const t = useMembershipT();
  const locale = useLocale();
  const navigate = useNavigate();
  const info = useMembership();
  const buy = useBuyLevel();
  const request = useRequestId();

  if (info.isPending) return <DelayedLoading />;
  if (info.isError) return <QueryError error={info.error} onRetry={() => void info.refetch()} />;
  const m = info.data;
  const current = m.levels.find((l) => l.level === m.level);
  const date = (ms: number) => formatDate(ms, locale, false);

  const purchase = async (level: MemberLevel) => {
    if (level.price === null) return;
    const extend = m.boughtLevel === level.level;
    const ok = await Dialog.confirm({
      title: t('buyTitle', { name: level.name }),
      content: t(extend ? 'extendText' : 'buyText', { price: level.price, days: level.days, name: level.name }),
      confirmText: t('confirm'),
      cancelText: t('cancel'),
    });
    if (!ok) return;
    try {
      const bought = await buy.mutateAsync({ level: level.level, requestId: request.id });
      request.settled();
      toast(t('bought', { name: bought.name, date: date(bought.until) }), 'success');
    } catch (e) {
      // The server's message was shown; a retry after a network failure keeps the id (bought once).
      request.settled(e);
    }
  };

  const sourceText =
    m.source === 'holdings'
      ? t('sourceHoldings', { asset: m.holdAsset })
      : m.source === 'purchase' && m.boughtUntil !== null
        ? t('sourcePurchase', { date: date(m.boughtUntil) })
        : t('sourceNone', { asset: m.holdAsset });

  return (
    <div className="mb-page">
      <section className="mb-hero" data-testid="member-current">
        <div className="mb-hero__top">
          <StarFill className="mb-hero__icon" />
          <div className="mb-hero__name">
            <strong data-testid="member-level">{current ? current.name : t('regular')}</strong>
            <span>{current ? t('levelN', { n: current.level }) : ''}</span>
          </div>
        </div>
        <p className="mb-hero__source">{sourceText}</p>
        <div className="mb-hero__holdings">
          <span>{t('holdings', { asset: m.holdAsset })}</span>
          <strong className="num">{m.holdings}</strong>
        </div>
        <ProgressBar className="mb-hero__bar" percent={m.progress} />
        <p className="mb-hero__next">
          {m.next ? t('toNext', { missing: m.next.missing, asset: m.holdAsset, name: m.next.name }) : t('top')}
        </p>
        <p className="mb-hero__muted">
          {m.evaluatedAt === null
            ? t('notCounted')
            : t('counted', { time: new Date(m.evaluatedAt).toISOString().slice(0, 16).replace('T', ' ') })}
        </p>
      </section>

      <button type="button" className="mb-link" onClick={() => void navigate(MEMBERSHIP_PATHS.benefits)}>
        <span>{t('myBenefits')}</span>
        <RightOutline />
      </button>

      <h3 className="mb-title">{t('levels')}</h3>
      <section className="mb-card mb-card--base">
        <div className="mb-level__head">
          <strong>{t('base')}</strong>
          {m.level === 0 && <StatusTag tone="pending">{t('current')}</StatusTag>}
        </div>
        <BenefitRows benefits={m.base} />
      </section>
      {m.levels.map((level) => {
        const isCurrent = level.level === m.level;
        const extend = m.boughtLevel === level.level;
        const below = !extend && level.level <= Math.max(m.heldLevel, m.boughtLevel);
        return (
          <section
            key={level.level}
            className={`mb-card${isCurrent ? ' mb-card--current' : ''}`}
            data-testid={`member-level-${level.level}`}
          >
            <div className="mb-level__head">
              <div className="mb-level__name">
                <strong>{level.name}</strong>
                <span className="mb-muted">{t('hold', { amount: level.holdAmount, asset: m.holdAsset })}</span>
              </div>
              {isCurrent && <StatusTag tone="ok">{t('current')}</StatusTag>}
            </div>
            <BenefitRows benefits={level.benefits} />
            <div className="mb-level__buy">
              <span className="num">
                {level.price === null ? t('notForSale') : t('priceFor', { price: level.price, days: level.days })}
              </span>
              {level.price !== null && !below && (
                <Button
                  size="small"
                  color="primary"
                  shape="rounded"
                  loading={buy.isPending && buy.variables?.level === level.level}
                  onClick={() => void purchase(level)}
                  data-testid={`member-buy-${level.level}`}
                >
                  {extend ? t('extend') : t('buy')}
                </Button>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}
