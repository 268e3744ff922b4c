import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { useRequestId } from '../../../hooks/useRequestId';
import type { PageProps } from '../../../lib/feature';
import { useCopyFeed, useFollowing, useUnfollow } from '../api';
import { Signed } from '../components';
import { useCopyT } from '../locales';
import { COPY_PATHS, withQuery } from '../paths';
import '../copy.css';

/** /pages/documentary/my-documentary — my copies (following / stopped), PnL per trader, unfollow (confirmed). */
export default function MyCopiesPage(_props: PageProps) {
  const t = useCopyT();
  const navigate = useNavigate();
  const list = useFollowing();
  const unfollow = useUnfollow();
  const unfollowing = useRequestId();
  const [tab, setTab] = useState<'following' | 'stopped'>('following');
  useCopyFeed();

  const stop = async (leaderUid: number) => {
    const ok = await Dialog.confirm({
      content: t('unfollowConfirm'),
      confirmText: t('confirm'),
      cancelText: t('cancel'),
    });
    if (!ok) return;
    try {
      await unfollow.mutateAsync({ leaderUid, confirm: true, requestId: unfollowing.id });
      unfollowing.settled();
    } catch (e) {
      // The server's message was shown; a retry after a network failure keeps the id (settled once).
      unfollowing.settled(e);
    }
  };

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  const shown = list.data.filter((f) => f.status === tab);
  return (
    <div className="cp-page">
      <ChipTabs
        label={t('myCopies')}
        tabs={[
          { key: 'following', label: t('following') },
          { key: 'stopped', label: t('stopped') },
        ]}
        active={tab}
        onChange={setTab}
      />
      {shown.length === 0 ? (
        <>
          <EmptyState text={t('noCopies')} />
          <Button block onClick={() => void navigate(COPY_PATHS.index)}>
            {t('findTraders')}
          </Button>
        </>
      ) : (
        <ul className="cp-list">
          {shown.map((f) => (
            <li key={f.id} className="cp-section" data-testid={`copy-follow-${f.leaderUid}`}>
              <div className="cp-card__head">
                <span className="cp-avatar">{f.leaderNickname.slice(0, 1).toUpperCase()}</span>
                <b>{f.leaderNickname}</b>
                <span className="cp-tag">{f.mode === 'fixed' ? t('fixedMode') : `${t('ratioMode')} ×${f.ratio}`}</span>
              </div>
              <dl className="cp-kv">
                <dt>{t('realized')}</dt>
                <dd data-testid="copy-follow-pnl">
                  <Signed value={f.realizedPnl} />
                </dd>
                <dt>{t('sharePaid')}</dt>
                <dd className="num" data-testid="copy-follow-share">
                  {f.sharePaid}
                </dd>
                <dt>{t('compensation')}</dt>
                <dd className="num">{f.compensation}</dd>
                <dt>{t('margin')}</dt>
                <dd className="num">{f.margin}</dd>
                <dt>{t('openCopies')}</dt>
                <dd className="num" data-testid="copy-follow-open">
                  {f.open.length === 0
                    ? t('flat')
                    : f.open
                        .map((p) => `${p.symbol.replace('_', '')} ${t(p.side)} ${t('lots', { n: p.lots })}`)
                        .join(' · ')}
                </dd>
              </dl>
              <div className="cp-actions">
                <Button size="small" onClick={() => void navigate(withQuery(COPY_PATHS.records, { followId: f.id }))}>
                  {t('records')}
                </Button>
                {f.status === 'following' && (
                  <Button
                    size="small"
                    color="danger"
                    fill="outline"
                    loading={unfollow.isPending}
                    onClick={() => void stop(f.leaderUid)}
                    data-testid="copy-unfollow"
                  >
                    {t('unfollow')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
