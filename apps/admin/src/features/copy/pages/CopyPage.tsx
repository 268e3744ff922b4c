import type { CopyAdminLeader, CopyApplication, CopySettlement } from '@bourse/contract';
import { App, Button, Card, Form, Input, Space, Table, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { useCan } from '../../../lib/operator';
import { useApplications, useCopySettings, useLeaders, useReview, useSaveCopySettings, useSettlements } from '../api';
import { useCopyT } from '../locales';

function Applications() {
  const t = useCopyT();
  const { message } = App.useApp();
  const list = useApplications();
  const review = useReview();
  const may = useCan('products.manage');
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const decide = (id: number, approve: boolean) =>
    review.mutate(
      { id, approve, reason: reasons[id] || undefined },
      { onSuccess: () => void message.success(t('done')) },
    );
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Table<CopyApplication>
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data}
      data-testid="copy-applications"
      columns={[
        { title: t('uid'), dataIndex: 'uid' },
        { title: t('nickname'), dataIndex: 'nickname' },
        {
          title: t('history'),
          render: (_: unknown, a) => (
            <span className="num">
              {t('pnl')} {a.history.pnl} · {t('roi')} {a.history.roi}% · {t('winRate')} {a.history.winRate}% ·{' '}
              {t('closed')} {a.history.closedPositions} · {t('maxDrawdown')} {a.history.maxDrawdown}%
            </span>
          ),
        },
        { title: t('applied'), dataIndex: 'createdAt', render: (ms: number) => <Time ms={ms} /> },
        {
          title: t('status'),
          dataIndex: 'status',
          render: (s: string, a) => (
            <Space direction="vertical" size={0}>
              <Tag color={s === 'approved' ? 'green' : s === 'rejected' ? 'red' : 'gold'}>{s}</Tag>
              {a.reason && <span className="muted">{a.reason}</span>}
            </Space>
          ),
        },
        {
          title: '',
          render: (_: unknown, a) =>
            a.status === 'pending' ? (
              <Space>
                <Input
                  placeholder={t('reason')}
                  style={{ width: 160 }}
                  value={reasons[a.id] ?? ''}
                  onChange={(e) => setReasons((r) => ({ ...r, [a.id]: e.target.value }))}
                />
                <Button
                  type="primary"
                  disabled={!may}
                  loading={review.isPending}
                  onClick={() => decide(a.id, true)}
                  data-testid={`copy-approve-${a.uid}`}
                >
                  {t('approve')}
                </Button>
                <Button danger disabled={!may} loading={review.isPending} onClick={() => decide(a.id, false)}>
                  {t('reject')}
                </Button>
              </Space>
            ) : (
              a.reviewedAt !== null && <Time ms={a.reviewedAt} />
            ),
        },
      ]}
    />
  );
}

function Leaders() {
  const t = useCopyT();
  const list = useLeaders();
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Table<CopyAdminLeader>
      rowKey="uid"
      loading={list.isFetching}
      dataSource={list.data}
      data-testid="copy-leaders"
      columns={[
        { title: t('uid'), dataIndex: 'uid' },
        {
          title: t('nickname'),
          render: (_: unknown, l) => (
            <Space>
              {l.nickname}
              {l.demo && <Tag>{t('demo')}</Tag>}
            </Space>
          ),
        },
        { title: t('mode'), render: (_: unknown, l) => l.settings.mode },
        { title: t('profitShare'), render: (_: unknown, l) => l.settings.profitShare, className: 'num' },
        { title: t('minCopy'), render: (_: unknown, l) => l.settings.minCopyAmount, className: 'num' },
        { title: t('compensationRatio'), render: (_: unknown, l) => l.settings.compensationRatio, className: 'num' },
        {
          title: t('caps'),
          render: (_: unknown, l) => `${l.settings.perTradeCap} / ${l.settings.totalCap}`,
          className: 'num',
        },
        { title: t('pairs'), render: (_: unknown, l) => l.settings.symbols.join(', ') },
        { title: t('escrow'), dataIndex: 'escrow', className: 'num', align: 'right' },
        { title: t('followers'), dataIndex: 'activeFollowers', className: 'num', align: 'right' },
        { title: t('aum'), render: (_: unknown, l) => l.stats.aum, className: 'num', align: 'right' },
        { title: t('locked'), render: (_: unknown, l) => (l.locked ? t('yes') : t('no')) },
      ]}
    />
  );
}

function Settlements() {
  const t = useCopyT();
  const [page, setPage] = useState(1);
  const list = useSettlements(page);
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Table<CopySettlement>
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data?.list}
      data-testid="copy-settlements"
      pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: t('follower'), dataIndex: 'followerUid' },
        { title: t('leader'), dataIndex: 'leaderUid' },
        { title: t('trigger'), dataIndex: 'trigger' },
        { title: t('periodPnl'), dataIndex: 'periodPnl', className: 'num', align: 'right' },
        { title: t('profitShare'), dataIndex: 'profitShare', className: 'num', align: 'right' },
        { title: t('compensation'), dataIndex: 'compensation', className: 'num', align: 'right' },
        { title: t('highWater'), dataIndex: 'highWaterMark', className: 'num', align: 'right' },
        { title: t('time'), dataIndex: 'ts', render: (ms: number) => <Time ms={ms} /> },
      ]}
    />
  );
}

function SettingsForm() {
  const t = useCopyT();
  const { message } = App.useApp();
  const settings = useCopySettings();
  const save = useSaveCopySettings();
  const may = useCan('products.manage');
  const [form] = Form.useForm<{ escrowThreshold: string }>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <Form
      form={form}
      layout="inline"
      disabled={!may}
      onFinish={(values) => save.mutate(values, { onSuccess: () => void message.success(t('saved')) })}
    >
      <Form.Item name="escrowThreshold" label={t('threshold')} rules={[{ required: true }]}>
        <Input style={{ width: 160 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}

/** Copy trading: applications to review, leaders with settings and escrow, settlements, the escrow threshold. */
export default function CopyPage() {
  const t = useCopyT();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <Tabs
          items={[
            { key: 'applications', label: t('applications'), children: <Applications /> },
            { key: 'leaders', label: t('leaders'), children: <Leaders /> },
            { key: 'settlements', label: t('settlements'), children: <Settlements /> },
            { key: 'settings', label: t('settings'), children: <SettingsForm /> },
          ]}
        />
      </Card>
    </>
  );
}
