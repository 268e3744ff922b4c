import { Button } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import type { PageProps } from '../lib/feature';
import { useCommonT } from '../lib/locales';
import { HOME_PATH } from '../lib/navigation';

export default function NotFoundPage(_props: PageProps) {
  const t = useCommonT();
  const navigate = useNavigate();
  return (
    <div className="page-state">
      <QuestionCircleOutline className="page-state__icon" />
      <span className="page-state__text">{t('pageNotFound')}</span>
      <Button color="primary" fill="outline" size="small" onClick={() => void navigate(HOME_PATH, { replace: true })}>
        {t('backHome')}
      </Button>
    </div>
  );
}
