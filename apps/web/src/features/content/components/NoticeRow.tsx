import type { NoticeSummary } from '@bourse/contract';
import { useNavigate } from 'react-router';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/format';
import { useContentT } from '../locales';

export function noticeRoute(id: number): string {
  return `/pages/index/notice?id=${id}`;
}

export function NoticeRow({ notice }: { notice: NoticeSummary }) {
  const t = useContentT();
  const locale = useLocale();
  const navigate = useNavigate();
  return (
    <div className="notice-row" role="link" tabIndex={0} onClick={() => void navigate(noticeRoute(notice.id))}>
      <div className="notice-row__title">{notice.title}</div>
      <div className="notice-row__meta">
        {notice.pinned && <span className="tag">{t('pinned')}</span>}
        <span>{formatDate(notice.createdAt, locale)}</span>
      </div>
    </div>
  );
}
