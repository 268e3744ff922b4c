import {
  type Banner,
  type HomeNoticeEvent,
  type HomeNoticeSnapshot,
  LANG_HEADER_VALUE,
  type NoticeSummary,
} from '@bourse/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { live } from '../../lib/live';
import { useSettings } from '../../lib/stores/settings';

export const homeKeys = {
  banners: ['home', 'banners'] as const,
  notices: ['home', 'notices'] as const,
};

export function useBanners() {
  return useQuery({
    queryKey: homeKeys.banners,
    queryFn: () => api.get<Banner[]>('/api/common/getBanner', { toast: false }),
  });
}

export function useHomeNotices() {
  return useQuery({
    queryKey: homeKeys.notices,
    queryFn: () => api.get<NoticeSummary[]>('/api/common/getHomeNotice', { toast: false }),
  });
}

/** Pinned first, then newest first: the order the ticker shows. */
function byPinThenDate(a: NoticeSummary, b: NoticeSummary): number {
  return Number(b.pinned) - Number(a.pinned) || b.createdAt - a.createdAt || b.id - a.id;
}

/** The ticker's list after a live notice event (published, edited or withdrawn by the operator). */
export function applyNoticeEvent(list: readonly NoticeSummary[], event: HomeNoticeEvent): NoticeSummary[] {
  const rest = list.filter((n) => n.id !== event.notice.id);
  if (event.action === 'deleted') return rest;
  return [...rest, event.notice].sort(byPinThenDate);
}

/** Shape check of a `home` frame (a hand-written guard keeps zod out of the first page's bundle). */
export function isHomeNoticeEvent(data: unknown): data is HomeNoticeEvent {
  if (typeof data !== 'object' || data === null) return false;
  const event = data as Partial<HomeNoticeEvent>;
  const notice = event.notice as Partial<NoticeSummary> | undefined;
  return (
    event.type === 'notice' &&
    (event.action === 'created' || event.action === 'updated' || event.action === 'deleted') &&
    typeof notice?.id === 'number' &&
    typeof notice.title === 'string' &&
    typeof notice.createdAt === 'number'
  );
}

export function isHomeNoticeSnapshot(data: unknown): data is HomeNoticeSnapshot {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as HomeNoticeSnapshot).type === 'notices' &&
    Array.isArray((data as HomeNoticeSnapshot).notices)
  );
}

/**
 * A `home` frame into the query cache. A notices request still in flight is cancelled first: its answer may have
 * been read before this frame's change and would otherwise overwrite it when it lands (events are rare, so nothing
 * would correct the ticker until the next visit).
 */
export function applyHomeFrame(queryClient: QueryClient, data: unknown): void {
  if (!isHomeNoticeSnapshot(data) && !isHomeNoticeEvent(data)) return;
  void queryClient.cancelQueries({ queryKey: homeKeys.notices });
  if (isHomeNoticeSnapshot(data)) queryClient.setQueryData<NoticeSummary[]>(homeKeys.notices, data.notices);
  else queryClient.setQueryData<NoticeSummary[]>(homeKeys.notices, (old) => applyNoticeEvent(old ?? [], data));
}

/**
 * Keeps the ticker live: the `home` channel (topic = language) sends the list on subscribing, then one event per
 * operator edit; both land in the query cache, so the ticker never refetches.
 */
export function useHomeNoticeFeed(): void {
  const queryClient = useQueryClient();
  const lang = useSettings((s) => s.lang);
  useEffect(
    () => live.subscribe('home', { lang: LANG_HEADER_VALUE[lang] }, (data) => applyHomeFrame(queryClient, data)),
    [queryClient, lang],
  );
}
