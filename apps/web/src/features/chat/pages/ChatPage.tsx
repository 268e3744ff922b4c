import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_MESSAGE_MAX,
  CHAT_REPORT_REASONS,
  CHAT_ROOMS,
  type ChatMessage,
  type ChatReportReason,
  type ChatRoomKey,
} from '@bourse/contract';
import { ActionSheet, Dialog } from 'antd-mobile';
import { Fragment, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { QueryError } from '../../../components/BlockState';
import { ChipTabs } from '../../../components/ChipTabs';
import { MessageComposer } from '../../../components/MessageComposer';
import { DelayedLoading } from '../../../components/PageState';
import { useChatScroll } from '../../../hooks/useChatScroll';
import { useLocale } from '../../../hooks/useLocale';
import { ApiError } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import type { PageProps } from '../../../lib/feature';
import { dayKey, messageDay } from '../../../lib/messageTime';
import { useSession } from '../../../lib/stores/session';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import {
  useChatMe,
  useHistory,
  useRemoveMessage,
  useReportMessage,
  useRoomFeed,
  useRooms,
  useSendMessage,
} from '../api';
import { ImageLightbox } from '../../../components/ImageLightbox';
import { ChatMessageItem } from '../components/ChatMessageItem';
import { historyMessages } from '../history';
import { useChatT } from '../locales';
import '../../../components/message-thread.css';
import '../chat.css';

const REASON_KEYS = {
  spam: 'reasonSpam',
  abuse: 'reasonAbuse',
  scam: 'reasonScam',
  other: 'reasonOther',
} as const satisfies Record<ChatReportReason, string>;

function isRoom(value: string | undefined): value is ChatRoomKey {
  return value !== undefined && (CHAT_ROOMS as readonly string[]).includes(value);
}

function DayDivider({ at, now, locale }: { at: number; now: number; locale: string }) {
  const t = useChatT();
  const day = messageDay(at, now, locale);
  return (
    <div className="msg-day" role="separator">
      <span>{day === 'today' ? t('today') : day === 'yesterday' ? t('yesterday') : day}</span>
    </div>
  );
}

/** Shows the muted state until the mute runs out, then asks the server again. */
function MutedNotice({ until, onOver }: { until: number; onOver(): void }) {
  const t = useChatT();
  const locale = useLocale();
  useEffect(() => {
    const timer = setTimeout(onOver, Math.max(0, until - Date.now()) + 500);
    return () => clearTimeout(timer);
  }, [until, onOver]);
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(until);
  return (
    <div className="chat-muted" role="status">
      {t('muted', { time })}
    </div>
  );
}

/** One room: its history (older pages as the reader scrolls up), live, and the composer. Keyed by the room. */
function RoomThread({ room }: { room: ChatRoomKey }) {
  const t = useChatT();
  const locale = useLocale();
  const uid = useSession((s) => s.uid);
  useRoomFeed(room);
  const history = useHistory(room);
  const me = useChatMe();
  const send = useSendMessage();
  const remove = useRemoveMessage();
  const report = useReportMessage();
  const [acting, setActing] = useState<ChatMessage | null>(null);
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const content = useRef<HTMLDivElement>(null);

  const messages = useMemo(() => historyMessages(history.data), [history.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const loadOlder = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  const newest = messages.at(-1);
  useChatScroll(content, {
    ready: history.data !== undefined,
    firstId: messages[0]?.id ?? null,
    lastKey: newest ? String(newest.id) : null,
    lastIsMine: newest?.uid === uid,
    canLoadOlder: hasNextPage && !isFetchingNextPage,
    loadOlder,
  });

  const onSend = useCallback(
    async (body: string, file: File | null) => {
      try {
        await send.mutateAsync({ room, body, image: file });
        return true;
      } catch (error) {
        return !(error instanceof ApiError);
      }
    },
    [send, room],
  );
  const closeImage = useCallback(() => setImage(null), []);
  const refetchMe = useCallback(() => void me.refetch(), [me]);

  const mutedUntil = me.data?.mutedUntil ?? null;
  const muted = mutedUntil !== null && mutedUntil > Date.now();

  let body: ReactNode;
  if (history.data === undefined) {
    body = history.isError ? (
      <QueryError error={history.error} onRetry={() => void history.refetch()} />
    ) : (
      <DelayedLoading />
    );
  } else {
    const now = Date.now();
    body = (
      <>
        {hasNextPage ? (
          <button type="button" className="msg-earlier" onClick={loadOlder} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('loadingEarlier') : t('earlier')}
          </button>
        ) : (
          <div className="msg-note chat-beginning">
            <p>{t('beginning')}</p>
            <p>{t('rules')}</p>
          </div>
        )}
        {messages.length === 0 && <p className="chat-empty">{t('empty')}</p>}
        {messages.map((message, index) => {
          const previous = messages[index - 1];
          const newDay = !previous || dayKey(previous.createdAt) !== dayKey(message.createdAt);
          return (
            <Fragment key={message.id}>
              {newDay && <DayDivider at={message.createdAt} now={now} locale={locale} />}
              <ChatMessageItem
                message={message}
                mine={message.uid === uid}
                locale={locale}
                onActions={setActing}
                onOpenImage={setImage}
              />
            </Fragment>
          );
        })}
      </>
    );
  }

  const actions = acting
    ? [
        ...(acting.body !== '' ? [{ key: 'copy', text: t('copy') }] : []),
        acting.uid === uid ? { key: 'delete', text: t('delete'), danger: true } : { key: 'report', text: t('report') },
      ]
    : [];

  const onAction = (key: string | number) => {
    const message = acting;
    setActing(null);
    if (!message) return;
    if (key === 'copy') void copyText(message.body);
    else if (key === 'report') setReporting(message);
    else if (key === 'delete') {
      void Dialog.confirm({
        content: t('deleteConfirm'),
        confirmText: t('delete'),
        cancelText: t('cancel'),
        onConfirm: async () => {
          await remove.mutateAsync(message.id);
          toast(t('deleted'), 'success');
        },
      });
    }
  };

  const onReport = (key: string | number) => {
    const message = reporting;
    setReporting(null);
    if (!message) return;
    report.mutate(
      { id: message.id, reason: key as ChatReportReason },
      { onSuccess: () => toast(t('reported'), 'success') },
    );
  };

  return (
    <div className="chat-room" ref={content}>
      <div className="msg-thread" role="log" aria-live="polite" aria-busy={history.isFetching}>
        {body}
      </div>
      {muted && mutedUntil !== null ? (
        <MutedNotice until={mutedUntil} onOver={refetchMe} />
      ) : (
        <MessageComposer
          t={t}
          maxLength={CHAT_MESSAGE_MAX}
          imageMaxBytes={CHAT_IMAGE_MAX_BYTES}
          countFrom={CHAT_MESSAGE_MAX - 100}
          maxRows={4}
          onSend={onSend}
        />
      )}
      <ActionSheet
        visible={acting !== null}
        actions={actions}
        cancelText={t('cancel')}
        onAction={(action) => onAction(action.key)}
        onClose={() => setActing(null)}
      />
      <ActionSheet
        visible={reporting !== null}
        extra={t('reportTitle')}
        actions={CHAT_REPORT_REASONS.map((reason) => ({ key: reason, text: t(REASON_KEYS[reason]) }))}
        cancelText={t('cancel')}
        onAction={(action) => onReport(action.key)}
        onClose={() => setReporting(null)}
      />
      <ImageLightbox url={image} label={t('image')} closeLabel={t('closeImage')} onClose={closeImage} />
    </div>
  );
}

/** /pages/chat/index — the community chat: a room per language, live, moderated. `?room=` picks the room. */
export default function ChatPage({ query }: PageProps) {
  const t = useChatT();
  const lang = useSettings((s) => s.lang);
  const rooms = useRooms();
  const [room, setRoom] = useState<ChatRoomKey>(() => (isRoom(query.room) ? query.room : lang));
  const tabs = (rooms.data ?? []).map((r) => ({ key: r.key, label: r.name }));
  return (
    <div className="chat">
      {tabs.length > 0 && (
        <div className="chat-rooms">
          <ChipTabs tabs={tabs} active={room} onChange={setRoom} label={t('rooms')} />
        </div>
      )}
      <RoomThread key={room} room={room} />
    </div>
  );
}
