import {
  DecimalString,
  SignedDecimalString,
  type SwapContract,
  type SwapContractInput,
  type SwapContractUpdate,
} from '@bourse/contract';
import { App, Button, Col, Divider, Drawer, Flex, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useCommonT } from '../../../lib/locales';
import { schemaRule } from '../../../lib/rules';
import { useSaveContract } from '../api';
import { useFuturesT } from '../locales';
import { TierRows, type TierValues } from './TierRows';

interface Values {
  base: string;
  pricePrecision: number;
  tickSize: string;
  contractSize: string;
  minLots: number;
  maxLotsPerOrder: number;
  makerFee: string;
  takerFee: string;
  liquidationFee: string;
  liquidationBuffer: string;
  wholeLiquidationBelow: string;
  maintenanceBasis: 'entry' | 'mark';
  fundingIntervalMinutes: number;
  interestRate: string;
  premiumClamp: string;
  fundingCap: string;
  priceBand: string;
  openInterestLimit: number;
  open: boolean;
  hot: boolean;
  sort: number;
  tiers: TierValues[];
}

const NEW_CONTRACT: Partial<Values> = {
  pricePrecision: 2,
  tickSize: '0.01',
  contractSize: '0.01',
  minLots: 1,
  maxLotsPerOrder: 100_000,
  makerFee: '0.0002',
  takerFee: '0.0005',
  liquidationFee: '0.003',
  liquidationBuffer: '0.2',
  wholeLiquidationBelow: '1000',
  maintenanceBasis: 'entry',
  fundingIntervalMinutes: 480,
  interestRate: '0.0001',
  premiumClamp: '0.0005',
  fundingCap: '0.02',
  priceBand: '0.05',
  openInterestLimit: 0,
  open: true,
  hot: false,
  sort: 0,
  tiers: [
    { below: '50000', mmr: '0.004', maxLeverage: 100 },
    { below: '250000', mmr: '0.005', maxLeverage: 50 },
    { below: '1000000', mmr: '0.01', maxLeverage: 20 },
  ],
};

function valuesOf(contract: SwapContract): Values {
  return {
    ...contract,
    fundingIntervalMinutes: Math.round(contract.fundingIntervalMs / 60_000),
    open: contract.status === 'open',
    tiers: contract.tiers.map((tier) => ({ below: tier.below, mmr: tier.mmr, maxLeverage: tier.maxLeverage })),
  };
}

const ASSET = /^[A-Z0-9]{2,10}$/;

/**
 * Creating a contract (every rule and its risk tiers) or editing one (all but its asset, price precision and
 * contract size, fixed once it exists; the tiers have their own form).
 */
