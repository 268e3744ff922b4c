import { PasscodeInput, Popup } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useAuthT } from '../locales';

export interface TwoFactorPopupProps {
  visible: boolean;
  value: string;
  onChange(value: string): void;
  /** Called with the six digits once they are all typed. */
  onFill(code: string): void;
  onClose(): void;
  error?: string;
}

/** The second login step when the account has two-factor verification on (server code 2025). */
export function TwoFactorPopup({ visible, value, onChange, onFill, onClose, error }: TwoFactorPopupProps) {
  const t = useAuthT();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="app-sheet two-factor"
      destroyOnClose
    >
      <div className="app-sheet__icon">
        <LockOutline />
      </div>
      <h2 className="two-factor__title">{t('twoFactorTitle')}</h2>
      <p className="two-factor__text">{t('twoFactorText')}</p>
      <PasscodeInput
        length={6}
        plain
        seperated
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, ''))}
        onFill={onFill}
        error={Boolean(error)}
        className="two-factor__input"
      />
      {error && <div className="field__error two-factor__error">{error}</div>}
    </Popup>
  );
}
