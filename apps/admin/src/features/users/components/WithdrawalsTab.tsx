import type { AdminWithdrawal } from '@bourse/contract';
import { Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { WithdrawalStatusTag } from '../../../components/DomainTags';
import { Num } from '../../../components/Num';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { useCommonT } from '../../../lib/locales';
import { useUserWithdrawals } from '../api';
import { useUsersT } from '../locales';

/** The user's withdrawals, every status; the queue (filtered by the user) is where they are decided. */
export function WithdrawalsTab({ uid }: { uid: number }) {
  const t = useUsersT();
  const common = useCommonT();
  const [page, setPage] = useState({ page: 1, size: 20 });
  const query = useUserWithdrawals(uid, page.page, page.size);
  return (
    <Flex vertical gap={12}>
      <Link to={`/reviews/withdrawals?uid=${uid}&status=`} className="self-start" data-testid="user-withdrawals-queue">
        {t('openInWithdrawalQueue')}
      </Link>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<AdminWithdrawal>
        size="small"
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.list}
        scroll={{ x: 'max-content' }}
        data-testid="user-withdrawals"
        locale={{ emptyText: t('withdrawalsEmpty') }}
        pagination={{
          current: page.page,
          pageSize: page.size,
          total: query.data?.total,
          showTotal: (count) => common('total', { count }),
          onChange: (next, size) => setPage({ page: size === page.size ? next : 1, size }),
        }}
        columns={[
          { title: common('id'), dataIndex: 'id', render: (id: number) => <span className="num">#{id}</span> },
          {
            title: t('asset'),
            key: 'asset',
            render: (_: unknown, row) => (
              <span>
                {row.asset} <Typography.Text type="secondary">{row.network}</Typography.Text>
              </span>
            ),
          },
          { title: t('amount'), dataIndex: 'amount', align: 'right', render: (v: string) => <Num value={v} /> },
          { title: t('fee'), dataIndex: 'fee', align: 'right', render: (v: string) => <Num value={v} /> },
          {
            title: t('address'),
            dataIndex: 'address',
            ellipsis: true,
            width: 220,
            render: (v: string) => <span className="mono">{v}</span>,
          },
          { title: common('status'), dataIndex: 'status', render: (s: string) => <WithdrawalStatusTag status={s} /> },
          { title: common('createdAt'), dataIndex: 'createdAt', render: (ms: number) => <Time ms={ms} /> },
        ]}
      />
    </Flex>
  );
}
