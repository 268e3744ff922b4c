import { ChangeOperatorPasswordBody, operatorApi } from '@bourse/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Input } from 'antd';
import { PageHeader } from '../../../components/PageHeader';
import { api } from '../../../lib/client';
import { useAuthT } from '../locales';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  code: string;
}

const NEW = ChangeOperatorPasswordBody.shape.newPassword;

/** The signed-in operator changes their own password: the current one and an authenticator code. */
export default function PasswordPage() {
  const t = useAuthT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useMutation({
    mutationFn: (values: Values) =>
      api.call(operatorApi.changePassword, {
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword, code: values.code },
      }),
    onSuccess: () => {
      form.resetFields();
      void message.success(t('passwordChanged'));
    },
  });
  return (
    <>
      <PageHeader title={t('passwordTitle')} subtitle={t('passwordSubtitle')} />
      <Card className="narrow-card">
        <Form<Values> form={form} layout="vertical" onFinish={(values) => change.mutate(values)} requiredMark={false}>
          <Form.Item
            name="currentPassword"
            label={t('currentPassword')}
            rules={[{ required: true, message: t('required') }]}
          >
            <Input.Password autoComplete="current-password" data-testid="password-current" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('newPassword')}
            rules={[
              {
                validator: (_rule, value: unknown) =>
                  NEW.safeParse(value ?? '').success
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('passwordLength'))),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="password-new" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: unknown) =>
                  value === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('passwordMismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="password-confirm" />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('code')}
            rules={[{ pattern: /^\d{6}$/, required: true, message: t('codeInvalid') }]}
          >
            <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="password-code" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-save">
            {t('passwordSave')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
