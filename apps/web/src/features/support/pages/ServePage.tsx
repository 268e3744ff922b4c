import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MESSAGE_MAX, type SupportMessage } from '@bourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { QueryError } from '../../../components/BlockState';
import { MessageComposer } from '../../../components/MessageComposer';
import { DelayedLoading } from '../../../components/PageState';
import { useLocale } from '../../../hooks/useLocale';
import type { PageProps } from '../../../lib/feature';
import { supportKeys, useMarkRead, useOutgoing, useSendMessage, useSupportFeed, useThread } from '../api';
import { HeadsetOutline } from '../components/HeadsetIcon';
import { ImageLightbox } from '../../../components/ImageLightbox';
import { MessageItem, OutgoingItem } from '../components/MessageItem';
import { dayKey, messageDay } from '../format';
import { useSupportT } from '../locales';
import type { OutgoingMessage } from '../outbox';
import { currentConversation, lastUnreadFromSupport, threadMessages } from '../thread';
import { useChatScroll } from '../../../hooks/useChatScroll';
import { usePageVisible } from '../usePageVisible';
import '../../../components/message-thread.css';
import '../support.css';

type Entry = { kind: 'message'; message: SupportMessage } | { kind: 'outgoing'; item: OutgoingMessage };

const entryTime = (entry: Entry) => (entry.kind === 'message' ? entry.message.createdAt : entry.item.createdAt);

function DayDivider({ at, now, locale }: { at: number; now: number; locale: string }) {
  const t = useSupportT();
  const day = messageDay(at, now, locale);
  return (
    <div className="msg-day" role="separator">
      <span>{day === 'today' ? t('today') : day === 'yesterday' ? t('yesterday') : day}</span>
    </div>
  );
}

function EmptyChat() {
  const t = useSupportT();
  return (
    <div className="support-empty">
      <span className="support-empty__icon" aria-hidden="true">
        <HeadsetOutline />
      </span>
      <h2 className="support-empty__title">{t('emptyTitle')}</h2>
      <p className="support-empty__text">{t('emptyText')}</p>
    </div>
  );
}

/** Tells the server what the user has seen of support's answers, while the page is on screen. */
function useReadWhileVisible(messages: readonly SupportMessage[], visible: boolean): void {
  const { mutate } = useMarkRead();
  const unreadUpTo = lastUnreadFromSupport(messages);
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (!visible || unreadUpTo === null || asked.current === unreadUpTo) return;
    asked.current = unreadUpTo;
    mutate(unreadUpTo);
  }, [visible, unreadUpTo, mutate]);
  // Back on screen: a failed attempt may be made again.
  useEffect(() => {
    if (!visible) asked.current = null;
  }, [visible]);
}

/** Back on screen after a while in the background: catch up on frames the app may have missed meanwhile. */
function useCatchUpOnReturn(visible: boolean): void {
  const queryClient = useQueryClient();
  const wasHidden = useRef(false);
  useEffect(() => {
    if (!visible) {
      wasHidden.current = true;
      return;
    }
    if (!wasHidden.current) return;
    wasHidden.current = false;
    // The thread and the count only: images never change, and fetching them again would only cost bytes.
    void queryClient.invalidateQueries({ queryKey: supportKeys.thread });
    void queryClient.invalidateQueries({ queryKey: supportKeys.unread });
  }, [visible, queryClient]);
}

/** /pages/index/serve — the customer-service chat. */
export default function ServePage(_props: PageProps) {
  const t = useSupportT();
  const locale = useLocale();
  const visible = usePageVisible();
  useSupportFeed();
  const thread = useThread();
  const outgoing = useOutgoing();
  const { send, retry } = useSendMessage();
  // The image shown full size; kept while the viewer closes so its animation has something to show.
  const [viewing, setViewing] = useState<{ url: string; open: boolean } | null>(null);
  const openImage = useCallback((url: string) => setViewing({ url, open: true }), []);
  const closeImage = useCallback(() => setViewing((shown) => shown && { ...shown, open: false }), []);
  const content = useRef<HTMLDivElement>(null);

  const messages = useMemo(() => threadMessages(thread.data), [thread.data]);
  const conversation = currentConversation(thread.data);
  useReadWhileVisible(messages, visible);
  useCatchUpOnReturn(visible);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const loadOlder = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);

  const entries = useMemo<Entry[]>(
    () => [
      ...messages.map((message) => ({ kind: 'message' as const, message })),
      ...outgoing.map((item) => ({ kind: 'outgoing' as const, item })),
    ],
    [messages, outgoing],
  );
  const newest = entries.at(-1);
  useChatScroll(content, {
    ready: thread.data !== undefined,
    firstId: messages[0]?.id ?? null,
    lastKey: newest ? (newest.kind === 'message' ? `m${newest.message.id}` : newest.item.key) : null,
    lastIsMine: newest?.kind === 'outgoing' || newest?.message.author === 'user',
    canLoadOlder: hasNextPage && !isFetchingNextPage,
    loadOlder,
  });

  let body: ReactNode;
  if (thread.data === undefined) {
    body = thread.isError ? (
      <QueryError error={thread.error} onRetry={() => void thread.refetch()} />
    ) : (
      <DelayedLoading />
    );
  } else {
    const now = Date.now();
    const closed = conversation?.status === 'closed';
    body = (
      <>
        {hasNextPage && (
          <button type="button" className="msg-earlier" onClick={loadOlder} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('loadingEarlier') : t('earlier')}
          </button>
        )}
        {entries.length === 0 && <EmptyChat />}
        {entries.map((entry, index) => {
          const at = entryTime(entry);
          const previous = entries[index - 1];
          const newDay = !previous || dayKey(entryTime(previous)) !== dayKey(at);
          // The closing sits after the closed conversation's last message, before anything written since.
          const closedHere = closed && entry.kind === 'outgoing' && previous?.kind !== 'outgoing';
          return (
            <Fragment key={entry.kind === 'message' ? `m${entry.message.id}` : entry.item.key}>
              {closedHere && <ClosedNotice />}
              {newDay && <DayDivider at={at} now={now} locale={locale} />}
              {entry.kind === 'message' ? (
                <MessageItem message={entry.message} locale={locale} onOpenImage={openImage} />
              ) : (
                <OutgoingItem item={entry.item} locale={locale} onRetry={retry} onOpenImage={openImage} />
              )}
            </Fragment>
          );
        })}
        {closed && newest?.kind !== 'outgoing' && <ClosedNotice />}
      </>
    );
  }

  return (
    <div className="support" ref={content}>
      <div className="msg-thread support-thread" role="log" aria-live="polite" aria-busy={thread.isFetching}>
        {body}
      </div>
      <MessageComposer
        t={t}
        maxLength={SUPPORT_MESSAGE_MAX}
        imageMaxBytes={SUPPORT_ATTACHMENT_MAX_BYTES}
        countFrom={SUPPORT_MESSAGE_MAX - 200}
        maxRows={5}
        onSend={send}
      />
      {viewing && (
        <ImageLightbox
          url={viewing.url}
          open={viewing.open}
          label={t('image')}
          closeLabel={t('closeImage')}
          onClose={closeImage}
          afterClose={() => setViewing(null)}
        />
      )}
    </div>
  );
}

function ClosedNotice() {
  const t = useSupportT();
  return (
    <div className="msg-note support-closed" role="status">
      {t('closed')}
    </div>
  );
}
