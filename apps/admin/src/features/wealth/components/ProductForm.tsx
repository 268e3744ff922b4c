import {
  AprString,
  WEALTH_KINDS,
  type WealthKind,
  type WealthProductInput,
  type WealthProductUpdate,
} from '@bourse/contract';
import { App, Col, Form, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { DecimalField, ProductDrawer, SwitchField, TextField, WholeField } from '../../../components/ProductForm';
import { schemaRule } from '../../../lib/rules';
import { type AdminWealthProduct, useSaveWealthProduct } from '../api';
import { useWealthT } from '../locales';

interface Values {
  asset: string;
  kind: WealthKind;
  termDays: number | null;
  apr: string;
  minAmount: string;
  maxPerUser: string;
  quota: string;
  interestBudget: string;
  active: boolean;
  sort: number;
}

const NEW_PRODUCT: Partial<Values> = {
  asset: 'USDT',
  kind: 'flexible',
  termDays: null,
  apr: '0.05',
  minAmount: '10',
  maxPerUser: '',
  quota: '',
  interestBudget: '',
  active: true,
  sort: 0,
};

function valuesOf(p: AdminWealthProduct): Values {
  return {
    asset: p.asset,
    kind: p.kind,
    termDays: p.termDays,
    apr: p.apr,
    minAmount: p.minAmount,
    maxPerUser: p.maxPerUser ?? '',
    quota: p.quota ?? '',
    interestBudget: p.interestBudget ?? '',
    active: p.status === 'active',
    sort: p.sort,
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** Creating a product (every term) or editing one (its coin, kind and term stay; a new rate applies to new holdings). */
export function ProductForm({
  product,
  open,
  onClose,
}: {
  product: AdminWealthProduct | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useWealthT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { create, update } = useSaveWealthProduct();
  const editing = product !== null;
  const saving = create.isPending || update.isPending;
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (open) form.setFieldsValue(product ? valuesOf(product) : NEW_PRODUCT);
  }, [open, product, form]);

  const limit = { span: 8, optional: true, message: t('decimalInvalid'), extra: t('limitHint') };

  function submit(values: Values) {
    const terms = {
      apr: values.apr,
      minAmount: values.minAmount,
      maxPerUser: orNull(values.maxPerUser),
      quota: orNull(values.quota),
      interestBudget: orNull(values.interestBudget),
      status: values.active ? 'active' : 'paused',
      sort: values.sort,
    } satisfies WealthProductUpdate;
    const done = () => {
      void message.success(editing ? t('updated') : t('created'));
      onClose();
    };
    if (product) update.mutate({ id: product.id, body: terms }, { onSuccess: done });
    else {
      const body: WealthProductInput = {
        ...terms,
        asset: values.asset.trim().toUpperCase(),
        kind: values.kind,
        termDays: values.kind === 'fixed' ? values.termDays : null,
      };
      create.mutate(body, { onSuccess: done });
    }
  }

  const name = product
    ? `${product.asset} · ${product.kind === 'fixed' ? t('days', { days: product.termDays ?? 0 }) : t('kind_flexible')}`
    : '';

  return (
    <ProductDrawer
      open={open}
      title={editing ? t('editTitle', { name }) : t('createTitle')}
      editing={editing}
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
      saveTestId="wealth-save"
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={saving}>
        <Row gutter={16}>
          <TextField name="asset" label={t('asset')} disabled={editing} placeholder="USDT" required />
          <Col span={8}>
            <Form.Item name="kind" label={t('kind')}>
              <Select disabled={editing} options={WEALTH_KINDS.map((k) => ({ value: k, label: t(`kind_${k}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="termDays"
              label={t('termDays')}
              rules={kind === 'fixed' && !editing ? [{ required: true, message: t('required') }] : []}
            >
              <InputNumber
                min={1}
                max={3650}
                precision={0}
                disabled={editing || kind !== 'fixed'}
                className="full-width"
              />
            </Form.Item>
          </Col>
          <DecimalField
            name="apr"
            label={t('apr')}
            extra={t('aprHint')}
            rules={[{ required: true, message: t('decimalInvalid') }, schemaRule(AprString, t('decimalInvalid'))]}
          />
          <DecimalField name="minAmount" label={t('minAmount')} message={t('decimalInvalid')} />
          <DecimalField name="maxPerUser" label={t('maxPerUser')} {...limit} />
          <DecimalField name="quota" label={t('quota')} {...limit} />
          <DecimalField name="interestBudget" label={t('interestBudget')} {...limit} />
          <SwitchField name="active" label={t('status_active')} />
          <WholeField name="sort" label={t('sort')} span={12} />
        </Row>
      </Form>
    </ProductDrawer>
  );
}
