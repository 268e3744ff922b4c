import { readText } from '../../../lib/clipboard';
import { TextField } from '../../../components/form/TextField';
import { useSecurityT } from '../locales';

/** The 6-digit authenticator code, with a Paste button (codes are usually copied from the app). */
export function CodeField({
  value,
  onChange,
  error,
  label,
}: {
  value: string;
  onChange(value: string): void;
  error?: string;
  label?: string;
}) {
  const t = useSecurityT();
  const digits = (text: string) => text.replace(/\D/g, '').slice(0, 6);
  return (
    <TextField
      name="code"
      label={label ?? t('authCode')}
      placeholder={t('authCodePlaceholder')}
      value={value}
      onChange={(v) => onChange(digits(v))}
      error={error}
      inputMode="numeric"
      maxLength={6}
      autoComplete="one-time-code"
      extra={
        <button
          type="button"
          className="field__code-button"
          onClick={async () => {
            const text = await readText();
            if (text !== null) onChange(digits(text));
          }}
        >
          {t('paste')}
        </button>
      }
    />
  );
}
