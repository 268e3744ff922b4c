import type { ChatMessage } from '@bourse/contract';
import { memo } from 'react';
import { useLongPress } from '../../../hooks/useLongPress';
import { serverUrl } from '../../../lib/lines';
import { messageTime } from '../../../lib/messageTime';
import { hueOf, initialOf } from '../history';
import { useChatT } from '../locales';

/** The author's picture from their profile, or the first letter of their name on a colour of their own. */
export function ChatAvatar({ message, name }: { message: ChatMessage; name: string }) {
  if (message.avatar) return <img className="chat-avatar" src={serverUrl(message.avatar)} alt="" />;
  return (
    <span className="chat-avatar chat-avatar--letter" style={{ background: `hsl(${hueOf(message.uid)} 55% 45%)` }}>
      {initialOf(name)}
    </span>
  );
}

/**
 * A message of the room: others' with their avatar and nickname on the left, the user's own on the right. A removed
 * one keeps its place with a note instead of its text and image. A long press (or a right click, or Enter) opens its
 * actions: report someone else's, delete one's own, copy the text.
 */
export const ChatMessageItem = memo(function ChatMessageItem({
  message,
  mine,
  locale,
  onActions,
  onOpenImage,
}: {
  message: ChatMessage;
  mine: boolean;
  locale: string;
  onActions(message: ChatMessage): void;
  onOpenImage(url: string): void;
}) {
  const t = useChatT();
  const name = message.nickname ?? t('user', { uid: message.uid });
  const press = useLongPress(() => onActions(message));
  const removed = message.removed !== null;
  const time = (
    <time className="chat-msg__time" dateTime={new Date(message.createdAt).toISOString()}>
      {messageTime(message.createdAt, locale)}
    </time>
  );
  return (
    <div
      className={`chat-msg chat-msg--${mine ? 'mine' : 'theirs'}${removed ? ' chat-msg--removed' : ''}`}
      data-message-id={message.id}
    >
      {!mine && <ChatAvatar message={message} name={name} />}
      <div className="chat-msg__column">
        <div className="chat-msg__head">
          {!mine && <span className="chat-msg__name">{name}</span>}
          {time}
        </div>
        {removed ? (
          <p className="chat-msg__removed" role="note">
            {message.removed === 'moderator' ? t('removedByModerator') : t('removedByAuthor')}
          </p>
        ) : (
          <div
            className={`msg-bubble msg-bubble--${mine ? 'mine' : 'theirs'}${message.body === '' ? ' msg-bubble--image' : ''}`}
            role="button"
            tabIndex={0}
            aria-haspopup="menu"
            aria-label={`${name}: ${message.body || t('image')}. ${t('actions')}`}
            {...press}
            onContextMenu={(event) => {
              press.onContextMenu(event);
              onActions(message);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) onActions(message);
            }}
          >
            {message.image && (
              <button
                type="button"
                className="msg-image"
                aria-label={t('viewImage')}
                onClick={() => onOpenImage(serverUrl(message.image ?? ''))}
              >
                <img className="msg-image__img" src={serverUrl(message.image)} alt={t('image')} loading="lazy" />
              </button>
            )}
            {message.body !== '' && <p className="msg-text">{message.body}</p>}
          </div>
        )}
      </div>
    </div>
  );
});
