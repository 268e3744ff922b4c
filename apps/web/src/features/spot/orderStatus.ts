import type { SpotOrderStatus } from '@bourse/contract';
import type { StatusTone } from '../../components/StatusTag';
import { orderStatusLabel, type SpotT } from './locales';

const TONE: Readonly<Record<SpotOrderStatus, StatusTone>> = {
  open: 'pending',
  partial: 'pending',
  filled: 'ok',
  cancelled: 'off',
  expired: 'off',
};

/** An order's state for the shared `StatusTag`: `<StatusTag {...orderStatus(t, order.status)} />`. */
export function orderStatus(t: SpotT, status: SpotOrderStatus): { tone: StatusTone; children: string } {
  return { tone: TONE[status], children: orderStatusLabel(t, status) };
}
