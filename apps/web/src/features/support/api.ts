import { type SupportMessage, SupportFrame, supportApi } from '@bourse/contract';
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { api, ApiError } from '../../lib/api';
import { live } from '../../lib/live';
import { askAgainIfFetching, USER_SCOPE } from '../../lib/query';
import { useSession } from '../../lib/stores/session';
import { type OutgoingMessage, outgoingKey, useOutbox } from './outbox';
import {
  currentConversation,
  newestPageOnly,
  type ThreadData,
  withClosed,
  withMessage,
  withSupportMessagesRead,
  withUserMessagesRead,
} from './thread';

export const supportKeys = {
  all: [USER_SCOPE, 'support'] as const,
  thread: [USER_SCOPE, 'support', 'thread'] as const,
  unread: [USER_SCOPE, 'support', 'unread'] as const,
  attachment: (id: number) => [USER_SCOPE, 'support', 'attachment', id] as const,
};

function useLoggedIn(): boolean {
  return useSession((s) => s.token !== null);
}

/** The conversation, newest messages first loaded; `fetchNextPage` brings older ones (`before` = the oldest id). */
export function useThread() {
  return useInfiniteQuery({
    queryKey: supportKeys.thread,
    queryFn: ({ pageParam, signal }) =>
      api.call(supportApi.thread, { query: { before: pageParam }, toast: false, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (oldest) => (oldest.more && oldest.messages[0] ? oldest.messages[0].id : undefined),
    enabled: useLoggedIn(),
    // Opening the chat asks the server again: an answer may have come while no page listened to the channel (between
    // one page's unsubscribe and the next one's subscribe), and the live frame that would have added it was missed.
    staleTime: 0,
  });
}

/** How many of support's messages the user has not read (the badge); kept fresh by the live channel. */
export function useUnreadCount(): number {
  const loggedIn = useLoggedIn();
  useSupportFeed();
  const query = useQuery({
    queryKey: supportKeys.unread,
    queryFn: ({ signal }) => api.call(supportApi.unread, { toast: false, signal }),
    enabled: loggedIn,
    // Answers that came while nothing listened (another page was open) show as soon as a badge does.
    staleTime: 0,
  });
  return loggedIn ? (query.data?.unread ?? 0) : 0;
}

/** After the conversation changed (a new one opened, the first message): the newest page again, from the server. */
function reloadThread(queryClient: QueryClient): void {
  queryClient.setQueryData<ThreadData>(supportKeys.thread, (data) => data && newestPageOnly(data));
  void queryClient.invalidateQueries({ queryKey: supportKeys.thread });
}

/** What a frame of the private `support` channel changes: the thread in the cache and the unread count. */
export function applySupportFrame(queryClient: QueryClient, data: unknown, now = Date.now()): void {
  const parsed = SupportFrame.safeParse(data);
  if (!parsed.success) return;
  const frame = parsed.data;
  if (frame.kind === 'message' && frame.message?.author === 'operator') {
    void queryClient.invalidateQueries({ queryKey: supportKeys.unread });
  }
  // A fetch of the thread under way may have read it before this change (the chat opened and asked the server, and
  // support closed the conversation meanwhile): its answer must not put the change out of the cache again.
  askAgainIfFetching(queryClient, supportKeys.thread);
  const thread = queryClient.getQueryData<ThreadData>(supportKeys.thread);
  if (frame.kind === 'message') {
    if (!thread) return;
    if (currentConversation(thread)?.id !== frame.conversationId) reloadThread(queryClient);
    else if (frame.message) queryClient.setQueryData(supportKeys.thread, withMessage(thread, frame.message));
    return;
  }
  if (!thread) return;
  if (frame.kind === 'read' && frame.upTo !== undefined) {
    queryClient.setQueryData(supportKeys.thread, withUserMessagesRead(thread, frame.upTo, now));
  } else if (frame.kind === 'closed') {
    queryClient.setQueryData(supportKeys.thread, withClosed(thread, frame.conversationId, now));
  }
}

/**
 * Listens to the private `support` channel while logged in: answers, read receipts and the closing go into the query
 * cache, so the chat and the badges just read queries.
 */
export function useSupportFeed(): void {
  const queryClient = useQueryClient();
  const loggedIn = useLoggedIn();
  useEffect(() => {
    if (!loggedIn) return;
    return live.subscribe(
      'support',
      {},
      (data) => applySupportFrame(queryClient, data),
      // Live from here on: what support did before (an answer while another page was open, or while the line was
      // down) is in the count and the thread asked for again now.
      () => {
        void queryClient.invalidateQueries({ queryKey: supportKeys.unread });
        void queryClient.invalidateQueries({ queryKey: supportKeys.thread });
      },
    );
  }, [loggedIn, queryClient]);
}

/** A message the server confirmed: into the thread, or the thread again when it opened a new conversation. */
function applySent(queryClient: QueryClient, message: SupportMessage): void {
  const thread = queryClient.getQueryData<ThreadData>(supportKeys.thread);
  if (!thread) return;
  if (currentConversation(thread)?.status !== 'open') reloadThread(queryClient);
  else queryClient.setQueryData(supportKeys.thread, withMessage(thread, message));
}

function deliver(item: OutgoingMessage): Promise<SupportMessage> {
  if (!item.image) return api.call(supportApi.send, { body: { body: item.body }, toast: false });
  const form = new FormData();
  form.append('image', item.image);
  if (item.body !== '') form.append('body', item.body);
  return api.call(supportApi.attach, { form, toast: false });
}

/**
 * Writing to support. A message shows at once as "sending" (the outbox); confirmed, it joins the thread; refused or
 * lost, it stays as "not sent" with the reason, to retry.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const uid = useSession((s) => s.uid);
  const mutation = useMutation({
    mutationFn: deliver,
    onMutate: (item) => useOutbox.getState().update(item.key, { state: 'sending', error: null }),
    onSuccess: (message, item) => {
      useOutbox.getState().remove(item.key);
      applySent(queryClient, message);
    },
    onError: (error, item) => {
      useOutbox.getState().update(item.key, { state: 'failed', error: error instanceof ApiError ? error.msg : null });
    },
  });
  const { mutate } = mutation;
  const send = useCallback(
    (body: string, image: File | null) => {
      if (uid === null) return;
      const now = Date.now();
      const item: OutgoingMessage = {
        key: outgoingKey(now),
        uid,
        body,
        image,
        state: 'sending',
        error: null,
        createdAt: now,
      };
      useOutbox.getState().add(item);
      mutate(item);
    },
    [mutate, uid],
  );
  return { send, retry: mutate };
}

/** The user's messages still on their way (or failed), oldest first. */
export function useOutgoing(): readonly OutgoingMessage[] {
  const uid = useSession((s) => s.uid);
  const items = useOutbox((s) => s.items);
  return items.filter((item) => item.uid === uid);
}

/** Tells the server the user has read support's messages up to `upTo` (those on screen); the badge follows. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => api.call(supportApi.read, { body: { upTo }, toast: false }),
    onSuccess: (_data, upTo) => {
      queryClient.setQueryData<ThreadData>(
        supportKeys.thread,
        (thread) => thread && withSupportMessagesRead(thread, upTo, Date.now()),
      );
      void queryClient.invalidateQueries({ queryKey: supportKeys.unread });
    },
  });
}

/** Object URLs of the images, released once their query leaves the cache (or is replaced). */
const releasing = new WeakSet<QueryClient>();

function releaseObjectUrls(queryClient: QueryClient): void {
  if (releasing.has(queryClient)) return;
  releasing.add(queryClient);
  const isAttachment = (key: readonly unknown[]) =>
    key[0] === USER_SCOPE && key[1] === 'support' && key[2] === 'attachment';
  const shown = new Map<string, string>();
  queryClient.getQueryCache().subscribe((event) => {
    if (!isAttachment(event.query.queryKey)) return;
    const hash = event.query.queryHash;
    const url = event.type === 'removed' ? undefined : (event.query.state.data as string | undefined);
    const before = shown.get(hash);
    if (before === url) return;
    if (before) URL.revokeObjectURL(before);
    if (url) shown.set(hash, url);
    else shown.delete(hash);
  });
}

/**
 * An image of the conversation as an object URL: the attachment route needs the Authorization header, so the image
 * is fetched as bytes rather than named in `<img src>` (the page's CSP allows `blob:`).
 */
export function useAttachmentUrl(id: number) {
  const queryClient = useQueryClient();
  // Idempotent, and here rather than in an effect so that the listener exists before the first image arrives.
  releaseObjectUrls(queryClient);
  return useQuery({
    queryKey: supportKeys.attachment(id),
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await api.file(supportApi.attachment, { params: { id }, toast: false, signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
