import { type CodeScene, SendCodeBody } from '@bourse/contract';
import { CodeButton } from '../../../components/form/CodeButton';
import { TextField } from '../../../components/form/TextField';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { type FieldErrors, validate } from '../../../lib/validation';
import { useSendCode } from '../api';
import { useAuthT } from '../locales';

export interface AccountCodeValues {
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
}

export interface AccountCodeFieldsProps {
  values: AccountCodeValues;
  errors: FieldErrors;
  set: (key: keyof AccountCodeValues) => (value: string) => void;
  /** Shows a validation message on the account field (when the code cannot be sent to it). */
  setAccountError: (message: string) => void;
  /** Why the code is sent: registering or resetting the password. */
  scene: Extract<CodeScene, 'register' | 'reset'>;
  passwordLabel: string;
}

/**
 * The four fields registration and the forgotten-password form share: the account, the code sent to it (with its
 * send button and countdown), and the new password twice.
 */
export function AccountCodeFields({
  values,
  errors,
  set,
  setAccountError,
  scene,
  passwordLabel,
}: AccountCodeFieldsProps) {
  const t = useAuthT();
  const lang = useSettings((s) => s.lang);
  const sendCode = useSendCode();

  const send = async (): Promise<number | null> => {
    const checked = validate(SendCodeBody, { account: values.account, scene }, lang);
    if (!checked.ok) {
      setAccountError(checked.errors.account ?? '');
      return null;
    }
    try {
      const sent = await sendCode.mutateAsync(checked.data);
      toast(t('codeSent', { to: sent.sentTo }), 'success');
      return sent.resendAfter;
    } catch {
      return null; // the client has shown the server's message
    }
  };

  const passwordField = { type: 'password', autoComplete: 'new-password', maxLength: 18 } as const;
  const toggleLabels = { show: t('showPassword'), hide: t('hidePassword') };

  return (
    <>
      <TextField
        name="account"
        label={t('account')}
        placeholder={t('accountPlaceholder')}
        value={values.account}
        onChange={set('account')}
        error={errors.account}
        type="email"
        inputMode="email"
        autoComplete="username"
      />
      <TextField
        name="code"
        label={t('code')}
        placeholder={t('codePlaceholder')}
        value={values.code}
        onChange={(v) => set('code')(v.replace(/\D/g, ''))}
        error={errors.code}
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        extra={
          <CodeButton onSend={send} label={t('sendCode')} countdownLabel={(seconds) => t('resendIn', { seconds })} />
        }
      />
      <TextField
        name="password"
        label={passwordLabel}
        placeholder={t('newPasswordPlaceholder')}
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        toggleLabels={toggleLabels}
        {...passwordField}
      />
      <TextField
        name="confirmPassword"
        label={t('confirmPassword')}
        placeholder={t('confirmPlaceholder')}
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
        toggleLabels={toggleLabels}
        {...passwordField}
      />
    </>
  );
}
