import type { LoginSession } from '@bourse/contract';
import { Table, Typography } from 'antd';
import { Time } from '../../../components/Time';
import { useUsersT } from '../locales';

/** Where the user is signed in: each session's device, address and times. */
export function SessionsTab({ sessions }: { sessions: readonly LoginSession[] }) {
  const t = useUsersT();
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
      ]}
    />
  );
}
