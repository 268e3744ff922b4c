import { CheckOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { SUPPORT_MESSAGE_MAX, type RouteData, type SupportMessage, type supportAdminApi } from '@bourse/contract';
import { Alert, App, Button, Card, Flex, Input, Popconfirm, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AuthImage } from '../../../components/AuthImage';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { useCommonT } from '../../../lib/locales';
import { loadAttachment, supportKeys, useSupportActions } from '../api';
import { latestUnreadFromUser, usePageVisible } from '../polling';
import { useSupportT } from '../locales';

type Detail = RouteData<typeof supportAdminApi.conversation>;

function Message({ message, userName }: { message: SupportMessage; userName: string }) {
  const t = useSupportT();
  const mine = message.author === 'operator';
  return (
    <div className={`support-msg support-msg--${message.author}`} data-testid={`support-message-${message.id}`}>
      <div className="support-msg__meta">
        <span className="support-msg__author">{mine ? (message.operatorName ?? t('operator')) : userName}</span>
        <Time ms={message.createdAt} />
        {message.readAt !== null ? (
          <span className="support-msg__read" title={t('readAt')}>
            <CheckOutlined /> {mine ? t('readByUser') : t('readByOperator')}
          </span>
        ) : null}
      </div>
      <div className="support-msg__bubble">
        {message.body ? <div className="support-msg__body">{message.body}</div> : null}
        {message.attachmentId !== null ? (
          <div className="support-msg__image">
            <AuthImage
              queryKey={supportKeys.attachment(message.attachmentId)}
              load={(signal) => loadAttachment(message.attachmentId ?? 0, signal)}
              alt={t('image')}
              width={220}
              height={160}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function ReplyBox({ id }: { id: number }) {
  const t = useSupportT();
  const { reply } = useSupportActions(id);
  const [text, setText] = useState('');
  const body = text.trim();
  const send = () => {
    if (!body || reply.isPending) return;
    reply.mutate(body, { onSuccess: () => setText('') });
  };
  return (
    <div className="support-chat__reply">
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            send();
          }
        }}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={SUPPORT_MESSAGE_MAX}
        placeholder={t('replyPlaceholder')}
        aria-label={t('reply')}
        name="reply"
        data-testid="support-reply"
      />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary" className="small-text">
          {t('replyHint')}
        </Typography.Text>
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={send}
          disabled={!body}
          loading={reply.isPending}
          data-testid="support-send"
        >
          {t('send')}
        </Button>
      </Flex>
    </div>
  );
}

/** A conversation: every message with its author and time, images, the reply box, closing; opened means read. */
export function Conversation({ detail }: { detail: Detail }) {
  const t = useSupportT();
  const common = useCommonT();
  const { message } = App.useApp();
  const { id } = detail.conversation;
  const { read, close } = useSupportActions(id);
  const visible = usePageVisible();
  const userName = detail.user.nickname ?? t('userUid', { uid: detail.user.uid });
  const open = detail.conversation.status === 'open';

  // Opened (and in front of the operator) means read: once per newest unread message of the user.
  const unread = latestUnreadFromUser(detail.messages);
  const marked = useRef(0);
  const markRead = read.mutate;
  useEffect(() => {
    if (unread === null || !visible || marked.current >= unread) return;
    marked.current = unread;
    markRead(unread);
  }, [unread, visible, markRead]);

  // The newest message in view: on opening, and when one arrives while the operator is at the bottom.
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = detail.messages.length;
  useLayoutEffect(() => {
    const node = list.current;
    if (node && atBottom.current) node.scrollTop = node.scrollHeight;
  }, [count, id]);

  return (
    <Card
      className="support-chat"
      classNames={{ body: 'support-chat__body' }}
      title={
        <Flex align="center" gap={8}>
          <span>{t('conversationWith', { name: userName })}</span>
          <StatusTag tone={open ? 'progress' : 'neutral'}>{open ? t('statusOpen') : t('statusClosed')}</StatusTag>
        </Flex>
      }
      extra={
        open ? (
          <Popconfirm
            title={t('closeConfirm')}
            description={t('closeConfirmText')}
            okText={t('closeConversation')}
            cancelText={common('cancel')}
            onConfirm={() => close.mutate(undefined, { onSuccess: () => void message.success(t('closed')) })}
          >
            <Button size="small" icon={<StopOutlined />} loading={close.isPending} data-testid="support-close">
              {t('closeConversation')}
            </Button>
          </Popconfirm>
        ) : null
      }
      data-testid="support-chat"
    >
      <div
        className="support-chat__messages"
        ref={list}
        onScroll={(event) => {
          const node = event.currentTarget;
          atBottom.current = node.scrollHeight - node.scrollTop - node.clientHeight < 48;
        }}
        data-testid="support-messages"
      >
        <div className="support-chat__started">
          {t('started')} <Time ms={detail.conversation.createdAt} />
        </div>
        {detail.messages.map((m) => (
          <Message key={m.id} message={m} userName={userName} />
        ))}
        {!open ? (
          <div className="support-chat__started">
            {t('closedAt')} <Time ms={detail.conversation.closedAt} />
          </div>
        ) : null}
      </div>
      {open ? (
        <ReplyBox key={id} id={id} />
      ) : (
        <Alert type="info" showIcon title={t('closedNotice')} className="support-chat__closed" />
      )}
    </Card>
  );
}
