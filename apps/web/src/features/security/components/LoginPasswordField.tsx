import { TextField } from '../../../components/form/TextField';
import { useSecurityT } from '../locales';

/** The current login password, confirming that a sensitive change is the owner's (with show/hide). */
export function LoginPasswordField({
  value,
  onChange,
  error,
  name = 'password',
}: {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  name?: string;
}) {
  const t = useSecurityT();
  return (
    <TextField
      name={name}
      label={t('loginPassword')}
      placeholder={t('loginPasswordPlaceholder')}
      value={value}
      onChange={onChange}
      error={error}
      type="password"
      autoComplete="current-password"
      maxLength={128}
      toggleLabels={{ show: t('showPassword'), hide: t('hidePassword') }}
    />
  );
}
