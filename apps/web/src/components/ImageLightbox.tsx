import { Mask } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import './message-thread.css';

/**
 * An image of a conversation at the size of the screen, over a dark mask. A tap anywhere, the close button or Escape
 * closes it. (antd-mobile's ImageViewer would add pinch-zoom, and its gesture library to the first page.) Open while
 * `open` says so, or else while there is a `url`; `afterClose` runs once the mask has faded out.
 */
export function ImageLightbox({
  url,
  open = url !== null,
  label,
  closeLabel,
  onClose,
  afterClose,
}: {
  url: string | null;
  open?: boolean;
  /** What the image is, for screen readers (the dialog and the image). */
  label: string;
  closeLabel: string;
  onClose(): void;
  afterClose?(): void;
}) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <Mask visible={open} color="black" opacity={0.92} afterClose={afterClose} onMaskClick={onClose} destroyOnClose>
      <div className="msg-lightbox" role="dialog" aria-modal="true" aria-label={label} onClick={onClose}>
        {url && <img className="msg-lightbox__img" src={url} alt={label} />}
        <button type="button" className="msg-lightbox__close" aria-label={closeLabel} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
    </Mask>
  );
}
