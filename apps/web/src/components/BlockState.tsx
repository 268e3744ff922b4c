import { Button, Skeleton } from 'antd-mobile';
import { ERRORS } from '@bourse/contract';
import { ExclamationCircleOutline, FileOutline, QuestionCircleOutline } from 'antd-mobile-icons';
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

/** Whether a query failed because what it asked for does not exist (or is not the user's): retrying cannot help. */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === ERRORS.NOT_FOUND.code || error.code === ERRORS.ORDER_NOT_FOUND.code)
  );
}

/**
 * A page whose link leads nowhere (no id, an unknown id, someone else's record): says so plainly and offers a way
 * on — never a retry, which would only fail again.
 */
export function NotFoundState({
  title,
  text,
  action,
}: {
  title: string;
  text?: string;
  action?: { label: string; onClick(): void };
}) {
  return (
    <div className="block-state block-state--page" role="alert" data-state="not-found">
      <QuestionCircleOutline className="block-state__icon" />
      <strong className="block-state__title">{title}</strong>
      {text && <span>{text}</span>}
      {action && (
        <Button size="small" color="primary" fill="outline" onClick={action.onClick}>
          {action.label}
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
