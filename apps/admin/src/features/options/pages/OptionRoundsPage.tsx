import type { OptionAdminBet, OptionRound, OptionRoundState, OptionSeriesPoint } from '@bourse/contract';
import { Alert, Button, Card, Descriptions, Drawer, Flex, Select, Switch, Table } from 'antd';
import { useState } from 'react';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag, type Tone } from '../../../components/StatusTag';
import { formatDateTime, formatRate } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { type RoundFilter, useOptionRound, useOptionRounds, useOptionsConfig } from '../api';
import { useOptionsT } from '../locales';
import { checkRound } from '../verify';

const STATE_TONE: Record<OptionRoundState, Tone> = {
  pending: 'attention',
  in_progress: 'progress',
  settling: 'progress',
  settled: 'success',
  void: 'danger',
};

function RoundDetail({ id, onClose }: { id: number | null; onClose(): void }) {
  const t = useOptionsT();
  const query = useOptionRound(id);
  const detail = query.data;
  const round = detail?.round;
  const check = detail ? checkRound(detail.round, detail.series) : 'pending';
  return (
    <Drawer
      open={id !== null}
      size={820}
      onClose={onClose}
      destroyOnHidden
      title={
        round
          ? t('roundTitle', { symbol: round.symbol.replace('_', '/'), period: round.period, number: round.number })
          : ''
      }
    >
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {round && detail ? (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={2}
            title={t('verification')}
            items={[
              {
                label: t('state'),
                children: <StatusTag tone={STATE_TONE[round.state]}>{t(`state_${round.state}`)}</StatusTag>,
              },
              { label: t('source'), children: round.source ?? '—' },
              { label: t('openAt'), children: formatDateTime(round.openAt) },
              { label: t('closeAt'), children: formatDateTime(round.closeAt) },
              { label: t('openPrice'), children: <Num value={round.openPrice} /> },
              { label: t('closePrice'), children: <Num value={round.closePrice} /> },
              { label: t('openIndexAt'), children: formatDateTime(round.openIndexAt) },
              { label: t('closeIndexAt'), children: formatDateTime(round.closeIndexAt) },
              { label: t('outcome'), children: round.outcome ? t(`outcome_${round.outcome}`) : '—' },
              {
                label: t('voidReason'),
                children: round.voidReason ? t(`void_${round.voidReason}`) : '—',
              },
              { label: t('poolResult'), children: <Num value={round.poolResult} /> },
              { label: t('settledAt'), children: formatDateTime(round.settledAt) },
            ]}
          />
          {check !== 'pending' ? (
            <Alert
              type={check === 'matches' || (check === 'missing' && round.state === 'void') ? 'success' : 'error'}
              showIcon
              title={t('seriesCheck')}
              description={t(
                check === 'matches' ? 'seriesMatches' : check === 'missing' ? 'seriesMissing' : 'seriesDiffers',
              )}
              data-testid="option-series-check"
            />
          ) : null}
          <Table<OptionAdminBet>
            rowKey="id"
            size="small"
            title={() => t('betsTitle')}
            dataSource={detail.bets}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'ID', dataIndex: 'id', render: (v: number) => <span className="num">{v}</span> },
              { title: t('uid'), dataIndex: 'uid', render: (v: number) => <span className="num">{v}</span> },
              { title: t('side'), dataIndex: 'side', render: (s: 'up' | 'down') => t(`side_${s}`) },
              { title: t('amount'), dataIndex: 'amount', align: 'right', render: (v: string) => <Num value={v} /> },
              { title: t('fee'), dataIndex: 'fee', align: 'right', render: (v: string) => <Num value={v} /> },
              { title: t('ratio'), dataIndex: 'payoutRatio', render: (v: string) => formatRate(v) },
              { title: t('betState'), dataIndex: 'state', render: (s: OptionAdminBet['state']) => t(`bet_${s}`) },
              {
                title: t('payout'),
                dataIndex: 'payout',
                align: 'right',
                render: (v: string | null) => <Num value={v} />,
              },
              { title: t('placedAt'), dataIndex: 'createdAt', render: (v: number) => formatDateTime(v) },
            ]}
          />
          <Table<OptionSeriesPoint>
            rowKey="t"
            size="small"
            title={() => t('series', { count: detail.series.points.length })}
            dataSource={detail.series.points}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            columns={[
              { title: t('second'), dataIndex: 't', render: (v: number) => formatDateTime(v) },
              { title: t('price'), dataIndex: 'price', align: 'right', render: (v: string) => <Num value={v} /> },
              {
                title: t('indexAt'),
                dataIndex: 'indexAt',
                render: (v: number) => `${formatDateTime(v)}.${String(v % 1000).padStart(3, '0')}`,
              },
              { title: t('source'), dataIndex: 'source' },
            ]}
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}

