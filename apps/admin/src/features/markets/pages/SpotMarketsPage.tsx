import { PlusOutlined } from '@ant-design/icons';
import { MARKET_CATEGORY_NAMES, type SpotMarket } from '@bourse/contract';
import { Button, Card, Descriptions, Table, Tag } from 'antd';
import { useState } from 'react';
import { Can } from '../../../components/Can';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { formatRate } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { useSettings } from '../../../lib/stores/settings';
import { useSpotMarkets, useSpotStats } from '../api';
import { MarketForm } from '../components/MarketForm';
import { useMarketsT } from '../locales';

function EngineStats() {
  const t = useMarketsT();
  const stats = useSpotStats();
  if (!stats.data) return null;
  return (
    <Descriptions
      size="small"
      title={t('engine')}
      column={3}
      items={[
        { label: t('batches'), children: <span className="num">{stats.data.batches}</span> },
        { label: t('commands'), children: <span className="num">{stats.data.commands}</span> },
        { label: t('queued'), children: <span className="num">{stats.data.queued}</span> },
      ]}
    />
  );
}

export default function SpotMarketsPage() {
  const t = useMarketsT();
  const common = useCommonT();
  const lang = useSettings((state) => state.lang);
  const query = useSpotMarkets();
  // null: a new market; a market: editing it; undefined: the form is closed.
  const [editing, setEditing] = useState<SpotMarket | null | undefined>(undefined);

  return (
    <>
      <PageHeader
        title={t('spotTitle')}
        subtitle={t('spotSubtitle')}
        extra={
          <Can permission="markets.manage">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="market-new">
              {t('newMarket')}
            </Button>
          </Can>
        }
      />
      <Card className="page-section">
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<SpotMarket>
          rowKey="symbol"
          loading={query.isFetching}
          dataSource={query.data}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="market-table"
          columns={[
            {
              title: t('symbol'),
              dataIndex: 'symbol',
              fixed: 'left',
              render: (symbol: string, row) => (
                <span className="market-symbol">
                  <strong>{row.base}</strong>/{row.quote}
                  {row.hot ? (
                    <Tag color="volcano" variant="filled" className="market-hot">
                      {t('hot')}
                    </Tag>
                  ) : null}
                  <span className="visually-hidden">{symbol}</span>
                </span>
              ),
            },
            {
              title: t('category'),
              dataIndex: 'category',
              render: (category: SpotMarket['category']) => MARKET_CATEGORY_NAMES[category][lang],
            },
            {
              title: t('precision'),
              key: 'precision',
              render: (_: unknown, row) => (
                <span className="num">
                  {row.pricePrecision} / {row.quantityPrecision}
                </span>
              ),
            },
            { title: t('tickSize'), dataIndex: 'tickSize', align: 'right', render: (v: string) => <Num value={v} /> },
            { title: t('stepSize'), dataIndex: 'stepSize', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('minNotional'),
              dataIndex: 'minNotional',
              align: 'right',
              render: (v: string, row) => <Num value={v} suffix={row.quote} />,
            },
            {
              title: t('fees'),
              key: 'fees',
              render: (_: unknown, row) => (
                <span className="num">
                  {formatRate(row.makerFee)} / {formatRate(row.takerFee)}
                </span>
              ),
            },
            {
              title: t('priceBand'),
              key: 'band',
              render: (_: unknown, row) => (
                <span className="num">
                  ×{row.priceBandLow} – ×{row.priceBandHigh}
                </span>
              ),
            },
            {
              title: t('marketStatus'),
              dataIndex: 'status',
              render: (status: SpotMarket['status']) => (
                <StatusTag tone={status === 'open' ? 'success' : 'neutral'}>{t(`status_${status}`)}</StatusTag>
              ),
            },
            { title: t('sort'), dataIndex: 'sort', render: (v: number) => <span className="num">{v}</span> },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, row) => (
                <Can permission="markets.manage">
                  <Button size="small" onClick={() => setEditing(row)} data-testid={`market-edit-${row.symbol}`}>
                    {common('edit')}
                  </Button>
                </Can>
              ),
            },
          ]}
        />
      </Card>
      <Card className="page-section">
        <EngineStats />
      </Card>
      <MarketForm market={editing ?? null} open={editing !== undefined} onClose={() => setEditing(undefined)} />
    </>
  );
}
