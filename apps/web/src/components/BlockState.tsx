import { Button, Skeleton } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import { ApiError } from '../lib/api';
import { useCommonT } from '../lib/locales';

/** Inline error of a query: the server's message (or the transport's) and a retry button. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useCommonT();
  const message = error instanceof ApiError ? error.msg : t('loadFailed');
  return (
    <div className="block-state" role="alert">
      <ExclamationCircleOutline className="block-state__icon" />
      <span>{message}</span>
      {onRetry && (
        <Button size="mini" fill="outline" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ text }: { text?: string }) {
  const t = useCommonT();
  return (
    <div className="block-state">
      <FileOutline className="block-state__icon" />
      <span>{text ?? t('empty')}</span>
    </div>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="list-skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="list-skeleton__row">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={1} animated />
        </div>
      ))}
    </div>
  );
}
