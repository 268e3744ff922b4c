import { type AdminIdentitySummary, IDENTITY_REVIEW_STATES } from '@bourse/contract';
import { Card, Flex, Input, Segmented, Table } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { useListParams } from '../../../hooks/useListParams';
import { useCommonT } from '../../../lib/locales';
import { useIdentities } from '../api';
import { STATUS_TONE } from '../components/tones';
import { useIdentityT } from '../locales';

type Status = (typeof IDENTITY_REVIEW_STATES)[number];
const isStatus = (value: string | undefined): value is Status =>
  (IDENTITY_REVIEW_STATES as readonly (string | undefined)[]).includes(value);

export default function IdentityListPage() {
  const t = useIdentityT();
  const common = useCommonT();
  const list = useListParams<'status' | 'uid'>({ filters: { status: 'pending' } });
  const status = list.filter('status');
  const uid = list.filter('uid');
  const query = useIdentities({
    status: isStatus(status) ? status : undefined,
    uid: uid && /^\d+$/.test(uid) ? Number(uid) : undefined,
    page: list.page,
    size: list.size,
  });

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <Flex gap={12} wrap className="filters">
          <Segmented<string>
            value={status ?? ''}
            onChange={(value) => list.setFilters({ status: value })}
            options={[
              ...IDENTITY_REVIEW_STATES.map((value) => ({ value, label: t(`status_${value}`) })),
              { value: '', label: common('all') },
            ]}
            data-testid="identity-status-filter"
          />
          <Input.Search
            allowClear
            placeholder={t('filterUid')}
            defaultValue={uid}
            inputMode="numeric"
            onSearch={(value) => list.setFilters({ uid: value.trim() })}
            className="filters__uid"
          />
        </Flex>
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<AdminIdentitySummary>
          rowKey="id"
          loading={query.isFetching}
          dataSource={query.data?.list}
          pagination={list.pagination(query.data?.total)}
          scroll={{ x: 'max-content' }}
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
