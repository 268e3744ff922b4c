import { LogoutOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { Can } from '../../../components/Can';
import { useCommonT } from '../../../lib/locales';
import { useRevokeSessions } from '../api';
import { useUsersT } from '../locales';

/** Sign the user out on every device (after a confirmation). */
export function RevokeSessions({ uid }: { uid: number }) {
  const t = useUsersT();
  const common = useCommonT();
  const { message } = App.useApp();
  const revoke = useRevokeSessions(uid);
  return (
    <Can permission="users.manage">
      <Popconfirm
        title={t('revokeConfirm', { uid })}
        description={t('revokeConfirmText')}
        okText={t('revoke')}
        cancelText={common('cancel')}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: (data) => void message.success(t('revoked', { count: data.revoked })),
          })
        }
      >
        <Button icon={<LogoutOutlined />} loading={revoke.isPending} data-testid="user-revoke-sessions">
          {t('revoke')}
        </Button>
      </Popconfirm>
    </Can>
  );
}
