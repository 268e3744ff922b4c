import { type C2CConfig, type C2CMessage, type C2COrder, c2cApi } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { live } from '../../lib/live';
import { askAgainIfFetching, USER_SCOPE } from '../../lib/query';

export const c2cKeys = {
  config: ['c2c', 'config'] as const,
  offers: (trade: string, asset: string, fiat: string, amount: string, payment: string) =>
    ['c2c', 'offers', trade, asset, fiat, amount, payment] as const,
  quote: (trade: string, asset: string, fiat: string, value: string, payment: string) =>
    ['c2c', 'quote', trade, asset, fiat, value, payment] as const,
  all: [USER_SCOPE, 'c2c'] as const,
  orders: (tab: string) => [USER_SCOPE, 'c2c', 'orders', tab] as const,
  order: (id: number) => [USER_SCOPE, 'c2c', 'order', id] as const,
  messages: (id: number) => [USER_SCOPE, 'c2c', 'messages', id] as const,
  payments: [USER_SCOPE, 'c2c', 'payments'] as const,
  merchant: [USER_SCOPE, 'c2c', 'merchant'] as const,
  notifications: [USER_SCOPE, 'c2c', 'notifications'] as const,
};

export function useC2CConfig() {
  return useQuery({
    queryKey: c2cKeys.config,
    queryFn: ({ signal }) => api.call(c2cApi.config, { toast: false, signal }),
    staleTime: 60_000,
  });
}

export function useOffers(q: {
  trade: 'buy' | 'sell';
  asset: string;
  fiat: C2CConfig['fiats'][number]['code'];
  amount: string;
  payment: string;
}) {
  return useQuery({
    queryKey: c2cKeys.offers(q.trade, q.asset, q.fiat, q.amount, q.payment),
    queryFn: ({ signal }) =>
      api.call(c2cApi.offers, {
        query: {
          trade: q.trade,
          asset: q.asset,
          fiat: q.fiat,
          amount: q.amount || undefined,
          payment: (q.payment || undefined) as never,
          page: 1,
          size: 50,
        },
        toast: false,
        signal,
      }),
    refetchInterval: 10_000,
  });
}

export function useOrder(id: number) {
  return useQuery({
    queryKey: c2cKeys.order(id),
    queryFn: ({ signal }) => api.call(c2cApi.order, { params: { id }, toast: false, signal }),
    enabled: id > 0,
  });
}

export function useMessages(id: number) {
  return useQuery({
    queryKey: c2cKeys.messages(id),
    queryFn: ({ signal }) => api.call(c2cApi.messages, { params: { id }, query: { after: 0 }, toast: false, signal }),
    enabled: id > 0,
  });
}

/** The private `c2c` channel: order changes and chat messages land in the caches as they happen. */
export function useC2CLive(orderId?: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      live.subscribe('c2c', {}, (frame) => {
        // A fetch under way may have read the order or its chat before this frame's change: ask again after it.
        if (frame.order) {
          askAgainIfFetching(queryClient, c2cKeys.order(frame.orderId));
          queryClient.setQueryData<C2COrder>(c2cKeys.order(frame.orderId), frame.order);
        }
        if (frame.message && frame.orderId === orderId) {
          const message = frame.message;
          askAgainIfFetching(queryClient, c2cKeys.messages(frame.orderId));
          queryClient.setQueryData<C2CMessage[]>(c2cKeys.messages(frame.orderId), (list) =>
            list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
          );
        }
        if (frame.kind === 'order') void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'c2c', 'orders'] });
        if (frame.kind === 'notification') {
          void queryClient.invalidateQueries({ queryKey: c2cKeys.notifications });
          if (frame.orderId === orderId) {
            void queryClient.invalidateQueries({ queryKey: c2cKeys.messages(frame.orderId) });
          }
        }
      }),
    [queryClient, orderId],
  );
}

/** After an action on an order: show its new state at once. */
export function useOrderAction<A>(id: number, run: (arg: A) => Promise<C2COrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (order) => {
      queryClient.setQueryData(c2cKeys.order(id), order);
      void queryClient.invalidateQueries({ queryKey: c2cKeys.messages(id) });
      void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'c2c', 'orders'] });
    },
  });
}

export function useSendMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.call(c2cApi.send, { body: { id, body } }),
    onSuccess: (message) =>
      queryClient.setQueryData<C2CMessage[]>(c2cKeys.messages(id), (list) =>
        list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
      ),
  });
}

export function usePayments() {
  return useQuery({
    queryKey: c2cKeys.payments,
    queryFn: ({ signal }) => api.call(c2cApi.payments, { toast: false, signal }),
  });
}

/** The in-app notifications (newest first) and how many are unread; kept fresh by the live channel. */
export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: c2cKeys.notifications,
    queryFn: ({ signal }) => api.call(c2cApi.notifications, { toast: false, signal }),
    enabled,
  });
}

export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(c2cApi.readNotifications, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: c2cKeys.notifications }),
  });
}

export function useMerchant() {
  return useQuery({
    queryKey: c2cKeys.merchant,
    queryFn: ({ signal }) => api.call(c2cApi.merchant, { toast: false, signal }),
  });
}

/** Seconds left until `until` (server time), counting down once a second. */
export function secondsLeft(until: number | null, serverTime: number, fetchedAt: number, now: number): number | null {
  if (until === null) return null;
  return Math.max(0, Math.floor((until - (serverTime + (now - fetchedAt))) / 1000));
}

export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
