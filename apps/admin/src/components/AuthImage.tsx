import { useQuery } from '@tanstack/react-query';
import { Image, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useCommonT } from '../lib/locales';

interface AuthImageProps {
  /** Cache key of the picture (e.g. `['identity', id, 'photo', side]`). */
  queryKey: readonly unknown[];
  /** Fetches the bytes with the operator's token: `(signal) => api.file(route, { params, signal, toast: false })`. */
  load(signal: AbortSignal): Promise<Blob>;
  alt: string;
  width: number;
  height: number;
}

/**
 * A picture behind the operator's token (identity photos): fetched with the Authorization header as a blob and shown
 * through an object URL (the page's policy allows `blob:` images), revoked when the picture goes away.
 */
export function AuthImage({ queryKey, load, alt, width, height }: AuthImageProps) {
  const t = useCommonT();
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    // A submission's photos never change.
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return undefined;
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);

  if (query.isPending || (query.data && !url)) return <Skeleton.Image active style={{ width, height }} />;
  if (!url) {
    return (
      <div className="auth-image auth-image--failed" style={{ width, height }}>
        {t('imageFailed')}
      </div>
    );
  }
  return <Image src={url} alt={alt} width={width} height={height} className="auth-image" />;
}
