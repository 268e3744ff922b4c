import { Button, PasscodeInput, Popup } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useCommonT } from '../lib/locales';
import './security-check.css';

export interface SecurityCheck {
  fundPassword?: string;
  twoFactorCode?: string;
}

export interface SecurityCheckPopupProps {
  visible: boolean;
  /** Ask for the six-digit fund password (withdrawals, flash transfers, the address book). */
  fundPassword?: boolean;
  /** Ask for the authenticator code (login on code 2025; money moves when two-factor is on). */
  twoFactor?: boolean;
  /** Heading; "Security verification" by default. */
  title?: string;
  /** A line under the heading (what is asked and why). */
  text?: string;
  loading?: boolean;
  /** The server's answer to the last try (wrong fund password, wrong code), shown in place. */
  error?: string;
  /** Called once every asked-for field has its six digits (by the last digit typed, or the button). */
  onConfirm(check: SecurityCheck): void;
  onClose(): void;
  /** A link under the button, e.g. to reset a forgotten fund password. */
  footer?: { label: string; onClick(): void };
}

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/**
 * The one confirmation sheet of the app: the fund password and/or the two-factor code, six digits each, sent as soon
 * as the last one is typed. A wrong answer clears what was wrong and keeps the sheet open.
 */
export function SecurityCheckPopup({
  visible,
  fundPassword: askFund = false,
  twoFactor: askCode = false,
  title,
  text,
  loading = false,
  error,
  onConfirm,
  onClose,
  footer,
}: SecurityCheckPopupProps) {
  const t = useCommonT();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  useEffect(() => {
    if (!visible) {
      setPassword('');
      setCode('');
    }
  }, [visible]);
  useEffect(() => {
    // A wrong answer is typed again from the start: the fund password when it is asked, else the code.
    if (!error) return;
    if (askFund) setPassword('');
    else setCode('');
  }, [error, askFund]);

  const complete = (pw: string, tf: string) => (!askFund || pw.length === 6) && (!askCode || tf.length === 6);
  const confirm = (pw = password, tf = code) => {
    if (!loading && complete(pw, tf)) {
      onConfirm({ fundPassword: askFund ? pw : undefined, twoFactorCode: askCode ? tf : undefined });
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="app-sheet security-check"
      destroyOnClose
    >
      <div className="app-sheet__icon">
        <LockOutline />
      </div>
      <h2 className="security-check__title">{title ?? t('securityCheck')}</h2>
      {text && <p className="security-check__text">{text}</p>}
      {askFund && (
        <>
          <p className="security-check__label">{t('fundPassword')}</p>
          <PasscodeInput
            length={6}
            seperated
            value={password}
            onChange={(v) => setPassword(digits(v))}
            onFill={(v) => confirm(v, code)}
            error={Boolean(error) && askFund}
            className="security-check__input"
            data-testid="fund-password"
          />
        </>
      )}
      {askCode && (
        <>
          <p className="security-check__label">{t('twoFactorCode')}</p>
          <PasscodeInput
            length={6}
            plain
            seperated
            value={code}
            onChange={(v) => setCode(digits(v))}
            onFill={(v) => confirm(password, v)}
            error={Boolean(error) && !askFund}
            className="security-check__input"
            data-testid="two-factor-code"
          />
        </>
      )}
      {error && (
        <div className="field__error security-check__error" role="alert">
          {error}
        </div>
      )}
      <Button
        block
        color="primary"
        className="security-check__confirm"
        disabled={!complete(password, code)}
        loading={loading}
        onClick={() => confirm()}
      >
        {t('confirm')}
      </Button>
      {footer && (
        <button type="button" className="security-check__footer" onClick={footer.onClick}>
          {footer.label}
        </button>
      )}
    </Popup>
  );
}
