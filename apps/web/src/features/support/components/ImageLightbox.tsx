import { Mask } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useSupportT } from '../locales';

/**
 * An image of the conversation at the size of the screen, over a dark mask. A tap anywhere, the close button or
 * Escape closes it. (antd-mobile's ImageViewer would add pinch-zoom, and its gesture library to the first page.)
 */
export function ImageLightbox({
  url,
  open,
  onClose,
  afterClose,
}: {
  url: string;
  open: boolean;
  onClose(): void;
  afterClose(): void;
}) {
  const t = useSupportT();
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <Mask visible={open} color="black" opacity={0.92} afterClose={afterClose} onMaskClick={onClose}>
      <div className="support-lightbox" role="dialog" aria-modal="true" aria-label={t('image')} onClick={onClose}>
        <img className="support-lightbox__img" src={url} alt={t('image')} />
        <button type="button" className="support-lightbox__close" aria-label={t('closeImage')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
    </Mask>
  );
}
