import { DotLoading } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { PAGE_LOADING_DELAY_MS } from '@bourse/contract';
import { useCommonT } from '../lib/locales';

/** The loading placeholder; appears only after 200 ms so fast loads do not flash (spec §2). */
export function DelayedLoading({ delay = PAGE_LOADING_DELAY_MS }: { delay?: number }) {
  const t = useCommonT();
  const [visible, setVisible] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  if (!visible) return <div className="page-state" aria-busy="true" />;
  return (
    <div className="page-state" aria-busy="true" role="status">
      <DotLoading color="primary" />
      <span className="page-state__text">{t('loading')}</span>
    </div>
  );
}

/** A full-page message the user taps to try again (load failure, timeout). */
export function TapToRetry({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="page-state page-state--tap" role="button" tabIndex={0} onClick={onRetry} onKeyDown={onRetry}>
      <ExclamationCircleOutline className="page-state__icon" />
      <span className="page-state__text">{message}</span>
    </div>
  );
}
