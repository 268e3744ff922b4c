import { PlusOutlined } from '@ant-design/icons';
import type { OptionPeriod, OptionsAdminConfig } from '@bourse/contract';
import { Button, Card, Table } from 'antd';
import { useState } from 'react';
import { Can } from '../../../components/Can';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { formatDateTime, formatRate } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { useOptionsConfig } from '../api';
import { PairForm, PeriodForm } from '../components/TermsForms';
import { useOptionsT } from '../locales';

type AdminPair = OptionsAdminConfig['pairs'][number];

const minute = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export default function OptionTermsPage() {
  const t = useOptionsT();
  const common = useCommonT();
  const query = useOptionsConfig();
  const [pair, setPair] = useState<AdminPair | null | undefined>(undefined);
  const [period, setPeriod] = useState<OptionPeriod | null | undefined>(undefined);
  const config = query.data;

  const hours = (row: AdminPair) => {
    const allDay = row.hours.openMinute === 0 && row.hours.closeMinute === 1440 && row.hours.days.length === 7;
    if (allDay) return t('hoursAllDay');
    const days = row.hours.days.map((d) => t(`day${d as 0 | 1 | 2 | 3 | 4 | 5 | 6}`)).join(' ');
    return `${minute(row.hours.openMinute)}–${minute(row.hours.closeMinute)} · ${days}`;
  };

  return (
    <>
      <PageHeader title={t('termsTitle')} subtitle={t('termsSubtitle')} />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Card
        className="page-section"
        title={t('pairs')}
        extra={
          <Can permission="products.manage">
            <Button
              icon={<PlusOutlined />}
              disabled={!config || config.candidates.length === 0}
              onClick={() => setPair(null)}
              data-testid="option-pair-new"
            >
              {t('addPair')}
            </Button>
          </Can>
        }
      >
        <Table<AdminPair>
          rowKey="symbol"
          loading={query.isFetching}
          dataSource={config?.pairs}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="option-pairs"
          columns={[
            { title: t('pair'), dataIndex: 'symbol', render: (s: string) => <strong>{s.replace('_', '/')}</strong> },
            {
              title: t('enabled'),
              dataIndex: 'enabled',
              render: (on: boolean) => (
                <StatusTag tone={on ? 'success' : 'neutral'}>{on ? t('on') : t('off')}</StatusTag>
              ),
            },
            { title: t('hours'), key: 'hours', render: (_: unknown, row) => hours(row) },
            {
              title: t('marketOpen'),
              dataIndex: 'open',
              render: (open: boolean) => (open ? t('on') : t('off')),
            },
            {
              title: t('index'),
              dataIndex: 'index',
              align: 'right',
              render: (v: string | null, row) => <Num value={v} suffix={row.quote} />,
            },
            { title: t('sort'), dataIndex: 'sort', render: (v: number) => <span className="num">{v}</span> },
            { title: t('updatedAt'), dataIndex: 'updatedAt', render: (v: number) => formatDateTime(v) },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, row) => (
                <Can permission="products.manage">
                  <Button size="small" onClick={() => setPair(row)} data-testid={`option-pair-edit-${row.symbol}`}>
                    {common('edit')}
                  </Button>
                </Can>
              ),
            },
          ]}
        />
      </Card>
      <Card
        className="page-section"
        title={t('periods')}
        extra={
          <Can permission="products.manage">
            <Button icon={<PlusOutlined />} onClick={() => setPeriod(null)} data-testid="option-period-new">
              {t('newPeriod')}
            </Button>
          </Can>
        }
      >
        <Table<OptionPeriod>
          rowKey="period"
          loading={query.isFetching}
          dataSource={config?.periods}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="option-periods"
          columns={[
            { title: t('period'), dataIndex: 'period', render: (s: number) => t('seconds', { seconds: s }) },
            {
              title: t('enabled'),
              dataIndex: 'enabled',
              render: (on: boolean) => (
                <StatusTag tone={on ? 'success' : 'neutral'}>{on ? t('on') : t('off')}</StatusTag>
              ),
            },
            { title: t('payoutRatio'), dataIndex: 'payoutRatio', render: (v: string) => formatRate(v) },
            { title: t('feeRate'), dataIndex: 'feeRate', render: (v: string) => formatRate(v) },
            {
              title: t('minAmount'),
              dataIndex: 'minAmount',
              align: 'right',
              render: (v: string) => <Num value={v} suffix={config?.asset} />,
            },
            {
              title: t('maxAmount'),
              dataIndex: 'maxAmount',
              align: 'right',
              render: (v: string) => <Num value={v} suffix={config?.asset} />,
            },
            {
              title: t('roundCap'),
              dataIndex: 'roundCap',
              align: 'right',
              render: (v: string) => <Num value={v} suffix={config?.asset} />,
            },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, row) => (
                <Can permission="products.manage">
                  <Button size="small" onClick={() => setPeriod(row)} data-testid={`option-period-edit-${row.period}`}>
                    {common('edit')}
                  </Button>
                </Can>
              ),
            },
          ]}
        />
      </Card>
      <PairForm
        pair={pair ?? null}
        candidates={config?.candidates ?? []}
        open={pair !== undefined}
        onClose={() => setPair(undefined)}
      />
      <PeriodForm period={period ?? null} open={period !== undefined} onClose={() => setPeriod(undefined)} />
    </>
  );
}
