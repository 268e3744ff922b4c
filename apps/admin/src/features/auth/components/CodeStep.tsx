import { operatorApi } from '@bourse/contract';
import { Alert, Button, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/client';
import { useSession } from '../../../lib/stores/session';
import { afterLogin } from '../flow';
import { useAuthT } from '../locales';
import { CodeField } from './CodeField';

/** Two-factor is on: the same email and password again, with the authenticator's code. */
export function CodeStep({ email, password, onBack }: { email: string; password: string; onBack(): void }) {
  const t = useAuthT();
  const start = useSession((state) => state.start);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit({ code }: { code: string }) {
    setPending(true);
    setFailure(null);
    try {
      const outcome = afterLogin(
        await api.call(operatorApi.login, { body: { email, password, totp: code }, toast: false }),
      );
      // Two-factor was on a moment ago: a setup step here would mean it was reset meanwhile — start over.
      if (outcome.kind === 'signedIn') start(outcome.session);
      else onBack();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.msg : String(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} className="sign-in__title">
          {t('codeTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('codeText')}</Typography.Text>
      </div>
      <Form<{ code: string }>
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        disabled={pending}
      >
        <CodeField />
        {failure ? <Alert type="error" showIcon title={failure} className="sign-in__failure" /> : null}
        <Flex gap={8}>
          <Button onClick={onBack}>{t('back')}</Button>
          <Button type="primary" htmlType="submit" loading={pending} className="sign-in__grow">
            {t('verify')}
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
