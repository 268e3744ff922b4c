import { type AdminIdentitySummary, IDENTITY_REVIEW_STATES } from '@bourse/contract';
import { Card, Table } from 'antd';
import { Link } from 'react-router';
import { ListFilters } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { oneOf, pagedTable, useListParams, wholeNumberOf } from '../../../hooks/useListParams';
import { useCommonT } from '../../../lib/locales';
import { useIdentities } from '../api';
import { STATUS_TONE } from '../components/tones';
import { useIdentityT } from '../locales';

type Status = (typeof IDENTITY_REVIEW_STATES)[number];

export default function IdentityListPage() {
  const t = useIdentityT();
  const common = useCommonT();
  const list = useListParams<'status' | 'uid'>({ filters: { status: 'pending' } });
  const query = useIdentities({
    status: oneOf(IDENTITY_REVIEW_STATES, list.filter('status')),
    uid: wholeNumberOf(list.filter('uid')),
    page: list.page,
    size: list.size,
  });

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <ListFilters
          list={list}
          statuses={IDENTITY_REVIEW_STATES}
          statusLabel={(value) => t(`status_${value}`)}
          uidPlaceholder={t('filterUid')}
          testId="identity-status-filter"
        />
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<AdminIdentitySummary>
          {...pagedTable(query, list)}
          data-testid="identity-table"
          columns={[
            { title: common('id'), dataIndex: 'id', render: (id: number) => <span className="num">#{id}</span> },
            { title: common('uid'), dataIndex: 'uid', render: (v: number) => <UserLink uid={v} /> },
            {
              title: t('name'),
              key: 'name',
              render: (_: unknown, row) => `${row.familyName} ${row.givenName}`,
            },
            {
              title: t('docType'),
              dataIndex: 'type',
              render: (type: AdminIdentitySummary['type']) => t(`type_${type}`),
            },
            { title: t('number'), dataIndex: 'number', render: (n: string) => <span className="mono">{n}</span> },
            {
              title: common('status'),
              dataIndex: 'status',
              render: (value: Status) => <StatusTag tone={STATUS_TONE[value]}>{t(`status_${value}`)}</StatusTag>,
            },
            { title: t('submittedAt'), dataIndex: 'submittedAt', render: (ms: number) => <Time ms={ms} /> },
            { title: t('reviewedAt'), dataIndex: 'reviewedAt', render: (ms: number | null) => <Time ms={ms} /> },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, row) => (
                <Link to={`/reviews/identity/${row.id}`} data-testid={`identity-open-${row.id}`}>
                  {row.status === 'pending' ? t('review') : t('open')}
                </Link>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
