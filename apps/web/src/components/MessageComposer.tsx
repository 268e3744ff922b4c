import { DotLoading, TextArea } from 'antd-mobile';
import { CloseOutline, PictureOutline } from 'antd-mobile-icons';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import type { Vars } from '../lib/i18n';
import { toast } from '../lib/toast';
import { checkImage, ImagePicker, usePreview } from './ImagePicker';
import './message-composer.css';

/** The texts a composer shows, from the feature that holds it (each feature words its own placeholder). */
export type ComposerText = (
  key:
    | 'placeholder'
    | 'send'
    | 'sending'
    | 'attachImage'
    | 'removeImage'
    | 'image'
    | 'imageType'
    | 'imageTooLarge'
    | 'characters',
  vars?: Vars,
) => string;

/**
 * Where the user writes in a conversation: text and an optional image, previewed before it goes. Enter sends
 * (Shift+Enter for a new line; an input method's Enter still picks its characters). While `onSend` runs the button
 * waits; what was written stays when it resolves false (the server refused it), to edit and retry.
 */
export function MessageComposer({
  t,
  maxLength,
  imageMaxBytes,
  countFrom,
  maxRows,
  onSend,
}: {
  t: ComposerText;
  maxLength: number;
  imageMaxBytes: number;
  /** From this length on the composer shows how much is left. */
  countFrom: number;
  maxRows: number;
  /** Resolves (or returns) false when the message did not go. */
  onSend(body: string, image: File | null): Promise<boolean> | boolean | void;
}) {
  const [body, setBody] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const preview = usePreview(image ?? undefined);
  const text = body.trim();
  const canSend = (text !== '' || image !== null) && !sending;

  const pick = (file: File) => {
    const problem = checkImage(file, imageMaxBytes);
    if (problem) toast(problem === 'size' ? t('imageTooLarge') : t('imageType'), 'fail');
    else setImage(file);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setSending(true);
    let sent: boolean | void;
    try {
      sent = await onSend(text, image);
    } finally {
      setSending(false);
    }
    if (sent === false) return;
    setBody('');
    setImage(null);
  };

  const enter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form className="msg-composer" onSubmit={(event) => void submit(event)}>
      {preview && (
        <div className="msg-composer__preview">
          <img className="msg-composer__thumb" src={preview} alt={t('image')} />
          <button
            type="button"
            className="msg-composer__remove"
            aria-label={t('removeImage')}
            onClick={() => setImage(null)}
          >
            <CloseOutline />
          </button>
        </div>
      )}
      <div className="msg-composer__row">
        <ImagePicker name="image" label={t('attachImage')} onPick={pick} className="msg-composer__tool">
          <PictureOutline />
        </ImagePicker>
        <div className="msg-composer__field">
          <TextArea
            name="body"
            aria-label={t('placeholder')}
            placeholder={t('placeholder')}
            value={body}
            onChange={setBody}
            maxLength={maxLength}
            autoSize={{ minRows: 1, maxRows }}
            rows={1}
            enterKeyHint="send"
            onEnterPress={enter}
          />
          {body.length >= countFrom && (
            <span className="msg-composer__count num">{t('characters', { n: body.length, max: maxLength })}</span>
          )}
        </div>
        <button
          type="submit"
          className="msg-composer__send"
          disabled={!canSend}
          aria-label={sending ? t('sending') : t('send')}
          // Keeps the keyboard up on phones: the text field does not lose focus to the button.
          onMouseDown={(event) => event.preventDefault()}
        >
          {sending ? <DotLoading color="currentColor" /> : t('send')}
        </button>
      </div>
    </form>
  );
}
