import { WalletSettings } from '@bourse/contract';
import { App, Button, Card, Descriptions, Form, Input, Typography } from 'antd';
import { Num } from '../../../components/Num';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useCan } from '../../../lib/operator';
import { useUpdateWalletSettings, useWalletSettings } from '../api';
import { useWithdrawalsT } from '../locales';

interface Values {
  doubleReviewAboveUsdt: string;
}

/** The withdrawal review's settings: above what value a withdrawal needs two different operators. */
export default function WithdrawalSettingsPage() {
  const t = useWithdrawalsT();
  const { message } = App.useApp();
  const query = useWalletSettings();
  const update = useUpdateWalletSettings();
  const may = useCan('assets.manage');

  return (
    <>
      <PageHeader title={t('settingsTitle')} subtitle={t('settingsSubtitle')} />
      <Card>
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        {query.data ? (
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                label: t('threshold'),
                children: (
                  <span data-testid="withdrawal-threshold">
                    <Num value={query.data.doubleReviewAboveUsdt} suffix="USDT" />
                  </span>
                ),
              },
            ]}
          />
        ) : null}
        {may ? (
          <Form<Values>
            key={query.data?.doubleReviewAboveUsdt ?? ''}
            initialValues={query.data}
            layout="vertical"
            className="settings-form"
            onFinish={(values) =>
              update.mutate(values.doubleReviewAboveUsdt.trim(), {
                onSuccess: () => void message.success(t('settingsSaved')),
              })
            }
          >
            <Form.Item
              name="doubleReviewAboveUsdt"
              label={t('threshold')}
              extra={t('thresholdHelp')}
              rules={[
                {
                  validator: (_rule, value: unknown) =>
                    WalletSettings.shape.doubleReviewAboveUsdt.safeParse(String(value ?? '').trim()).success
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('thresholdInvalid'))),
                },
              ]}
            >
              <Input suffix="USDT" inputMode="decimal" data-testid="withdrawal-threshold-input" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="withdrawal-threshold-save">
              {t('save')}
            </Button>
          </Form>
        ) : (
          <Typography.Paragraph type="secondary">{t('settingsReadOnly')}</Typography.Paragraph>
        )}
      </Card>
    </>
  );
}
