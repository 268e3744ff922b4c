import {
  ChangeFundPasswordBody,
  ChangePasswordBody,
  ResetFundPasswordBody,
  SetFundPasswordBody,
} from '@bourse/contract';
import { Button, Dialog } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { ListSkeleton, QueryError } from '../../../components/BlockState';
import { CodeButton } from '../../../components/form/CodeButton';
import { Form } from '../../../components/form/Form';
import { TextField } from '../../../components/form/TextField';
import { usePageTitle } from '../../../components/PageChrome';
import type { PageProps } from '../../../lib/feature';
import { useCommonT } from '../../../lib/locales';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { validate } from '../../../lib/validation';
import {
  useChangeFundPassword,
  useChangePassword,
  useResetFundPassword,
  useSecurityOverview,
  useSendSecurityCode,
  useSetFundPassword,
} from '../api';
import { Notice } from '../components/Notice';
import { useFormState } from '../../../hooks/useFormState';
import { useReturn } from '../../../hooks/useReturn';
import { useSecurityT } from '../locales';
import { SECURITY_PATHS } from '../paths';
import '../security.css';

const digits = (v: string) => v.replace(/\D/g, '').slice(0, 6);

function usePasswordField() {
  const t = useSecurityT();
  return {
    type: 'password' as const,
    toggleLabels: { show: t('showPassword'), hide: t('hidePassword') },
  };
}

/** Old password, new one twice; the 24-hour withdrawal lock is stated before and confirmed at submission. */
function LoginPasswordForm() {
  const t = useSecurityT();
  const common = useCommonT();
  const lang = useSettings((s) => s.lang);
  const navigate = useNavigate();
  const change = useChangePassword();
  const password = usePasswordField();
  const { values, setErrors, field } = useFormState({ oldPassword: '', password: '', confirmPassword: '' });

  const submit = async () => {
    const checked = validate(ChangePasswordBody, values, lang, { missing: { password: 'missingNewPassword' } });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const confirmed = await Dialog.confirm({
      title: t('confirmChangeTitle'),
      content: t('confirmChangeText'),
      confirmText: t('changePassword'),
      cancelText: common('cancel'),
    });
    if (!confirmed) return;
    try {
      await change.mutateAsync(checked.data);
      toast(t('passwordChanged'), 'success');
      void navigate(SECURITY_PATHS.safety, { replace: true });
    } catch {
      // the client showed the server's message
    }
  };

  return (
    <Form onSubmit={submit}>
      <Notice tone="warning">{t('pwdNotice')}</Notice>
      <TextField
        {...field('oldPassword')}
        label={t('oldPassword')}
        placeholder={t('oldPasswordPlaceholder')}
        autoComplete="current-password"
        maxLength={128}
        {...password}
      />
      <TextField
        {...field('password')}
        label={t('newPassword')}
        placeholder={t('newPasswordPlaceholder')}
        autoComplete="new-password"
        maxLength={18}
        {...password}
      />
      <TextField
        {...field('confirmPassword')}
        label={t('confirmPassword')}
        placeholder={t('confirmPasswordPlaceholder')}
        autoComplete="new-password"
        maxLength={18}
        {...password}
      />
      <Button className="sec-submit" block color="primary" type="submit" loading={change.isPending}>
        {t('changePassword')}
      </Button>
      <button type="button" className="sec-link" onClick={() => void navigate('/pages/forgetPwd/forgetPwd')}>
        {t('forgotLogin')}
      </button>
    </Form>
  );
}

function FundField({
  name,
  label,
  placeholder,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  placeholder: string;
  value: string;
  onChange(v: string): void;
  error?: string;
}) {
  const password = usePasswordField();
  return (
    <TextField
      name={name}
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(v) => onChange(digits(v))}
      error={error}
      inputMode="numeric"
      maxLength={6}
      autoComplete="off"
      {...password}
    />
  );
}

type FundMode = 'set' | 'change' | 'reset';

/**
 * The three fund-password forms: first time (with the login password), change (old one), reset (a code). With a
 * `redirect` (the withdraw page sent the user here) the user goes back there once it is done.
 */