export function ContractForm({
  contract,
  open,
  onClose,
}: {
  contract: SwapContract | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useFuturesT();
  const common = useCommonT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { create, update } = useSaveContract();
  const editing = contract !== null;
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (open) form.setFieldsValue(contract ? valuesOf(contract) : NEW_CONTRACT);
  }, [open, contract, form]);

  function submit(values: Values) {
    const rules = {
      tickSize: values.tickSize,
      minLots: values.minLots,
      maxLotsPerOrder: values.maxLotsPerOrder,
      makerFee: values.makerFee,
      takerFee: values.takerFee,
      liquidationFee: values.liquidationFee,
      liquidationBuffer: values.liquidationBuffer,
      wholeLiquidationBelow: values.wholeLiquidationBelow,
      maintenanceBasis: values.maintenanceBasis,
      fundingIntervalMinutes: values.fundingIntervalMinutes,
      interestRate: values.interestRate,
      premiumClamp: values.premiumClamp,
      fundingCap: values.fundingCap,
      priceBand: values.priceBand,
      openInterestLimit: values.openInterestLimit,
      status: values.open ? 'open' : 'closed',
      hot: values.hot,
      sort: values.sort,
    } satisfies SwapContractUpdate;
    if (contract) {
      update.mutate(
        { symbol: contract.symbol, body: rules },
        {
          onSuccess: () => {
            void message.success(t('updated', { symbol: contract.symbol }));
            onClose();
          },
        },
      );
      return;
    }
    const body: SwapContractInput = {
      ...rules,
      base: values.base,
      quote: 'USDT',
      pricePrecision: values.pricePrecision,
      contractSize: values.contractSize,
      tiers: values.tiers,
    };
    create.mutate(body, {
      onSuccess: (created) => {
        void message.success(t('created', { symbol: created.symbol }));
        onClose();
      },
    });
  }

  const decimal = [{ required: true, message: t('decimalInvalid') }, schemaRule(DecimalString, t('decimalInvalid'))];
  const signed = [
    { required: true, message: t('decimalInvalid') },
    schemaRule(SignedDecimalString, t('decimalInvalid')),
  ];
  const whole = (min: number) => [{ required: true, type: 'integer' as const, min, message: t('wholeInvalid') }];
  const upper = (value: string) => value.toUpperCase().trim();

  const decimalField = (name: keyof Values, label: string, extra?: string) => (
    <Form.Item name={name} label={label} rules={decimal} extra={extra}>
      <Input name={name} className="num" />
    </Form.Item>
  );

  return (
    <Drawer
      open={open}
      size={720}
      title={contract ? t('editTitle', { symbol: contract.symbol }) : t('createTitle')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="swap-contract-save">
            {editing ? common('save') : common('create')}
          </Button>
        </Flex>
      }
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={saving}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="base"
              label={t('base')}
              rules={editing ? [] : [{ required: true, pattern: ASSET, message: t('assetInvalid') }]}
              normalize={upper}
              extra={editing ? undefined : t('quoteIsUsdt')}
            >
              <Input name="base" disabled={editing} placeholder="BTC" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="pricePrecision"
              label={t('pricePrecision')}
              rules={editing ? [] : [{ required: true, type: 'integer', min: 0, max: 8, message: t('wholeInvalid') }]}
              extra={editing ? t('fixedOnceCreated') : undefined}
            >
              <InputNumber min={0} max={8} precision={0} disabled={editing} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="contractSize"
              label={t('contractSize')}
              rules={editing ? [] : decimal}
              extra={editing ? t('fixedOnceCreated') : t('contractSizeHint')}
            >
              <Input name="contractSize" className="num" disabled={editing} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('trading')}</Divider>
        <Row gutter={16}>
          <Col span={8}>{decimalField('tickSize', t('tickSize'))}</Col>
          <Col span={8}>
            <Form.Item name="minLots" label={t('minLots')} rules={whole(1)}>
              <InputNumber min={1} precision={0} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="maxLotsPerOrder" label={t('maxLotsPerOrder')} rules={whole(1)}>
              <InputNumber min={1} precision={0} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="makerFee" label={t('makerFee')} rules={signed} extra={t('makerFeeHint')}>
              <Input name="makerFee" className="num" />
            </Form.Item>
          </Col>
          <Col span={8}>{decimalField('takerFee', t('takerFee'))}</Col>
          <Col span={8}>{decimalField('priceBand', t('priceBand'), t('priceBandHint'))}</Col>
          <Col span={8}>
            <Form.Item
              name="openInterestLimit"
              label={t('openInterestLimit')}
              rules={whole(0)}
              extra={t('openInterestLimitHint')}
            >
              <InputNumber min={0} precision={0} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sort" label={t('sort')} rules={[{ required: true, type: 'integer' }]}>
              <InputNumber precision={0} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="open" label={t('tradingOpen')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="hot" label={t('hot')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('risk')}</Divider>
        <Row gutter={16}>
          <Col span={8}>{decimalField('liquidationFee', t('liquidationFee'))}</Col>
          <Col span={8}>{decimalField('liquidationBuffer', t('liquidationBuffer'), t('liquidationBufferHint'))}</Col>
          <Col span={8}>{decimalField('wholeLiquidationBelow', t('wholeLiquidationBelow'))}</Col>
          <Col span={8}>
            <Form.Item name="maintenanceBasis" label={t('maintenanceBasis')} rules={[{ required: true }]}>
              <Select
                options={[
                  { value: 'entry', label: t('basis_entry') },
                  { value: 'mark', label: t('basis_mark') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('fundingRules')}</Divider>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="fundingIntervalMinutes" label={t('fundingIntervalMinutes')} rules={whole(1)}>
              <InputNumber min={1} max={1440} precision={0} className="full-width" />
            </Form.Item>
          </Col>
          <Col span={6}>{decimalField('interestRate', t('interestRate'))}</Col>
          <Col span={6}>{decimalField('premiumClamp', t('premiumClamp'))}</Col>
          <Col span={6}>{decimalField('fundingCap', t('fundingCap'))}</Col>
        </Row>
        {editing ? null : (
          <>
            <Divider titlePlacement="start">{t('tiers')}</Divider>
            <TierRows />
          </>
        )}
      </Form>
    </Drawer>
  );
}
