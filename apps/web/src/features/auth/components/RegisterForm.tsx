import { RegisterBody, RegisterOpenBody } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextField';
import { NavRight } from '../../../components/PageChrome';
import { useSettings } from '../../../lib/stores/settings';
import { useFormState } from '../../../hooks/useFormState';
import { validate } from '../../../lib/validation';
import { useRegister } from '../api';
import { useAuthT } from '../locales';
import { useCompleteLogin } from '../useCompleteLogin';
import { useGuestOnly } from '../useGuestOnly';
import { AccountCodeFields } from './AccountCodeFields';
import { AgreementCheck } from './AgreementCheck';
import { AuthHeader } from './AuthHeader';

/** A new account's password: empty means one is still to be chosen. */
const NEW_PASSWORD = { missing: { password: 'missingNewPassword' } } as const;

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
  const register = useRegister(form);
  const complete = useCompleteLogin(redirect);
  const { values, errors, setErrors, set, field } = useFormState({
    account: '',
    code: '',
    password: '',
    confirmPassword: '',
    inviteCode: initialInviteCode,
    agreement: false,
  });
  const leaving = useGuestOnly(redirect);
  const loginPath = redirect ? `/pages/login/login?redirect=${encodeURIComponent(redirect)}` : '/pages/login/login';

  const submit = async () => {
    const body = { ...values, agreement: values.agreement || undefined };
    const checked =
      form === 'invite'
        ? validate(RegisterBody, body, lang, NEW_PASSWORD)
        : validate(
            RegisterOpenBody,
            { ...body, inviteCode: values.inviteCode.trim() || undefined },
            lang,
            NEW_PASSWORD,
          );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      complete(await register.mutateAsync(checked.data), t('registerSuccess'), { newAccount: true });
    } catch {
      // shown by the client
    }
  };

  if (leaving) return null;
  return (
    <div className="auth">
      <NavRight>
        <button type="button" className="auth__link" onClick={() => void navigate(loginPath, { replace: true })}>
          {t('logIn')}
        </button>
      </NavRight>
      <AuthHeader title={t('registerHeading')} subtitle={t('registerSub')} />
      <Form onSubmit={submit}>
        <AccountCodeFields
          values={values}
          errors={errors}
          set={(key) => set(key)}
          setAccountError={(message) => setErrors((e) => ({ ...e, account: message }))}
          scene="register"
          passwordLabel={t('password')}
        />
        <TextField
          {...field('inviteCode')}
          label={form === 'invite' ? t('inviteCode') : t('inviteCodeOptional')}
          placeholder={t('invitePlaceholder')}
          maxLength={16}
        />
        <AgreementCheck checked={values.agreement} onChange={set('agreement')} error={errors.agreement} />
        <Button className="auth__submit" block color="primary" type="submit" loading={register.isPending}>
          {t('submitRegister')}
        </Button>
      </Form>
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
