import { type AdminListing, type ListingStatus, listingsAdminApi } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Segmented, Space, Table } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { ReasonModal } from '../../../components/ReasonModal';
import { StatusTag, type Tone } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { api } from '../../../lib/client';
import { useCan } from '../../../lib/operator';
import { useListingsT } from '../locales';

const TONES: Record<ListingStatus, Tone> = { pending: 'attention', approved: 'success', rejected: 'danger' };
type Filter = ListingStatus | 'all';

/** The listing applications: pending first (oldest first), each with its form, approve or reject with a reason. */
export default function ListingsPage() {
  const t = useListingsT();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const may = useCan('markets.manage');
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminListing | null>(null);
  const list = useQuery({
    queryKey: ['listings', filter, page],
    queryFn: ({ signal }) =>
      api.call(listingsAdminApi.list, {
        query: { page, size: 20, ...(filter === 'all' ? {} : { status: filter }) },
        signal,
        toast: false,
      }),
  });
  const done = () => {
    void message.success(t('done'));
    void client.invalidateQueries({ queryKey: ['listings'] });
    void client.invalidateQueries({ queryKey: ['dashboard'] });
  };
  const approve = useMutation({
    mutationFn: (id: number) => api.call(listingsAdminApi.approve, { params: { id } }),
    onSuccess: done,
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.call(listingsAdminApi.reject, { params: { id }, body: { reason } }),
    onSuccess: () => {
      setRejecting(null);
      done();
    },
  });

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Segmented<Filter>
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
          options={(['pending', 'approved', 'rejected', 'all'] as const).map((key) => ({ value: key, label: t(key) }))}
        />
        {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
        <Table<AdminListing>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list}
          data-testid="listings-table"
          pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
          expandable={{
            expandedRowRender: (a) => (
              <Descriptions size="small" column={2} bordered>
                <Descriptions.Item label={t('chain')}>{a.chain}</Descriptions.Item>
                <Descriptions.Item label={t('contract')}>
                  <span className="num">{a.contractAddress || '—'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('website')}>
                  <a href={a.website} target="_blank" rel="noreferrer noopener">
                    {a.website}
                  </a>
                </Descriptions.Item>
                <Descriptions.Item label={t('whitepaper')}>
                  {a.whitepaper ? (
                    <a href={a.whitepaper} target="_blank" rel="noreferrer noopener">
                      {a.whitepaper}
                    </a>
                  ) : (
                    '—'
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={t('supply')}>
                  <span className="num">{a.totalSupply}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('contact')}>
                  {a.contactName} · {a.contact}
                </Descriptions.Item>
                <Descriptions.Item label={t('description')} span={2}>
                  <div style={{ whiteSpace: 'pre-wrap' }}>{a.description}</div>
                </Descriptions.Item>
                {a.reason ? (
                  <Descriptions.Item label={t('reason')} span={2}>
                    {a.reason}
                  </Descriptions.Item>
                ) : null}
              </Descriptions>
            ),
          }}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 70 },
            { title: t('uid'), dataIndex: 'uid', render: (uid: number) => <UserLink uid={uid} /> },
            { title: t('account'), dataIndex: 'account' },
            { title: t('symbol'), dataIndex: 'symbol', render: (s: string) => <strong>{s}</strong> },
            { title: t('project'), dataIndex: 'projectName' },
            {
              title: t('status'),
              dataIndex: 'status',
              render: (s: ListingStatus) => <StatusTag tone={TONES[s]}>{t(s)}</StatusTag>,
            },
            { title: t('sent'), dataIndex: 'createdAt', render: (ms: number) => <Time ms={ms} /> },
            {
              title: t('reviewed'),
              dataIndex: 'reviewedAt',
              render: (ms: number | null, a) =>
                ms === null ? (
                  '—'
                ) : (
                  <span>
                    <Time ms={ms} /> · #{a.reviewedBy}
                  </span>
                ),
            },
            {
              title: '',
              key: 'actions',
              render: (_v, a) =>
                a.status === 'pending' && may ? (
                  <Space>
                    <Button
                      size="small"
                      type="primary"
                      data-testid={`listing-approve-${a.id}`}
                      loading={approve.isPending && approve.variables === a.id}
                      onClick={() =>
                        void modal.confirm({
                          title: t('approve'),
                          content: t('approveConfirm', { symbol: a.symbol }),
                          onOk: () => approve.mutateAsync(a.id),
                        })
                      }
                    >
                      {t('approve')}
                    </Button>
                    <Button size="small" danger data-testid={`listing-reject-${a.id}`} onClick={() => setRejecting(a)}>
                      {t('reject')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      </Space>
      <ReasonModal
        open={rejecting !== null}
        title={t('rejectTitle', { symbol: rejecting?.symbol ?? '' })}
        summary={rejecting ? `${rejecting.symbol} · ${rejecting.projectName}` : undefined}
        okText={t('reject')}
        hint={t('rejectHint')}
        min={1}
        max={300}
        pending={reject.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })}
      />
    </>
  );
}
