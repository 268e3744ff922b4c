import type { SupportMessage } from '@bourse/contract';
import { DotLoading } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import { usePreview } from '../../../components/ImagePicker';
import { messageTime } from '../format';
import { useSupportT } from '../locales';
import type { OutgoingMessage } from '../outbox';
import { AttachmentImage } from './AttachmentImage';

/** A confirmed message: support's with the operator's name, the user's own with its receipt (sent / read). */
export function MessageItem({
  message,
  locale,
  onOpenImage,
}: {
  message: SupportMessage;
  locale: string;
  onOpenImage(url: string): void;
}) {
  const t = useSupportT();
  const mine = message.author === 'user';
  return (
    <div className={`support-msg support-msg--${mine ? 'mine' : 'theirs'}`} data-message-id={message.id}>
      {!mine && <div className="support-msg__name">{message.operatorName ?? t('support')}</div>}
      <div
        className={`msg-bubble msg-bubble--${mine ? 'mine' : 'theirs'}${message.body === '' ? ' msg-bubble--image' : ''}`}
      >
        {message.attachmentId !== null && <AttachmentImage id={message.attachmentId} onOpen={onOpenImage} />}
        {message.body !== '' && <p className="msg-text">{message.body}</p>}
      </div>
      <div className="support-msg__meta">
        <time dateTime={new Date(message.createdAt).toISOString()}>{messageTime(message.createdAt, locale)}</time>
        {mine && (
          <span className={`support-msg__receipt${message.readAt !== null ? ' support-msg__receipt--read' : ''}`}>
            {message.readAt !== null ? t('read') : t('sent')}
          </span>
        )}
      </div>
    </div>
  );
}

/** A message on its way, or one that failed with its reason and a retry. */
export function OutgoingItem({
  item,
  locale,
  onRetry,
  onOpenImage,
}: {
  item: OutgoingMessage;
  locale: string;
  onRetry(item: OutgoingMessage): void;
  onOpenImage(url: string): void;
}) {
  const t = useSupportT();
  const preview = usePreview(item.image ?? undefined);
  const failed = item.state === 'failed';
  return (
    <div className={`support-msg support-msg--mine support-msg--${item.state}`} data-state={item.state}>
      <div className={`msg-bubble msg-bubble--mine${item.body === '' ? ' msg-bubble--image' : ''}`}>
        {preview && (
          <button type="button" className="msg-image" aria-label={t('viewImage')} onClick={() => onOpenImage(preview)}>
            <img className="msg-image__img" src={preview} alt={t('image')} />
          </button>
        )}
        {item.body !== '' && <p className="msg-text">{item.body}</p>}
      </div>
      <div className="support-msg__meta" role={failed ? 'alert' : undefined}>
        {failed ? (
          <>
            <ExclamationCircleFill className="support-msg__failed-icon" />
            <span className="support-msg__failed">{item.error ? `${t('notSent')}: ${item.error}` : t('notSent')}</span>
            <button type="button" className="support-msg__retry" onClick={() => onRetry(item)}>
              {t('retry')}
            </button>
          </>
        ) : (
          <>
            <time dateTime={new Date(item.createdAt).toISOString()}>{messageTime(item.createdAt, locale)}</time>
            <span className="support-msg__receipt">
              <DotLoading color="currentColor" /> {t('sending')}
            </span>
          </>
        )}
      </div>
    </div>
  );
}
