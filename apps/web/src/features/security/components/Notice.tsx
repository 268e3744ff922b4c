import { ExclamationCircleOutline, InformationCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

/** A tinted note above a form: what will happen (info) or what to be careful about (warning). */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'warning'; children: ReactNode }) {
  const Icon = tone === 'warning' ? ExclamationCircleOutline : InformationCircleOutline;
  return (
    <div className={`sec-notice sec-notice--${tone}`} role={tone === 'warning' ? 'alert' : 'note'}>
      <Icon className="sec-notice__icon" />
      <div className="sec-notice__text">{children}</div>
    </div>
  );
}
