import { type AdminLoan, type LoanCollateralAsset, type LoanableAsset, loansAdminApi } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, InputNumber, Select, Space, Table } from 'antd';
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
import { CollateralForm, LoanAssetForm } from '../components/TermsForms';
import { useLoansT } from '../locales';

const KEY = ['loans'] as const;

type LoanState = 'open' | 'liquidating' | 'liquidated' | 'repaid' | 'closed';

function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: KEY });
}

/** Loans by user and state: every loan, its debt, collateral and LTV now. */
function LoansByUser() {
  const t = useLoansT();
  const common = useCommonT();
  const [uid, setUid] = useState<number | null>(null);
  const [filter, setFilter] = useState<{ uid?: number; status?: LoanState }>({});
  const loans = useQuery({
    queryKey: [...KEY, 'byUser', filter],
    queryFn: () => api.call(loansAdminApi.loans, { query: { ...filter, page: 1, size: 50 } }),
  });
  return (
    <Card
      title={t('byUser')}
      extra={
        <Space>
          <Select<LoanState | ''>
            value={filter.status ?? ''}
            style={{ width: 140 }}
            onChange={(v) => setFilter({ ...filter, status: v === '' ? undefined : v })}
            options={[
              { value: '', label: t('allStates') },
              ...(['open', 'liquidating', 'liquidated', 'repaid', 'closed'] as const).map((v) => ({
                value: v,
                label: t(`status_${v}`),
              })),
            ]}
          />
          <InputNumber<number> placeholder={t('uid')} min={1} precision={0} value={uid} onChange={(v) => setUid(v)} />
          <Button onClick={() => setFilter({ ...filter, uid: uid ?? undefined })} data-testid="loans-search">
            {common('search')}
          </Button>
        </Space>
      }
    >
      {loans.isError && <QueryError error={loans.error} onRetry={() => void loans.refetch()} />}
      <Table<AdminLoan>
        rowKey="id"
        size="small"
        pagination={false}
        loading={loans.isFetching}
        dataSource={loans.data?.list}
        data-testid="loans-by-user"
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: t('uid'), dataIndex: 'uid', render: (v: number) => <UserLink uid={v} /> },
          { title: t('status'), dataIndex: 'status', render: (v: AdminLoan['status']) => t(`status_${v}`) },
          { title: t('debt'), key: 'd', render: (_, l) => `${l.debt} ${l.loanAsset}` },
          { title: t('collateral'), key: 'c', render: (_, l) => `${l.collateral} ${l.collateralAsset}` },
          { title: t('ltv'), dataIndex: 'ltv', render: (v: string | null) => v ?? '—' },
          { title: t('opened'), dataIndex: 'createdAt', render: (ms: number) => <Time ms={ms} /> },
        ]}
      />
    </Card>
  );
}

/** Loanable coins and collateral coins (add, edit, pause), the loan book and its budget, loans by user and at risk. */
export default function LoansPage() {
  const t = useLoansT();
  const may = useCan('products.manage');
  const refresh = useRefresh();
  const [assetForm, setAssetForm] = useState<{ asset: LoanableAsset | null } | null>(null);
  const [collateralForm, setCollateralForm] = useState<{ row: LoanCollateralAsset | null } | null>(null);
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
  const fund = async (asset: string, amount: string) => {
    await api.call(loansAdminApi.budget, { body: { asset, amount } });
    refresh();
  };

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <SummaryCard
          title={t('totals')}
          query={totals}
          items={(d) => [
            { key: 'o', label: t('open'), children: d.open },
            { key: 'r', label: t('atRisk'), children: d.atRisk },
            { key: 'l', label: t('liquidating'), children: d.liquidating },
            { key: 'b', label: t('borrowers'), children: d.borrowers },
            ...d.owed.map((o) => ({ key: `d${o.asset}`, label: `${t('debt')} ${o.asset}`, children: o.debt })),
            ...d.collateral.map((c) => ({
              key: `c${c.asset}`,
              label: `${t('collateral')} ${c.asset}`,
              children: c.amount,
            })),
          ]}
        />
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
        <LoansByUser />
        <Card
          title={t('loanable')}
          extra={
            may ? (
              <Button onClick={() => setAssetForm({ asset: null })} data-testid="loan-asset-create">
                {t('addLoanable')}
              </Button>
            ) : null
          }
        >
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
                    <Button size="small" disabled={!may} onClick={() => setAssetForm({ asset: a })}>
                      {t('edit')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
        <Card
          title={t('collateral')}
          extra={
            may ? (
              <Button onClick={() => setCollateralForm({ row: null })} data-testid="loan-collateral-create">
                {t('addCollateral')}
              </Button>
            ) : null
          }
        >
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
                  <Button size="small" disabled={!may} onClick={() => setCollateralForm({ row: c })}>
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
      </Space>
      <LoanAssetForm asset={assetForm?.asset ?? null} open={assetForm !== null} onClose={() => setAssetForm(null)} />
      <CollateralForm
        row={collateralForm?.row ?? null}
        open={collateralForm !== null}
        onClose={() => setCollateralForm(null)}
      />
    </>
  );
}