function FundPasswordForm({ mode, redirect }: { mode: FundMode; redirect?: string }) {
  const t = useSecurityT();
  const lang = useSettings((s) => s.lang);
  const navigate = useNavigate();
  const goBack = useReturn();
  const setFund = useSetFundPassword();
  const changeFund = useChangeFundPassword();
  const resetFund = useResetFundPassword();
  const sendCode = useSendSecurityCode();
  const password = usePasswordField();
  const { values, errors, setErrors, set, field } = useFormState({
    loginPassword: '',
    oldFundPassword: '',
    code: '',
    fundPassword: '',
    confirmFundPassword: '',
  });
  usePageTitle(t(mode === 'set' ? 'setFundTitle' : mode === 'change' ? 'changeFundTitle' : 'resetFundTitle'));

  const submit = async () => {
    const done = () => goBack(redirect, SECURITY_PATHS.safety);
    try {
      if (mode === 'set') {
        const checked = validate(SetFundPasswordBody, values, lang);
        if (!checked.ok) {
          setErrors(checked.errors);
          return;
        }
        await setFund.mutateAsync(checked.data);
        toast(t('fundSet'), 'success');
      } else if (mode === 'change') {
        const checked = validate(ChangeFundPasswordBody, values, lang);
        if (!checked.ok) {
          setErrors(checked.errors);
          return;
        }
        await changeFund.mutateAsync(checked.data);
        toast(t('fundChanged'), 'success');
      } else {
        const checked = validate(ResetFundPasswordBody, values, lang);
        if (!checked.ok) {
          setErrors(checked.errors);
          return;
        }
        await resetFund.mutateAsync(checked.data);
        toast(t('fundReset'), 'success');
      }
      done();
    } catch {
      // the client showed the server's message
    }
  };

  const send = async (): Promise<number | null> => {
    try {
      const sent = await sendCode.mutateAsync();
      toast(t('codeSent', { to: sent.sentTo }), 'success');
      return sent.resendAfter;
    } catch {
      return null;
    }
  };

  const pending = setFund.isPending || changeFund.isPending || resetFund.isPending;

  return (
    <Form onSubmit={submit}>
      <Notice>{mode === 'reset' ? t('resetFundNotice') : t('fundNotice')}</Notice>
      {mode !== 'set' && <Notice tone="warning">{t('fundLockNotice')}</Notice>}
      {mode === 'set' && (
        <TextField
          {...field('loginPassword')}
          label={t('loginPassword')}
          placeholder={t('loginPasswordPlaceholder')}
          autoComplete="current-password"
          maxLength={128}
          {...password}
        />
      )}
      {mode === 'change' && (
        <FundField
          name="oldFundPassword"
          label={t('oldFund')}
          placeholder={t('oldFundPlaceholder')}
          value={values.oldFundPassword}
          onChange={set('oldFundPassword')}
          error={errors.oldFundPassword}
        />
      )}
      {mode === 'reset' && (
        <TextField
          name="code"
          label={t('code')}
          placeholder={t('codePlaceholder')}
          value={values.code}
          onChange={(v) => set('code')(digits(v))}
          error={errors.code}
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          extra={
            <CodeButton onSend={send} label={t('sendCode')} countdownLabel={(seconds) => t('resendIn', { seconds })} />
          }
        />
      )}
      <FundField
        name="fundPassword"
        label={t('newFundPassword')}
        placeholder={t('fundPlaceholder')}
        value={values.fundPassword}
        onChange={set('fundPassword')}
        error={errors.fundPassword}
      />
      <FundField
        name="confirmFundPassword"
        label={t('confirmFund')}
        placeholder={t('confirmFundPlaceholder')}
        value={values.confirmFundPassword}
        onChange={set('confirmFundPassword')}
        error={errors.confirmFundPassword}
      />
      <Button className="sec-submit" block color="primary" type="submit" loading={pending}>
        {t('confirm')}
      </Button>
      {mode === 'change' && (
        <button
          type="button"
          className="sec-link"
          onClick={() =>
            void navigate(
              `${SECURITY_PATHS.fundPassword}&mode=reset${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`,
              { replace: true },
            )
          }
        >
          {t('forgotFund')}
        </button>
      )}
    </Form>
  );
}

/** The fund form fits what the account has: set the first one, or change it (reset when forgotten). */
function FundPasswordSection({ reset, redirect }: { reset: boolean; redirect?: string }) {
  const overview = useSecurityOverview();
  if (overview.isPending) return <ListSkeleton rows={3} />;
  if (overview.isError) return <QueryError error={overview.error} onRetry={() => void overview.refetch()} />;
  const mode: FundMode = !overview.data.fundPassword ? 'set' : reset ? 'reset' : 'change';
  return <FundPasswordForm key={mode} mode={mode} redirect={redirect} />;
}

/**
 * /pages/usreMei/update_pwd — the login password; with `?type=fund` the fund password (`&mode=reset` when it is
 * forgotten). Other features link to `/pages/usreMei/update_pwd?type=fund&redirect=<their page>` and get the user
 * back once it is set.
 */
export default function UpdatePasswordPage({ query }: PageProps) {
  return (
    <div className="sec sec--form">
      {query.type === 'fund' ? (
        <FundPasswordSection reset={query.mode === 'reset'} redirect={query.redirect} />
      ) : (
        <LoginPasswordForm />
      )}
    </div>
  );
}
