import { operatorApi } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, QRCode, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { QueryError } from '../../../components/QueryError';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/client';
import { type StoredSession, useSession } from '../../../lib/stores/session';
import { completeSetup } from '../flow';
import { useAuthT } from '../locales';
import { CodeField } from './CodeField';

/**
 * The first sign-in: the session the password opened may only set up two-factor. A key to scan, then a code from
 * it turns two-factor on and makes the same session the console's.
 */
export function SetupStep({ pending: session, onBack }: { pending: StoredSession; onBack(): void }) {
  const t = useAuthT();
  const start = useSession((state) => state.start);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const setup = useQuery({
    queryKey: ['auth', 'twoFactorSetup', session.token],
    queryFn: ({ signal }) => api.call(operatorApi.twoFactorSetup, { token: session.token, signal, toast: false }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  async function submit({ code }: { code: string }) {
    setSaving(true);
    setFailure(null);
    try {
      const operator = await api.call(operatorApi.twoFactorEnable, {
        body: { code },
        token: session.token,
        toast: false,
      });
      start(completeSetup(session, operator));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.msg : String(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} className="sign-in__title">
          {t('setupTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('setupText')}</Typography.Text>
      </div>
      {setup.isPending ? <Skeleton.Node active className="sign-in__qr-skeleton" /> : null}
      {setup.isError ? <QueryError error={setup.error} onRetry={() => void setup.refetch()} /> : null}
      {setup.data ? (
        <Flex gap={16} align="center" className="sign-in__setup">
          <QRCode value={setup.data.otpauthUrl} size={148} bordered={false} className="sign-in__qr" />
          <div>
            <Typography.Text type="secondary">{t('setupKey')}</Typography.Text>
            <Typography.Paragraph copyable className="sign-in__secret num" data-testid="totp-secret">
              {setup.data.secret}
            </Typography.Paragraph>
          </div>
        </Flex>
      ) : null}
      <Form<{ code: string }>
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        disabled={saving || !setup.data}
      >
        <CodeField />
        {failure ? <Alert type="error" showIcon title={failure} className="sign-in__failure" /> : null}
        <Flex gap={8}>
          <Button onClick={onBack}>{t('back')}</Button>
          <Button type="primary" htmlType="submit" loading={saving} className="sign-in__grow">
            {t('turnOn')}
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
