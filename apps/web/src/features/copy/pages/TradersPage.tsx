import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import type { PageProps } from '../../../lib/feature';
import { useCopyMe, useLoggedIn, useTraders } from '../api';
import { StatsGrid } from '../components';
import { useCopyT } from '../locales';
import { COPY_PATHS, withQuery } from '../paths';
import '../copy.css';

/** /pages/documentary/index — the traders: ROI, PnL, win rate, followers, AUM and max drawdown over 7/30/90 days. */
export default function TradersPage(_props: PageProps) {
  const t = useCopyT();
  const navigate = useNavigate();
  const [days, setDays] = useState<'7' | '30' | '90'>('30');
  const traders = useTraders(Number(days) as 7 | 30 | 90);
  const loggedIn = useLoggedIn();
  const me = useCopyMe();
  const isLeader = me.data?.leader !== null && me.data?.leader !== undefined;

  return (
    <div className="cp-page">
      <div className="cp-actions">
        <Button size="small" onClick={() => void navigate(COPY_PATHS.mine)}>
          {t('myCopies')}
        </Button>
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => void navigate(isLeader ? COPY_PATHS.orders : COPY_PATHS.become)}
          data-testid="copy-lead"
        >
          {loggedIn && isLeader ? t('manage') : t('becomeTrader')}
        </Button>
      </div>
      <ChipTabs
        label={t('roi')}
        tabs={(['7', '30', '90'] as const).map((d) => ({ key: d, label: t('days', { n: d }) }))}
        active={days}
        onChange={setDays}
      />
      {traders.isPending ? (
        <ListSkeleton />
      ) : traders.isError ? (
        <QueryError error={traders.error} onRetry={() => void traders.refetch()} />
      ) : traders.data.length === 0 ? (
        <EmptyState text={t('noTraders')} />
      ) : (
        <ul className="cp-list">
          {traders.data.map((l) => (
            <li key={l.uid}>
              <button
                type="button"
                className="cp-card"
                data-testid={`copy-trader-${l.uid}`}
                onClick={() => void navigate(withQuery(COPY_PATHS.detail, { uid: l.uid }))}
              >
                <div className="cp-card__head">
                  <span className="cp-avatar">{l.nickname.slice(0, 1).toUpperCase()}</span>
                  <b>{l.nickname}</b>
                  {l.demo && <span className="cp-tag">{t('demo')}</span>}
                  {l.mode === 'compensate' && <span className="cp-tag cp-tag--good">{t('compensate')}</span>}
                  <span className="cp-muted cp-card__share num">
                    {t('profitShare')} {(Number(l.profitShare) * 100).toFixed(0)}%
                  </span>
                </div>
                <StatsGrid stats={l.stats} t={t} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
