import { type C2CSettings, C2C_FIAT_CURRENCIES, c2cAdminApi } from '@bourse/contract';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { api } from '../../../lib/client';
import { useCan } from '../../../lib/operator';
import { useC2CAction, useC2CSettings } from '../api';
import { useC2CT } from '../locales';

/**
 * /c2c/settings — the C2C settings (`products.manage`): assets and their precision, currencies with the reference rate
 * per USDT, the merchant deposit, time limits (release, post-cancel appeal window), the floating-price band, open
 * orders per user, free cancellations a day and the penalty. New values apply to new orders and ads.
 */
export default function C2CSettingsPage() {
  const t = useC2CT();
  const { message } = App.useApp();
  const settings = useC2CSettings();
  const may = useCan('products.manage');
  const save = useC2CAction((values: C2CSettings) => api.call(c2cAdminApi.updateSettings, { body: values }));
  const data = settings.data;
  return (
    <>
      <PageHeader title={t('settingsTitle')} subtitle={t('settingsSubtitle')} />
      {settings.isError && <QueryError error={settings.error} onRetry={() => void settings.refetch()} />}
      {data && (
        <Form<C2CSettings>
          key={JSON.stringify(data)}
          layout="vertical"
          initialValues={data}
          disabled={!may}
          onFinish={(values) =>
            save.mutate(
              { ...values, depositAmount: String(values.depositAmount).trim() },
              { onSuccess: () => void message.success(t('settingsSaved')) },
            )
          }
          data-testid="c2c-settings"
        >
          <Card title={t('settingsTime')} size="small" style={{ marginBottom: 16 }}>
            <Space wrap size="large">
              <Form.Item name="releaseMinutes" label={t('releaseMinutes')} extra={t('releaseMinutesHelp')}>
                <InputNumber min={1} max={1440} addonAfter={t('min')} data-testid="c2c-release-minutes" />
              </Form.Item>
              <Form.Item name="appealWindowMinutes" label={t('appealWindowMinutes')} extra={t('appealWindowHelp')}>
                <InputNumber min={1} max={1440} addonAfter={t('min')} data-testid="c2c-appeal-window" />
              </Form.Item>
              <Form.Item name="maxOpenOrders" label={t('maxOpenOrders')}>
                <InputNumber min={1} max={50} />
              </Form.Item>
            </Space>
          </Card>
          <Card title={t('settingsMerchants')} size="small" style={{ marginBottom: 16 }}>
            <Space wrap size="large">
              <Form.Item name="depositAsset" label={t('depositAsset')}>
                <Input style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name="depositAmount" label={t('depositAmount')} rules={[{ pattern: /^\d+(\.\d+)?$/ }]}>
                <Input inputMode="decimal" style={{ width: 160 }} data-testid="c2c-deposit-amount" />
              </Form.Item>
              <Form.Item name="freeCancelsPerDay" label={t('freeCancelsPerDay')} extra={t('freeCancelsHelp')}>
                <InputNumber min={0} max={20} />
              </Form.Item>
              <Form.Item name="penaltyPercent" label={t('penaltyPercent')}>
                <InputNumber min={0} max={100} addonAfter="%" data-testid="c2c-penalty-percent" />
              </Form.Item>
            </Space>
          </Card>
          <Card title={t('settingsPrices')} size="small" style={{ marginBottom: 16 }}>
            <Space wrap size="large">
              <Form.Item name="floatMin" label={t('floatMin')} rules={[{ pattern: /^\d{1,3}(\.\d{1,2})?$/ }]}>
                <Input addonAfter="%" style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name="floatMax" label={t('floatMax')} rules={[{ pattern: /^\d{1,3}(\.\d{1,2})?$/ }]}>
                <Input addonAfter="%" style={{ width: 140 }} />
              </Form.Item>
            </Space>
            <Typography.Paragraph type="secondary">{t('ratesHelp')}</Typography.Paragraph>
            <Form.List name="fiats">
              {(fields, { add, remove }) => (
                <Space orientation="vertical">
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline">
                      <Form.Item name={[field.name, 'code']} label={t('currency')}>
                        <Select
                          style={{ width: 100 }}
                          options={C2C_FIAT_CURRENCIES.map((c) => ({ value: c, label: c }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'rate']}
                        label={t('ratePerUsdt')}
                        rules={[{ required: true, pattern: /^\d+(\.\d+)?$/ }]}
                      >
                        <Input inputMode="decimal" style={{ width: 140 }} />
                      </Form.Item>
                      <Button size="small" onClick={() => remove(field.name)} disabled={fields.length <= 1}>
                        {t('remove')}
                      </Button>
                    </Space>
                  ))}
                  <Button size="small" onClick={() => add({ code: 'USD', rate: '1' })}>
                    {t('addCurrency')}
                  </Button>
                </Space>
              )}
            </Form.List>
          </Card>
          <Card title={t('settingsAssets')} size="small" style={{ marginBottom: 16 }}>
            <Form.List name="assets">
              {(fields, { add, remove }) => (
                <Space orientation="vertical">
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline">
                      <Form.Item name={[field.name, 'code']} label={t('asset')} rules={[{ required: true }]}>
                        <Input style={{ width: 100 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'precision']} label={t('precision')}>
                        <InputNumber min={0} max={8} />
                      </Form.Item>
                      <Button size="small" onClick={() => remove(field.name)} disabled={fields.length <= 1}>
                        {t('remove')}
                      </Button>
                    </Space>
                  ))}
                  <Button size="small" onClick={() => add({ code: '', precision: 2 })}>
                    {t('addAsset')}
                  </Button>
                </Space>
              )}
            </Form.List>
          </Card>
          {may ? (
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="c2c-settings-save">
              {t('save')}
            </Button>
          ) : (
            <Typography.Paragraph type="secondary">{t('settingsReadOnly')}</Typography.Paragraph>
          )}
        </Form>
      )}
    </>
  );
}
