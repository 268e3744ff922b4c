import type { SystemAccount } from '@bourse/contract';
import { Button, Card, Empty, Flex, Table } from 'antd';
import { useState } from 'react';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { type SystemAccountRef, useSystemAccounts, useSystemHolds, useSystemStatement } from '../api';
import { useLedgerT } from '../locales';

const keyOf = (a: SystemAccountRef) => `${a.system}|${a.wallet}|${a.asset}|${a.sub}`;
const nameOf = (a: SystemAccountRef) => [a.system, a.wallet, a.asset, a.sub].filter(Boolean).join(' · ');

/** Every system account with its type and balances; the selected one's statement (page by page) and open holds. */
export default function SystemAccountsPage() {
  const t = useLedgerT();
  const query = useSystemAccounts();
  const [selected, setSelected] = useState<SystemAccountRef | null>(null);

  return (
    <>
      <PageHeader title={t('systemTitle')} subtitle={t('systemSubtitle')} />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Card className="page-section">
        <Table<SystemAccount>
          rowKey={keyOf}
          loading={query.isFetching}
          dataSource={query.data?.list}
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content', y: 420 }}
          data-testid="system-accounts-table"
          rowClassName={(row) => (selected && keyOf(row) === keyOf(selected) ? 'ant-table-row-selected' : '')}
          onRow={(row) => ({
            onClick: () => setSelected({ system: row.system, wallet: row.wallet, asset: row.asset, sub: row.sub }),
            style: { cursor: 'pointer' },
          })}
          columns={[
            { title: t('owner'), dataIndex: 'system', render: (v: string) => <strong className="mono">{v}</strong> },
            { title: t('wallet'), dataIndex: 'wallet' },
            { title: t('asset'), dataIndex: 'asset' },
            {
              title: t('sub'),
              dataIndex: 'sub',
              render: (v: string) =>
                v === '' ? <span className="muted">{t('mainPot')}</span> : <span className="mono">{v}</span>,
            },
            {
              title: t('type'),
              dataIndex: 'type',
              render: (v: SystemAccount['type']) => <StatusTag tone="neutral">{t(`type_${v}`)}</StatusTag>,
            },
            { title: t('available'), dataIndex: 'available', align: 'right', render: (v: string) => <Num value={v} /> },
            { title: t('frozen'), dataIndex: 'frozen', align: 'right', render: (v: string) => <Num value={v} /> },
          ]}
        />
      </Card>
      {selected ? (
        <AccountDetail key={keyOf(selected)} account={selected} />
      ) : (
        <Card className="page-section">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickAccount')} />
        </Card>
      )}
    </>
  );
}

function AccountDetail({ account }: { account: SystemAccountRef }) {
  const t = useLedgerT();
  // The `before` cursors of the pages seen so far: the last is the page shown (undefined: the newest).
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors.at(-1);
  const statement = useSystemStatement(account, before);
  const holds = useSystemHolds(account);
  const next = statement.data?.next ?? null;

  return (
    <>
      <Card
        className="page-section"
        title={t('statementOf', { account: nameOf(account) })}
        data-testid="system-statement"
        extra={
          <Flex gap={8}>
            <Button disabled={cursors.length === 1} onClick={() => setCursors([undefined])}>
              {t('newest')}
            </Button>
            <Button disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
              {t('newer')}
            </Button>
            <Button
              disabled={next === null}
              onClick={() => next !== null && setCursors((c) => [...c, next])}
              data-testid="statement-older"
            >
              {t('older')}
            </Button>
          </Flex>
        }
      >
        {statement.isError ? <QueryError error={statement.error} onRetry={() => void statement.refetch()} /> : null}
        <Table
          rowKey="entryId"
          loading={statement.isFetching}
          dataSource={statement.data?.list}
          pagination={false}
          size="small"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('noMovements') }}
          columns={[
            { title: t('entry'), dataIndex: 'entryId', render: (v: number) => <span className="num">#{v}</span> },
            { title: t('time'), dataIndex: 'createdAt', render: (v: number) => <Time ms={v} /> },
            { title: t('reason'), dataIndex: 'reason', render: (v: string) => <span className="mono">{v}</span> },
            { title: t('reference'), dataIndex: 'reference', render: (v: string) => <span className="mono">{v}</span> },
            {
              title: `${t('available')} · ${t('change')}`,
              dataIndex: 'available',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: `${t('available')} · ${t('after')}`,
              dataIndex: 'availableAfter',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: `${t('frozen')} · ${t('change')}`,
              dataIndex: 'frozen',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: `${t('frozen')} · ${t('after')}`,
              dataIndex: 'frozenAfter',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
          ]}
        />
      </Card>
      <Card
        className="page-section"
        title={t('holdsOf', { frozen: holds.data?.frozen ?? '…' })}
        data-testid="system-holds"
      >
        {holds.isError ? <QueryError error={holds.error} onRetry={() => void holds.refetch()} /> : null}
        <Table
          rowKey="holder"
          loading={holds.isFetching}
          dataSource={holds.data?.list}
          pagination={false}
          size="small"
          locale={{ emptyText: t('noHolds') }}
          columns={[
            { title: t('holder'), dataIndex: 'holder', render: (v: string) => <span className="mono">{v}</span> },
            { title: t('amount'), dataIndex: 'amount', align: 'right', render: (v: string) => <Num value={v} /> },
            { title: t('since'), dataIndex: 'createdAt', render: (v: number) => <Time ms={v} /> },
          ]}
        />
      </Card>
    </>
  );
}
