import { ProposeTwoFactorResetBody, type TwoFactorReset } from '@bourse/contract';
import { App, Button, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { Can } from '../../../components/Can';
import { ReasonModal } from '../../../components/ReasonModal';
import { useCommonT } from '../../../lib/locales';
import { useOperator } from '../../../lib/operator';
import { useTwoFactorResetActions } from '../api';
import { useUsersT } from '../locales';

const REASON = ProposeTwoFactorResetBody.shape.reason;

/** Propose resetting a user's two-factor (a reason is required; a different operator decides). */
export function ProposeTwoFactorReset({ uid }: { uid: number }) {
  const t = useUsersT();
  const { message } = App.useApp();
  const { propose } = useTwoFactorResetActions();
  const [open, setOpen] = useState(false);
  return (
    <Can permission="users.manage">
      <Button onClick={() => setOpen(true)} data-testid="reset-2fa-propose">
        {t('resetTwoFactor')}
      </Button>
      <ReasonModal
        open={open}
        title={t('resetTwoFactorTitle', { uid })}
        summary={t('resetTwoFactorSummary')}
        hint={t('resetTwoFactorHint')}
        okText={t('resetTwoFactorPropose')}
        min={REASON.minLength ?? 1}
        max={REASON.maxLength ?? 500}
        pending={propose.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={(reason) =>
          propose.mutate(
            { uid, reason },
            {
              onSuccess: () => {
                setOpen(false);
                void message.success(t('resetTwoFactorProposed'));
              },
            },
          )
        }
      />
    </Can>
  );
}

/** Approve or reject a pending two-factor reset; the proposer's own buttons are disabled with the reason. */
export function DecideTwoFactorReset({ reset }: { reset: TwoFactorReset }) {
  const t = useUsersT();
  const common = useCommonT();
  const { message } = App.useApp();
  const me = useOperator();
  const { approve, reject } = useTwoFactorResetActions();
  const [rejecting, setRejecting] = useState(false);
  if (reset.status !== 'pending') return null;
  const own = reset.proposedBy === me?.id;
  const approveButton = (
    <Button
      type="primary"
      size="small"
      disabled={own}
      loading={approve.isPending}
      data-testid={`reset-2fa-approve-${reset.id}`}
    >
      {t('approve')}
    </Button>
  );
  return (
    <Can permission="users.manage">
      {own ? (
        <Tooltip title={t('resetOwnProposal')}>
          <span data-testid={`reset-2fa-own-${reset.id}`} aria-label={t('resetOwnProposal')}>
            {approveButton}
          </span>
        </Tooltip>
      ) : (
        <Popconfirm
          title={t('resetApproveConfirm', { uid: reset.uid })}
          description={t('resetApproveText')}
          okText={t('approve')}
          cancelText={common('cancel')}
          onConfirm={() => approve.mutate(reset.id, { onSuccess: () => void message.success(t('resetApproved')) })}
        >
          {approveButton}
        </Popconfirm>
      )}
      <Button
        danger
        size="small"
        disabled={own}
        onClick={() => setRejecting(true)}
        data-testid={`reset-2fa-reject-${reset.id}`}
      >
        {t('reject')}
      </Button>
      <ReasonModal
        open={rejecting}
        title={t('resetRejectTitle', { uid: reset.uid })}
        hint={t('resetRejectHint')}
        okText={t('reject')}
        min={1}
        max={500}
        pending={reject.isPending}
        onCancel={() => setRejecting(false)}
        onSubmit={(note) =>
          reject.mutate(
            { id: reset.id, note },
            {
              onSuccess: () => {
                setRejecting(false);
                void message.success(t('resetRejected'));
              },
            },
          )
        }
      />
    </Can>
  );
}
