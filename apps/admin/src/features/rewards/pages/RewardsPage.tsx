import type { AdminRebateRow, RewardPoolBalance } from '@bourse/contract';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { useCan } from '../../../lib/operator';
import {
  type NewcomerValues,
  type SettingsValues,
  useFundPool,
  useNewcomer,
  usePool,
  useRebates,
  useRewardSettings,
  useSaveNewcomer,
  useSaveSettings,
} from '../api';
import { useRewardsT } from '../locales';

type Rebate = z.infer<typeof AdminRebateRow>;

function FundForm() {
  const t = useRewardsT();
  const { message } = App.useApp();
  const fund = useFundPool();
  const may = useCan('products.manage');
  const [form] = Form.useForm<{ asset: string; amount: string }>();
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ asset: 'USDT', amount: '' }}
      onFinish={(values) =>
        fund.mutate(values, {
          onSuccess: () => {
            form.setFieldValue('amount', '');
            void message.success(t('funded_ok'));
          },
        })
      }
    >
      <Form.Item name="asset" rules={[{ required: true }]}>
        <Input placeholder={t('asset')} style={{ width: 100 }} data-testid="fund-asset" />
      </Form.Item>
      <Form.Item name="amount" rules={[{ required: true }]}>
        <Input placeholder={t('amount')} style={{ width: 160 }} data-testid="fund-amount" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={fund.isPending} disabled={!may} data-testid="fund-submit">
        {t('fund')}
      </Button>
    </Form>
  );
}

function SettingsForm() {
  const t = useRewardsT();
  const { message } = App.useApp();
  const settings = useRewardSettings();
  const save = useSaveSettings();
  const may = useCan('products.manage');
  const [form] = Form.useForm<SettingsValues>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!may}
      onFinish={(values) => save.mutate(values, { onSuccess: () => void message.success(t('saved')) })}
    >
      <Form.Item label={t('checkinReward')}>
        <Space.Compact>
          <Form.Item name={['checkin', 'amount']} noStyle rules={[{ required: true }]}>
            <Input style={{ width: 160 }} data-testid="checkin-amount" />
          </Form.Item>
          <Form.Item name={['checkin', 'asset']} noStyle rules={[{ required: true }]}>
            <Input style={{ width: 100 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label={t('rebateShares')}>
        <Row gutter={12}>
          {(['spot', 'futures'] as const).map((product) => (
            <Col key={product} span={12}>
              <strong>{t(product)}</strong>
              <Space>
                <Form.Item name={['rebates', product, 'level1']} label={t('level1')} rules={[{ required: true }]}>
                  <Input suffix="%" style={{ width: 110 }} />
                </Form.Item>
                <Form.Item name={['rebates', product, 'level2']} label={t('level2')} rules={[{ required: true }]}>
                  <Input suffix="%" style={{ width: 110 }} />
                </Form.Item>
              </Space>
            </Col>
          ))}
        </Row>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
        {t('save')}
      </Button>
    </Form>
  );
}

