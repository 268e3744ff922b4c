import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { readDecimal } from '../../../lib/decimalInput';
import { useMiningT } from '../locales';

/** A bottom sheet asking for one amount (fuel), with the server's refusal shown under the field. */
export function AmountSheet(props: {
  open: boolean;
  title: string;
  label: string;
  hint: string;
  initial: string;
  unit: string;
  onClose: () => void;
  onSubmit: (amount: string) => Promise<unknown>;
}) {
  const t = useMiningT();
  const [value, setValue] = useState(props.initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await props.onSubmit(value);
      props.onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup visible={props.open} onMaskClick={props.onClose} bodyClassName="product-sheet" destroyOnClose>
      <h3 className="product-sheet__title">{props.title}</h3>
      <label className="product-sheet__label">
        {props.label}
        <div className="product-sheet__field">
          <Input
            value={value}
            inputMode="decimal"
            onChange={(v) => setValue(readDecimal(v, 8, 'en-US'))}
            data-testid="mining-amount"
          />
          <span>{props.unit}</span>
        </div>
      </label>
      <p className="product-sheet__hint">{props.hint}</p>
      {error && (
        <p className="product-sheet__error" role="alert">
          {error}
        </p>
      )}
      <div className="product-sheet__actions">
        <Button onClick={props.onClose}>{t('cancel')}</Button>
        <Button color="primary" loading={busy} onClick={() => void submit()} data-testid="mining-confirm">
          {t('confirm')}
        </Button>
      </div>
    </Popup>
  );
}
