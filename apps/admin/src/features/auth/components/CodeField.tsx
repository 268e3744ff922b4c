import { Form, Input } from 'antd';
import { useAuthT } from '../locales';

/** The authenticator's six digits: one field, numeric keyboard, filled by password managers' one-time codes. */
export function CodeField() {
  const t = useAuthT();
  return (
    <Form.Item
      name="code"
      label={t('code')}
      rules={[{ required: true, pattern: /^\d{6}$/, message: t('codeInvalid') }]}
      normalize={(value: string) => value.replace(/\D/g, '').slice(0, 6)}
    >
      <Input
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="sign-in__code num"
        autoFocus
      />
    </Form.Item>
  );
}
