import type { AdminDeposit } from '@bourse/contract';
import { Table, Typography } from 'antd';
import { Num } from '../../../components/Num';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { pagedTable, useLocalPages } from '../../../hooks/useListParams';
import { useCommonT } from '../../../lib/locales';
import { useUserDeposits } from '../api';
import { useUsersT } from '../locales';

/** The user's deposits, newest first, with their confirmations. */
export function DepositsTab({ uid }: { uid: number }) {
  const t = useUsersT();
  const common = useCommonT();
  const pages = useLocalPages();
  const query = useUserDeposits(uid, pages.page, pages.size);
  return (
    <>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<AdminDeposit>
        size="small"
        {...pagedTable(query, pages)}
        data-testid="user-deposits"
        locale={{ emptyText: t('depositsEmpty') }}
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
          {
            title: t('txHash'),
            dataIndex: 'txHash',
            ellipsis: true,
            width: 220,
            render: (v: string) => <span className="mono">{v}</span>,
          },
          {
            title: t('confirmations'),
            key: 'confirmations',
            render: (_: unknown, row) => (
              <span className="num">
                {row.confirmations} / {row.doneConfirmations}
              </span>
            ),
          },
          { title: common('status'), dataIndex: 'status', render: (s: AdminDeposit['status']) => t(`deposit_${s}`) },
          { title: common('createdAt'), dataIndex: 'createdAt', render: (ms: number) => <Time ms={ms} /> },
        ]}
      />
    </>
  );
}
