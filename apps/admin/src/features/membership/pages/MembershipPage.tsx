import {
  type AdminMember,
  type MembershipSettings,
  type MembershipSettingsBody,
  membershipAdminApi,
} from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { api } from '../../../lib/client';
import { useCan } from '../../../lib/operator';
import { useMembershipT } from '../locales';

type Values = z.input<typeof MembershipSettingsBody>;
const KEY = ['membership', 'settings'] as const;

/** The stored settings as the form edits them (null limits and prices become empty and 0). */
function toValues(s: MembershipSettings): Values {
  return {
    holdAsset: s.holdAsset,
    baseWithdrawLimit: s.base.withdrawLimit ?? '',
    levels: s.levels.map((l) => ({
      name: l.name,
      holdAmount: l.holdAmount,
      price: l.price ?? '0',
      days: l.days,
      spotDiscount: l.benefits.spotDiscount,
      futuresDiscount: l.benefits.futuresDiscount,
      boxDiscount: l.benefits.boxDiscount,
      withdrawLimit: l.benefits.withdrawLimit ?? '',
    })),
  };
}

function LevelsForm({ settings }: { settings: MembershipSettings }) {
  const t = useMembershipT();
  const { message } = App.useApp();
  const client = useQueryClient();
  const may = useCan('products.manage');
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (body: Values) => api.call(membershipAdminApi.updateSettings, { body }),
    onSuccess: (data) => {
      client.setQueryData(KEY, data);
      void message.success(t('saved'));
    },
  });
  useEffect(() => form.setFieldsValue(toValues(settings)), [settings, form]);
  return (
    <Form<Values> form={form} layout="vertical" disabled={!may} onFinish={(values) => save.mutate(values)}>
      <Space wrap>
        <Form.Item name="holdAsset" label={t('holdAsset')} rules={[{ required: true }]}>
          <Input style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="baseWithdrawLimit" label={t('baseLimit')}>
          <Input style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <Form.List name="levels">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                style={{ marginBottom: 12 }}
                title={
                  <Space>
                    <Tag>L{index + 1}</Tag>
                    <span>{settings.levels[index]?.name ?? ''}</span>
                    {settings.levels[index] ? (
                      <span className="muted">
                        {t('count')}: {settings.levels[index]?.members}
                      </span>
                    ) : null}
                  </Space>
                }
                extra={
                  <Button size="small" danger onClick={() => remove(field.name)}>
                    {t('remove')}
                  </Button>
                }
              >
                <Space wrap align="start">
                  <Form.Item name={[field.name, 'name']} label={t('name')} rules={[{ required: true }]}>
                    <Input style={{ width: 120 }} data-testid={`level-name-${index}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'holdAmount']} label={t('holdAmount')} rules={[{ required: true }]}>
                    <Input style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'price']} label={t('price')} rules={[{ required: true }]}>
                    <Input style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'days']} label={t('days')} rules={[{ required: true }]}>
                    <InputNumber min={1} max={3650} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'spotDiscount']} label={t('spotDiscount')} rules={[{ required: true }]}>
                    <Input style={{ width: 100 }} data-testid={`level-spot-${index}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'futuresDiscount']}
                    label={t('futuresDiscount')}
                    rules={[{ required: true }]}
                  >
                    <Input style={{ width: 100 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'boxDiscount']} label={t('boxDiscount')} rules={[{ required: true }]}>
                    <Input style={{ width: 100 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'withdrawLimit']} label={t('withdrawLimit')}>
                    <Input style={{ width: 160 }} />
                  </Form.Item>
                </Space>
              </Card>
            ))}
            <Space>
              <Button
                onClick={() =>
                  add({
                    name: '',
                    holdAmount: '',
                    price: '0',
                    days: 30,
                    spotDiscount: '0',
                    futuresDiscount: '0',
                    boxDiscount: '0',
                    withdrawLimit: '',
                  })
                }
              >
                {t('addLevel')}
              </Button>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="levels-save">
                {t('save')}
              </Button>
            </Space>
          </>
        )}
      </Form.List>
    </Form>
  );
}

/** Membership: the levels editor (benefits, prices, holdings), sales, the members with what they saved. */
export default function MembershipPage() {
  const t = useMembershipT();
  const [page, setPage] = useState(1);
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.call(membershipAdminApi.settings, { signal, toast: false }),
  });
  const members = useQuery({
    queryKey: ['membership', 'members', page],
    queryFn: ({ signal }) => api.call(membershipAdminApi.members, { query: { page, size: 20 }, signal, toast: false }),
  });
  const list = (items: readonly { asset: string; amount: string }[]) =>
    items.length === 0 ? t('none') : items.map((a) => `${a.amount} ${a.asset}`).join(' · ');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card
          title={t('levels')}
          extra={
            settings.data ? <span className="num">{`${t('revenue')}: ${list(settings.data.revenue)}`}</span> : null
          }
        >
          {settings.isError ? <QueryError error={settings.error} onRetry={() => void settings.refetch()} /> : null}
          {settings.data ? <LevelsForm settings={settings.data} /> : null}
        </Card>
        <Card title={t('members')}>
          {members.isError ? <QueryError error={members.error} onRetry={() => void members.refetch()} /> : null}
          <Table<AdminMember>
            rowKey="uid"
            loading={members.isFetching}
            dataSource={members.data?.list}
            data-testid="members-table"
            pagination={{ current: page, pageSize: 20, total: members.data?.total ?? 0, onChange: setPage }}
            columns={[
              { title: t('uid'), dataIndex: 'uid', render: (uid: number) => <UserLink uid={uid} /> },
              { title: t('account'), dataIndex: 'account' },
              {
                title: t('level'),
                dataIndex: 'level',
                render: (level: number) => settings.data?.levels.find((l) => l.level === level)?.name ?? level,
              },
              { title: t('source'), dataIndex: 'source', render: (s: AdminMember['source']) => t(`source_${s}`) },
              { title: t('heldLevel'), dataIndex: 'heldLevel' },
              { title: t('holdings'), dataIndex: 'holdings', className: 'num', align: 'right' },
              {
                title: t('boughtUntil'),
                dataIndex: 'boughtUntil',
                render: (ms: number | null) => (ms === null ? '—' : <Time ms={ms} />),
              },
              { title: t('saved_'), dataIndex: 'saved', render: (s: AdminMember['saved']) => list(s) },
            ]}
          />
        </Card>
      </Space>
    </>
  );
}
