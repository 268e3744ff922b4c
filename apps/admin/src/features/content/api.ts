import {
  type AppVersionInput,
  type ContentArticleInput,
  type ContentBannerInput,
  contentAdminApi,
  type RouteQueryInput,
} from '@bourse/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export type ArticleListQuery = NonNullable<RouteQueryInput<typeof contentAdminApi.articles>>;

export const contentKeys = {
  banners: ['content', 'banners'] as const,
  articles: ['content', 'articles'] as const,
  articleList: (query: ArticleListQuery) => ['content', 'articles', 'list', query] as const,
  article: (id: number) => ['content', 'articles', 'detail', id] as const,
  versions: ['content', 'versions'] as const,
};

// ---- banners

export function useBanners() {
  return useQuery({
    queryKey: contentKeys.banners,
    queryFn: ({ signal }) => api.call(contentAdminApi.banners, { signal, toast: false }),
  });
}

export function useBannerMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: contentKeys.banners });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: ContentBannerInput }) =>
        id === null
          ? api.call(contentAdminApi.createBanner, { body })
          : api.call(contentAdminApi.updateBanner, { params: { id }, body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.call(contentAdminApi.deleteBanner, { params: { id } }),
      onSuccess,
    }),
  };
}

// ---- articles

export function useArticles(query: ArticleListQuery) {
  return useQuery({
    queryKey: contentKeys.articleList(query),
    queryFn: ({ signal }) => api.call(contentAdminApi.articles, { query, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function useArticle(id: number | null) {
  return useQuery({
    queryKey: contentKeys.article(id ?? 0),
    queryFn: ({ signal }) => api.call(contentAdminApi.article, { params: { id: id ?? 0 }, signal, toast: false }),
    enabled: id !== null,
  });
}

export function useArticleMutations() {
  const queryClient = useQueryClient();
  const settle = () => void queryClient.invalidateQueries({ queryKey: contentKeys.articles });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: ContentArticleInput }) =>
        id === null
          ? api.call(contentAdminApi.createArticle, { body })
          : api.call(contentAdminApi.updateArticle, { params: { id }, body }),
      onSuccess: (article) => {
        queryClient.setQueryData(contentKeys.article(article.id), article);
        settle();
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.call(contentAdminApi.deleteArticle, { params: { id } }),
      onSuccess: settle,
    }),
  };
}

// ---- app versions

export function useAppVersions() {
  return useQuery({
    queryKey: contentKeys.versions,
    queryFn: ({ signal }) => api.call(contentAdminApi.appVersions, { signal, toast: false }),
  });
}

export function usePublishVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppVersionInput) => api.call(contentAdminApi.createAppVersion, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKeys.versions }),
  });
}
