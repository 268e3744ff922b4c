import {
  type AdminLoan,
  type LoanCollateralAsset,
  type LoanCollateralInput,
  type LoanableAsset,
  loansAdminApi,
} from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { api } from '../../../lib/client';
import { useCan } from '../../../lib/operator';
import { useLoansT } from '../locales';

const KEY = ['loans'] as const;

function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: KEY });
}

function BudgetInput({ asset }: { asset: string }) {
  const t = useLoansT();
  const refresh = useRefresh();
  const { message } = App.useApp();
  const [amount, setAmount] = useState('');
  const fund = useMutation({
    mutationFn: () => api.call(loansAdminApi.budget, { body: { asset, amount } }),
    onSuccess: () => {
      setAmount('');
      void message.success(t('budgetAdded'));
      refresh();
    },
  });
  return (
    <Space.Compact>
      <Input value={amount} onChange={(e) => setAmount(e.target.value)} style={{ width: 140 }} suffix={asset} />
      <Button disabled={amount === ''} loading={fund.isPending} onClick={() => fund.mutate()}>
        {t('addBudget')}
      </Button>
    </Space.Compact>
  );
}

function CollateralEditor({ row, onClose }: { row: LoanCollateralAsset; onClose: () => void }) {
  const t = useLoansT();
  const refresh = useRefresh();
  const { message } = App.useApp();
  const [form] = Form.useForm<LoanCollateralInput>();
  const save = useMutation({
    mutationFn: (body: LoanCollateralInput) => api.call(loansAdminApi.saveCollateral, { body }),
    onSuccess: () => {
      void message.success(t('saved'));
      refresh();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`${t('edit')} ${row.asset}`}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate({ ...v, asset: row.asset, status: row.status }))}
    >
      <Form form={form} layout="vertical" initialValues={row}>
        <Form.Item name="initialLtv" label={t('initialLtv')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="marginCallLtv" label={t('marginCallLtv')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="liquidationLtv" label={t('liquidationLtv')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Loanable coins (pause), collateral coins (LTVs), the loan book and its budget, loans near liquidation, totals. */
export default function LoansPage() {
  const t = useLoansT();
  const may = useCan('products.manage');
  const refresh = useRefresh();
  const [editing, setEditing] = useState<LoanCollateralAsset | null>(null);
  const assets = useQuery({ queryKey: [...KEY, 'assets'], queryFn: () => api.call(loansAdminApi.assets) });
  const book = useQuery({ queryKey: [...KEY, 'book'], queryFn: () => api.call(loansAdminApi.book) });
  const totals = useQuery({ queryKey: [...KEY, 'totals'], queryFn: () => api.call(loansAdminApi.totals) });
  const atRisk = useQuery({
    queryKey: [...KEY, 'atRisk'],
    queryFn: () => api.call(loansAdminApi.loans, { query: { atRisk: 'true', page: 1, size: 50 } }),
  });
  const toggleAsset = useMutation({
    mutationFn: (a: LoanableAsset) =>
      api.call(loansAdminApi.saveAsset, {
        body: { ...a, status: a.status === 'active' ? 'paused' : 'active' },
      }),
    onSuccess: refresh,
  });

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('totals')}>
          {totals.isError && <QueryError error={totals.error} onRetry={() => void totals.refetch()} />}
          {totals.data && (
            <Descriptions
              size="small"
              column={4}
              items={[
                { key: 'o', label: t('open'), children: totals.data.open },
                { key: 'r', label: t('atRisk'), children: totals.data.atRisk },
                { key: 'l', label: t('liquidating'), children: totals.data.liquidating },
                { key: 'b', label: t('borrowers'), children: totals.data.borrowers },
                ...totals.data.owed.map((o) => ({
                  key: `d${o.asset}`,
                  label: `${t('debt')} ${o.asset}`,
                  children: o.debt,
                })),
                ...totals.data.collateral.map((c) => ({
                  key: `c${c.asset}`,
                  label: `${t('collateral')} ${c.asset}`,
                  children: c.amount,
                })),
              ]}
            />
          )}
        </Card>
        <Card title={t('atRisk')}>
          {atRisk.isError && <QueryError error={atRisk.error} onRetry={() => void atRisk.refetch()} />}
          <Table<AdminLoan>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={atRisk.data?.list}
            data-testid="loans-at-risk"
            columns={[
              { title: 'ID', dataIndex: 'id' },
              { title: t('uid'), dataIndex: 'uid' },
              { title: t('debt'), key: 'd', render: (_, l) => `${l.debt} ${l.loanAsset}` },
              { title: t('collateral'), key: 'c', render: (_, l) => `${l.collateral} ${l.collateralAsset}` },
              { title: t('ltv'), dataIndex: 'ltv' },
              {
                title: t('risk'),
                dataIndex: 'risk',
                render: (risk: string) => (
                  <StatusTag tone={risk === 'liquidation' ? 'danger' : 'attention'}>{risk}</StatusTag>
                ),
              },
            ]}
          />
        </Card>
        <Card title={t('loanable')}>
          {assets.isError && <QueryError error={assets.error} onRetry={() => void assets.refetch()} />}
          <Table<LoanableAsset>
            rowKey="asset"
            size="small"
            pagination={false}
            dataSource={assets.data?.loanable}
            columns={[
              { title: t('asset'), dataIndex: 'asset' },
              { title: t('apr'), dataIndex: 'apr' },
              { title: t('min'), dataIndex: 'minAmount' },
              { title: t('max'), dataIndex: 'maxAmount' },
              { title: t('available'), dataIndex: 'available', className: 'mono' },
              {
                title: t('status'),
                key: 's',
                render: (_, a) => (
                  <Space>
                    <StatusTag tone={a.status === 'active' ? 'success' : 'neutral'}>{a.status}</StatusTag>
                    <Button size="small" disabled={!may} onClick={() => toggleAsset.mutate(a)}>
                      {a.status === 'active' ? t('pause') : t('resume')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
        <Card title={t('collateral')}>
          <Table<LoanCollateralAsset>
            rowKey="asset"
            size="small"
            pagination={false}
            dataSource={assets.data?.collateral}
            columns={[
              { title: t('asset'), dataIndex: 'asset' },
              { title: t('initialLtv'), dataIndex: 'initialLtv' },
              { title: t('marginCallLtv'), dataIndex: 'marginCallLtv' },
              { title: t('liquidationLtv'), dataIndex: 'liquidationLtv' },
              { title: t('status'), dataIndex: 'status' },
              {
                title: t('edit'),
                key: 'e',
                render: (_, c) => (
                  <Button size="small" disabled={!may} onClick={() => setEditing(c)}>
                    {t('edit')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
        <Card title={t('book')}>
          {book.isError && <QueryError error={book.error} onRetry={() => void book.refetch()} />}
          <Table
            rowKey="asset"
            size="small"
            pagination={false}
            dataSource={book.data?.rows}
            columns={[
              { title: t('asset'), dataIndex: 'asset' },
              { title: t('available'), dataIndex: 'available', className: 'mono' },
              { title: t('lent'), dataIndex: 'lent', className: 'mono' },
              { title: t('interestOwed'), dataIndex: 'interestOwed', className: 'mono' },
              { title: t('interestEarned'), dataIndex: 'interestEarned', className: 'mono' },
              { title: t('badDebt'), dataIndex: 'badDebt', className: 'mono' },
              { title: t('addBudget'), key: 'b', render: (_, r) => (may ? <BudgetInput asset={r.asset} /> : null) },
            ]}
          />
        </Card>
      </Space>
      {editing && <CollateralEditor row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
