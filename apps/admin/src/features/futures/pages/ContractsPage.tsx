import { PlusOutlined } from '@ant-design/icons';
import type { SwapContract, SwapOpenInterest } from '@bourse/contract';
import { App, Button, Card, Descriptions, Flex, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { Can } from '../../../components/Can';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { formatRate } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { useContracts, useOpenInterest, useSaveContract, useSwapStats } from '../api';
import { ContractForm } from '../components/ContractForm';
import { TiersDrawer } from '../components/TiersDrawer';
import { useFuturesT } from '../locales';
import '../futures.css';

function OpenInterest() {
  const t = useFuturesT();
  const query = useOpenInterest();
  return (
    <Card className="page-section" title={t('openInterest')}>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<SwapOpenInterest>
        rowKey="symbol"
        size="small"
        loading={query.isFetching && !query.data}
        dataSource={query.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="swap-oi-table"
        columns={[
          { title: t('symbol'), dataIndex: 'symbol' },
          { title: t('mark'), dataIndex: 'mark', align: 'right', render: (v: string) => <Num value={v} /> },
          {
            title: t('longLots'),
            dataIndex: 'longLots',
            align: 'right',
            render: (v: number) => <span className="num">{v}</span>,
          },
          {
            title: t('shortLots'),
            dataIndex: 'shortLots',
            align: 'right',
            render: (v: number) => <span className="num">{v}</span>,
          },
          {
            title: t('oiValue'),
            dataIndex: 'value',
            align: 'right',
            render: (v: string) => <Num value={v} suffix="USDT" />,
          },
          {
            title: t('positions'),
            dataIndex: 'positions',
            align: 'right',
            render: (v: number) => <span className="num">{v}</span>,
          },
          {
            title: t('users'),
            dataIndex: 'users',
            align: 'right',
            render: (v: number) => <span className="num">{v}</span>,
          },
          {
            title: t('openInterestLimit'),
            dataIndex: 'limit',
            align: 'right',
            render: (v: number) => (v === 0 ? t('noLimit') : <span className="num">{v}</span>),
          },
        ]}
      />
    </Card>
  );
}

function EngineStats() {
  const t = useFuturesT();
  const stats = useSwapStats();
  if (!stats.data) return null;
  const { commit, sweep, insolvencies } = stats.data;
  return (
    <Card className="page-section">
      <Descriptions
        size="small"
        title={t('engine')}
        column={4}
        items={[
          { label: t('batches'), children: <span className="num">{commit.batches}</span> },
          { label: t('commands'), children: <span className="num">{commit.commands}</span> },
          { label: t('queued'), children: <span className="num">{commit.queued}</span> },
          { label: t('insolvencies'), children: <span className="num">{insolvencies}</span> },
          { label: t('sweeps'), children: <span className="num">{sweep.runs}</span> },
          { label: t('sweepLast'), children: <span className="num">{sweep.lastMs} ms</span> },
          { label: t('sweepMax'), children: <span className="num">{sweep.maxMs} ms</span> },
          { label: t('sweepPositions'), children: <span className="num">{sweep.positions}</span> },
          { label: t('liquidations'), children: <span className="num">{sweep.liquidations}</span> },
        ]}
      />
    </Card>
  );
}

/** Perpetual contracts: their rules and risk tiers, create, edit, suspend or resume; open interest; engine counters. */
export default function ContractsPage() {
  const t = useFuturesT();
  const common = useCommonT();
  const { message } = App.useApp();
  const query = useContracts();
  const { update } = useSaveContract();
  // null: a new contract; a contract: editing it; undefined: the form is closed.
  const [editing, setEditing] = useState<SwapContract | null | undefined>(undefined);
  const [tiersOf, setTiersOf] = useState<SwapContract | null>(null);

  const toggle = (row: SwapContract) => {
    const status = row.status === 'open' ? 'closed' : 'open';
    update.mutate(
      { symbol: row.symbol, body: { status } },
      {
        onSuccess: () =>
          void message.success(
            status === 'open' ? t('resumed', { symbol: row.symbol }) : t('suspended', { symbol: row.symbol }),
          ),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('contractsTitle')}
        subtitle={t('contractsSubtitle')}
        extra={
          <Can permission="markets.manage">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing(null)}
              data-testid="swap-contract-new"
            >
              {t('newContract')}
            </Button>
          </Can>
        }
      />
      <Card className="page-section">
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<SwapContract>
          rowKey="symbol"
          loading={query.isFetching}
          dataSource={query.data}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="swap-contract-table"
          expandable={{
            expandedRowRender: (row) => (
              <Table
                rowKey="tier"
                size="small"
                pagination={false}
                dataSource={row.tiers}
                columns={[
                  { title: t('tier'), dataIndex: 'tier' },
                  {
                    title: t('tierFloor'),
                    dataIndex: 'floor',
                    align: 'right',
                    render: (v: string) => <Num value={v} />,
                  },
                  {
                    title: t('tierBelow'),
                    dataIndex: 'below',
                    align: 'right',
                    render: (v: string) => <Num value={v} />,
                  },
                  { title: t('mmr'), dataIndex: 'mmr', align: 'right', render: (v: string) => formatRate(v) },
                  { title: t('maxLeverage'), dataIndex: 'maxLeverage', align: 'right', render: (v: number) => `${v}×` },
                  {
                    title: t('deduction'),
                    dataIndex: 'deduction',
                    align: 'right',
                    render: (v: string) => <Num value={v} />,
                  },
                ]}
              />
            ),
          }}
          columns={[
            {
              title: t('symbol'),
              dataIndex: 'symbol',
              fixed: 'left',
              render: (symbol: string, row) => (
                <span>
                  <strong>{symbol}</strong>
                  {row.hot ? (
                    <Tag color="volcano" variant="filled" className="market-hot">
                      {t('hot')}
                    </Tag>
                  ) : null}
                </span>
              ),
            },
            {
              title: t('contractSize'),
              dataIndex: 'contractSize',
              align: 'right',
              render: (v: string, row) => <Num value={v} suffix={row.base} />,
            },
            { title: t('tickSize'), dataIndex: 'tickSize', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('lotsRange'),
              key: 'lots',
              render: (_: unknown, row) => (
                <span className="num">
                  {row.minLots} – {row.maxLotsPerOrder}
                </span>
              ),
            },
            { title: t('maxLeverage'), dataIndex: 'maxLeverage', align: 'right', render: (v: number) => `${v}×` },
            {
              title: t('fees'),
              key: 'fees',
              render: (_: unknown, row) => (
                <span className="num">
                  {row.makerFee.startsWith('-') ? `-${formatRate(row.makerFee.slice(1))}` : formatRate(row.makerFee)} /{' '}
                  {formatRate(row.takerFee)}
                </span>
              ),
            },
            {
              title: t('fundingRules'),
              key: 'funding',
              render: (_: unknown, row) => (
                <span className="num">
                  {Math.round(row.fundingIntervalMs / 3_600_000)}h · ±{formatRate(row.fundingCap)}
                </span>
              ),
            },
            {
              title: t('priceBand'),
              dataIndex: 'priceBand',
              align: 'right',
              render: (v: string) => `±${formatRate(v)}`,
            },
            {
              title: t('status'),
              dataIndex: 'status',
              render: (status: SwapContract['status']) => (
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
                  <Flex gap={8}>
                    <Button size="small" onClick={() => setEditing(row)} data-testid={`swap-edit-${row.symbol}`}>
                      {common('edit')}
                    </Button>
                    <Button size="small" onClick={() => setTiersOf(row)} data-testid={`swap-tiers-${row.symbol}`}>
                      {t('tiers')}
                    </Button>
                    <Popconfirm
                      title={
                        row.status === 'open'
                          ? t('suspendConfirm', { symbol: row.symbol })
                          : t('resumeConfirm', { symbol: row.symbol })
                      }
                      okText={common('confirm')}
                      cancelText={common('cancel')}
                      onConfirm={() => toggle(row)}
                    >
                      <Button
                        size="small"
                        danger={row.status === 'open'}
                        loading={update.isPending && update.variables?.symbol === row.symbol}
                        data-testid={`swap-toggle-${row.symbol}`}
                      >
                        {row.status === 'open' ? t('suspend') : t('resume')}
                      </Button>
                    </Popconfirm>
                  </Flex>
                </Can>
              ),
            },
          ]}
        />
      </Card>
      <OpenInterest />
      <EngineStats />
      <ContractForm contract={editing ?? null} open={editing !== undefined} onClose={() => setEditing(undefined)} />
      <TiersDrawer contract={tiersOf} onClose={() => setTiersOf(null)} />
    </>
  );
}
