import { RegisterBody, RegisterOpenBody, SendCodeBody } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CodeButton } from '../../../components/form/CodeButton';
import { TextField } from '../../../components/form/TextField';
import { NavRight } from '../../../components/PageChrome';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { type FieldErrors, validate } from '../../../lib/validation';
import { useRegister, useSendCode } from '../api';
import { useAuthT } from '../locales';
import { useCompleteLogin } from '../useCompleteLogin';
import { AgreementCheck } from './AgreementCheck';
import { AuthHeader } from './AuthHeader';

export interface RegisterFormProps {
  /** `invite`: the newer form, invitation code required; `open`: the older form, code optional. */
  form: 'invite' | 'open';
  initialInviteCode?: string;
  redirect?: string;
}

/** Registration (spec §5): account, emailed/texted code, password twice, invitation code, agreement. */
export function RegisterForm({ form, initialInviteCode = '', redirect }: RegisterFormProps) {
  const t = useAuthT();
  const lang = useSettings((s) => s.lang);
  const navigate = useNavigate();
  const sendCode = useSendCode();
  const register = useRegister(form);
  const complete = useCompleteLogin(redirect);
  const [values, setValues] = useState({
    account: '',
    code: '',
    password: '',
    confirmPassword: '',
    inviteCode: initialInviteCode,
    agreement: false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set =
    <K extends keyof typeof values>(key: K) =>
    (value: (typeof values)[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors(({ [key]: _cleared, ...rest }) => rest);
    };
  const loginPath = redirect ? `/pages/login/login?redirect=${encodeURIComponent(redirect)}` : '/pages/login/login';

  const send = async (): Promise<number | null> => {
    const checked = validate(SendCodeBody, { account: values.account, scene: 'register' }, lang);
    if (!checked.ok) {
      setErrors((e) => ({ ...e, account: checked.errors.account ?? '' }));
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

  const submit = async () => {
    const body = { ...values, agreement: values.agreement || undefined };
    const checked =
      form === 'invite'
        ? validate(RegisterBody, body, lang)
        : validate(RegisterOpenBody, { ...body, inviteCode: values.inviteCode.trim() || undefined }, lang);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      complete(await register.mutateAsync(checked.data), t('registerSuccess'));
    } catch {
      // shown by the client
    }
  };

  return (
    <div className="auth">
      <NavRight>
        <button type="button" className="auth__link" onClick={() => void navigate(loginPath, { replace: true })}>
          {t('logIn')}
        </button>
      </NavRight>
      <AuthHeader title={t('registerHeading')} subtitle={t('registerSub')} />
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
          label={t('password')}
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
        <TextField
          name="inviteCode"
          label={form === 'invite' ? t('inviteCode') : t('inviteCodeOptional')}
          placeholder={t('invitePlaceholder')}
          value={values.inviteCode}
          onChange={set('inviteCode')}
          error={errors.inviteCode}
          maxLength={16}
        />
        <AgreementCheck checked={values.agreement} onChange={set('agreement')} error={errors.agreement} />
        <Button className="auth__submit" block color="primary" type="submit" loading={register.isPending}>
          {t('submitRegister')}
        </Button>
      </form>
      <p className="auth__footer">
        {t('haveAccount')}
        <button type="button" className="auth__link" onClick={() => void navigate(loginPath, { replace: true })}>
          {t('logIn')}
        </button>
      </p>
      {form === 'invite' && (
        <p className="auth__footer">
          {t('noInvite')}
          <button
            type="button"
            className="auth__link"
            onClick={() => void navigate('/pages/login/record-register', { replace: true })}
          >
            {t('signUpWithout')}
          </button>
        </p>
      )}
    </div>
  );
}
