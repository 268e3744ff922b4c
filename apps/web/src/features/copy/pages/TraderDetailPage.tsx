import { Button, Checkbox, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, QueryError } from '../../../components/BlockState';
import { DelayedLoading } from '../../../components/PageState';
import { useLocale } from '../../../hooks/useLocale';
import { useRequestId } from '../../../hooks/useRequestId';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCopyMe, useFollow, useFollowing, useLoggedIn, useTrader } from '../api';
import { PositionRow, StatsGrid } from '../components';
import { type CopyT, useCopyT } from '../locales';
import { COPY_PATHS } from '../paths';
import '../copy.css';

function Curve({ points, t }: { points: readonly { t: number; pnl: string }[]; t: CopyT }) {
  if (points.length < 2) return null;
  // Proportions of the chart only; every figure shown is the server's string.
  const ys = points.map((p) => Number(p.pnl));
  const lo = Math.min(0, ...ys);
  const hi = Math.max(0, ...ys);
  const span = hi - lo || 1;
  const path = ys.map((y, i) => `${(i / (ys.length - 1)) * 100},${40 - ((y - lo) / span) * 40}`).join(' ');
  return (
    <figure className="cp-curve" aria-label={t('curve')}>
      <figcaption className="cp-muted">{t('curve')}</figcaption>
      <svg viewBox="0 0 100 40" preserveAspectRatio="none">
        <polyline points={path} fill="none" strokeWidth="1" vectorEffect="non-scaling-stroke" />
      </svg>
    </figure>
  );
}

function FollowForm({ uid, min, nickname }: { uid: number; min: string; nickname: string }) {
  const t = useCopyT();
  const follow = useFollow();
  const [mode, setMode] = useState<'fixed' | 'ratio'>('fixed');
  const [amount, setAmount] = useState('');
  const [ratio, setRatio] = useState('1');
  const [agree, setAgree] = useState(false);
  const request = useRequestId();
  const submit = async () => {
    try {
      await follow.mutateAsync({
        leaderUid: uid,
        mode,
        amount,
        ratio: mode === 'ratio' ? ratio : undefined,
        agree,
        requestId: request.id,
      });
      request.settled();
      toast(t('followDone', { name: nickname }), 'success');
    } catch (e) {
      // The server's message was shown; a retry after a network failure keeps the id.
      request.settled(e);
    }
  };
  return (
    <section className="cp-section" data-testid="copy-follow-form">
      <Selector
        columns={2}
        value={[mode]}
        onChange={(v) => v[0] && setMode(v[0])}
        options={[
          { label: t('fixedMode'), value: 'fixed' as const },
          { label: t('ratioMode'), value: 'ratio' as const },
        ]}
      />
      <label className="cp-field">
        <span>{mode === 'fixed' ? t('amountFixed') : t('amountRatio')}</span>
        <Input value={amount} onChange={setAmount} inputMode="decimal" placeholder="0" data-testid="copy-amount" />
        {Number(min) > 0 && <small className="cp-muted">{t('mustExceed', { min })}</small>}
      </label>
      {mode === 'ratio' && (
        <label className="cp-field">
          <span>{t('ratio')}</span>
          <Input value={ratio} onChange={setRatio} inputMode="decimal" />
        </label>
      )}
      <Checkbox checked={agree} onChange={setAgree} data-testid="copy-agree">
        <span className="cp-small">{t('agreement')}</span>
      </Checkbox>
      <Button block color="primary" loading={follow.isPending} onClick={() => void submit()} data-testid="copy-follow">
        {t('follow')}
      </Button>
    </section>
  );
}

/** /pages/documentary/detail?uid= — a trader: figures per period, the PnL curve, positions, and the copy form. */
export default function TraderDetailPage({ query }: PageProps) {
  const t = useCopyT();
  const locale = useLocale();
  const navigate = useNavigate();
  const uid = Number(query.uid ?? 0);
  const detail = useTrader(uid);
  const loggedIn = useLoggedIn();
  const following = useFollowing();
  const me = useCopyMe();
  if (detail.isPending) return <DelayedLoading />;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  const l = d.leader;
  const mine = following.data?.find((f) => f.leaderUid === uid && f.status === 'following');
  const self = me.data?.leader?.uid === uid;
  return (
    <div className="cp-page">
      <section className="cp-section">
        <div className="cp-card__head">
          <span className="cp-avatar">{l.nickname.slice(0, 1).toUpperCase()}</span>
          <b data-testid="copy-leader-name">{l.nickname}</b>
          {l.demo && <span className="cp-tag">{t('demo')}</span>}
          <span className="cp-tag">{l.mode === 'compensate' ? t('compensate') : t('ordinary')}</span>
        </div>
        <p className="cp-muted cp-small">{t('since', { date: formatDate(l.since, locale, false) })}</p>
        <dl className="cp-kv">
          <dt>{t('profitShare')}</dt>
          <dd className="num">{(Number(l.profitShare) * 100).toFixed(2)}%</dd>
          <dt>{t('minCopy')}</dt>
          <dd className="num">{Number(l.minCopyAmount) > 0 ? `${l.minCopyAmount} USDT` : t('unlimited')}</dd>
          {l.mode === 'compensate' && (
            <>
              <dt>{t('compensationRatio')}</dt>
              <dd className="num">{(Number(l.compensationRatio) * 100).toFixed(2)}%</dd>
              <dt>{t('escrow')}</dt>
              <dd className="num">{l.escrow} USDT</dd>
            </>
          )}
          <dt>{t('pairs')}</dt>
          <dd>{l.symbols.map((s) => s.replace('_', '')).join(' · ')}</dd>
        </dl>
      </section>
      {d.periods.map((p) => (
        <section key={p.days} className="cp-section">
          <h3 className="cp-h">
            {t('days', { n: p.days })} · {t('closedPositions')} {p.closedPositions}
          </h3>
          <StatsGrid stats={p} t={t} />
        </section>
      ))}
      <section className="cp-section">
        <Curve points={d.curve} t={t} />
      </section>
      <section className="cp-section">
        <h3 className="cp-h">{t('currentPositions')}</h3>
        {d.positions.length === 0 ? (
          <EmptyState text={t('none')} />
        ) : (
          <ul className="cp-rows" data-testid="copy-leader-positions">
            {d.positions.map((p) => (
              <PositionRow key={p.id} p={p} t={t} />
            ))}
          </ul>
        )}
      </section>
      <section className="cp-section">
        <h3 className="cp-h">{t('pastPositions')}</h3>
        {d.history.length === 0 ? (
          <EmptyState text={t('none')} />
        ) : (
          <ul className="cp-rows">
            {d.history.map((p) => (
              <PositionRow key={p.id} p={p} t={t} />
            ))}
          </ul>
        )}
      </section>
      {!loggedIn ? (
        <Button block color="primary" onClick={() => void navigate('/pages/login/login')}>
          {t('loginToFollow')}
        </Button>
      ) : self ? (
        <p className="cp-muted cp-center">{t('youLead')}</p>
      ) : mine ? (
        <Button block onClick={() => void navigate(COPY_PATHS.mine)} data-testid="copy-following">
          {t('following')} · {t('myCopies')}
        </Button>
      ) : (
        <FollowForm uid={uid} min={l.minCopyAmount} nickname={l.nickname} />
      )}
    </div>
  );
}
