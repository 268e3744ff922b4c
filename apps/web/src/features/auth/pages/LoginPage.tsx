import { ERRORS, LoginBody } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextField';
import { NavRight } from '../../../components/PageChrome';
import { SecurityCheckPopup } from '../../../components/SecurityCheckPopup';
import { ApiError } from '../../../lib/api';
import { deviceId } from '../../../lib/device';
import type { PageProps } from '../../../lib/feature';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { type FieldErrors, validate } from '../../../lib/validation';
import { useLogin } from '../api';
import { AuthHeader } from '../components/AuthHeader';
import { useAuthT } from '../locales';
import { useCompleteLogin } from '../useCompleteLogin';
import { useGuestOnly } from '../useGuestOnly';
import '../auth.css';

function withRedirect(path: string, redirect: string | undefined): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

/** /pages/login/login — email or mobile number and password; a two-factor code when the account asks for one. */
export default function LoginPage({ query }: PageProps) {
  const t = useAuthT();
  const lang = useSettings((s) => s.lang);
  const navigate = useNavigate();
  const login = useLogin();
  const complete = useCompleteLogin(query.redirect);
  const leaving = useGuestOnly(query.redirect);
  const [account, setAccount] = useState(query.account ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [twoFactor, setTwoFactor] = useState<{ open: boolean; error?: string }>({ open: false });

  const submit = async (totp?: string) => {
    const checked = validate(LoginBody, { account, password, totp, device: deviceId() }, lang);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (totp !== undefined) setTwoFactor({ open: true, error: checked.errors.totp });
      return;
    }
    setErrors({});
    try {
      complete(await login.mutateAsync(checked.data), t('loginSuccess'));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === ERRORS.TWO_FACTOR_REQUIRED.code) {
        setTwoFactor({ open: true });
      } else if (totp !== undefined && error.code >= 2000 && error.code < 3000 && twoFactor.open) {
        setTwoFactor({ open: true, error: error.msg });
      } else {
        setTwoFactor({ open: false });
        toast(error.msg);
      }
    }
  };

  if (leaving) return null;
  return (
    <div className="auth">
      <NavRight>
        <button
          type="button"
          className="auth__link"
          onClick={() => void navigate(withRedirect('/pages/login/register', query.redirect), { replace: true })}
        >
          {t('signUp')}
        </button>
      </NavRight>
      <AuthHeader title={t('loginHeading')} subtitle={t('loginSub')} />
      <Form onSubmit={submit}>
        <TextField
          name="account"
          label={t('account')}
          placeholder={t('accountPlaceholder')}
          value={account}
          onChange={setAccount}
          error={errors.account}
          type="email"
          inputMode="email"
          autoComplete="username"
        />
        <TextField
          name="password"
          label={t('password')}
          placeholder={t('passwordPlaceholder')}
          value={password}
          onChange={setPassword}
          error={errors.password}
          type="password"
          autoComplete="current-password"
          toggleLabels={{ show: t('showPassword'), hide: t('hidePassword') }}
          onEnterPress={() => void submit()}
        />
        <div className="auth__row-end">
          <button type="button" className="auth__link" onClick={() => void navigate('/pages/forgetPwd/forgetPwd')}>
            {t('forgot')}
          </button>
        </div>
        <Button className="auth__submit" block color="primary" type="submit" loading={login.isPending}>
          {t('submitLogin')}
        </Button>
      </Form>
      <p className="auth__footer">
        {t('noAccount')}
        <button
          type="button"
          className="auth__link"
          onClick={() => void navigate(withRedirect('/pages/login/register', query.redirect), { replace: true })}
        >
          {t('signUp')}
        </button>
      </p>
      <SecurityCheckPopup
        visible={twoFactor.open}
        twoFactor
        title={t('twoFactorTitle')}
        text={t('twoFactorText')}
        loading={login.isPending}
        error={twoFactor.error}
        onConfirm={({ twoFactorCode }) => void submit(twoFactorCode)}
        onClose={() => setTwoFactor({ open: false })}
      />
    </div>
  );
}
