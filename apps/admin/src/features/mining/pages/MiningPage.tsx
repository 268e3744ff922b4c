import { type MiningAdminMiner, miningAdminApi, type MiningMachineAdmin } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, InputNumber, Space, Table } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { BudgetInput, SummaryCard } from '../../../components/ProductSummary';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { api } from '../../../lib/client';
import { useCommonT } from '../../../lib/locales';
import { useCan } from '../../../lib/operator';
import { MachineForm } from '../components/MachineForm';
import { useMiningT } from '../locales';

const KEY = ['mining'] as const;

/** Machine models (create, edit, pause/resume sale), the payout pool and its budget, machines by user, totals owed. */
export default function MiningPage() {
  const t = useMiningT();
  const common = useCommonT();
  const may = useCan('products.manage');
  const client = useQueryClient();
  const [form, setForm] = useState<{ machine: MiningMachineAdmin | null } | null>(null);
  const [uid, setUid] = useState<number | null>(null);
  const [owner, setOwner] = useState<number | undefined>(undefined);
  const machines = useQuery({ queryKey: [...KEY, 'machines'], queryFn: () => api.call(miningAdminApi.machines) });
  const pool = useQuery({ queryKey: [...KEY, 'pool'], queryFn: () => api.call(miningAdminApi.pool) });
  const totals = useQuery({ queryKey: [...KEY, 'totals'], queryFn: () => api.call(miningAdminApi.totals) });
  const miners = useQuery({
    queryKey: [...KEY, 'miners', owner],
    queryFn: () => api.call(miningAdminApi.miners, { query: { uid: owner, page: 1, size: 50 } }),
  });
  const toggle = useMutation({
    mutationFn: (m: MiningMachineAdmin) =>
      api.call(miningAdminApi.update, {
        params: { id: m.id },
        body: { status: m.status === 'active' ? 'paused' : 'active' },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  const fund = async (asset: string, amount: string) => {
    await api.call(miningAdminApi.budget, { body: { asset, amount } });
    void client.invalidateQueries({ queryKey: KEY });
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          may ? (
            <Button type="primary" onClick={() => setForm({ machine: null })} data-testid="machine-create">
              {t('createTitle')}
            </Button>
          ) : null
        }
      />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <SummaryCard
          title={t('totals')}
          query={totals}
          items={(d) => [
            { key: 'r', label: t('running'), children: d.miners.running },
            { key: 'n', label: t('notStarted'), children: d.miners.notStarted },
            { key: 'e', label: t('ended'), children: d.miners.ended },
            { key: 'u', label: t('users'), children: d.users },
          ]}
        >
          {(d) => (
            <Table
              rowKey="asset"
              size="small"
              pagination={false}
              dataSource={d.rows}
              columns={[
                { title: t('asset'), dataIndex: 'asset' },
                { title: t('reserved'), dataIndex: 'reserved', className: 'mono' },
                { title: t('uncollected'), dataIndex: 'uncollected', className: 'mono' },
                { title: t('produced'), dataIndex: 'produced', className: 'mono' },
                { title: t('fuelTanks'), dataIndex: 'fuelTanks', className: 'mono' },
                { title: t('revenue'), dataIndex: 'revenue', className: 'mono' },
              ]}
            />
          )}
        </SummaryCard>
        <Card title={t('machines')}>
          {machines.isError && <QueryError error={machines.error} onRetry={() => void machines.refetch()} />}
          <Table<MiningMachineAdmin>
            rowKey="id"
            size="small"
            loading={machines.isFetching}
            dataSource={machines.data}
            pagination={false}
            data-testid="mining-machines"
            columns={[
              { title: t('name'), dataIndex: 'name' },
              { title: t('price'), key: 'price', render: (_, m) => `${m.price} ${m.priceAsset}` },
              { title: t('term'), key: 'term', render: (_, m) => t('days', { n: m.termDays }) },
              { title: t('dailyOutput'), key: 'out', render: (_, m) => `${m.dailyOutput} ${m.outputAsset}` },
              { title: t('dailyFuel'), key: 'fuel', render: (_, m) => `${m.dailyFuel} ${m.fuelAsset}` },
              {
                title: t('sold'),
                key: 'sold',
                render: (_, m) => `${m.sold}${m.stock === null ? '' : ` / ${m.stock}`}`,
              },
              { title: t('holding'), dataIndex: 'holding' },
              { title: t('reserved'), key: 'res', render: (_, m) => `${m.reserved} ${m.outputAsset}` },
              {
                title: t('status'),
                key: 'status',
                render: (_, m) => (
                  <Space>
                    <StatusTag tone={m.status === 'active' ? 'success' : 'neutral'}>{m.status}</StatusTag>
                    <Button size="small" disabled={!may} onClick={() => toggle.mutate(m)}>
                      {m.status === 'active' ? t('pause') : t('resume')}
                    </Button>
                    <Button
                      size="small"
                      disabled={!may}
                      onClick={() => setForm({ machine: m })}
                      data-testid={`machine-${m.id}-edit`}
                    >
                      {common('edit')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
        <Card title={t('pool')}>
          {pool.isError && <QueryError error={pool.error} onRetry={() => void pool.refetch()} />}
          <Table
            rowKey="asset"
            size="small"
            pagination={false}
            dataSource={pool.data?.rows}
            columns={[
              { title: t('asset'), dataIndex: 'asset' },
              { title: t('available'), dataIndex: 'available', className: 'mono' },
              { title: t('reserved'), dataIndex: 'reserved', className: 'mono' },
              {
                title: t('addBudget'),
                key: 'b',
                render: (_, r) =>
                  may ? (
                    <BudgetInput
                      asset={r.asset}
                      label={t('addBudget')}
                      done={t('budgetAdded')}
                      fund={(amount) => fund(r.asset, amount)}
                    />
                  ) : null,
              },
            ]}
          />
        </Card>
        <Card
          title={t('miners')}
          extra={
            <Space>
              <InputNumber<number>
                placeholder={t('uid')}
                min={1}
                precision={0}
                value={uid}
                onChange={(v) => setUid(v)}
              />
              <Button onClick={() => setOwner(uid ?? undefined)} data-testid="miners-search">
                {common('search')}
              </Button>
            </Space>
          }
        >
          {miners.isError && <QueryError error={miners.error} onRetry={() => void miners.refetch()} />}
          <Table<MiningAdminMiner>
            rowKey="id"
            size="small"
            dataSource={miners.data?.list}
            pagination={false}
            columns={[
              { title: t('uid'), dataIndex: 'uid', render: (v: number) => <UserLink uid={v} /> },
              { title: t('name'), dataIndex: 'name' },
              { title: t('status'), dataIndex: 'status' },
              { title: t('term'), key: 'd', render: (_, m) => `${m.daysDone} / ${m.termDays}` },
              { title: t('produced'), key: 'p', render: (_, m) => `${m.produced} ${m.outputAsset}` },
              { title: t('uncollected'), key: 'u', render: (_, m) => `${m.uncollected} ${m.outputAsset}` },
              { title: t('bought'), dataIndex: 'boughtAt', render: (ms: number) => <Time ms={ms} /> },
            ]}
          />
        </Card>
      </Space>
      <MachineForm machine={form?.machine ?? null} open={form !== null} onClose={() => setForm(null)} />
    </>
  );
}
