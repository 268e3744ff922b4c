import {
  type ChatFrame,
  type ChatMessage,
  type ChatReportReason,
  type ChatRoomKey,
  communityApi,
  ERRORS,
} from '@bourse/contract';
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, ApiError } from '../../lib/api';
import { live } from '../../lib/live';
import { USER_SCOPE } from '../../lib/query';
import { useSession } from '../../lib/stores/session';
import { type HistoryData, withMessage, withRemoved } from './history';

export const chatKeys = {
  rooms: ['chat', 'rooms'] as const,
  history: (room: ChatRoomKey) => ['chat', 'history', room] as const,
  me: [USER_SCOPE, 'chat', 'me'] as const,
};

export function useRooms() {
  return useQuery({
    queryKey: chatKeys.rooms,
    queryFn: ({ signal }) => api.call(communityApi.rooms, { toast: false, signal }),
    staleTime: 60_000,
  });
}

/** A room's newest messages first; `fetchNextPage` brings older ones (`before` = the oldest id shown). */
export function useHistory(room: ChatRoomKey) {
  return useInfiniteQuery({
    queryKey: chatKeys.history(room),
    queryFn: ({ pageParam, signal }) =>
      api.call(communityApi.history, { query: { room, before: pageParam }, toast: false, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (oldest) => (oldest.more && oldest.messages[0] ? oldest.messages[0].id : undefined),
    // Opening a room asks the server again: messages written while nobody here listened were not pushed to us.
    staleTime: 0,
  });
}

/** My name and avatar in the chat, and whether a moderator muted me. */
export function useChatMe() {
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: chatKeys.me,
    queryFn: ({ signal }) => api.call(communityApi.me, { toast: false, signal }),
    enabled: loggedIn,
    staleTime: 0,
  });
}

/** What a frame of the room's `chat` topic changes in the cached history. */
export function applyChatFrame(queryClient: QueryClient, room: ChatRoomKey, frame: ChatFrame): void {
  queryClient.setQueryData<HistoryData>(chatKeys.history(room), (data) => {
    if (!data) return data;
    if (frame.kind === 'message') return frame.message.room === room ? withMessage(data, frame.message) : data;
    return withRemoved(data, frame.id, frame.by);
  });
}

/**
 * Listens to the room while it is on screen: new messages appear, removed ones lose their text and image. Back on
 * screen after a while in the background (a locked phone may have lost the socket), the room is asked for again.
 */
export function useRoomFeed(room: ChatRoomKey): void {
  const queryClient = useQueryClient();
  useEffect(
    () => live.subscribe('chat', { room }, (frame) => applyChatFrame(queryClient, room, frame)),
    [queryClient, room],
  );
  useEffect(() => {
    let wasHidden = false;
    const onChange = () => {
      if (document.visibilityState === 'hidden') {
        wasHidden = true;
      } else if (wasHidden) {
        wasHidden = false;
        void queryClient.invalidateQueries({ queryKey: chatKeys.history(room) });
      }
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [queryClient, room]);
}

/** A refusal that means the user is muted: the page shows the muted state from the server's answer. */
function onRefused(queryClient: QueryClient, error: unknown): void {
  if (error instanceof ApiError && error.code === ERRORS.CHAT_MUTED.code) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.me });
  }
}

export interface Outgoing {
  room: ChatRoomKey;
  body: string;
  image: File | null;
}

/** Writes to a room; the confirmed message joins the history at once (its live frame then finds it there). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ room, body, image }: Outgoing): Promise<ChatMessage> => {
      if (!image) return api.call(communityApi.send, { body: { room, body } });
      const form = new FormData();
      form.append('room', room);
      if (body !== '') form.append('body', body);
      form.append('image', image);
      return api.call(communityApi.sendImage, { form });
    },
    onSuccess: (message) => applyChatFrame(queryClient, message.room, { kind: 'message', message }),
    onError: (error) => onRefused(queryClient, error),
  });
}

/** Removes the user's own message (for everyone). */
export function useRemoveMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(communityApi.remove, { params: { id } }),
    onSuccess: (message) =>
      applyChatFrame(queryClient, message.room, { kind: 'removed', room: message.room, id: message.id, by: 'author' }),
  });
}

export function useReportMessage() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: ChatReportReason }) =>
      api.call(communityApi.report, { params: { id }, body: { reason } }),
  });
}
