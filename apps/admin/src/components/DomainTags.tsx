import {
  type IdentityState,
  SPOT_ORDER_STATUSES,
  type SpotOrderStatus,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
} from '@bourse/contract';
import { useCommonT } from '../lib/locales';
import { StatusTag, type Tone } from './StatusTag';

/**
 * States that several desks show (a user's verification, a withdrawal's or an order's status), in the shell's words
 * and tones, so the user's page, the support inbox and the queues say the same thing.
 */
const IDENTITY_TONE: Record<IdentityState, Tone> = {
  unverified: 'neutral',
  pending: 'attention',
  verified: 'success',
  rejected: 'danger',
};

const WITHDRAWAL_TONE: Record<WithdrawalStatus, Tone> = {
  review: 'attention',
  approved: 'progress',
  broadcast: 'progress',
  succeeded: 'success',
  failed: 'danger',
  rejected: 'danger',
  cancelled: 'neutral',
};

const ORDER_TONE: Record<SpotOrderStatus, Tone> = {
  open: 'progress',
  partial: 'progress',
  filled: 'success',
  cancelled: 'neutral',
  expired: 'neutral',
};

export function IdentityTag({ state }: { state: IdentityState }) {
  const t = useCommonT();
  return <StatusTag tone={IDENTITY_TONE[state]}>{t(`identity_${state}`)}</StatusTag>;
}

const isWithdrawalStatus = (value: string): value is WithdrawalStatus =>
  (WITHDRAWAL_STATUSES as readonly string[]).includes(value);
const isOrderStatus = (value: string): value is SpotOrderStatus =>
  (SPOT_ORDER_STATUSES as readonly string[]).includes(value);

/** A withdrawal's status (a status this console does not know yet is shown as the server sent it). */
export function WithdrawalStatusTag({ status }: { status: string }) {
  const t = useCommonT();
  if (!isWithdrawalStatus(status)) return <StatusTag tone="neutral">{status}</StatusTag>;
  return <StatusTag tone={WITHDRAWAL_TONE[status]}>{t(`withdrawal_${status}`)}</StatusTag>;
}

export function OrderStatusTag({ status }: { status: string }) {
  const t = useCommonT();
  if (!isOrderStatus(status)) return <StatusTag tone="neutral">{status}</StatusTag>;
  return <StatusTag tone={ORDER_TONE[status]}>{t(`order_${status}`)}</StatusTag>;
}

/** Buy in the rise colour, sell in the fall colour. */
export function SideText({ side }: { side: string }) {
  const t = useCommonT();
  if (side === 'buy') return <span className="rise">{t('side_buy')}</span>;
  if (side === 'sell') return <span className="fall">{t('side_sell')}</span>;
  return <span>{side}</span>;
}

/** On / off for a protection (two-factor, fund password): on reads as done, off as neutral. */
export function OnOffTag({ on }: { on: boolean }) {
  const t = useCommonT();
  return <StatusTag tone={on ? 'success' : 'neutral'}>{on ? t('on') : t('off')}</StatusTag>;
}
