import {
  type LoanableAsset,
  type LoanableAssetInput,
  type LoanCollateralAsset,
  type LoanCollateralInput,
  loansAdminApi,
} from '@bourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Row } from 'antd';
import { useEffect } from 'react';
import { DecimalField, ProductDrawer, SwitchField, TextField } from '../../../components/ProductForm';
import { api } from '../../../lib/client';
import { useLoansT } from '../locales';

function useSave<B>(call: (body: B) => Promise<unknown>, onClose: () => void) {
  const t = useLoansT();
  const { message } = App.useApp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void message.success(t('saved'));
      void client.invalidateQueries({ queryKey: ['loans'] });
      onClose();
    },
  });
}

type AssetValues = Omit<LoanableAssetInput, 'status'> & { active: boolean };

/** Adding a loanable coin or editing one: APR (open loans keep theirs), limits per loan, pause. */
export function LoanAssetForm({
  asset,
  open,
  onClose,
}: {
  asset: LoanableAsset | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useLoansT();
  const [form] = Form.useForm<AssetValues>();
  const save = useSave((body: LoanableAssetInput) => api.call(loansAdminApi.saveAsset, { body }), onClose);
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      asset
        ? { ...asset, active: asset.status === 'active' }
        : { asset: '', apr: '8', minAmount: '10', maxAmount: '100000', active: true },
    );
  }, [open, asset, form]);
  return (
    <ProductDrawer
      open={open}
      title={asset ? `${t('edit')} ${asset.asset}` : t('addLoanable')}
      editing={asset !== null}
      saving={save.isPending}
      onClose={onClose}
      onSave={() => form.submit()}
      saveTestId="loan-asset-save"
    >
      <Form<AssetValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={save.isPending}
        onFinish={({ active, ...v }) => save.mutate({ ...v, status: active ? 'active' : 'paused' })}
      >
        <Row gutter={16}>
          <TextField name="asset" label={t('asset')} required upper disabled={asset !== null} span={12} />
          <DecimalField name="apr" label={t('apr')} />
          <DecimalField name="minAmount" label={t('min')} />
          <DecimalField name="maxAmount" label={t('max')} />
          <SwitchField name="active" label={t('active')} />
        </Row>
      </Form>
    </ProductDrawer>
  );
}

type CollateralValues = Omit<LoanCollateralInput, 'status'> & { active: boolean };

/** Adding a collateral coin or editing its LTVs (0 < initial < margin call < liquidation < 100; open loans too). */
export function CollateralForm({
  row,
  open,
  onClose,
}: {
  row: LoanCollateralAsset | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useLoansT();
  const [form] = Form.useForm<CollateralValues>();
  const save = useSave((body: LoanCollateralInput) => api.call(loansAdminApi.saveCollateral, { body }), onClose);
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      row
        ? { ...row, active: row.status === 'active' }
        : { asset: '', initialLtv: '65', marginCallLtv: '75', liquidationLtv: '83', active: true },
    );
  }, [open, row, form]);
  return (
    <ProductDrawer
      open={open}
      title={row ? `${t('edit')} ${row.asset}` : t('addCollateral')}
      editing={row !== null}
      saving={save.isPending}
      onClose={onClose}
      onSave={() => form.submit()}
      saveTestId="loan-collateral-save"
    >
      <Form<CollateralValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={save.isPending}
        onFinish={({ active, ...v }) => save.mutate({ ...v, status: active ? 'active' : 'paused' })}
      >
        <Row gutter={16}>
          <TextField name="asset" label={t('asset')} required upper disabled={row !== null} span={12} />
          <DecimalField name="initialLtv" label={t('initialLtv')} span={8} />
          <DecimalField name="marginCallLtv" label={t('marginCallLtv')} span={8} />
          <DecimalField name="liquidationLtv" label={t('liquidationLtv')} span={8} />
          <SwitchField name="active" label={t('active')} />
        </Row>
      </Form>
    </ProductDrawer>
  );
}
