import { Mask } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useChatT } from '../locales';

/** An image of the room at the size of the screen; a tap anywhere, the close button or Escape closes it. */
export function ChatLightbox({ url, onClose }: { url: string | null; onClose(): void }) {
  const t = useChatT();
  useEffect(() => {
    if (!url) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [url, onClose]);
  return (
    <Mask visible={url !== null} color="black" opacity={0.92} onMaskClick={onClose} destroyOnClose>
      <div className="chat-lightbox" role="dialog" aria-modal="true" aria-label={t('image')} onClick={onClose}>
        {url && <img className="chat-lightbox__img" src={url} alt={t('image')} />}
        <button type="button" className="chat-lightbox__close" aria-label={t('closeImage')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
    </Mask>
  );
}
