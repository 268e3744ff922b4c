import { SoundOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRegistry } from '../../../lib/registry';
import { useHomeNoticeFeed, useHomeNotices } from '../api';
import { useHomeT } from '../locales';

const ROTATE_MS = 3500;
const NOTICE_PAGE = '/pages/index/notice';
const ALL_NOTICES = '/pages/index/allnotice';

/** One notice title at a time, rolling upward; live from the `home` channel. */
export function NoticeTicker() {
  const t = useHomeT();
  const navigate = useNavigate();
  const { hasRoute } = useRegistry();
  const notices = useHomeNotices();
  useHomeNoticeFeed();
  const list = notices.data ?? [];
  const [tick, setTick] = useState(0);

  // A notice that arrives at the top (new, or newly pinned) is shown at once rather than when its turn comes.
  const first = list[0]?.id;
  useEffect(() => {
    setTick(0);
  }, [first]);

  useEffect(() => {
    if (list.length < 2) return;
    const timer = setInterval(() => setTick((n) => n + 1), ROTATE_MS);
    return () => clearInterval(timer);
  }, [list.length]);

  if (notices.isError) return null;
  const current = list.length > 0 ? list[tick % list.length] : undefined;

  return (
    <div className="ticker card">
      <SoundOutline className="ticker__icon" />
      <div className="ticker__window" aria-live="polite">
        {current ? (
          <div
            key={`${current.id}-${tick}`}
            className="ticker__item"
            role="link"
            tabIndex={0}
            onClick={() => hasRoute(NOTICE_PAGE) && void navigate(`${NOTICE_PAGE}?id=${current.id}`)}
          >
            {current.title}
          </div>
        ) : (
          <div className="ticker__item ticker__item--empty">{notices.isPending ? '' : t('noNotices')}</div>
        )}
      </div>
      {hasRoute(ALL_NOTICES) && (
        <button
          type="button"
          className="ticker__more"
          aria-label={t('noticeMore')}
          onClick={() => void navigate(ALL_NOTICES)}
        >
          <UnorderedListOutline />
        </button>
      )}
    </div>
  );
}
