import type { DepositStatus, WithdrawalStatus } from '@bourse/contract';
import type { StatusTone } from '../../../components/StatusTag';
import type { WalletT } from '../locales';

type MovementStatus = DepositStatus | WithdrawalStatus | 'done';

const TONE: Readonly<Record<MovementStatus, StatusTone>> = {
  pending: 'pending',
  credited: 'pending',
  done: 'ok',
  below_min: 'off',
  review: 'pending',
  approved: 'pending',
  broadcast: 'pending',
  succeeded: 'ok',
  failed: 'bad',
  rejected: 'bad',
  cancelled: 'off',
};

const LABEL = {
  pending: 'statusPending',
  credited: 'statusCredited',
  done: 'statusDone',
  below_min: 'statusBelowMin',
  review: 'statusReview',
  approved: 'statusApproved',
  broadcast: 'statusBroadcast',
  succeeded: 'statusSucceeded',
  failed: 'statusFailed',
  rejected: 'statusRejected',
  cancelled: 'statusCancelled',
} as const satisfies Record<MovementStatus, string>;

function isMovementStatus(status: string): status is MovementStatus {
  return Object.hasOwn(LABEL, status);
}

/**
 * A deposit's, withdrawal's or transfer's state for the shared `StatusTag`:
 * `<StatusTag {...movementStatus(t, s)} />`.
 */
export function movementStatus(t: WalletT, status: string): { tone: StatusTone; children: string } {
  return isMovementStatus(status)
    ? { tone: TONE[status], children: t(LABEL[status]) }
    : { tone: 'off', children: status };
}
