import type { SwapFundingRound } from '@bourse/contract';
import { Card, Table } from 'antd';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { useListParams } from '../../../hooks/useListParams';
import { useFundingRounds } from '../api';
import { Filters } from '../components/Filters';
import { Signed } from '../components/Signed';
import { useFuturesT } from '../locales';
import '../futures.css';

type Filter = 'symbol' | 'uid';

/** Funding rounds: the rate, the mark, payers and receivers, what was paid and received, the insurance fund's side. */
export default function FundingPage() {
  const t = useFuturesT();
  const list = useListParams<Filter>({ size: 50 });
  const symbol = list.filter('symbol');
  const query = useFundingRounds({ symbol, page: list.page, size: list.size });
  return (
    <>
      <PageHeader title={t('fundingTitle')} subtitle={t('fundingSubtitle')} />
      <Card>
        <Filters symbol={symbol} uid={undefined} withUid={false} onChange={list.setFilters} />
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<SwapFundingRound>
          rowKey={(row) => `${row.symbol}:${row.time}`}
          size="middle"
          loading={query.isFetching && !query.data}
          dataSource={query.data?.list}
          pagination={list.pagination(query.data?.total)}
          scroll={{ x: 'max-content' }}
          data-testid="swap-funding-table"
          columns={[
            { title: t('fundingTime'), dataIndex: 'time', render: (ms: number) => <Time ms={ms} /> },
            { title: t('symbol'), dataIndex: 'symbol', render: (v: string) => <strong>{v}</strong> },
            { title: t('rate'), dataIndex: 'rate', align: 'right', render: (v: string) => <Signed value={v} /> },
            { title: t('premium'), dataIndex: 'premium', align: 'right', render: (v: string) => <Signed value={v} /> },
            { title: t('mark'), dataIndex: 'mark', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('longLots'),
              dataIndex: 'longLots',
              align: 'right',
              render: (v: number) => <span className="num">{v}</span>,
            },
            {
              title: t('payers'),
              dataIndex: 'payers',
              align: 'right',
              render: (v: number) => <span className="num">{v}</span>,
            },
            {
              title: t('receivers'),
              dataIndex: 'receivers',
              align: 'right',
              render: (v: number) => <span className="num">{v}</span>,
            },
            {
              title: t('paid'),
              dataIndex: 'paid',
              align: 'right',
              render: (v: string) => <Num value={v} suffix="USDT" />,
            },
            {
              title: t('received'),
              dataIndex: 'received',
              align: 'right',
              render: (v: string) => <Num value={v} suffix="USDT" />,
            },
            { title: t('fundSide'), dataIndex: 'fund', align: 'right', render: (v: string) => <Signed value={v} /> },
          ]}
        />
      </Card>
    </>
  );
}
