import type { UserAdminSummary } from '@bourse/contract';
import { Card, Empty, Flex, Input, Table, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { userPath } from '../../../components/UserLink';
import { useCommonT } from '../../../lib/locales';
import { useUserSearch } from '../api';
import { UserStateTags } from '../components/UserStateTags';
import { useUsersT } from '../locales';

/** Finding a user: by uid, invitation code, or the start of an email or phone number (the search is in the address). */
export default function UsersPage() {
  const t = useUsersT();
  const common = useCommonT();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const query = useUserSearch(q);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <Flex vertical gap={16}>
          <Input.Search
            // A new address (back button, a link) starts the field again from it.
            key={q}
            defaultValue={q}
            allowClear
            enterButton={common('search')}
            size="large"
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {})}
            className="users__search"
            autoFocus
            data-testid="user-search"
          />
          {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
          {q === '' ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('searchHint')} />
          ) : (
            <Table<UserAdminSummary>
              rowKey="uid"
              loading={query.isFetching}
              dataSource={query.data}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="user-table"
              locale={{ emptyText: t('noMatch', { q }) }}
              footer={
                query.data && query.data.length >= 50
                  ? () => <Typography.Text type="secondary">{t('tooMany')}</Typography.Text>
                  : undefined
              }
              columns={[
                {
                  title: common('uid'),
                  dataIndex: 'uid',
                  render: (uid: number) => (
                    <Link to={userPath(uid)} className="num" data-testid={`user-open-${uid}`}>
                      {uid}
                    </Link>
                  ),
                },
                {
                  title: t('contact'),
                  key: 'contact',
                  render: (_: unknown, user) => (
                    <Flex vertical>
                      <span>{user.email ?? <span className="muted">—</span>}</span>
                      {user.phone ? <Typography.Text type="secondary">{user.phone}</Typography.Text> : null}
                    </Flex>
                  ),
                },
                {
                  title: t('nickname'),
                  dataIndex: 'nickname',
                  render: (v: string | null) => v ?? <span className="muted">—</span>,
                },
                {
                  title: t('inviteCode'),
                  dataIndex: 'inviteCode',
                  render: (code: string, user) => (
                    <Flex vertical>
                      <span className="mono">{code}</span>
                      {user.inviterUid ? (
                        <Typography.Text type="secondary" className="small-text">
                          {t('invitedBy')} <Link to={userPath(user.inviterUid)}>{user.inviterUid}</Link>
                        </Typography.Text>
                      ) : null}
                    </Flex>
                  ),
                },
                { title: t('state'), key: 'state', render: (_: unknown, user) => <UserStateTags user={user} /> },
                { title: t('registered'), dataIndex: 'createdAt', render: (ms: number) => <Time ms={ms} /> },
                {
                  title: common('actions'),
                  key: 'actions',
                  fixed: 'right',
                  render: (_: unknown, user) => <Link to={userPath(user.uid)}>{t('open')}</Link>,
                },
              ]}
            />
          )}
        </Flex>
      </Card>
    </>
  );
}
