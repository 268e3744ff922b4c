import { PictureWrongOutline } from 'antd-mobile-icons';
import { useAttachmentUrl } from '../api';
import { useSupportT } from '../locales';

/** An image of the conversation as a thumbnail; tapping it opens it full size. */
export function AttachmentImage({ id, onOpen }: { id: number; onOpen(url: string): void }) {
  const t = useSupportT();
  const image = useAttachmentUrl(id);
  const url = image.data;
  if (url) {
    return (
      <button type="button" className="msg-image" aria-label={t('viewImage')} onClick={() => onOpen(url)}>
        <img className="msg-image__img" src={url} alt={t('image')} />
      </button>
    );
  }
  if (image.isError) {
    return (
      <button type="button" className="msg-image msg-image--failed" onClick={() => void image.refetch()}>
        <PictureWrongOutline className="msg-image__icon" />
        <span>{t('imageUnavailable')}</span>
      </button>
    );
  }
  return <div className="msg-image msg-image--loading" aria-busy="true" />;
}
