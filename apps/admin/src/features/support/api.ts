import { type SupportMessage, supportAdminApi } from '@bourse/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export type InboxStatus = 'open' | 'closed';

export const supportKeys = {
  all: ['support'] as const,
  inboxes: ['support', 'inbox'] as const,
  inbox: (status: InboxStatus, page: number, size: number) => ['support', 'inbox', status, page, size] as const,
  conversation: (id: number) => ['support', 'conversation', id] as const,
  attachment: (id: number) => ['support', 'attachment', id] as const,
};

/**
 * The console has no live channel for operators: the inbox and the open conversation are fetched again every few
 * seconds while the page is visible (TanStack Query pauses intervals in a hidden tab) and the operator is at the desk.
 */
export const SUPPORT_POLL_MS = 5_000;

export function useInbox(status: InboxStatus, page: number, size: number, poll: number | false) {
  return useQuery({
    queryKey: supportKeys.inbox(status, page, size),
    queryFn: ({ signal }) => api.call(supportAdminApi.inbox, { query: { status, page, size }, signal, toast: false }),
    placeholderData: keepPreviousData,
    refetchInterval: poll,
    refetchIntervalInBackground: false,
  });
}

export function useConversation(id: number | null, poll: number | false) {
  return useQuery({
    queryKey: supportKeys.conversation(id ?? 0),
    queryFn: ({ signal }) => api.call(supportAdminApi.conversation, { params: { id: id ?? 0 }, signal, toast: false }),
    enabled: id !== null,
    refetchInterval: poll,
    refetchIntervalInBackground: false,
  });
}

/** An image a trader sent, as bytes fetched with the operator's token (shown through an object URL). */
export function loadAttachment(id: number, signal: AbortSignal): Promise<Blob> {
  return api.file(supportAdminApi.attachment, { params: { id }, signal, toast: false });
}

/** Reply, mark read, close: each refreshes the conversation and the inbox (unread counts, order, status). */
export function useSupportActions(id: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: supportKeys.conversation(id) });
    void queryClient.invalidateQueries({ queryKey: supportKeys.inboxes });
  };
  const reply = useMutation({
    mutationFn: (body: string) => api.call(supportAdminApi.reply, { params: { id }, body: { body } }),
    onSuccess: (message: SupportMessage) => {
      // The answer shows at once, before the conversation is fetched again.
      queryClient.setQueryData(supportKeys.conversation(id), (detail: { messages: SupportMessage[] } | undefined) =>
        detail && !detail.messages.some((m) => m.id === message.id)
          ? { ...detail, messages: [...detail.messages, message] }
          : detail,
      );
      refresh();
    },
  });
  const read = useMutation({
    mutationFn: (upTo: number) => api.call(supportAdminApi.read, { params: { id }, body: { upTo }, toast: false }),
    onSuccess: refresh,
  });
  const close = useMutation({
    mutationFn: () => api.call(supportAdminApi.close, { params: { id } }),
    onSuccess: refresh,
  });
  return { reply, read, close };
}
