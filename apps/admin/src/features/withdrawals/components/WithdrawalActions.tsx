import { type AdminWithdrawal, RejectWithdrawalBody } from '@bourse/contract';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { Can } from '../../../components/Can';
import { ReasonModal } from '../../../components/ReasonModal';
import { formatDecimal } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { useWithdrawalDecision } from '../api';
import { useWithdrawalsT } from '../locales';

const REASON = RejectWithdrawalBody.shape.reason;

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
  if (withdrawal.status !== 'review') return null;
  return (
    <Can permission="withdrawals.review">
      <Popconfirm
        title={t('approveConfirm', { id: withdrawal.id })}
        okText={t('approve')}
        cancelText={common('cancel')}
        onConfirm={() =>
          approve.mutate(withdrawal.id, {
            onSuccess: () => {
              void message.success(t('approved'));
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
