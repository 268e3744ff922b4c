import type { ReactNode } from 'react';
import './status-tag.css';

/**
 * How a state reads at a glance: done (green), under way or waiting (brand yellow), failed or missing (red), over or
 * not applicable (grey). Fixed semantic colours — not the price colours, which the red-up setting swaps.
 */
export type StatusTone = 'ok' | 'pending' | 'bad' | 'off';

/** The one small state label of the app: withdrawals, deposits, orders, security settings… */
export function StatusTag({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`status-tag status-tag--${tone}`}>{children}</span>;
}
