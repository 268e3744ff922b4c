import { Alert, Button } from 'antd';
import { ApiError } from '../lib/api';
import { useCommonT } from '../lib/locales';

/** A failed query, shown where its data would be, with the server's message and a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useCommonT();
  const message = error instanceof ApiError ? error.msg : t('badResponse');
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
