import type { IDENTITY_REVIEW_STATES } from '@bourse/contract';
import type { Tone } from '../../../components/StatusTag';

export const STATUS_TONE: Record<(typeof IDENTITY_REVIEW_STATES)[number], Tone> = {
  pending: 'attention',
  verified: 'success',
  rejected: 'danger',
};
