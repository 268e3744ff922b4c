import type { AdminIdentitySummary } from '@bourse/contract';
import { Table } from 'antd';
import { Link } from 'react-router';
import { IdentityTag } from '../../../components/DomainTags';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { pagedTable, useLocalPages } from '../../../hooks/useListParams';
import { useCommonT } from '../../../lib/locales';
import { useUserIdentity } from '../api';
import { useUsersT } from '../locales';

/** The user's identity submissions, newest first, each opening in the identity queue. */
export function IdentityTab({ uid }: { uid: number }) {
  const t = useUsersT();
  const common = useCommonT();
  const pages = useLocalPages();
  const query = useUserIdentity(uid, pages.page, pages.size);
  return (
    <>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<AdminIdentitySummary>
        size="small"
        {...pagedTable(query, pages)}
        data-testid="user-identity"
        locale={{ emptyText: t('identityEmpty') }}
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