export default function OptionRoundsPage() {
  const t = useOptionsT();
  const common = useCommonT();
  const config = useOptionsConfig();
  const [filter, setFilter] = useState<RoundFilter>({ joined: true, page: 1, size: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const query = useOptionRounds(filter);
  const change = (next: Partial<RoundFilter>) => setFilter((f) => ({ ...f, ...next, page: 1 }));

  return (
    <>
      <PageHeader title={t('roundsTitle')} subtitle={t('roundsSubtitle')} />
      <Card className="page-section">
        <Flex gap={12} wrap align="center" className="filters">
          <Select
            allowClear
            placeholder={t('allPairs')}
            style={{ minWidth: 160 }}
            value={filter.symbol}
            onChange={(symbol?: string) => change({ symbol })}
            options={config.data?.pairs.map((p) => ({ value: p.symbol, label: p.symbol.replace('_', '/') }))}
            data-testid="option-rounds-pair"
          />
          <Select
            allowClear
            placeholder={t('allPeriods')}
            style={{ minWidth: 140 }}
            value={filter.period}
            onChange={(period?: number) => change({ period })}
            options={config.data?.periods.map((p) => ({ value: p.period, label: t('seconds', { seconds: p.period }) }))}
          />
          <Select
            allowClear
            placeholder={t('allStates')}
            style={{ minWidth: 160 }}
            value={filter.state}
            onChange={(state?: RoundFilter['state']) => change({ state })}
            options={(['pending', 'open', 'settled', 'void'] as const).map((s) => ({
              value: s,
              label: t(`filter_${s}`),
            }))}
          />
          <Flex gap={8} align="center">
            <Switch checked={filter.joined} onChange={(joined) => change({ joined })} />
            <span>{t('joinedOnly')}</span>
          </Flex>
        </Flex>
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<OptionRound>
          rowKey={(r) => `${r.symbol}:${r.period}:${r.number}`}
          loading={query.isFetching}
          dataSource={query.data?.list}
          scroll={{ x: 'max-content' }}
          data-testid="option-rounds"
          pagination={{
            current: filter.page,
            pageSize: filter.size,
            total: query.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (page) => setFilter((f) => ({ ...f, page })),
          }}
          columns={[
            { title: t('pair'), dataIndex: 'symbol', render: (s: string) => <strong>{s.replace('_', '/')}</strong> },
            { title: t('period'), dataIndex: 'period', render: (s: number) => t('seconds', { seconds: s }) },
            { title: t('number'), dataIndex: 'number', render: (v: number) => <span className="num">{v}</span> },
            { title: t('openAt'), dataIndex: 'openAt', render: (v: number) => formatDateTime(v) },
            {
              title: t('state'),
              dataIndex: 'state',
              render: (s: OptionRoundState) => <StatusTag tone={STATE_TONE[s]}>{t(`state_${s}`)}</StatusTag>,
            },
            {
              title: t('openPrice'),
              dataIndex: 'openPrice',
              align: 'right',
              render: (v: string | null) => <Num value={v} />,
            },
            {
              title: t('closePrice'),
              dataIndex: 'closePrice',
              align: 'right',
              render: (v: string | null) => <Num value={v} />,
            },
            {
              title: t('outcome'),
              dataIndex: 'outcome',
              render: (o: OptionRound['outcome']) => (o ? t(`outcome_${o}`) : '—'),
            },
            { title: t('bets'), dataIndex: 'bets', render: (v: number) => <span className="num">{v}</span> },
            { title: t('upAmount'), dataIndex: 'upAmount', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('downAmount'),
              dataIndex: 'downAmount',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            { title: t('payout'), dataIndex: 'payout', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('poolResult'),
              dataIndex: 'poolResult',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, row) =>
                row.id === null ? null : (
                  <Button size="small" onClick={() => setOpen(row.id)} data-testid={`option-round-${row.id}`}>
                    {t('details')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <RoundDetail id={open} onClose={() => setOpen(null)} />
    </>
  );
}
