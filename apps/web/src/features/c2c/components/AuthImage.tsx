import { useQuery } from '@tanstack/react-query';
import { USER_SCOPE } from '../../../lib/query';

/**
 * An image behind the login (chat pictures, appeal evidence, payment QR codes): fetched as bytes with the session
 * and shown through an object URL; `[alt]` until it arrives.
 */
export function AuthImage({
  cacheKey,
  load,
  alt,
  className,
  testId,
}: {
  cacheKey: readonly unknown[];
  load(signal: AbortSignal): Promise<Blob>;
  alt: string;
  className?: string;
  testId?: string;
}) {
  const url = useQuery({
    queryKey: [USER_SCOPE, 'c2c', 'image', ...cacheKey],
    queryFn: async ({ signal }) => URL.createObjectURL(await load(signal)),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return url.data ? (
    <img className={className} src={url.data} alt={alt} data-testid={testId} />
  ) : (
    <span className="c2c-muted">[{alt}]</span>
  );
}
