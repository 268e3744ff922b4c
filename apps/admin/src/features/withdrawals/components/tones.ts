import type { WithdrawalStatus } from '@bourse/contract';
import type { Tone } from '../../../components/StatusTag';

export const STATUS_TONE: Record<WithdrawalStatus, Tone> = {
  review: 'attention',
  approved: 'progress',
  broadcast: 'progress',
  succeeded: 'success',
  failed: 'danger',
  rejected: 'danger',
  cancelled: 'neutral',
};
