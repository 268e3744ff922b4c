import type { LoginSession } from '@bourse/contract';
import { App, Button, Popconfirm, Table, Typography } from 'antd';
import { Time } from '../../../components/Time';
import { useCommonT } from '../../../lib/locales';
import { useCan } from '../../../lib/operator';
import { useRevokeSession } from '../api';
import { useUsersT } from '../locales';

/** Where the user is signed in: each session's device, address and times; an operator may end one of them. */
export function SessionsTab({ uid, sessions }: { uid: number; sessions: readonly LoginSession[] }) {
  const t = useUsersT();
  const common = useCommonT();
  const { message } = App.useApp();
  const revoke = useRevokeSession(uid);
  const canManage = useCan('users.manage');
  return (
    <Table<LoginSession>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={[...sessions]}
      scroll={{ x: 'max-content' }}
      data-testid="user-sessions"
      locale={{ emptyText: t('sessionsEmpty') }}
      columns={[
        {
          title: t('device'),
          dataIndex: 'device',
          render: (device: string, row) => (
            <span>
              {device || <span className="muted">{t('deviceUnknown')}</span>}
              {row.deviceId ? (
                <Typography.Text type="secondary" className="mono small-text">
                  {' '}
                  {row.deviceId.slice(0, 12)}
                </Typography.Text>
              ) : null}
            </span>
          ),
        },
        { title: t('ip'), dataIndex: 'ip', render: (ip: string | null) => <span className="mono">{ip ?? '—'}</span> },
        { title: t('signedInAt'), dataIndex: 'createdAt', render: (ms: number) => <Time ms={ms} /> },
        { title: t('lastUsedAt'), dataIndex: 'lastUsedAt', render: (ms: number) => <Time ms={ms} /> },
        {
          title: t('userAgent'),
          dataIndex: 'userAgent',
          width: 360,
          ellipsis: { showTitle: true },
          render: (ua: string | null) => <span className="small-text">{ua ?? '—'}</span>,
        },
        ...(canManage
          ? [
              {
                key: 'action',
                render: (_: unknown, row: LoginSession) => (
                  <Popconfirm
                    title={t('revokeOneConfirm')}
                    description={t('revokeOneText')}
                    okText={t('revokeOne')}
                    cancelText={common('cancel')}
                    onConfirm={() => revoke.mutate(row.id, { onSuccess: () => void message.success(t('revokedOne')) })}
                  >
                    <Button
                      size="small"
                      danger
                      loading={revoke.isPending && revoke.variables === row.id}
                      data-testid={`user-revoke-session-${row.id}`}
                    >
                      {t('revokeOne')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
