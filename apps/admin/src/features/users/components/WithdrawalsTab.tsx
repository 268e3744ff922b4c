import type { AdminWithdrawal } from '@bourse/contract';
import { Flex, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { WithdrawalStatusTag } from '../../../components/DomainTags';
import { Num } from '../../../components/Num';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { pagedTable, useLocalPages } from '../../../hooks/useListParams';
import { useCommonT } from '../../../lib/locales';
import { useUserWithdrawals } from '../api';
import { useUsersT } from '../locales';

/** The user's withdrawals, every status; the queue (filtered by the user) is where they are decided. */
export function WithdrawalsTab({ uid }: { uid: number }) {
  const t = useUsersT();
  const common = useCommonT();
  const pages = useLocalPages();
  const query = useUserWithdrawals(uid, pages.page, pages.size);
  return (
    <Flex vertical gap={12}>
      <Link to={`/reviews/withdrawals?uid=${uid}&status=`} className="self-start" data-testid="user-withdrawals-queue">
        {t('openInWithdrawalQueue')}
      </Link>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<AdminWithdrawal>
        size="small"
        {...pagedTable(query, pages)}
        data-testid="user-withdrawals"
        locale={{ emptyText: t('withdrawalsEmpty') }}
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
