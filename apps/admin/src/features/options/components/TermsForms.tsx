import { DecimalString, type OptionPeriod, type OptionsAdminConfig } from '@bourse/contract';
import { App, Button, Col, Drawer, Flex, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useCommonT } from '../../../lib/locales';
import { schemaRule } from '../../../lib/rules';
import { useSaveOptionTerms } from '../api';
import { useOptionsT } from '../locales';

type AdminPair = OptionsAdminConfig['pairs'][number];

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

interface PairValues {
  symbol: string;
  enabled: boolean;
  sort: number;
  openMinute: number;
  closeMinute: number;
  days: number[];
}

/** Adding an option pair (one of the candidate spot markets) or changing its switch, order and market hours. */
export function PairForm({
  pair,
  candidates,
  open,
  onClose,
}: {
  pair: AdminPair | null;
  candidates: readonly string[];
  open: boolean;
  onClose(): void;
}) {
  const t = useOptionsT();
  const common = useCommonT();
  const { message } = App.useApp();
  const [form] = Form.useForm<PairValues>();
  const save = useSaveOptionTerms().pair;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      pair
        ? { symbol: pair.symbol, enabled: pair.enabled, sort: pair.sort, ...pair.hours }
        : { enabled: true, sort: 0, openMinute: 0, closeMinute: 1440, days: [...DAYS] },
    );
  }, [open, pair, form]);

  function submit(values: PairValues) {
    save.mutate(
      {
        symbol: values.symbol,
        enabled: values.enabled,
        sort: values.sort,
        hours: { openMinute: values.openMinute, closeMinute: values.closeMinute, days: [...values.days].sort() },
      },
      {
        onSuccess: () => {
          void message.success(t('saved'));
          onClose();
        },
      },
    );
  }

  return (
    <Drawer
      open={open}
      size={520}
      title={pair ? t('editPair', { symbol: pair.symbol.replace('_', '/') }) : t('addPairTitle')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="option-pair-save">
            {common('save')}
          </Button>
        </Flex>
      }
    >
      <Form<PairValues> form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={save.isPending}>
        <Form.Item name="symbol" label={t('pair')} extra={t('pairHint')} rules={[{ required: true }]}>
          <Select
            disabled={pair !== null}
            options={candidates.map((s) => ({ value: s, label: s.replace('_', '/') }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
              <Switch checkedChildren={t('on')} unCheckedChildren={t('off')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sort" label={t('sort')} rules={[{ required: true, type: 'integer', min: 0, max: 10_000 }]}>
              <InputNumber precision={0} min={0} max={10_000} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="openMinute"
              label={t('openMinute')}
              extra={t('minuteHint')}
              rules={[{ required: true, type: 'integer', min: 0, max: 1439 }]}
            >
              <InputNumber precision={0} min={0} max={1439} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="closeMinute"
              label={t('closeMinute')}
              rules={[{ required: true, type: 'integer', min: 1, max: 1440 }]}
            >
              <InputNumber precision={0} min={1} max={1440} className="full-width" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="days" label={t('days')}>
          <Select mode="multiple" options={DAYS.map((d) => ({ value: d, label: t(`day${d}`) }))} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

interface PeriodValues {
  period: number;
  payoutRatio: string;
  feeRate: string;
  minAmount: string;
  maxAmount: string;
  roundCap: string;
  enabled: boolean;
}

/** A period's terms: payout ratio, fee, stake limits, round cap, switch. */
export function PeriodForm({ period, open, onClose }: { period: OptionPeriod | null; open: boolean; onClose(): void }) {
  const t = useOptionsT();
  const common = useCommonT();
  const { message } = App.useApp();
  const [form] = Form.useForm<PeriodValues>();
  const save = useSaveOptionTerms().period;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      period ?? {
        payoutRatio: '0.8',
        feeRate: '0',
        minAmount: '10',
        maxAmount: '10000',
        roundCap: '200000',
        enabled: true,
      },
    );
  }, [open, period, form]);

  function submit(values: PeriodValues) {
    save.mutate(values, {
      onSuccess: () => {
        void message.success(t('saved'));
        onClose();
      },
    });
  }

  const decimal = [{ required: true, message: t('decimalInvalid') }, schemaRule(DecimalString, t('decimalInvalid'))];
  return (
    <Drawer
      open={open}
      size={520}
      title={period ? t('editPeriod', { period: period.period }) : t('newPeriodTitle')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="option-period-save"
          >
            {common('save')}
          </Button>
        </Flex>
      }
    >
      <Form<PeriodValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        disabled={save.isPending}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="period"
              label={t('period')}
              rules={[{ required: true, type: 'integer', min: 10, max: 86_400 }]}
            >
              <InputNumber
                precision={0}
                min={10}
                max={86_400}
                disabled={period !== null}
                suffix="s"
                className="full-width"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
              <Switch checkedChildren={t('on')} unCheckedChildren={t('off')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="payoutRatio" label={t('payoutRatio')} extra={t('payoutHint')} rules={decimal}>
              <Input name="payoutRatio" className="num" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="feeRate" label={t('feeRate')} extra={t('feeHint')} rules={decimal}>
              <Input name="feeRate" className="num" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="minAmount" label={t('minAmount')} rules={decimal}>
              <Input name="minAmount" className="num" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="maxAmount" label={t('maxAmount')} rules={decimal}>
              <Input name="maxAmount" className="num" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="roundCap" label={t('roundCap')} extra={t('roundCapHint')} rules={decimal}>
              <Input name="roundCap" className="num" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
