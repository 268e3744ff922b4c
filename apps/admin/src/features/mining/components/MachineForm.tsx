import { miningAdminApi, type MiningMachineAdmin, type MiningMachineInput } from '@bourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Row } from 'antd';
import { useEffect } from 'react';
import { DecimalField, ProductDrawer, SwitchField, TextField, WholeField } from '../../../components/ProductForm';
import { api } from '../../../lib/client';
import { useMiningT } from '../locales';

interface Values {
  names: { en: string; zh_CN: string; zh_HK: string };
  hashrate: string;
  priceAsset: string;
  price: string;
  termDays: number;
  outputAsset: string;
  dailyOutput: string;
  fuelAsset: string;
  dailyFuel: string;
  perUserLimit: number;
  stock: number | null;
  active: boolean;
  sort: number;
}

const NEW_MACHINE: Values = {
  names: { en: '', zh_CN: '', zh_HK: '' },
  hashrate: '',
  priceAsset: 'USDT',
  price: '100',
  termDays: 30,
  outputAsset: 'BTC',
  dailyOutput: '0.00005',
  fuelAsset: 'USDT',
  dailyFuel: '0.5',
  perUserLimit: 5,
  stock: null,
  active: true,
  sort: 0,
};

function valuesOf(m: MiningMachineAdmin): Values {
  return {
    names: { en: m.names.en, zh_CN: m.names.zh_CN ?? '', zh_HK: m.names.zh_HK ?? '' },
    hashrate: m.hashrate,
    priceAsset: m.priceAsset,
    price: m.price,
    termDays: m.termDays,
    outputAsset: m.outputAsset,
    dailyOutput: m.dailyOutput,
    fuelAsset: m.fuelAsset,
    dailyFuel: m.dailyFuel,
    perUserLimit: m.perUserLimit,
    stock: m.stock,
    active: m.status === 'active',
    sort: m.sort,
  };
}

function bodyOf(v: Values): MiningMachineInput {
  const name = (s: string) => (s.trim() === '' ? undefined : s.trim());
  return {
    names: { en: v.names.en.trim(), zh_CN: name(v.names.zh_CN), zh_HK: name(v.names.zh_HK) },
    hashrate: v.hashrate.trim(),
    priceAsset: v.priceAsset,
    price: v.price.trim(),
    termDays: v.termDays,
    outputAsset: v.outputAsset,
    dailyOutput: v.dailyOutput.trim(),
    fuelAsset: v.fuelAsset,
    dailyFuel: v.dailyFuel.trim(),
    perUserLimit: v.perUserLimit,
    stock: v.stock ?? null,
    status: v.active ? 'active' : 'paused',
    sort: v.sort,
  };
}

/**
 * Creating a machine model, or editing one: a new price, term, output or fuel applies to machines sold from now on
 * (the server keeps what a sold machine was bought with).
 */
export function MachineForm({
  machine,
  open,
  onClose,
}: {
  machine: MiningMachineAdmin | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useMiningT();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const editing = machine !== null;
  const save = useMutation({
    mutationFn: (body: MiningMachineInput) =>
      machine
        ? api.call(miningAdminApi.update, { params: { id: machine.id }, body })
        : api.call(miningAdminApi.create, { body }),
    onSuccess: () => {
      void message.success(editing ? t('saved') : t('created'));
      void client.invalidateQueries({ queryKey: ['mining'] });
      onClose();
    },
  });

  useEffect(() => {
    if (open) form.setFieldsValue(machine ? valuesOf(machine) : NEW_MACHINE);
  }, [open, machine, form]);

  return (
    <ProductDrawer
      open={open}
      title={machine ? t('editTitle', { name: machine.name }) : t('createTitle')}
      editing={editing}
      saving={save.isPending}
      onClose={onClose}
      onSave={() => form.submit()}
      saveTestId="machine-save"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={save.isPending}
        onFinish={(v) => save.mutate(bodyOf(v))}
      >
        <Row gutter={16}>
          <TextField name={['names', 'en']} label={t('nameEn')} required />
          <TextField name={['names', 'zh_CN']} label={t('nameZhCN')} />
          <TextField name={['names', 'zh_HK']} label={t('nameZhHK')} />
          <TextField name="hashrate" label={t('hashrate')} placeholder="110 TH/s" />
          <TextField name="priceAsset" label={t('priceAsset')} required upper />
          <DecimalField name="price" label={t('price')} span={8} />
          <WholeField name="termDays" label={t('termDays')} min={1} max={3650} required />
          <TextField name="outputAsset" label={t('outputAsset')} required upper />
          <DecimalField name="dailyOutput" label={t('dailyOutput')} span={8} />
          <TextField name="fuelAsset" label={t('fuelAsset')} required upper />
          <DecimalField name="dailyFuel" label={t('dailyFuel')} span={8} />
          <WholeField name="perUserLimit" label={t('perUserLimit')} min={1} max={1000} required />
          <WholeField name="stock" label={t('stock')} min={0} extra={t('stockHint')} />
          <WholeField name="sort" label={t('sort')} min={0} max={9999} />
          <SwitchField name="active" label={t('onSale')} span={8} />
        </Row>
      </Form>
    </ProductDrawer>
  );
}
