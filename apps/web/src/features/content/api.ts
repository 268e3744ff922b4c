import type { Article, NoticeSummary } from '@bourse/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type NoticeListCategory = 'notice' | 'announcement' | 'help';

export interface NoticePage {
  list: NoticeSummary[];
  total: number;
  page: number;
  size: number;
}

const PAGE_SIZE = 20;

export const contentKeys = {
  notices: (category: NoticeListCategory | 'all') => ['content', 'notices', category] as const,
  article: (id: string) => ['content', 'article', id] as const,
};

/** Notices page by page (GET /api/common/getAllNotice). */
export function useNoticeList(category: NoticeListCategory | 'all', size = PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...contentKeys.notices(category), size],
    queryFn: ({ pageParam }) =>
      api.get<NoticePage>('/api/common/getAllNotice', {
        query: { page: pageParam, size, category: category === 'all' ? undefined : category },
        toast: false,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });
}

/** One notice or document, by id or by slug (terms, privacy, whitepaper). */
export function useArticle(idOrSlug: string) {
  return useQuery({
    queryKey: contentKeys.article(idOrSlug),
    queryFn: () => api.get<Article>(`/api/common/getArticle/${encodeURIComponent(idOrSlug)}`, { toast: false }),
    enabled: idOrSlug !== '',
  });
}
