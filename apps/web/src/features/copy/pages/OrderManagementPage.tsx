import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { useCopyFeed, useLeaderBook } from '../api';
import { PositionRow, Signed } from '../components';
import { useCopyT } from '../locales';
import { COPY_PATHS, withQuery } from '../paths';
import '../copy.css';

/** /pages/documentary/order-management — the leader's positions and followers, each with their copy status. */
export default function OrderManagementPage(_props: PageProps) {
  const t = useCopyT();
  const navigate = useNavigate();
  const book = useLeaderBook();
  useCopyFeed();
  if (book.isPending) return <ListSkeleton />;
  if (book.isError) return <QueryError error={book.error} onRetry={() => void book.refetch()} />;
  const b = book.data;
  return (
    <div className="cp-page">
      {b.locked && <p className="cp-status">{t('locked')}</p>}
      <div className="cp-actions">
        <Button size="small" onClick={() => void navigate(COPY_PATHS.configuration)}>
          {t('settings')}
        </Button>
        <Button size="small" onClick={() => void navigate(withQuery(COPY_PATHS.records, { role: 'leader' }))}>
          {t('records')}
        </Button>
      </div>
      <section className="cp-section">
        <h3 className="cp-h">{t('myPositions')}</h3>
        {b.positions.length === 0 ? (
          <EmptyState text={t('none')} />
        ) : (
          <ul className="cp-rows" data-testid="copy-book-positions">
            {b.positions.map((p) => (
              <PositionRow key={p.id} p={p} t={t} />
            ))}
          </ul>
        )}
      </section>
      <section className="cp-section">
        <h3 className="cp-h">
          {t('myFollowers')} ({b.followers.length})
        </h3>
        {b.followers.length === 0 ? (
          <EmptyState text={t('noFollowers')} />
        ) : (
          <ul className="cp-rows" data-testid="copy-book-followers">
            {b.followers.map((f) => (
              <li key={f.id} className="cp-row">
                <span>
                  <b>{f.followerNickname}</b>{' '}
                  <span className="cp-muted">{f.mode === 'fixed' ? `${f.amount} USDT` : `×${f.ratio}`}</span>
                </span>
                <span className="num cp-muted">
                  {f.open.length === 0
                    ? t('flat')
                    : f.open
                        .map((p) => `${p.symbol.replace('_', '')} ${t(p.side)} ${t('lots', { n: p.lots })}`)
                        .join(' · ')}
                </span>
                <span className="num">
                  <Signed value={f.realizedPnl} /> · {t('sharePaid')} {f.sharePaid}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
