import type { AdminIdentitySummary } from '@bourse/contract';
import { Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { IdentityTag } from '../../../components/DomainTags';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { useCommonT } from '../../../lib/locales';
import { useUserIdentity } from '../api';
import { useUsersT } from '../locales';

/** The user's identity submissions, newest first, each opening in the identity queue. */
export function IdentityTab({ uid }: { uid: number }) {
  const t = useUsersT();
  const common = useCommonT();
  const [page, setPage] = useState({ page: 1, size: 20 });
  const query = useUserIdentity(uid, page.page, page.size);
  return (
    <>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<AdminIdentitySummary>
        size="small"
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.list}
        scroll={{ x: 'max-content' }}
        data-testid="user-identity"
        locale={{ emptyText: t('identityEmpty') }}
        pagination={{
          current: page.page,
          pageSize: page.size,
          total: query.data?.total,
          hideOnSinglePage: true,
          onChange: (next, size) => setPage({ page: size === page.size ? next : 1, size }),
        }}
        columns={[
          {
            title: common('id'),
            dataIndex: 'id',
            render: (id: number) => (
              <Link to={`/reviews/identity/${id}`} className="num">
                #{id}
              </Link>
            ),
          },
          { title: t('name'), key: 'name', render: (_: unknown, row) => `${row.familyName} ${row.givenName}` },
          { title: t('document'), dataIndex: 'type', render: (type: AdminIdentitySummary['type']) => t(`doc_${type}`) },
          { title: t('documentNumber'), dataIndex: 'number', render: (n: string) => <span className="mono">{n}</span> },
          {
            title: common('status'),
            dataIndex: 'status',
            render: (status: AdminIdentitySummary['status']) => <IdentityTag state={status} />,
          },
          { title: t('submitted'), dataIndex: 'submittedAt', render: (ms: number) => <Time ms={ms} /> },
          { title: t('reviewed'), dataIndex: 'reviewedAt', render: (ms: number | null) => <Time ms={ms} /> },
        ]}
      />
    </>
  );
}
