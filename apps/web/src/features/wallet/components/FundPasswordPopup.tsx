import { Button, PasscodeInput, Popup } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useWalletT } from '../locales';
import { WALLET_PATHS } from '../paths';

export interface FundPasswordPopupProps {
  visible: boolean;
  /** The user has two-factor on: a code is asked for too. */
  twoFactor: boolean;
  loading: boolean;
  /** The server's answer to the last try (wrong fund password, wrong code), shown in place. */
  error?: string;
  onConfirm(fundPassword: string, twoFactorCode: string | undefined): void;
  onClose(): void;
}

/** The last step of a withdrawal or flash transfer: the six-digit fund password, and the two-factor code when on. */
export function FundPasswordPopup({ visible, twoFactor, loading, error, onConfirm, onClose }: FundPasswordPopupProps) {
  const t = useWalletT();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  useEffect(() => {
    if (!visible) {
      setPassword('');
      setCode('');
    }
  }, [visible]);
  useEffect(() => {
    // A wrong password is typed again from the start.
    if (error) setPassword('');
  }, [error]);

  const ready = password.length === 6 && (!twoFactor || code.length === 6);
  const confirm = (pw = password, tf = code) => {
    if (pw.length === 6 && (!twoFactor || tf.length === 6)) onConfirm(pw, twoFactor ? tf : undefined);
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="app-sheet fund-popup"
      destroyOnClose
    >
      <div className="app-sheet__icon">
        <LockOutline />
      </div>
      <h2 className="fund-popup__title">{t('securityCheck')}</h2>
      <p className="fund-popup__label">{t('fundPassword')}</p>
      <PasscodeInput
        length={6}
        seperated
        value={password}
        onChange={(v) => setPassword(v.replace(/\D/g, ''))}
        onFill={(v) => {
          if (!twoFactor) confirm(v, code);
        }}
        error={Boolean(error)}
        className="fund-popup__input"
        data-testid="fund-password"
      />
      {twoFactor && (
        <>
          <p className="fund-popup__label">{t('twoFactorCode')}</p>
          <PasscodeInput
            length={6}
            plain
            seperated
            value={code}
            onChange={(v) => setCode(v.replace(/\D/g, ''))}
            onFill={(v) => confirm(password, v)}
            className="fund-popup__input"
          />
        </>
      )}
      {error && (
        <div className="field__error fund-popup__error" role="alert">
          {error}
        </div>
      )}
      <Button
        block
        color="primary"
        className="wallet-submit fund-popup__confirm"
        disabled={!ready}
        loading={loading}
        onClick={() => confirm()}
      >
        {t('confirm')}
      </Button>
      <button
        type="button"
        className="wallet-link fund-popup__forgot"
        onClick={() => void navigate(WALLET_PATHS.fundPassword)}
      >
        {t('forgotFundPassword')}
      </button>
    </Popup>
  );
}
