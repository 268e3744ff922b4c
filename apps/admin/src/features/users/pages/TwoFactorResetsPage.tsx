import { TWO_FACTOR_RESET_STATUSES, type TwoFactorReset } from '@bourse/contract';
import { Card, Flex, Table } from 'antd';
import { ListFilters } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { oneOf, pagedTable, useListParams } from '../../../hooks/useListParams';
import { useCommonT } from '../../../lib/locales';
import { useTwoFactorResets } from '../api';
import { ResetStatus } from '../components/TwoFactorResetCard';
import { DecideTwoFactorReset } from '../components/TwoFactorResetActions';
import { useUsersT } from '../locales';

/** The two-factor reset queue: proposals waiting for a second operator, and the decided ones. */
export default function TwoFactorResetsPage() {
  const t = useUsersT();
  const common = useCommonT();
  const list = useListParams<'status'>({ filters: { status: 'pending' } });
  const query = useTwoFactorResets({
    status: oneOf(TWO_FACTOR_RESET_STATUSES, list.filter('status')),
    page: list.page,
    size: list.size,
  });
  return (
    <>
      <PageHeader title={t('resetsTitle')} subtitle={t('resetsSubtitle')} />
      <Card>
        <ListFilters list={list} statuses={TWO_FACTOR_RESET_STATUSES} statusLabel={(value) => t(`reset_${value}`)} />
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<TwoFactorReset>
          {...pagedTable(query, list)}
          data-testid="reset-2fa-table"
          columns={[
            { title: common('id'), dataIndex: 'id', render: (id: number) => <span className="num">#{id}</span> },
            { title: common('uid'), dataIndex: 'uid', render: (uid: number) => <UserLink uid={uid} /> },
            { title: t('resetReason'), dataIndex: 'reason', ellipsis: true, width: 280 },
            {
              title: t('resetProposedBy'),
              key: 'proposed',
              render: (_: unknown, row) => (
                <span>
                  {t('operatorId', { id: row.proposedBy })} · <Time ms={row.proposedAt} />
                </span>
              ),
            },
            {
              title: common('status'),
              dataIndex: 'status',
              render: (_: unknown, row) => <ResetStatus reset={row} />,
            },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, row) => (
                <Flex gap={8}>
                  <DecideTwoFactorReset reset={row} />
                </Flex>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
