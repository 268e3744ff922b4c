import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MESSAGE_MAX } from '@bourse/contract';
import { TextArea } from 'antd-mobile';
import { CloseOutline, PictureOutline } from 'antd-mobile-icons';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { checkImage, ImagePicker, usePreview } from '../../../components/ImagePicker';
import { toast } from '../../../lib/toast';
import { useSupportT } from '../locales';

/** From this length on the composer shows how much is left of the 2000 characters. */
const COUNT_FROM = SUPPORT_MESSAGE_MAX - 200;

/**
 * Where the user writes: text (up to 2000 characters) and an optional image, previewed before it goes. Enter sends
 * (Shift+Enter for a new line; an input method's Enter still picks its characters).
 */
export function Composer({ onSend }: { onSend(body: string, image: File | null): void }) {
  const t = useSupportT();
  const [body, setBody] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const preview = usePreview(image ?? undefined);
  const text = body.trim();
  const canSend = text !== '' || image !== null;

  const pick = (file: File) => {
    const problem = checkImage(file, SUPPORT_ATTACHMENT_MAX_BYTES);
    if (problem) toast(problem === 'size' ? t('imageTooLarge') : t('imageType'), 'fail');
    else setImage(file);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text, image);
    setBody('');
    setImage(null);
  };

  const enter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className="support-composer" onSubmit={submit}>
      {preview && (
        <div className="support-composer__preview">
          <img className="support-composer__thumb" src={preview} alt={t('image')} />
          <button
            type="button"
            className="support-composer__remove"
            aria-label={t('removeImage')}
            onClick={() => setImage(null)}
          >
            <CloseOutline />
          </button>
        </div>
      )}
      <div className="support-composer__row">
        <ImagePicker name="image" label={t('attachImage')} onPick={pick} className="support-composer__tool">
          <PictureOutline />
        </ImagePicker>
        <div className="support-composer__field">
          <TextArea
            name="body"
            aria-label={t('placeholder')}
            placeholder={t('placeholder')}
            value={body}
            onChange={setBody}
            maxLength={SUPPORT_MESSAGE_MAX}
            autoSize={{ minRows: 1, maxRows: 5 }}
            rows={1}
            enterKeyHint="send"
            onEnterPress={enter}
          />
          {body.length >= COUNT_FROM && (
            <span className="support-composer__count num">
              {t('characters', { n: body.length, max: SUPPORT_MESSAGE_MAX })}
            </span>
          )}
        </div>
        <button
          type="submit"
          className="support-composer__send"
          disabled={!canSend}
          // Keeps the keyboard up on phones: the text field does not lose focus to the button.
          onMouseDown={(event) => event.preventDefault()}
        >
          {t('send')}
        </button>
      </div>
    </form>
  );
}
