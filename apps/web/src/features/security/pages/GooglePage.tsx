import { Button } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { QRCodeSVG } from 'qrcode.react';
import { useNavigate } from 'react-router';
import { ListSkeleton, QueryError } from '../../../components/BlockState';
import { useLocale } from '../../../hooks/useLocale';
import { copyText } from '../../../lib/clipboard';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { useTwoFactorSetup, useTwoFactorStatus } from '../api';
import { StatusCard } from '../components/StatusCard';
import { useSecurityT } from '../locales';
import { SECURITY_PATHS } from '../paths';
import '../security.css';

/** Groups of four, as authenticator apps show keys: easier to read and type. */
function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function SetupSteps() {
  const t = useSecurityT();
  const navigate = useNavigate();
  const setup = useTwoFactorSetup(true);
  if (setup.isPending) return <ListSkeleton rows={4} />;
  if (setup.isError) return <QueryError error={setup.error} onRetry={() => void setup.refetch()} />;
  const { secret, otpauthUrl } = setup.data;

  return (
    <>
      <p className="sec-intro">{t('googleIntro')}</p>
      <ol className="sec-steps">
        <li className="sec-step">
          <span className="sec-step__number">1</span>
          <div className="sec-step__body">
            <div className="sec-step__title">{t('step1')}</div>
            <div className="sec-step__text">{t('step1Text')}</div>
          </div>
        </li>
        <li className="sec-step">
          <span className="sec-step__number">2</span>
          <div className="sec-step__body">
            <div className="sec-step__title">{t('step2')}</div>
            <div className="sec-step__text">{t('step2Text')}</div>
            {/* Dark modules on white whatever the theme: scanners need the contrast. */}
            <div className="sec-qr" role="img" aria-label={t('qrLabel')}>
              <QRCodeSVG value={otpauthUrl} size={168} level="M" marginSize={2} bgColor="#ffffff" fgColor="#000000" />
            </div>
            <div className="sec-key">
              <div className="sec-key__label">{t('secretKey')}</div>
              <div className="sec-key__value num" data-testid="totp-secret" data-secret={secret}>
                {groupKey(secret)}
              </div>
              <button type="button" className="sec-key__copy" onClick={() => void copyText(secret)}>
                <FileOutline /> {t('copyKey')}
              </button>
            </div>
          </div>
        </li>
        <li className="sec-step">
          <span className="sec-step__number">3</span>
          <div className="sec-step__body">
            <div className="sec-step__title">{t('step3')}</div>
            <div className="sec-step__text">{t('step3Text')}</div>
          </div>
        </li>
      </ol>
      <Button className="sec-submit" block color="primary" onClick={() => void navigate(SECURITY_PATHS.googleVerify)}>
        {t('next')}
      </Button>
    </>
  );
}

/** /pages/google/index — set up two-factor (key as QR code and text), or see that it is on and turn it off. */
export default function GooglePage(_props: PageProps) {
  const t = useSecurityT();
  const locale = useLocale();
  const navigate = useNavigate();
  const status = useTwoFactorStatus();

  if (status.isPending) return <ListSkeleton rows={4} />;
  if (status.isError) return <QueryError error={status.error} onRetry={() => void status.refetch()} />;

  return (
    <div className="sec">
      {status.data.enabled ? (
        <>
          <StatusCard kind="success" heading={t('enabledHeading')} text={t('enabledText')}>
            {status.data.enabledAt !== null && (
              <div className="sec-status__meta">
                {t('enabledSince', { time: formatDate(status.data.enabledAt, locale) })}
              </div>
            )}
          </StatusCard>
          <Button className="sec-submit" block fill="outline" onClick={() => void navigate(SECURITY_PATHS.googleClose)}>
            {t('turnOff')}
          </Button>
        </>
      ) : (
        <SetupSteps />
      )}
    </div>
  );
}
