import type { AdminWithdrawal } from '@bourse/contract';
import { StatusTag } from '../../../components/StatusTag';
import { useOperator } from '../../../lib/operator';
import { useWithdrawalsT } from '../locales';
import { reviewStage } from './WithdrawalActions';

/** Maker-checker: a withdrawal under review that needs two approvals, and whose first approval it waits on. */
export function ReviewStageTag({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const t = useWithdrawalsT();
  const me = useOperator();
  if (withdrawal.status !== 'review') return null;
  const stage = reviewStage(withdrawal);
  if (stage === 'single') return null;
  const text =
    stage === 'first'
      ? t('needsTwo')
      : withdrawal.firstReviewedBy === me?.id
        ? t('awaitingSecondYou')
        : t('awaitingSecond', { id: withdrawal.firstReviewedBy ?? 0 });
  return (
    <StatusTag tone={stage === 'first' ? 'attention' : 'progress'}>
      <span data-testid={`withdrawal-stage-${withdrawal.id}`}>{text}</span>
    </StatusTag>
  );
}
