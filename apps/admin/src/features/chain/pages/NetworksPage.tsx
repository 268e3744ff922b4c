import { type CoinInfo, DecimalString, type NetworkInfo, type NetworkSettingsBody } from '@bourse/contract';
import { App, Button, Card, Col, Drawer, Flex, Form, Input, InputNumber, Row, Switch, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Can } from '../../../components/Can';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { useCommonT } from '../../../lib/locales';
import { schemaRule } from '../../../lib/rules';
import { useNetworks, useUpdateNetwork } from '../api';
import { useChainT } from '../locales';

interface NetworkRow extends NetworkInfo {
  asset: string;
  coinName: string;
}

interface Values {
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  depositMin: string;
  withdrawFee: string;
  withdrawMin: string;
  withdrawMax: string;
  withdrawPrecision: number;
  depositConfirmations: number;
  depositDoneConfirmations: number;
  withdrawConfirmations: number;
}

function rowsOf(coins: readonly CoinInfo[]): NetworkRow[] {
  return coins.flatMap((coin) => coin.networks.map((n) => ({ ...n, asset: coin.asset, coinName: coin.name })));
}

function NetworkForm({ row, onClose }: { row: NetworkRow | null; onClose(): void }) {
  const t = useChainT();
  const common = useCommonT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateNetwork();

  useEffect(() => {
    if (row) form.setFieldsValue({ ...row, withdrawMax: row.withdrawMax ?? '' });
  }, [row, form]);

  function submit(values: Values) {
    if (!row) return;
    const body: NetworkSettingsBody = {
      asset: row.asset,
      network: row.network,
      ...values,
      withdrawMax: values.withdrawMax.trim() === '' ? null : values.withdrawMax.trim(),
    };
    update.mutate(body, {
      onSuccess: () => {
        void message.success(t('networkSaved', { asset: row.asset, network: row.network }));
        onClose();
      },
    });
  }

  const decimal = [{ required: true, message: t('decimalInvalid') }, schemaRule(DecimalString, t('decimalInvalid'))];
  const count = [{ required: true, type: 'integer' as const, min: 1, max: 1000, message: t('countInvalid') }];

  return (
    <Drawer
      open={row !== null}
      size={600}
      title={row ? t('editNetwork', { asset: row.asset, network: row.name }) : null}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button type="primary" loading={update.isPending} onClick={() => form.submit()}>
            {common('save')}
          </Button>
        </Flex>
      }
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={update.isPending}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="depositEnabled" label={t('deposits')} valuePropName="checked">
              <Switch checkedChildren={t('on')} unCheckedChildren={t('off')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="withdrawEnabled" label={t('withdrawals')} valuePropName="checked">
              <Switch checkedChildren={t('on')} unCheckedChildren={t('off')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="depositMin" label={t('depositMin')} rules={decimal}>
              <Input className="num" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="withdrawFee" label={t('withdrawFee')} rules={decimal}>
              <Input className="num" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="withdrawMin" label={t('withdrawMin')} rules={decimal}>
              <Input className="num" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="withdrawMax"
              label={t('withdrawMax')}
              extra={t('maxHint')}
              rules={[schemaRule(DecimalString, t('decimalInvalid'))]}
            >
              <Input className="num" allowClear />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="withdrawPrecision"
              label={t('withdrawPrecision')}
              rules={[{ required: true, type: 'integer', min: 0, max: 18, message: t('precisionInvalid') }]}
            >
              <InputNumber min={0} max={18} precision={0} className="full-width" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>{t('confirmations')}</Typography.Text>
        <Row gutter={16} className="network-form__confirmations">
          <Col span={8}>
            <Form.Item name="depositConfirmations" label={t('depositConfirmations')} rules={count}>
              <InputNumber min={1} max={1000} precision={0} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="depositDoneConfirmations" label={t('depositDoneConfirmations')} rules={count}>
              <InputNumber min={1} max={1000} precision={0} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="withdrawConfirmations" label={t('withdrawConfirmations')} rules={count}>
              <InputNumber min={1} max={1000} precision={0} className="full-width" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}

export default function NetworksPage() {
  const t = useChainT();
  const common = useCommonT();
  const query = useNetworks();
  const [editing, setEditing] = useState<NetworkRow | null>(null);
  const onOff = (on: boolean) => <StatusTag tone={on ? 'success' : 'neutral'}>{on ? t('on') : t('off')}</StatusTag>;

  return (
    <>
      <PageHeader title={t('networksTitle')} subtitle={t('networksSubtitle')} />
      <Card>
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<NetworkRow>
          rowKey={(row) => `${row.asset}:${row.network}`}
          loading={query.isFetching}
          dataSource={rowsOf(query.data ?? [])}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: t('coin'),
              dataIndex: 'asset',
              fixed: 'left',
              render: (asset: string, row) => (
                <Flex vertical>
                  <strong>{asset}</strong>
                  <Typography.Text type="secondary">{row.coinName}</Typography.Text>
                </Flex>
              ),
            },
            { title: t('network'), dataIndex: 'name' },
            { title: t('deposits'), dataIndex: 'depositEnabled', render: onOff },
            { title: t('withdrawals'), dataIndex: 'withdrawEnabled', render: onOff },
            {
              title: t('depositMin'),
              dataIndex: 'depositMin',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: t('withdrawFee'),
              dataIndex: 'withdrawFee',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: t('withdrawMin'),
              dataIndex: 'withdrawMin',
              align: 'right',
              render: (v: string) => <Num value={v} />,
            },
            {
              title: t('withdrawMax'),
              dataIndex: 'withdrawMax',
              align: 'right',
              render: (v: string | null) =>
                v === null ? <span className="muted">{t('noMax')}</span> : <Num value={v} />,
            },
            {
              title: t('confirmations'),
              key: 'confirmations',
              render: (_: unknown, row) => (
                <span className="num" title={t('confirmationsShort')}>
                  {row.depositConfirmations} / {row.depositDoneConfirmations} / {row.withdrawConfirmations}
                </span>
              ),
            },
            {
              title: common('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, row) => (
                <Can permission="assets.manage">
                  <Button size="small" onClick={() => setEditing(row)}>
                    {common('edit')}
                  </Button>
                </Can>
              ),
            },
          ]}
        />
      </Card>
      <NetworkForm row={editing} onClose={() => setEditing(null)} />
    </>
  );
}
