import { InfiniteScroll, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { useCommonT } from '../../../lib/locales';
import { type NoticeListCategory, useNoticeList } from '../api';
import { NoticeRow } from '../components/NoticeRow';
import { useContentT } from '../locales';
import '../content.css';

type TabKey = NoticeListCategory | 'all';
const TABS: readonly { key: TabKey; label: 'tabAll' | 'tabNotice' | 'tabAnnouncement' }[] = [
  { key: 'all', label: 'tabAll' },
  { key: 'notice', label: 'tabNotice' },
  { key: 'announcement', label: 'tabAnnouncement' },
];

function isTab(value: string | undefined): value is TabKey {
  return TABS.some((tab) => tab.key === value);
}

/** /pages/index/allnotice (R) — every notice, by category, page by page. */
export default function NoticeListPage({ query }: PageProps) {
  const t = useContentT();
  const common = useCommonT();
  const [tab, setTab] = useState<TabKey>(isTab(query.category) ? query.category : 'all');
  const notices = useNoticeList(tab);
  const items = notices.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <div className="notice-list">
      <div className="notice-tabs">
        <Tabs activeKey={tab} onChange={(key) => isTab(key) && setTab(key)}>
          {TABS.map((item) => (
            <Tabs.Tab key={item.key} title={t(item.label)} />
          ))}
        </Tabs>
      </div>
      {notices.isPending ? (
        <ListSkeleton rows={6} />
      ) : notices.isError ? (
        <QueryError error={notices.error} onRetry={() => void notices.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState text={t('noNotices')} />
      ) : (
        <>
          {items.map((notice) => (
            <NoticeRow key={notice.id} notice={notice} />
          ))}
          <div className="infinite-footer">
            <InfiniteScroll
              hasMore={notices.hasNextPage}
              loadMore={async () => {
                await notices.fetchNextPage();
              }}
            >
              {(hasMore: boolean, failed: boolean, retry: () => void) =>
                failed ? (
                  <span role="button" onClick={retry}>
                    {common('loadFailed')} {common('retry')}
                  </span>
                ) : hasMore ? (
                  common('loading')
                ) : (
                  common('noMore')
                )
              }
            </InfiniteScroll>
          </div>
        </>
      )}
    </div>
  );
}