/** Newcomer tasks: each task's reward and budget (paid from the reward pool), what was paid, the claim window. */
function NewcomerForm() {
  const t = useRewardsT();
  const { message } = App.useApp();
  const newcomer = useNewcomer();
  const save = useSaveNewcomer();
  const may = useCan('products.manage');
  const [form] = Form.useForm<NewcomerValues>();
  useEffect(() => {
    if (newcomer.data) {
      form.setFieldsValue({
        days: newcomer.data.days,
        tasks: newcomer.data.tasks.map(({ task, asset, amount, budget }) => ({ task, asset, amount, budget })),
      });
    }
  }, [newcomer.data, form]);
  if (newcomer.isError) return <QueryError error={newcomer.error} onRetry={() => void newcomer.refetch()} />;
  const rows = newcomer.data?.tasks ?? [];
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!may}
      onFinish={(values) => save.mutate(values, { onSuccess: () => void message.success(t('saved')) })}
    >
      <p className="muted">{t('newcomerHint')}</p>
      <Form.Item name="days" label={t('newcomerDays')} rules={[{ required: true }]}>
        <InputNumber min={1} max={365} style={{ width: 120 }} />
      </Form.Item>
      <Table
        rowKey="task"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="newcomer-table"
        columns={[
          {
            title: t('task'),
            dataIndex: 'task',
            render: (task: string, _row, index) => (
              <>
                <Form.Item name={['tasks', index, 'task']} hidden>
                  <Input />
                </Form.Item>
                {t(`task_${task}` as 'task_identity')}
              </>
            ),
          },
          {
            title: t('asset'),
            key: 'asset',
            render: (_v, _row, index) => (
              <Form.Item name={['tasks', index, 'asset']} noStyle rules={[{ required: true }]}>
                <Input style={{ width: 90 }} />
              </Form.Item>
            ),
          },
          {
            title: t('newcomerReward'),
            key: 'amount',
            render: (_v, row, index) => (
              <Form.Item name={['tasks', index, 'amount']} noStyle rules={[{ required: true }]}>
                <Input style={{ width: 110 }} data-testid={`newcomer-amount-${row.task}`} />
              </Form.Item>
            ),
          },
          {
            title: t('budget'),
            key: 'budget',
            render: (_v, row, index) => (
              <Form.Item name={['tasks', index, 'budget']} noStyle rules={[{ required: true }]}>
                <Input style={{ width: 130 }} data-testid={`newcomer-budget-${row.task}`} />
              </Form.Item>
            ),
          },
          { title: t('paid'), dataIndex: 'paid', className: 'num', align: 'right' },
          { title: t('claims'), dataIndex: 'claims', className: 'num', align: 'right' },
        ]}
      />
      <Button
        type="primary"
        htmlType="submit"
        loading={save.isPending}
        style={{ marginTop: 12 }}
        data-testid="newcomer-save"
      >
        {t('save')}
      </Button>
    </Form>
  );
}

/** Rewards: the pool (balances, funding), the check-in reward and rebate shares, the rebates paid. */
export default function RewardsPage() {
  const t = useRewardsT();
  const pool = usePool();
  const [page, setPage] = useState(1);
  const rebates = useRebates(page);
  return (
    <>
      <PageHeader title={t('rewardsTitle')} subtitle={t('rewardsSubtitle')} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('pool')} extra={<FundForm />}>
          <p className="muted">{t('poolHint')}</p>
          {pool.isError ? <QueryError error={pool.error} onRetry={() => void pool.refetch()} /> : null}
          <Table<RewardPoolBalance>
            rowKey="asset"
            loading={pool.isFetching}
            dataSource={pool.data}
            pagination={false}
            data-testid="pool-table"
            columns={[
              { title: t('asset'), dataIndex: 'asset' },
              { title: t('available'), dataIndex: 'available', className: 'num', align: 'right' },
              { title: t('funded'), dataIndex: 'funded', className: 'num', align: 'right' },
              { title: t('paid'), dataIndex: 'paid', className: 'num', align: 'right' },
            ]}
          />
        </Card>
        <Card title={t('settings')}>
          <SettingsForm />
        </Card>
        <Card title={t('newcomer')}>
          <NewcomerForm />
        </Card>
        <Card title={t('rebates')}>
          <Table<Rebate>
            rowKey="id"
            loading={rebates.isFetching}
            dataSource={rebates.data?.list}
            pagination={{ current: page, pageSize: 20, total: rebates.data?.total ?? 0, onChange: setPage }}
            columns={[
              { title: t('uid'), dataIndex: 'uid' },
              { title: t('fromUid'), dataIndex: 'fromUid' },
              { title: t('level'), dataIndex: 'level' },
              { title: t('product'), dataIndex: 'product' },
              { title: t('asset'), dataIndex: 'asset' },
              { title: t('fee'), dataIndex: 'fee', className: 'num', align: 'right' },
              { title: t('amount'), dataIndex: 'amount', className: 'num', align: 'right' },
              { title: t('time'), dataIndex: 'at', render: (ms: number) => <Time ms={ms} /> },
            ]}
          />
        </Card>
      </Space>
    </>
  );
}
