import { C2C_RULING_REASONS, c2cAdminApi } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Image, Input, Select, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { QueryError } from '../../../components/QueryError';
import { Time } from '../../../components/Time';
import { api } from '../../../lib/client';
import { useCan } from '../../../lib/operator';
import { loadOrderImage, useC2CAction, useOrderDetail } from '../api';
import { useC2CT } from '../locales';

function OrderImage({ kind, id, file }: { kind: 'image' | 'evidence'; id: number; file: number }) {
  const t = useC2CT();
  const url = useQuery({
    queryKey: ['c2c', kind, id, file],
    queryFn: async ({ signal }) => URL.createObjectURL(await loadOrderImage(kind, id, file, signal)),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return url.data ? <Image src={url.data} width={120} alt={t('image')} /> : null;
}

/** An order as an operator rules it: facts, transitions, chat, appeals with evidence, both users' histories. */
export function OrderDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const t = useC2CT();
  const { message } = App.useApp();
  const may = useCan('c2c.arbitrate');
  const detail = useOrderDetail(id);
  const [outcome, setOutcome] = useState<'release' | 'return'>('release');
  const [reasonCode, setReasonCode] = useState<string>(C2C_RULING_REASONS.release[0]);
  const [note, setNote] = useState('');
  const rule = useC2CAction(() =>
    api.call(c2cAdminApi.rule, {
      params: { id: id ?? 0 },
      body: { outcome, reasonCode: reasonCode as never, note },
    }),
  );
  const d = detail.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={d ? t('detail', { no: d.order.no }) : ''}>
      {detail.isError && <QueryError error={detail.error} onRetry={() => void detail.refetch()} />}
      {d && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="c2c-order-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('state')}>
              <span data-testid="c2c-detail-state">{d.order.state}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('escrow')}>
              {d.order.escrowHeld} {d.order.asset}
            </Descriptions.Item>
            <Descriptions.Item label={t('quantity')}>
              {d.order.quantity} {d.order.asset}
            </Descriptions.Item>
            <Descriptions.Item label={t('amount')}>
              {d.order.amount} {d.order.fiat} @ {d.order.price}
            </Descriptions.Item>
            <Descriptions.Item label={t('buyer')}>
              {d.buyer.nickname} (#{d.buyer.uid}, {d.buyer.identity})
              <br />
              {t('history', d.buyer.orders)}
            </Descriptions.Item>
            <Descriptions.Item label={t('seller')}>
              {d.seller.nickname} (#{d.seller.uid}, {d.seller.identity})
              <br />
              {t('history', d.seller.orders)}
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t('paymentMethods')}</Typography.Title>
            {d.paymentMethods.map((m) => (
              <div key={m.id}>
                {m.id === d.paidMethodId ? '✓ ' : ''}
                {m.type} · {m.holder} · {m.account} {m.bankName ?? ''}
              </div>
            ))}
          </div>
          <div>
            <Typography.Title level={5}>{t('events')}</Typography.Title>
            <Timeline
              items={d.events.map((e) => ({
                content: (
                  <span>
                    <Time ms={e.at} /> {e.action}: {e.from} → {e.to} ({e.actor}
                    {e.actorId ? ` #${e.actorId}` : ''}){e.note ? ` — ${e.note}` : ''}
                  </span>
                ),
              }))}
            />
          </div>
          <div>
            <Typography.Title level={5}>{t('chat')}</Typography.Title>
            <div className="c2c-chat">
              {d.messages.map((m) => (
                <div key={m.id}>
                  <Space>
                    <Time ms={m.createdAt} />
                    <strong>{m.author === 'system' ? t('system') : m.author}</strong>
                    {m.hasImage ? <OrderImage kind="image" id={d.order.id} file={m.id} /> : m.body}
                  </Space>
                </div>
              ))}
            </div>
          </div>
          <div>
            <Typography.Title level={5}>{t('appeals')}</Typography.Title>
            {d.appeals.map((a) => (
              <div key={a.id} className="c2c-appeal">
                <div>
                  {a.openedBy}: {a.reason} — {a.status}
                  {a.ruling ? ` (${a.ruling}, ${a.reasonCode ?? ''})` : ''}
                </div>
                <Space wrap>
                  {a.evidence.map((e) => (
                    <Space key={e.id} orientation="vertical">
                      <OrderImage kind="evidence" id={d.order.id} file={e.id} />
                      <span>
                        {e.by} {e.note ?? ''}
                      </span>
                    </Space>
                  ))}
                </Space>
              </div>
            ))}
          </div>
          {d.order.state === 'appeal' && may && (
            <Form
              layout="vertical"
              onFinish={() => rule.mutate(undefined, { onSuccess: () => void message.success(t('ruled')) })}
            >
              <Typography.Title level={5}>{t('rule')}</Typography.Title>
              <Form.Item label={t('outcome')}>
                <Select
                  value={outcome}
                  onChange={(v) => {
                    setOutcome(v);
                    setReasonCode(C2C_RULING_REASONS[v][0]);
                  }}
                  options={[
                    { value: 'release', label: t('outcomeRelease') },
                    { value: 'return', label: t('outcomeReturn') },
                  ]}
                  data-testid="c2c-rule-outcome"
                />
              </Form.Item>
              <Form.Item label={t('reasonCode')}>
                <Select
                  value={reasonCode}
                  onChange={setReasonCode}
                  options={C2C_RULING_REASONS[outcome].map((r) => ({ value: r, label: t(`rc_${r}`) }))}
                />
              </Form.Item>
              <Form.Item label={t('note')}>
                <Input.TextArea value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={rule.isPending} data-testid="c2c-rule-submit">
                {t('rule')}
              </Button>
            </Form>
          )}
        </Space>
      )}
    </Drawer>
  );
}
