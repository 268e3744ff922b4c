import type { OptionHouseRow } from '@bourse/contract';
import { Card, Descriptions, Segmented, Table } from 'antd';
import { useState } from 'react';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime } from '../../../lib/format';
import { useOptionHouse } from '../api';
import { useOptionsT } from '../locales';

const RANGES = { range1d: 1, range7d: 7, range30d: 30 } as const;
type Range = keyof typeof RANGES;
const DAY = 86_400_000;

export default function OptionHousePage() {
  const t = useOptionsT();
  const [range, setRange] = useState<Range>('range1d');
  // The range ends at the minute the page was opened or the range chosen (a stable query key).
  const [to, setTo] = useState(() => Math.ceil(Date.now() / 60_000) * 60_000);
  const from = to - RANGES[range] * DAY;
  const query = useOptionHouse(from, to);
  const house = query.data;

  return (
    <>
      <PageHeader title={t('houseTitle')} subtitle={t('houseSubtitle')} />
      <Card className="page-section">
        <Segmented<Range>
          value={range}
          onChange={(next) => {
            setRange(next);
            setTo(Math.ceil(Date.now() / 60_000) * 60_000);
          }}
          options={(Object.keys(RANGES) as Range[]).map((value) => ({ value, label: t(value) }))}
        />
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        {house ? (
          <Descriptions
            size="small"
            column={3}
            style={{ margin: '16px 0' }}
            items={[
              { label: t('range'), children: `${formatDateTime(house.from)} – ${formatDateTime(house.to)}` },
              { label: t('poolBalance'), children: <Num value={house.poolBalance} suffix={house.asset} /> },
              { label: t('openStakes'), children: <Num value={house.openStakes} suffix={house.asset} /> },
            ]}
          />
        ) : null}
        <Table<OptionHouseRow>
          rowKey={(r) => `${r.symbol}:${r.period}`}
          loading={query.isFetching}
          dataSource={house?.rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="option-house"
          columns={[
            { title: t('pair'), dataIndex: 'symbol', render: (s: string) => <strong>{s.replace('_', '/')}</strong> },
            { title: t('period'), dataIndex: 'period', render: (s: number) => t('seconds', { seconds: s }) },
            { title: t('roundsCount'), dataIndex: 'rounds', render: (v: number) => <span className="num">{v}</span> },
            { title: t('bets'), dataIndex: 'bets', render: (v: number) => <span className="num">{v}</span> },
            { title: t('staked'), dataIndex: 'staked', align: 'right', render: (v: string) => <Num value={v} /> },
            { title: t('paidOut'), dataIndex: 'paidOut', align: 'right', render: (v: string) => <Num value={v} /> },
            { title: t('fees'), dataIndex: 'fees', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('poolResult'),
              dataIndex: 'poolResult',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: t('houseResult'),
              dataIndex: 'houseResult',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
          ]}
          summary={() =>
            house ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <strong>{t('total')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2}>{house.totals.rounds}</Table.Summary.Cell>
                <Table.Summary.Cell index={3}>{house.totals.bets}</Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <Num value={house.totals.staked} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  <Num value={house.totals.paidOut} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="right">
                  <Num value={house.totals.fees} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  <Num value={house.totals.poolResult} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={8} align="right">
                  <Num value={house.totals.houseResult} />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
    </>
  );
}
