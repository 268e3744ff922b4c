import { UPLOAD_IMAGE_TYPES } from '@bourse/contract';
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './image-picker.css';

const ACCEPT = UPLOAD_IMAGE_TYPES.join(',');

export type ImageProblem = 'type' | 'size';

/** Checks what the server will check again (by the file's bytes): an accepted image type and the size limit. */
export function checkImage(file: File, maxBytes: number): ImageProblem | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}

/** A preview URL for a chosen file, released when the file changes or the component goes. */
export function usePreview(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/**
 * A hidden file input behind a button: tapping `children` opens the camera or the photo library (images only). Used
 * by identity photos, the avatar and the support chat.
 */
export function ImagePicker({
  onPick,
  children,
  className,
  label,
  name,
}: {
  onPick(file: File): void;
  children: ReactNode;
  className?: string;
  label: string;
  name: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (file) onPick(file);
  };
  return (
    <>
      <button type="button" className={className} aria-label={label} onClick={() => input.current?.click()}>
        {children}
      </button>
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept={ACCEPT}
        className="image-picker__input"
        onChange={change}
        tabIndex={-1}
        aria-hidden="true"
      />
    </>
  );
}
