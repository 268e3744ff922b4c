import { CameraOutline } from 'antd-mobile-icons';
import { useSecurityT } from '../locales';
import { ImagePicker, usePreview } from '../../../components/ImagePicker';

/** One photo of a document: an empty frame to tap, or the chosen photo with "Replace". */
export function PhotoSlot({
  name,
  label,
  file,
  onPick,
}: {
  name: string;
  label: string;
  file: File | undefined;
  onPick(file: File): void;
}) {
  const t = useSecurityT();
  const preview = usePreview(file);
  return (
    <div className="sec-photo">
      <ImagePicker
        name={name}
        label={`${label}: ${file ? t('replacePhoto') : t('addPhoto')}`}
        onPick={onPick}
        className={`sec-photo__frame${preview ? ' sec-photo__frame--filled' : ''}`}
      >
        {preview ? (
          <>
            <img className="sec-photo__image" src={preview} alt="" />
            <span className="sec-photo__replace">{t('replacePhoto')}</span>
          </>
        ) : (
          <span className="sec-photo__empty">
            <CameraOutline className="sec-photo__icon" />
            <span>{t('addPhoto')}</span>
          </span>
        )}
      </ImagePicker>
      <span className="sec-photo__label">{label}</span>
    </div>
  );
}
