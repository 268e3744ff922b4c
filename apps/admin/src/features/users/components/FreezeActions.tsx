import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { FreezeBody, type UserAdminSummary } from '@bourse/contract';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { Can } from '../../../components/Can';
import { ReasonModal } from '../../../components/ReasonModal';
import { useCommonT } from '../../../lib/locales';
import { useFreeze } from '../api';
import { useUsersT } from '../locales';

const REASON = FreezeBody.shape.reason;

/** Freeze an account (a reason, kept with it and in the audit log) or unfreeze it (after a confirmation). */
export function FreezeActions({ user }: { user: UserAdminSummary }) {
  const t = useUsersT();
  const common = useCommonT();
  const { message } = App.useApp();
  const { freeze, unfreeze } = useFreeze(user.uid);
  const [freezing, setFreezing] = useState(false);
  return (
    <Can permission="users.manage">
      {user.frozen ? (
        <Popconfirm
          title={t('unfreezeConfirm', { uid: user.uid })}
          description={t('unfreezeConfirmText')}
          okText={t('unfreeze')}
          cancelText={common('cancel')}
          onConfirm={() => unfreeze.mutate(undefined, { onSuccess: () => void message.success(t('unfrozen')) })}
        >
          <Button icon={<UnlockOutlined />} loading={unfreeze.isPending} data-testid="user-unfreeze">
            {t('unfreeze')}
          </Button>
        </Popconfirm>
      ) : (
        <Button danger icon={<LockOutlined />} onClick={() => setFreezing(true)} data-testid="user-freeze">
          {t('freeze')}
        </Button>
      )}
      <ReasonModal
        open={freezing}
        title={t('freezeTitle', { uid: user.uid })}
        summary={t('freezeSummary')}
        hint={t('freezeHint')}
        okText={t('freeze')}
        min={REASON.minLength ?? 2}
        max={REASON.maxLength ?? 200}
        pending={freeze.isPending}
        onCancel={() => setFreezing(false)}
        onSubmit={(reason) =>
          freeze.mutate(reason, {
            onSuccess: () => {
              setFreezing(false);
              void message.success(t('frozenDone'));
            },
          })
        }
      />
    </Can>
  );
}
