import { ResetPasswordBody } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { useFormState } from '../../../hooks/useFormState';
import type { PageProps } from '../../../lib/feature';
import { LOGIN_PATH } from '../../../lib/navigation';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { validate } from '../../../lib/validation';
import { useResetPassword } from '../api';
import { AccountCodeFields } from '../components/AccountCodeFields';
import { AuthHeader } from '../components/AuthHeader';
import { useAuthT } from '../locales';
import '../auth.css';

/** /pages/forgetPwd/forgetPwd — a code to the account, then the new password twice. */
export default function ForgetPasswordPage(_props: PageProps) {
  const t = useAuthT();
  const lang = useSettings((s) => s.lang);
  const navigate = useNavigate();
  const reset = useResetPassword();
  const { values, errors, setErrors, set } = useFormState({ account: '', code: '', password: '', confirmPassword: '' });

  const submit = async () => {
    const checked = validate(ResetPasswordBody, values, lang, { missing: { password: 'missingNewPassword' } });
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
      <Form onSubmit={submit}>
        <AccountCodeFields
          values={values}
          errors={errors}
          set={set}
          setAccountError={(message) => setErrors((e) => ({ ...e, account: message }))}
          scene="reset"
          passwordLabel={t('newPassword')}
        />
        <Button className="auth__submit" block color="primary" type="submit" loading={reset.isPending}>
          {t('submitReset')}
        </Button>
      </Form>
    </div>
  );
}
