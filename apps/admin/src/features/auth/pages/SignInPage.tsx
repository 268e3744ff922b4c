import { Alert, Card, Flex, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BrandMark } from '../../../components/BrandMark';
import { PreferenceSwitches } from '../../../components/PreferenceSwitches';
import { useCommonT } from '../../../lib/locales';
import { useSession } from '../../../lib/stores/session';
import { CodeStep } from '../components/CodeStep';
import { CredentialsStep } from '../components/CredentialsStep';
import type { SignInStep } from '../flow';
import { useAuthT } from '../locales';
import '../auth.css';

// Only a first sign-in sets up two-factor: its QR code stays out of everyone else's first page.
const SetupStep = lazy(() => import('../components/SetupStep').then((m) => ({ default: m.SetupStep })));

/** The console's door: email and password, then the two-factor step the server asks for. */
export default function SignInPage() {
  const t = useAuthT();
  const common = useCommonT();
  const ended = useSession((state) => state.ended);
  const [step, setStep] = useState<SignInStep>({ step: 'credentials' });
  const restart = () => setStep({ step: 'credentials' });

  useEffect(() => {
    document.title = `${t('title')} · ${common('consoleName')}`;
  }, [t, common]);

  return (
    <Flex className="sign-in" vertical align="center" justify="center">
      <div className="sign-in__corner">
        <PreferenceSwitches />
      </div>
      <Card className="sign-in__card">
        <Flex vertical gap={20}>
          <Flex align="center" gap={12}>
            <BrandMark size={36} />
            <Typography.Title level={4} className="sign-in__brand">
              {common('consoleName')}
            </Typography.Title>
          </Flex>
          {step.step === 'credentials' ? (
            <>
              <div>
                <Typography.Title level={3} className="sign-in__title">
                  {t('title')}
                </Typography.Title>
                <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
              </div>
              {ended ? (
                <Alert
                  type={ended === 'expired' ? 'warning' : 'info'}
                  showIcon
                  title={ended === 'expired' ? t('expired') : t('signedOut')}
                />
              ) : null}
              <CredentialsStep onNext={setStep} />
            </>
          ) : null}
          {step.step === 'code' ? <CodeStep email={step.email} password={step.password} onBack={restart} /> : null}
          {step.step === 'setup' ? (
            <Suspense fallback={<Skeleton active />}>
              <SetupStep pending={step.pending} onBack={restart} />
            </Suspense>
          ) : null}
        </Flex>
      </Card>
    </Flex>
  );
}
