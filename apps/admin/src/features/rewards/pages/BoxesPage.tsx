import type { AdminBox } from '@bourse/contract';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { useCan } from '../../../lib/operator';
import { type BoxValues, useBoxes, useSaveBox } from '../api';
import { useRewardsT } from '../locales';

const EMPTY: BoxValues = {
  name: '',
  priceAsset: 'USDT',
  price: '',
  prizes: [{ asset: 'USDT', amount: '0', odds: '100' }],
  budget: [{ asset: 'USDT', amount: '' }],
  status: 'paused',
};

function toValues(box: AdminBox): BoxValues {
  return {
    name: box.name,
    priceAsset: box.priceAsset,
    price: box.price,
    prizes: box.prizes.map((p) => ({ asset: p.asset, amount: p.amount, odds: p.odds })),
    budget: box.budget,
    status: box.status,
  };
}

/** The sum of the odds typed so far, in ten-thousandths of a percent (exact). */
function oddsSum(prizes: readonly { odds?: string }[] | undefined): string {
  let sum = 0;
  for (const p of prizes ?? []) {
    const [whole = '0', frac = ''] = (p?.odds ?? '0').split('.');
    sum += Number(whole) * 10_000 + Number(frac.padEnd(4, '0').slice(0, 4));
  }
  return `${Math.floor(sum / 10_000)}${
    sum % 10_000
      ? `.${String(sum % 10_000)
          .padStart(4, '0')
          .replace(/0+$/, '')}`
      : ''
  }`;
}

function BoxEditor({ box, onClose }: { box: AdminBox | null; onClose(): void }) {
  const t = useRewardsT();
  const { message } = App.useApp();
  const save = useSaveBox();
  const [form] = Form.useForm<BoxValues>();
  const prizes = Form.useWatch('prizes', form);
  return (
    <Modal
      open
      width={720}
      title={box ? `${t('edit')} · ${box.name}` : t('newBox')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'box-save' } as never}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={box ? toValues(box) : EMPTY}
        onFinish={(values) =>
          save.mutate(
            { id: box?.id ?? null, body: values },
            {
              onSuccess: () => {
                void message.success(t('saved'));
                onClose();
              },
            },
          )
        }
      >
        <Space wrap>
          <Form.Item name="name" label={t('name')} rules={[{ required: true }]}>
            <Input style={{ width: 220 }} data-testid="box-name" />
          </Form.Item>
          <Form.Item name="price" label={t('price')} rules={[{ required: true }]}>
            <Input style={{ width: 140 }} data-testid="box-price" />
          </Form.Item>
          <Form.Item name="priceAsset" label={t('asset')} rules={[{ required: true }]}>
            <Input style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              style={{ width: 140 }}
              options={[
                { value: 'active', label: t('active') },
                { value: 'paused', label: t('paused') },
              ]}
            />
          </Form.Item>
        </Space>
        <strong>{t('prizes')}</strong> <span className="muted">{t('oddsSum', { sum: oddsSum(prizes) })}</span>
        <Form.List name="prizes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'amount']} rules={[{ required: true }]}>
                    <Input placeholder={t('amount')} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'asset']} rules={[{ required: true }]}>
                    <Input placeholder={t('asset')} style={{ width: 100 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'odds']} rules={[{ required: true }]}>
                    <Input placeholder={t('odds')} suffix="%" style={{ width: 120 }} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ asset: 'USDT', amount: '', odds: '' })}
              >
                {t('addPrize')}
              </Button>
            </>
          )}
        </Form.List>
        <div style={{ marginTop: 16 }}>
          <strong>{t('budget')}</strong>
        </div>
        <Form.List name="budget">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'amount']} rules={[{ required: true }]}>
                    <Input placeholder={t('amount')} style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'asset']} rules={[{ required: true }]}>
                    <Input placeholder={t('asset')} style={{ width: 100 }} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ asset: 'USDT', amount: '' })}>
                {t('addBudget')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

const list = (items: readonly { asset: string; amount: string }[]) =>
  items.map((i) => `${i.amount} ${i.asset}`).join(' · ');

/** Mystery boxes: the published tables, budgets, what they paid and sold; create and edit. */
export default function BoxesPage() {
  const t = useRewardsT();
  const boxes = useBoxes();
  const may = useCan('products.manage');
  const [editing, setEditing] = useState<AdminBox | null | undefined>(undefined);
  return (
    <>
      <PageHeader
        title={t('boxesTitle')}
        subtitle={t('boxesSubtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} disabled={!may} onClick={() => setEditing(null)}>
            {t('newBox')}
          </Button>
        }
      />
      <Card>
        {boxes.isError ? <QueryError error={boxes.error} onRetry={() => void boxes.refetch()} /> : null}
        <Table<AdminBox>
          rowKey="id"
          loading={boxes.isFetching}
          dataSource={boxes.data}
          pagination={false}
          data-testid="boxes-table"
          columns={[
            { title: t('name'), dataIndex: 'name' },
            { title: t('price'), key: 'price', render: (_: unknown, b) => `${b.price} ${b.priceAsset}` },
            {
              title: t('prizes'),
              key: 'prizes',
              render: (_: unknown, b) => (
                <span className="num">{b.prizes.map((p) => `${p.amount} ${p.asset} (${p.odds}%)`).join(' · ')}</span>
              ),
            },
            { title: t('budget'), key: 'budget', render: (_: unknown, b) => list(b.budget) },
            { title: t('paid'), key: 'paid', render: (_: unknown, b) => list(b.paid) },
            { title: t('revenue'), key: 'revenue', render: (_: unknown, b) => `${b.revenue} ${b.priceAsset}` },
            { title: t('opened'), dataIndex: 'opened' },
            {
              title: t('status'),
              key: 'status',
              render: (_: unknown, b) =>
                b.status === 'paused' ? (
                  <StatusTag tone="neutral">{t('paused')}</StatusTag>
                ) : b.soldOut ? (
                  <StatusTag tone="attention">{t('soldOut')}</StatusTag>
                ) : (
                  <StatusTag tone="success">{t('active')}</StatusTag>
                ),
            },
            {
              title: '',
              key: 'edit',
              render: (_: unknown, b) => (
                <Button size="small" disabled={!may} onClick={() => setEditing(b)}>
                  {t('edit')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {editing !== undefined && <BoxEditor box={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
