import { ResetPasswordBody, SendCodeBody } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CodeButton } from '../../../components/form/CodeButton';
import { TextField } from '../../../components/form/TextField';
import type { PageProps } from '../../../lib/feature';
import { LOGIN_PATH } from '../../../lib/navigation';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { type FieldErrors, validate } from '../../../lib/validation';
import { useResetPassword, useSendCode } from '../api';
import { AuthHeader } from '../components/AuthHeader';
import { useAuthT } from '../locales';
import '../auth.css';

/** /pages/forgetPwd/forgetPwd — a code to the account, then the new password twice. */
export default function ForgetPasswordPage(_props: PageProps) {
  const t = useAuthT();
  const lang = useSettings((s) => s.lang);
  const navigate = useNavigate();
  const sendCode = useSendCode();
  const reset = useResetPassword();
  const [values, setValues] = useState({ account: '', code: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const send = async (): Promise<number | null> => {
    const checked = validate(SendCodeBody, { account: values.account, scene: 'reset' }, lang);
    if (!checked.ok) {
      setErrors((e) => ({ ...e, account: checked.errors.account ?? '' }));
      return null;
    }
    try {
      const sent = await sendCode.mutateAsync(checked.data);
      toast(t('codeSent', { to: sent.sentTo }), 'success');
      return sent.resendAfter;
    } catch {
      return null;
    }
  };

  const submit = async () => {
    const checked = validate(ResetPasswordBody, values, lang);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await reset.mutateAsync(checked.data);
      toast(t('resetSuccess'), 'success');
      void navigate(`${LOGIN_PATH}?account=${encodeURIComponent(checked.data.account)}`, { replace: true });
    } catch {
      // shown by the client
    }
  };

  return (
    <div className="auth">
      <AuthHeader title={t('forgetHeading')} subtitle={t('forgetSub')} />
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
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
          label={t('newPassword')}
          placeholder={t('newPasswordPlaceholder')}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          type="password"
          autoComplete="new-password"
          maxLength={18}
          toggleLabels={{ show: t('showPassword'), hide: t('hidePassword') }}
        />
        <TextField
          name="confirmPassword"
          label={t('confirmPassword')}
          placeholder={t('confirmPlaceholder')}
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          type="password"
          autoComplete="new-password"
          maxLength={18}
          toggleLabels={{ show: t('showPassword'), hide: t('hidePassword') }}
        />
        <Button className="auth__submit" block color="primary" type="submit" loading={reset.isPending}>
          {t('submitReset')}
        </Button>
      </form>
    </div>
  );
}
