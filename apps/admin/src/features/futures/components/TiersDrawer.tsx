import type { SwapContract } from '@bourse/contract';
import { App, Button, Drawer, Flex, Form } from 'antd';
import { useEffect } from 'react';
import { useCommonT } from '../../../lib/locales';
import { useSaveContract } from '../api';
import { useFuturesT } from '../locales';
import { TierRows, type TierValues } from './TierRows';

/** Replacing a contract's risk tiers (the server re-keys every liquidation price of the contract). */
export function TiersDrawer({ contract, onClose }: { contract: SwapContract | null; onClose(): void }) {
  const t = useFuturesT();
  const common = useCommonT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ tiers: TierValues[] }>();
  const { tiers } = useSaveContract();

  useEffect(() => {
    if (contract) {
      form.setFieldsValue({
        tiers: contract.tiers.map((tier) => ({ below: tier.below, mmr: tier.mmr, maxLeverage: tier.maxLeverage })),
      });
    }
  }, [contract, form]);

  return (
    <Drawer
      open={contract !== null}
      size={640}
      title={contract ? t('tiersTitle', { symbol: contract.symbol }) : ''}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button type="primary" loading={tiers.isPending} onClick={() => form.submit()} data-testid="swap-tiers-save">
            {common('save')}
          </Button>
        </Flex>
      }
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={tiers.isPending}
        onFinish={(values) => {
          if (!contract) return;
          tiers.mutate(
            { symbol: contract.symbol, tiers: values.tiers },
            {
              onSuccess: () => {
                void message.success(t('tiersSaved', { symbol: contract.symbol }));
                onClose();
              },
            },
          );
        }}
      >
        <TierRows />
      </Form>
    </Drawer>
  );
}
