import { operatorApi } from '@bourse/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/client';
import { useSession } from '../../../lib/stores/session';
import { afterLogin, asNextStep, type SignInStep } from '../flow';
import { useAuthT } from '../locales';

interface Values {
  email: string;
  password: string;
}

export function CredentialsStep({ onNext }: { onNext(step: SignInStep): void }) {
  const t = useAuthT();
  const start = useSession((state) => state.start);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit({ email, password }: Values) {
    setPending(true);
    setFailure(null);
    try {
      const outcome = afterLogin(await api.call(operatorApi.login, { body: { email, password }, toast: false }));
      if (outcome.kind === 'signedIn') start(outcome.session);
      else onNext(outcome.next);
    } catch (error) {
      const next = asNextStep(error, email, password);
      if (next) onNext(next);
      else setFailure(error instanceof ApiError ? error.msg : String(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Form<Values> layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} disabled={pending}>
      <Form.Item
        name="email"
        label={t('email')}
        rules={[{ required: true, type: 'email', message: t('emailInvalid') }]}
      >
        <Input name="email" type="email" autoComplete="username" placeholder={t('emailPlaceholder')} autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('passwordRequired') }]}>
        <Input.Password name="password" autoComplete="current-password" />
      </Form.Item>
      {failure ? <Alert type="error" showIcon title={failure} className="sign-in__failure" /> : null}
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {t('signIn')}
      </Button>
    </Form>
  );
}
