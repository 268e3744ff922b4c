import type { SwapAdminPosition } from '@bourse/contract';
import { Card, Segmented, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { useListParams } from '../../../hooks/useListParams';
import { byRisk, riskTone, usePositions } from '../api';
import { Filters, uidOf } from '../components/Filters';
import { Signed } from '../components/Signed';
import { useFuturesT } from '../locales';
import '../futures.css';

type Filter = 'symbol' | 'uid' | 'order';

/**
 * Open positions by user and contract with the server's live figures (mark, liquidation price, margin ratio, PnL,
 * ADL rank); ordered nearest liquidation first by default, refreshed every few seconds.
 */
export default function PositionsPage() {
  const t = useFuturesT();
  const list = useListParams<Filter>({ size: 50 });
  const symbol = list.filter('symbol');
  const uid = list.filter('uid');
  const order = list.filter('order') === 'newest' ? 'newest' : 'risk';
  const query = usePositions({ symbol, uid: uidOf(uid), page: list.page, size: list.size });
  const rows = useMemo(
    () => (order === 'risk' ? byRisk(query.data?.list ?? []) : (query.data?.list ?? [])),
    [query.data, order],
  );

  return (
    <>
      <PageHeader title={t('positionsTitle')} subtitle={t('positionsSubtitle')} />
      <Card>
        <Filters symbol={symbol} uid={uid} onChange={list.setFilters} />
        <Segmented<string>
          className="page-section"
          value={order}
          onChange={(value) => list.setFilters({ order: value === 'newest' ? 'newest' : undefined })}
          options={[
            { value: 'risk', label: t('nearLiquidationFirst') },
            { value: 'newest', label: t('asListed') },
          ]}
        />
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<SwapAdminPosition>
          rowKey="id"
          size="middle"
          loading={query.isFetching && !query.data}
          dataSource={rows}
          pagination={list.pagination(query.data?.total)}
          scroll={{ x: 'max-content' }}
          data-testid="swap-positions-table"
          columns={[
            {
              title: t('owner'),
              key: 'owner',
              fixed: 'left',
              render: (_: unknown, row) => (row.uid === null ? <Tag>{row.owner}</Tag> : <UserLink uid={row.uid} />),
            },
            {
              title: t('symbol'),
              key: 'symbol',
              render: (_: unknown, row) => (
                <span>
                  <strong>{row.symbol}</strong>{' '}
                  <Tag color={row.side === 'long' ? 'green' : 'red'}>{t(`side_${row.side}`)}</Tag>
                  <span className="num">
                    {t(`mode_${row.marginMode}`)} {row.leverage}×
                  </span>
                </span>
              ),
            },
            {
              title: t('lots'),
              dataIndex: 'lots',
              align: 'right',
              render: (v: number) => <span className="num">{v}</span>,
            },
            {
              title: t('entryPrice'),
              dataIndex: 'entryPrice',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            { title: t('mark'), dataIndex: 'markPrice', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('liquidationPrice'),
              dataIndex: 'liquidationPrice',
              align: 'right',
              render: (v: string | null) => <Num value={v} />,
            },
            { title: t('margin'), dataIndex: 'margin', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('marginRatio'),
              key: 'ratio',
              align: 'right',
              render: (_: unknown, row) => (
                <StatusTag tone={riskTone(row.marginRatio, row.inLiquidation)}>
                  {row.inLiquidation ? t('inLiquidation') : row.marginRatio === null ? '—' : `${row.marginRatio}%`}
                </StatusTag>
              ),
            },
            {
              title: t('upnl'),
              dataIndex: 'unrealizedPnl',
              align: 'right',
              render: (v: string) => <Signed value={v} />,
            },
            {
              title: t('adl'),
              dataIndex: 'adl',
              align: 'right',
              render: (v: number) => <span className="num">{v}/5</span>,
            },
            { title: t('openedAt'), dataIndex: 'openedAt', render: (ms: number) => <Time ms={ms} /> },
          ]}
        />
      </Card>
    </>
  );
}
