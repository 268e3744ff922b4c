import { ThunderboltOutlined } from '@ant-design/icons';
import { WalletAmount } from '@bourse/contract';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { formatCount } from '../../../lib/format';
import { useCommonT } from '../../../lib/locales';
import { useCan } from '../../../lib/operator';
import { schemaRule } from '../../../lib/rules';
import { useSettings } from '../../../lib/stores/settings';
import { useChainState, useChainTools, useNetworks } from '../api';
import { useChainT } from '../locales';

interface DepositValues {
  asset: string;
  network: string;
  address: string;
  amount: string;
}

function TestDeposit() {
  const t = useChainT();
  const { deposit } = useChainTools();
  // The coin and network pickers come from the network settings when the role may read them; typed otherwise.
  const networks = useNetworks(useCan('assets.manage'));
  const [form] = Form.useForm<DepositValues>();
  const asset = Form.useWatch('asset', form);
  const [result, setResult] = useState<{ txHash: string; uid: number | null } | null>(null);
  const coins = networks.data ?? [];
  const coinNetworks = coins.find((coin) => coin.asset === asset)?.networks ?? [];

  return (
    <Card title={t('depositTitle')} className="full-height">
      <Typography.Paragraph type="secondary">{t('depositText')}</Typography.Paragraph>
      <Form<DepositValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={deposit.isPending}
        initialValues={{ asset: 'USDT', network: 'TRC20' }}
        onValuesChange={(changed: Partial<DepositValues>) => {
          if (changed.asset) {
            const first = coins.find((coin) => coin.asset === changed.asset)?.networks[0]?.network;
            if (first) form.setFieldValue('network', first);
          }
        }}
        onFinish={(values) =>
          deposit.mutate(
            { ...values, address: values.address.trim(), amount: values.amount.trim() },
            { onSuccess: (sent) => setResult(sent) },
          )
        }
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="asset" label={t('asset')} rules={[{ required: true }]}>
              {coins.length > 0 ? (
                <Select showSearch options={coins.map((coin) => ({ value: coin.asset, label: coin.asset }))} />
              ) : (
                <Input name="asset" />
              )}
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="network" label={t('network')} rules={[{ required: true }]}>
              {coinNetworks.length > 0 ? (
                <Select options={coinNetworks.map((n) => ({ value: n.network, label: n.name }))} />
              ) : (
                <AutoComplete options={[]}>
                  <Input name="network" />
                </AutoComplete>
              )}
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="address"
          label={t('address')}
          rules={[{ required: true, whitespace: true, message: t('addressRequired') }]}
        >
          <Input name="address" className="mono" />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('amount')}
          rules={[{ required: true, message: t('amountInvalid') }, schemaRule(WalletAmount, t('amountInvalid'))]}
        >
          <Input name="amount" className="num" inputMode="decimal" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={deposit.isPending} data-testid="chain-deposit-send">
          {t('send')}
        </Button>
      </Form>
      {result ? (
        <Alert
          className="chain__result"
          type="success"
          showIcon
          closable={{ onClose: () => setResult(null) }}
          title={
            <Typography.Text copyable={{ text: result.txHash }} className="mono">
              {t('sent', { txHash: result.txHash })}
            </Typography.Text>
          }
          description={result.uid === null ? t('sentToNobody') : t('sentTo', { uid: result.uid })}
        />
      ) : null}
    </Card>
  );
}

function Mine() {
  const t = useChainT();
  const { message } = App.useApp();
  const { mine } = useChainTools();
  const [blocks, setBlocks] = useState(1);
  return (
    <Card title={t('mineTitle')}>
      <Typography.Paragraph type="secondary">{t('mineText')}</Typography.Paragraph>
      <Flex gap={8}>
        <InputNumber
          min={1}
          max={100}
          precision={0}
          value={blocks}
          onChange={(value) => setBlocks(value ?? 1)}
          aria-label={t('blocks')}
          suffix={t('blocks')}
          className="chain__blocks"
        />
        <Button
          type="primary"
          icon={<ThunderboltOutlined />}
          loading={mine.isPending}
          onClick={() =>
            mine.mutate(blocks, { onSuccess: (state) => void message.success(t('mined', { height: state.height })) })
          }
          data-testid="chain-mine"
        >
          {t('mine')}
        </Button>
      </Flex>
    </Card>
  );
}

function FailTransaction() {
  const t = useChainT();
  const common = useCommonT();
  const { message } = App.useApp();
  const { fail } = useChainTools();
  const [form] = Form.useForm<{ txHash: string }>();
  return (
    <Card title={t('failTitle')}>
      <Typography.Paragraph type="secondary">{t('failText')}</Typography.Paragraph>
      <Form<{ txHash: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ txHash }) =>
          fail.mutate(txHash.trim(), {
            onSuccess: () => {
              void message.success(t('failed'));
              form.resetFields();
            },
          })
        }
      >
        <Form.Item
          name="txHash"
          label={t('txHash')}
          rules={[{ required: true, whitespace: true, message: t('txHashRequired') }]}
        >
          <Input name="txHash" className="mono" />
        </Form.Item>
        <Popconfirm
          title={t('failConfirm')}
          okText={t('fail')}
          okButtonProps={{ danger: true }}
          cancelText={common('cancel')}
          onConfirm={() => form.submit()}
        >
          <Button danger loading={fail.isPending}>
            {t('fail')}
          </Button>
        </Popconfirm>
      </Form>
    </Card>
  );
}

export default function ChainPage() {
  const t = useChainT();
  const lang = useSettings((state) => state.lang);
  const state = useChainState();
  const chain = state.data;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {state.isError ? <QueryError error={state.error} onRetry={() => void state.refetch()} /> : null}
      {state.isPending ? <Skeleton active /> : null}
      {chain ? (
        <Flex vertical gap={20}>
          <Card>
            <Descriptions
              column={3}
              data-testid="chain-state"
              items={[
                {
                  label: t('state'),
                  children: (
                    <StatusTag tone={chain.simulated ? 'attention' : 'success'}>
                      {chain.simulated ? t('simulated') : t('real')}
                    </StatusTag>
                  ),
                },
                { label: t('height'), children: <span className="num">{formatCount(chain.height, lang)}</span> },
                {
                  label: t('blockTime'),
                  children:
                    chain.blockMs > 0 ? <span className="num">{chain.blockMs / 1000} s</span> : t('manualBlocks'),
                },
              ]}
            />
          </Card>
          {chain.simulated ? (
            <Row gutter={[20, 20]}>
              <Col xs={24} xl={12}>
                <TestDeposit />
              </Col>
              <Col xs={24} xl={12}>
                <Flex vertical gap={20}>
                  <Mine />
                  <FailTransaction />
                </Flex>
              </Col>
            </Row>
          ) : (
            <Alert type="info" showIcon title={t('realOnly')} />
          )}
        </Flex>
      ) : null}
    </>
  );
}
