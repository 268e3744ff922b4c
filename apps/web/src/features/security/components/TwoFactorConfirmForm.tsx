import { ERRORS, TwoFactorConfirmBody } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { Form } from '../../../components/form/Form';
import { ApiError } from '../../../lib/api';
import { useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { validate } from '../../../lib/validation';
import { CodeField } from './CodeField';
import { LoginPasswordField } from './LoginPasswordField';
import { useFormState } from '../../../hooks/useFormState';

/** Codes whose message belongs under the code field rather than in a toast. */
const CODE_ERRORS = new Set<number>([
  ERRORS.WRONG_TWO_FACTOR_CODE.code,
  ERRORS.TWO_FACTOR_FORMAT.code,
  ERRORS.TWO_FACTOR_CODE_USED.code,
]);

/** A current authenticator code and the login password: what turning two-factor on or off asks for. */
export function TwoFactorConfirmForm({
  submitLabel,
  danger,
  pending,
  onConfirm,
}: {
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  /** Resolves when done; rejects with the server's ApiError. */
  onConfirm(body: TwoFactorConfirmBody): Promise<unknown>;
}) {
  const lang = useSettings((s) => s.lang);
  const { values, errors, setErrors, set, field } = useFormState({ code: '', password: '' });

  const submit = async () => {
    const checked = validate(TwoFactorConfirmBody, values, lang, { missing: { code: 'missingTwoFactorCode' } });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await onConfirm(checked.data);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (CODE_ERRORS.has(error.code)) setErrors({ code: error.msg });
      else if (error.code === ERRORS.WRONG_LOGIN_PASSWORD.code) setErrors({ password: error.msg });
      else toast(error.msg);
    }
  };

  return (
    <Form onSubmit={submit}>
      <CodeField value={values.code} onChange={set('code')} error={errors.code} />
      <LoginPasswordField {...field('password')} />
      <Button className="sec-submit" block color={danger ? 'danger' : 'primary'} type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
