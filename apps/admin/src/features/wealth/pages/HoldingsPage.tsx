import { WEALTH_RETURN_STATES } from '@bourse/contract';
import { App, Button, Card, Flex, InputNumber, Select, Table } from 'antd';
import { useState } from 'react';
import { Can } from '../../../components/Can';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { ReasonModal } from '../../../components/ReasonModal';
import { StatusTag, type Tone } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { useCommonT } from '../../../lib/locales';
import {
  type AdminWealthPosition,
  type PositionFilter,
  useRevokePosition,
  useWealthPositions,
  useWealthProducts,
} from '../api';
import { useWealthT } from '../locales';

const TONES: Record<AdminWealthPosition['state'], Tone> = {
  not_yet: 'progress',
  earned: 'success',
  early: 'neutral',
  revoked: 'danger',
};

export default function HoldingsPage() {
  const t = useWealthT();
  const common = useCommonT();
  const { message } = App.useApp();
  const products = useWealthProducts();
  const [filter, setFilter] = useState<PositionFilter>({ page: 1 });
  const [uid, setUid] = useState<number | null>(null);
  const query = useWealthPositions(filter);
  const revoke = useRevokePosition();
  const [ending, setEnding] = useState<AdminWealthPosition | null>(null);

  return (
    <>
      <PageHeader title={t('holdingsTitle')} subtitle={t('holdingsSubtitle')} />
      <Card className="page-section">
        <Flex gap={8} wrap className="filters">
          <Select
            className="filters__uid"
            value={filter.productId ?? 0}
            onChange={(productId: number) =>
              setFilter({ ...filter, productId: productId === 0 ? undefined : productId, page: 1 })
            }
            options={[
              { value: 0, label: t('anyProduct') },
              ...(products.data ?? []).map((p) => ({
                value: p.id,
                label: `${p.asset} · ${p.kind === 'fixed' ? t('days', { days: p.termDays ?? 0 }) : t('kind_flexible')}`,
              })),
            ]}
          />
          <Select
            className="filters__uid"
            value={filter.state ?? ''}
            onChange={(state: AdminWealthPosition['state'] | '') =>
              setFilter({ ...filter, state: state === '' ? undefined : state, page: 1 })
            }
            options={[
              { value: '', label: t('anyState') },
              ...WEALTH_RETURN_STATES.map((s) => ({ value: s, label: t(`state_${s}`) })),
            ]}
          />
          <InputNumber<number> placeholder={t('uid')} min={1} precision={0} value={uid} onChange={(v) => setUid(v)} />
          <Button onClick={() => setFilter({ ...filter, uid: uid ?? undefined, page: 1 })}>{t('search')}</Button>
        </Flex>
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<AdminWealthPosition>
          rowKey="id"
          loading={query.isFetching}
          dataSource={query.data?.list}
          scroll={{ x: 'max-content' }}
          data-testid="wealth-positions"
          pagination={{
            current: filter.page,
            pageSize: 20,
            total: query.data?.total ?? 0,
            onChange: (page) => setFilter({ ...filter, page }),
          }}
          columns={[
            { title: '#', dataIndex: 'id' },
            { title: t('uid'), dataIndex: 'uid', render: (v: number) => <UserLink uid={v} /> },
            {
              title: t('product'),
              key: 'product',
              render: (_: unknown, p) => (
                <span>
                  {p.asset} · {p.kind === 'fixed' ? t('days', { days: p.termDays ?? 0 }) : t('kind_flexible')}
                </span>
              ),
            },
            { title: t('apr'), dataIndex: 'apr', align: 'right', render: (v: string) => <Num value={v} /> },
            { title: t('principal'), dataIndex: 'principal', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('interestPaid'),
              dataIndex: 'interestPaid',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            { title: t('returned'), dataIndex: 'returned', align: 'right', render: (v: string) => <Num value={v} /> },
            { title: t('forfeited'), dataIndex: 'forfeited', align: 'right', render: (v: string) => <Num value={v} /> },
            {
              title: t('state'),
              dataIndex: 'state',
              render: (s: AdminWealthPosition['state']) => <StatusTag tone={TONES[s]}>{t(`state_${s}`)}</StatusTag>,
            },
            { title: t('subscribedAt'), dataIndex: 'subscribedAt', render: (v: number) => <Time ms={v} /> },
            { title: t('maturityAt'), dataIndex: 'maturityAt', render: (v: number | null) => <Time ms={v} /> },
            { title: t('closedAt'), dataIndex: 'closedAt', render: (v: number | null) => <Time ms={v} /> },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, p) =>
                p.state === 'not_yet' ? (
                  <Can permission="products.manage">
                    <Button size="small" danger onClick={() => setEnding(p)} data-testid={`wealth-revoke-${p.id}`}>
                      {t('revoke')}
                    </Button>
                  </Can>
                ) : null,
            },
          ]}
        />
      </Card>
      <ReasonModal
        open={ending !== null}
        title={ending ? t('revokeTitle', { id: ending.id }) : ''}
        summary={ending ? t('revokeSummary', { principal: ending.principal, asset: ending.asset }) : undefined}
        okText={t('revoke')}
        hint={t('revokeHint')}
        min={1}
        max={200}
        pending={revoke.isPending}
        onCancel={() => setEnding(null)}
        onSubmit={(reason) => {
          if (!ending) return;
          revoke.mutate(
            { id: ending.id, reason },
            {
              onSuccess: () => {
                void message.success(t('revoked'));
                setEnding(null);
              },
            },
          );
        }}
      />
    </>
  );
}
