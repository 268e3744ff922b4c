import { Checkbox } from 'antd-mobile';
import { Link } from 'react-router';
import { useAuthT } from '../locales';

export function AgreementCheck({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  error?: string;
}) {
  const t = useAuthT();
  return (
    <div className={`agreement${error ? ' agreement--error' : ''}`}>
      <Checkbox checked={checked} onChange={onChange} className="agreement__check" aria-label={t('terms')} />
      <span className="agreement__text">
        {t('agreeLead')}
        <Link to="/pages/mine/agreement?type=terms">{t('terms')}</Link>
        {t('agreeAnd')}
        <Link to="/pages/mine/agreement?type=privacy">{t('privacy')}</Link>
        {t('agreeTail')}
      </span>
      {error && (
        <div className="field__error agreement__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
