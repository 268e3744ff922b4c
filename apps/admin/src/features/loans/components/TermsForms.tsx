import {
  type LoanableAsset,
  type LoanableAssetInput,
  type LoanCollateralAsset,
  type LoanCollateralInput,
  loansAdminApi,
} from '@bourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Row } from 'antd';
import { type ReactNode, useEffect } from 'react';
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

/** A coin's terms as the form edits them: its status as an "active" switch. */
type CoinValues<I extends { status: 'active' | 'paused' }> = Omit<I, 'status'> & { active: boolean };

/**
 * The drawer both coin lists share: adding a coin or editing one (its code fixed once it exists), the terms' fields,
 * pause by switch; saved through the console's mutation, the list refreshed.
 */
function CoinTermsForm<I extends { asset: string; status: 'active' | 'paused' }>({
  row,
  open,
  onClose,
  defaults,
  call,
  title,
  saveTestId,
  children,
}: {
  row: (I & { asset: string }) | null;
  open: boolean;
  onClose(): void;
  /** A new coin's starting values (without its code). */
  defaults: Omit<CoinValues<I>, 'asset' | 'active'>;
  call(body: I): Promise<unknown>;
  title: string;
  saveTestId: string;
  children: ReactNode;
}) {
  const t = useLoansT();
  const [form] = Form.useForm<CoinValues<I>>();
  const save = useSave(call, onClose);
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      (row ? { ...row, active: row.status === 'active' } : { ...defaults, asset: '', active: true }) as never,
    );
  }, [open, row, form, defaults]);
  return (
    <ProductDrawer
      open={open}
      title={row ? `${t('edit')} ${row.asset}` : title}
      editing={row !== null}
      saving={save.isPending}
      onClose={onClose}
      onSave={() => form.submit()}
      saveTestId={saveTestId}
    >
      <Form<CoinValues<I>>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={save.isPending}
        onFinish={({ active, ...v }) => save.mutate({ ...v, status: active ? 'active' : 'paused' } as unknown as I)}
      >
        <Row gutter={16}>
          <TextField name="asset" label={t('asset')} required upper disabled={row !== null} span={12} />
          {children}
          <SwitchField name="active" label={t('active')} />
        </Row>
      </Form>
    </ProductDrawer>
  );
}

const NEW_LOANABLE = { apr: '8', minAmount: '10', maxAmount: '100000' };
const NEW_COLLATERAL = { initialLtv: '65', marginCallLtv: '75', liquidationLtv: '83' };

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
  return (
    <CoinTermsForm<LoanableAssetInput>
      row={asset}
      open={open}
      onClose={onClose}
      defaults={NEW_LOANABLE}
      call={(body) => api.call(loansAdminApi.saveAsset, { body })}
      title={t('addLoanable')}
      saveTestId="loan-asset-save"
    >
      <DecimalField name="apr" label={t('apr')} />
      <DecimalField name="minAmount" label={t('min')} />
      <DecimalField name="maxAmount" label={t('max')} />
    </CoinTermsForm>
  );
}

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
  return (
    <CoinTermsForm<LoanCollateralInput>
      row={row}
      open={open}
      onClose={onClose}
      defaults={NEW_COLLATERAL}
      call={(body) => api.call(loansAdminApi.saveCollateral, { body })}
      title={t('addCollateral')}
      saveTestId="loan-collateral-save"
    >
      <DecimalField name="initialLtv" label={t('initialLtv')} span={8} />
      <DecimalField name="marginCallLtv" label={t('marginCallLtv')} span={8} />
      <DecimalField name="liquidationLtv" label={t('liquidationLtv')} span={8} />
    </CoinTermsForm>
  );
}
