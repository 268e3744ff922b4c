import { TextField } from '../../../components/form/TextField';
import { useWalletT } from '../locales';

/** An optional note of up to 64 characters, kept with the record (withdrawals, flash transfers). */
export function RemarkField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const t = useWalletT();
  return (
    <TextField
      name="remark"
      label={t('remarkOptional')}
      value={value}
      onChange={onChange}
      maxLength={64}
      placeholder={t('remarkPlaceholder')}
    />
  );
}
