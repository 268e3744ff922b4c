import { DecimalString } from '@bourse/contract';
import { SafetyOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Form, Input, Modal, Row, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { Can } from '../../../components/Can';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { useCommonT } from '../../../lib/locales';
import { schemaRule } from '../../../lib/rules';
import { useInsurance, useInsuranceTopUp } from '../api';
import { Signed } from '../components/Signed';
import { useFuturesT } from '../locales';
import '../futures.css';

function TopUp({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useFuturesT();
  const common = useCommonT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: string; note?: string }>();
  const topUp = useInsuranceTopUp();
  return (
    <Modal
      open={open}
      title={t('topUpTitle')}
      okText={common('confirm')}
      cancelText={common('cancel')}
      confirmLoading={topUp.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          topUp.mutate(
            { amount: values.amount.trim(), note: values.note?.trim() || undefined },
            {
              onSuccess: () => {
                void message.success(t('toppedUp'));
                form.resetFields();
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="amount"
          label={t('amountUsdt')}
          rules={[{ required: true, message: t('decimalInvalid') }, schemaRule(DecimalString, t('decimalInvalid'))]}
          extra={t('topUpHint')}
        >
          <Input className="num" data-testid="swap-topup-amount" />
        </Form.Item>
        <Form.Item name="note" label={t('note')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The insurance fund: its balance, the positions it took over and still holds, its statement page by page. */
export default function InsurancePage() {
  const t = useFuturesT();
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors.at(-1);
  const query = useInsurance(before);
  const [topping, setTopping] = useState(false);
  const data = query.data;

  return (
    <>
      <PageHeader
        title={t('insuranceTitle')}
        subtitle={t('insuranceSubtitle')}
        extra={
          <Can permission="ledger.adjust">
            <Button type="primary" onClick={() => setTopping(true)} data-testid="swap-topup">
              {t('topUp')}
            </Button>
          </Can>
        }
      />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Row gutter={[16, 16]} className="page-section">
        <Col xs={24} md={8}>
          <Card size="small" data-testid="swap-fund-balance">
            <Statistic
              title={
                <span>
                  <SafetyOutlined /> {t('fundBalance')}
                </span>
              }
              valueRender={() => (data ? <Signed value={data.balance} suffix={data.asset} /> : '—')}
            />
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card title={t('takenOver')} size="small">
            <Table
              rowKey={(row) => `${row.symbol}:${row.side}`}
              size="small"
              pagination={false}
              dataSource={data?.positions}
              locale={{ emptyText: t('noTakenOver') }}
              columns={[
                { title: t('symbol'), dataIndex: 'symbol' },
                {
                  title: t('side'),
                  dataIndex: 'side',
                  render: (side: 'long' | 'short') => (
                    <Tag color={side === 'long' ? 'green' : 'red'}>{t(`side_${side}`)}</Tag>
                  ),
                },
                {
                  title: t('lots'),
                  dataIndex: 'lots',
                  align: 'right',
                  render: (v: number) => <span className="num">{v}</span>,
                },
                { title: t('upnl'), dataIndex: 'upnl', align: 'right', render: (v: string) => <Signed value={v} /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card title={t('statement')} className="page-section">
        <Table
          rowKey="entryId"
          size="middle"
          loading={query.isFetching && !data}
          dataSource={data?.lines}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="swap-insurance-table"
          columns={[
            { title: t('time'), dataIndex: 'ts', render: (ms: number) => <Time ms={ms} /> },
            { title: t('reason'), dataIndex: 'reason' },
            { title: t('reference'), dataIndex: 'reference', render: (v: string) => <span className="mono">{v}</span> },
            { title: t('amount'), dataIndex: 'amount', align: 'right', render: (v: string) => <Signed value={v} /> },
            {
              title: t('balanceAfter'),
              dataIndex: 'balanceAfter',
              align: 'right',
              render: (v: string) => <Signed value={v} />,
            },
          ]}
        />
        <Row justify="end" gutter={8} className="page-section">
          <Col>
            <Button disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
              {t('newer')}
            </Button>
          </Col>
          <Col>
            <Button
              disabled={!data?.next}
              onClick={() => {
                const next = data?.next;
                if (next) setCursors((c) => [...c, next]);
              }}
            >
              {t('older')}
            </Button>
          </Col>
        </Row>
      </Card>
      <TopUp open={topping} onClose={() => setTopping(false)} />
    </>
  );
}
