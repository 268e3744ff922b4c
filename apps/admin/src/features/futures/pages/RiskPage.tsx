import type { SwapAdlEvent, SwapLiquidation } from '@bourse/contract';
import { Card, Table, Tabs, Tag } from 'antd';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { useListParams } from '../../../hooks/useListParams';
import { useAdlEvents, useLiquidations } from '../api';
import { Filters, uidOf } from '../components/Filters';
import { Signed } from '../components/Signed';
import { useFuturesT } from '../locales';
import '../futures.css';

type Filter = 'symbol' | 'uid' | 'view';

function Owner({ uid, owner }: { uid: number | null; owner: string }) {
  return uid === null ? <Tag>{owner}</Tag> : <UserLink uid={uid} />;
}

/** Liquidation steps (orders cancelled, closes split into book, insurance fund and ADL) and auto-deleveraging events. */
export default function RiskPage() {
  const t = useFuturesT();
  const list = useListParams<Filter>({ size: 50 });
  const symbol = list.filter('symbol');
  const uid = list.filter('uid');
  const view = list.filter('view') === 'adl' ? 'adl' : 'liquidations';
  const query = { symbol, uid: uidOf(uid), page: list.page, size: list.size };
  const liquidations = useLiquidations(query);
  const adl = useAdlEvents(query);

  return (
    <>
      <PageHeader title={t('riskTitle')} subtitle={t('riskSubtitle')} />
      <Card>
        <Tabs
          activeKey={view}
          onChange={(key) => list.setFilters({ view: key === 'adl' ? 'adl' : undefined })}
          items={[
            { key: 'liquidations', label: t('liquidations') },
            { key: 'adl', label: t('adlEvents') },
          ]}
        />
        <Filters symbol={symbol} uid={uid} onChange={list.setFilters} />
        {view === 'liquidations' ? (
          <>
            {liquidations.isError ? (
              <QueryError error={liquidations.error} onRetry={() => void liquidations.refetch()} />
            ) : null}
            <Table<SwapLiquidation>
              rowKey="id"
              size="middle"
              loading={liquidations.isFetching && !liquidations.data}
              dataSource={liquidations.data?.list}
              pagination={list.pagination(liquidations.data?.total)}
              scroll={{ x: 'max-content' }}
              data-testid="swap-liquidations-table"
              columns={[
                { title: t('time'), dataIndex: 'ts', render: (ms: number) => <Time ms={ms} /> },
                {
                  title: t('owner'),
                  key: 'owner',
                  render: (_: unknown, row) => <Owner uid={row.uid} owner={row.owner} />,
                },
                {
                  title: t('symbol'),
                  key: 'symbol',
                  render: (_: unknown, row) => (
                    <span>
                      <strong>{row.symbol}</strong> {t(`mode_${row.pool}`)}
                      {row.side ? (
                        <Tag color={row.side === 'long' ? 'green' : 'red'}> {t(`side_${row.side}`)}</Tag>
                      ) : null}
                    </span>
                  ),
                },
                {
                  title: t('step'),
                  key: 'step',
                  render: (_: unknown, row) => (
                    <span>
                      <span className="num">#{row.step}</span> {t(`action_${row.action}`)}
                    </span>
                  ),
                },
                {
                  title: t('lots'),
                  dataIndex: 'lots',
                  align: 'right',
                  render: (v: number) => <span className="num">{v}</span>,
                },
                { title: t('mark'), dataIndex: 'mark', align: 'right', render: (v: string) => <Num value={v} /> },
                {
                  title: t('bankruptcyPrice'),
                  dataIndex: 'bankruptcyPrice',
                  align: 'right',
                  render: (v: string | null) => <Num value={v} />,
                },
                {
                  title: t('split'),
                  key: 'split',
                  render: (_: unknown, row) => (
                    <span className="num">
                      {t('bookLots', { lots: row.bookLots })} · {t('fundLots', { lots: row.fundLots })} ·{' '}
                      {t('adlLots', { lots: row.adlLots })}
                    </span>
                  ),
                },
                { title: t('fee'), dataIndex: 'fee', align: 'right', render: (v: string) => <Num value={v} /> },
                {
                  title: t('equity'),
                  dataIndex: 'equity',
                  align: 'right',
                  render: (v: string) => <Signed value={v} />,
                },
                {
                  title: t('maintenance'),
                  dataIndex: 'maintenance',
                  align: 'right',
                  render: (v: string) => <Num value={v} />,
                },
              ]}
            />
          </>
        ) : (
          <>
            {adl.isError ? <QueryError error={adl.error} onRetry={() => void adl.refetch()} /> : null}
            <Table<SwapAdlEvent>
              rowKey="id"
              size="middle"
              loading={adl.isFetching && !adl.data}
              dataSource={adl.data?.list}
              pagination={list.pagination(adl.data?.total)}
              scroll={{ x: 'max-content' }}
              data-testid="swap-adl-table"
              columns={[
                { title: t('time'), dataIndex: 'ts', render: (ms: number) => <Time ms={ms} /> },
                {
                  title: t('owner'),
                  key: 'owner',
                  render: (_: unknown, row) => <Owner uid={row.uid} owner={row.owner} />,
                },
                {
                  title: t('symbol'),
                  key: 'symbol',
                  render: (_: unknown, row) => (
                    <span>
                      <strong>{row.symbol}</strong>{' '}
                      <Tag color={row.side === 'long' ? 'green' : 'red'}>{t(`side_${row.side}`)}</Tag>
                    </span>
                  ),
                },
                {
                  title: t('lots'),
                  dataIndex: 'lots',
                  align: 'right',
                  render: (v: number) => <span className="num">{v}</span>,
                },
                { title: t('adlPrice'), dataIndex: 'price', align: 'right', render: (v: string) => <Num value={v} /> },
                {
                  title: t('realizedPnl'),
                  dataIndex: 'realizedPnl',
                  align: 'right',
                  render: (v: string) => <Signed value={v} />,
                },
                {
                  title: t('liquidationId'),
                  dataIndex: 'liquidationId',
                  align: 'right',
                  render: (v: number) => <span className="num">#{v}</span>,
                },
              ]}
            />
          </>
        )}
      </Card>
    </>
  );
}
