import { type AdminWithdrawal, RejectWithdrawalBody } from '@bourse/contract';
import { App, Button, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { Can } from '../../../components/Can';
import { ReasonModal } from '../../../components/ReasonModal';
import { formatDecimal } from '../../../lib/format';
import { useOperator } from '../../../lib/operator';
import { useCommonT } from '../../../lib/locales';
import { useWithdrawalDecision } from '../api';
import { useWithdrawalsT } from '../locales';

const REASON = RejectWithdrawalBody.shape.reason;

/** Where a withdrawal under review stands: one approval sends it, or the first or the second of two. */
export function reviewStage(withdrawal: AdminWithdrawal): 'single' | 'first' | 'second' {
  if (withdrawal.approvalsRequired < 2) return 'single';
  return withdrawal.firstReviewedBy === null ? 'first' : 'second';
}

/** Approve or reject a withdrawal under review (nothing for the others). */
export function WithdrawalActions({
  withdrawal,
  size,
  onDecided,
}: {
  withdrawal: AdminWithdrawal;
  size?: 'small' | 'middle';
  onDecided?: () => void;
}) {
  const t = useWithdrawalsT();
  const common = useCommonT();
  const { message } = App.useApp();
  const { approve, reject } = useWithdrawalDecision();
  const [rejecting, setRejecting] = useState(false);
  const me = useOperator();
  if (withdrawal.status !== 'review') return null;
  const stage = reviewStage(withdrawal);
  // Maker-checker: the operator who gave the first approval cannot give the second (the server refuses it too).
  const ownFirst = stage === 'second' && withdrawal.firstReviewedBy === me?.id;
  return (
    <Can permission="withdrawals.review">
      {ownFirst ? (
        <Tooltip title={t('sameOperator')}>
          <Button
            type="primary"
            size={size}
            disabled
            data-testid={`withdrawal-approve-${withdrawal.id}`}
            aria-describedby={`withdrawal-own-${withdrawal.id}`}
          >
            {t('approve')}
          </Button>
          <span id={`withdrawal-own-${withdrawal.id}`} className="visually-hidden">
            {t('sameOperator')}
          </span>
        </Tooltip>
      ) : (
        <Popconfirm
          title={t(stage === 'first' ? 'approveFirstConfirm' : 'approveConfirm', { id: withdrawal.id })}
          okText={t('approve')}
          cancelText={common('cancel')}
          onConfirm={() =>
            approve.mutate(withdrawal.id, {
              onSuccess: () => {
                void message.success(t(stage === 'first' ? 'firstApproved' : 'approved'));
                onDecided?.();
              },
            })
          }
        >
          <Button
            type="primary"
            size={size}
            loading={approve.isPending}
            data-testid={`withdrawal-approve-${withdrawal.id}`}
          >
            {t('approve')}
          </Button>
        </Popconfirm>
      )}
      <Button danger size={size} onClick={() => setRejecting(true)} data-testid={`withdrawal-reject-${withdrawal.id}`}>
        {t('reject')}
      </Button>
      <ReasonModal
        open={rejecting}
        title={t('rejectTitle', { id: withdrawal.id })}
        summary={t('rejectSummary', {
          amount: formatDecimal(withdrawal.amount),
          asset: withdrawal.asset,
          fee: formatDecimal(withdrawal.fee),
        })}
        okText={t('reject')}
        min={REASON.minLength ?? 1}
        max={REASON.maxLength ?? 200}
        pending={reject.isPending}
        onCancel={() => setRejecting(false)}
        onSubmit={(reason) =>
          reject.mutate(
            { id: withdrawal.id, reason },
            {
              onSuccess: () => {
                setRejecting(false);
                void message.success(t('rejected'));
                onDecided?.();
              },
            },
          )
        }
      />
    </Can>
  );
}
