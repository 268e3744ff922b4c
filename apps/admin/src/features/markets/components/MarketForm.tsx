import {
  DecimalString,
  MARKET_CATEGORIES,
  MARKET_CATEGORY_NAMES,
  type MarketCategory,
  type SpotMarket,
  type SpotMarketInput,
  type SpotMarketUpdate,
} from '@bourse/contract';
import { App, Button, Col, Divider, Drawer, Flex, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useCommonT } from '../../../lib/locales';
import { schemaRule } from '../../../lib/rules';
import { useSettings } from '../../../lib/stores/settings';
import { useSaveSpotMarket } from '../api';
import { useMarketsT } from '../locales';

interface Values {
  base: string;
  quote: string;
  category: MarketCategory;
  pricePrecision: number;
  quantityPrecision: number;
  tickSize: string;
  stepSize: string;
  minNotional: string;
  makerFee: string;
  takerFee: string;
  priceBandLow: string;
  priceBandHigh: string;
  open: boolean;
  hot: boolean;
  sort: number;
}

const NEW_MARKET: Partial<Values> = {
  category: 'main',
  pricePrecision: 2,
  quantityPrecision: 4,
  tickSize: '0.01',
  stepSize: '0.0001',
  minNotional: '5',
  makerFee: '0.001',
  takerFee: '0.001',
  priceBandLow: '0.2',
  priceBandHigh: '5',
  open: true,
  hot: false,
  sort: 0,
};

function valuesOf(market: SpotMarket): Values {
  return { ...market, open: market.status === 'open' };
}

const ASSET = /^[A-Z0-9]{2,10}$/;

/** Creating a market (every rule) or editing one (all but its assets and precisions, fixed once it exists). */
export function MarketForm({ market, open, onClose }: { market: SpotMarket | null; open: boolean; onClose(): void }) {
  const t = useMarketsT();
  const common = useCommonT();
  const lang = useSettings((state) => state.lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { create, update } = useSaveSpotMarket();
  const editing = market !== null;
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (open) form.setFieldsValue(market ? valuesOf(market) : NEW_MARKET);
  }, [open, market, form]);

  function submit(values: Values) {
    const rules = {
      category: values.category,
      tickSize: values.tickSize,
      stepSize: values.stepSize,
      minNotional: values.minNotional,
      makerFee: values.makerFee,
      takerFee: values.takerFee,
      priceBandLow: values.priceBandLow,
      priceBandHigh: values.priceBandHigh,
      status: values.open ? 'open' : 'closed',
      hot: values.hot,
      sort: values.sort,
    } satisfies SpotMarketUpdate;
    if (market) {
      update.mutate(
        { symbol: market.symbol, body: rules },
        {
          onSuccess: () => {
            void message.success(t('updated', { symbol: market.symbol }));
            onClose();
          },
        },
      );
    } else {
      const body: SpotMarketInput = {
        ...rules,
        base: values.base,
        quote: values.quote,
        pricePrecision: values.pricePrecision,
        quantityPrecision: values.quantityPrecision,
      };
      create.mutate(body, {
        onSuccess: (created) => {
          void message.success(t('created', { symbol: created.symbol }));
          onClose();
        },
      });
    }
  }

  const decimal = [{ required: true, message: t('decimalInvalid') }, schemaRule(DecimalString, t('decimalInvalid'))];
  const asset = [{ required: true, pattern: ASSET, message: t('assetInvalid') }];
  const precision = [{ required: true, type: 'integer' as const, min: 0, max: 8, message: t('precisionInvalid') }];
  const upper = (value: string) => value.toUpperCase().trim();

  return (
    <Drawer
      open={open}
      size={640}
      title={market ? t('editTitle', { symbol: market.symbol.replace('_', '/') }) : t('createTitle')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="market-save">
            {editing ? common('save') : common('create')}
          </Button>
        </Flex>
      }
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={saving}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="base" label={t('base')} rules={editing ? [] : asset} normalize={upper}>
              <Input name="base" disabled={editing} placeholder="BTC" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="quote" label={t('quote')} rules={editing ? [] : asset} normalize={upper}>
              <Input name="quote" disabled={editing} placeholder="USDT" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="pricePrecision"
              label={t('pricePrecision')}
              rules={editing ? [] : precision}
              extra={editing ? t('precisionFixed') : undefined}
            >
              <InputNumber min={0} max={8} precision={0} disabled={editing} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="quantityPrecision"
              label={t('quantityPrecision')}
              rules={editing ? [] : precision}
              extra={editing ? t('precisionFixed') : undefined}
            >
              <InputNumber min={0} max={8} precision={0} disabled={editing} className="full-width" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('rules')}</Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="tickSize" label={t('tickSize')} rules={decimal}>
              <Input name="tickSize" className="num" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="stepSize" label={t('stepSize')} rules={decimal}>
              <Input name="stepSize" className="num" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="minNotional" label={t('minNotional')} rules={decimal}>
              <Input name="minNotional" className="num" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="priceBandLow" label={t('priceBandLow')} rules={decimal}>
              <Input name="priceBandLow" className="num" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="priceBandHigh" label={t('priceBandHigh')} rules={decimal}>
              <Input name="priceBandHigh" className="num" />
            </Form.Item>
          </Col>
        </Row>
        <div className="form-hint">{t('priceBandHint')}</div>
        <Divider titlePlacement="start">{t('fees')}</Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="makerFee" label={t('makerFee')} rules={decimal} extra={t('feeHint')}>
              <Input name="makerFee" className="num" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="takerFee" label={t('takerFee')} rules={decimal} extra={t('feeHint')}>
              <Input name="takerFee" className="num" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('display')}</Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="category" label={t('category')} rules={[{ required: true }]}>
              <Select
                options={MARKET_CATEGORIES.map((value) => ({ value, label: MARKET_CATEGORY_NAMES[value][lang] }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="sort"
              label={t('sort')}
              extra={t('sortHint')}
              rules={[{ required: true, type: 'integer' }]}
            >
              <InputNumber precision={0} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="open" label={t('marketStatus')} valuePropName="checked">
              <Switch checkedChildren={t('status_open')} unCheckedChildren={t('status_closed')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="hot" label={t('hot')} valuePropName="checked" extra={t('hotHint')}>
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
