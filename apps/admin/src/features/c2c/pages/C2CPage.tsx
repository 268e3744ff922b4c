import { C2C_DEPOSIT_EVENT_KINDS, c2cAdminApi } from '@bourse/contract';
import { App, Button, Input, Popconfirm, Segmented, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { api } from '../../../lib/client';
import { useCan } from '../../../lib/operator';
import {
  type C2CDepositKind,
  PAGE_SIZE,
  useAds,
  useAppeals,
  useC2CAction,
  useDeposits,
  useMerchants,
  useOrders,
} from '../api';
import { OrderDrawer } from '../components/OrderDrawer';
import { useC2CT } from '../locales';

type Tab = 'appeals' | 'merchants' | 'deposits' | 'orders' | 'ads';

function Appeals({ onOpen }: { onOpen(id: number): void }) {
  const t = useC2CT();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [page, setPage] = useState(1);
  const list = useAppeals(status, page);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Segmented
        value={status}
        onChange={(v) => {
          setStatus(v as 'open' | 'closed');
          setPage(1);
        }}
        options={[
          { value: 'open', label: t('open') },
          { value: 'closed', label: t('closed') },
        ]}
      />
      {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
      <Table
        rowKey={(r) => r.appeal.id}
        loading={list.isPending}
        dataSource={list.data?.list}
        locale={{ emptyText: t('empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage }}
        columns={[
          { title: t('order'), render: (_, r) => r.order.no },
          { title: t('openedBy'), render: (_, r) => t(`by_${r.appeal.openedBy}`) },
          { title: t('reason'), render: (_, r) => r.appeal.reason },
          { title: t('quantity'), render: (_, r) => `${r.order.quantity} ${r.order.asset}` },
          { title: t('buyer'), render: (_, r) => r.order.buyer.nickname },
          { title: t('seller'), render: (_, r) => r.order.seller.nickname },
          { title: t('created'), render: (_, r) => <Time ms={r.appeal.createdAt} /> },
          {
            title: '',
            render: (_, r) => (
              <Button size="small" onClick={() => onOpen(r.order.id)} data-testid={`c2c-appeal-${r.order.id}`}>
                {t('view')}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}

function Merchants() {
  const t = useC2CT();
  const { message } = App.useApp();
  const may = useCan('c2c.arbitrate');
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState('');
  const list = useMerchants(page);
  const approve = useC2CAction((uid: number) => api.call(c2cAdminApi.approveMerchant, { params: { uid } }));
  const reject = useC2CAction((uid: number) =>
    api.call(c2cAdminApi.rejectMerchant, { params: { uid }, body: { reason } }),
  );
  return (
    <>
      {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
      <Table
        data-testid="c2c-merchants"
        rowKey="uid"
        loading={list.isPending}
        dataSource={list.data?.list}
        locale={{ emptyText: t('empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage }}
        columns={[
          { title: t('uid'), dataIndex: 'uid' },
          { title: t('nickname'), render: (_, m) => `${m.nickname ?? ''}${m.bot ? ` (${t('bot')})` : ''}` },
          {
            title: t('status'),
            render: (_, m) => (
              <StatusTag tone={m.status === 'pending' ? 'attention' : m.status === 'active' ? 'success' : 'neutral'}>
                {t(`ms_${m.status}`)}
              </StatusTag>
            ),
          },
          { title: t('identity'), render: (_, m) => t(`id_${m.identity}`) },
          { title: t('deposit'), render: (_, m) => `${m.deposit.held} / ${m.deposit.required} ${m.deposit.asset}` },
          { title: t('applied'), render: (_, m) => <Time ms={m.appliedAt} /> },
          {
            title: '',
            render: (_, m) =>
              m.status === 'pending' && may ? (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    loading={approve.isPending}
                    onClick={() => approve.mutate(m.uid, { onSuccess: () => void message.success(t('approved')) })}
                  >
                    {t('approve')}
                  </Button>
                  <Popconfirm
                    title={
                      <Input
                        placeholder={t('rejectReason')}
                        value={reason}
                        onChange={(e) => setReason(e.target.value)}
                      />
                    }
                    onConfirm={() => reject.mutate(m.uid, { onSuccess: () => void message.success(t('rejected')) })}
                  >
                    <Button size="small" danger>
                      {t('reject')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
    </>
  );
}

/** The security deposits' movements: paid, topped up, forfeited by a penalty (with the order), refunded. */
function Deposits() {
  const t = useC2CT();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<C2CDepositKind | 'all'>('all');
  const list = useDeposits(page, kind === 'all' ? undefined : kind);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Segmented
        value={kind}
        onChange={(v) => {
          setKind(v as C2CDepositKind | 'all');
          setPage(1);
        }}
        options={[
          { value: 'all', label: t('all') },
          ...C2C_DEPOSIT_EVENT_KINDS.map((k) => ({ value: k, label: t(`dk_${k}`) })),
        ]}
      />
      {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
      <Table
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list}
        locale={{ emptyText: t('empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage }}
        data-testid="c2c-deposits"
        columns={[
          { title: t('created'), render: (_, e) => <Time ms={e.createdAt} /> },
          { title: t('uid'), dataIndex: 'uid' },
          { title: t('nickname'), render: (_, e) => e.nickname ?? '—' },
          {
            title: t('kind'),
            render: (_, e) => (
              <StatusTag tone={e.kind === 'penalty' ? 'danger' : e.kind === 'refund' ? 'neutral' : 'success'}>
                {t(`dk_${e.kind}`)}
              </StatusTag>
            ),
          },
          { title: t('amount'), render: (_, e) => `${e.amount} ${e.asset}` },
          { title: t('order'), render: (_, e) => e.orderId ?? '—' },
        ]}
      />
    </Space>
  );
}

function Orders({ onOpen }: { onOpen(id: number): void }) {
  const t = useC2CT();
  const [page, setPage] = useState(1);
  const list = useOrders(page);
  return (
    <>
      {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
      <Table
        data-testid="c2c-orders"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list}
        locale={{ emptyText: t('empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage }}
        columns={[
          { title: t('order'), dataIndex: 'no' },
          { title: t('state'), render: (_, o) => t(`st_${o.state}`) },
          { title: t('quantity'), render: (_, o) => `${o.quantity} ${o.asset}` },
          { title: t('amount'), render: (_, o) => `${o.amount} ${o.fiat}` },
          { title: t('buyer'), render: (_, o) => o.buyer.nickname },
          { title: t('seller'), render: (_, o) => o.seller.nickname },
          { title: t('escrow'), render: (_, o) => o.escrowHeld },
          { title: t('created'), render: (_, o) => <Time ms={o.createdAt} /> },
          {
            title: '',
            render: (_, o) => (
              <Button size="small" onClick={() => onOpen(o.id)}>
                {t('view')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

function Ads() {
  const t = useC2CT();
  const { message } = App.useApp();
  const may = useCan('c2c.arbitrate');
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState('');
  const list = useAds(page);
  const takeDown = useC2CAction((id: number) => api.call(c2cAdminApi.takeDownAd, { params: { id }, body: { reason } }));
  return (
    <>
      {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
      <Table
        data-testid="c2c-ads"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list}
        locale={{ emptyText: t('empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total, onChange: setPage }}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: t('merchant'), render: (_, a) => a.merchant.nickname },
          { title: t('side'), render: (_, a) => t(`side_${a.side}`) },
          { title: t('price'), render: (_, a) => `${a.price ?? '—'} ${a.fiat}` },
          { title: t('remaining'), render: (_, a) => `${a.remaining} / ${a.total} ${a.asset}` },
          { title: t('limits'), render: (_, a) => `${a.minAmount} – ${a.maxAmount}` },
          { title: t('status'), render: (_, a) => t(`ad_${a.status}`) },
          {
            title: '',
            render: (_, a) =>
              a.status === 'listed' && may ? (
                <Popconfirm
                  title={<Input placeholder={t('reason')} value={reason} onChange={(e) => setReason(e.target.value)} />}
                  onConfirm={() => takeDown.mutate(a.id, { onSuccess: () => void message.success(t('takenDown')) })}
                >
                  <Button size="small" danger>
                    {t('takeDown')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </>
  );
}

/** /c2c — appeals (default), merchants, orders, ads; an order opens in a drawer with everything a ruling needs. */
export default function C2CPage() {
  const t = useC2CT();
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as Tab | null) ?? 'appeals';
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={[
          { key: 'appeals', label: t('tabAppeals'), children: <Appeals onOpen={setOpen} /> },
          { key: 'merchants', label: t('tabMerchants'), children: <Merchants /> },
          { key: 'deposits', label: t('tabDeposits'), children: <Deposits /> },
          { key: 'orders', label: t('tabOrders'), children: <Orders onOpen={setOpen} /> },
          { key: 'ads', label: t('tabAds'), children: <Ads /> },
        ]}
      />
      <OrderDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
