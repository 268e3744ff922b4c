import { APP_VERSION, APP_VERSION_CODE } from '@bourse/contract';
import { Dialog, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../../components/BrandMark';
import type { PageProps } from '../../../lib/feature';
import { useCommonT } from '../../../lib/locales';
import { useRegistry } from '../../../lib/registry';
import { toast } from '../../../lib/toast';
import { useCheckVersion } from '../api';
import { useSettingsT } from '../locales';
import '../settings.css';

const AGREEMENT = '/pages/mine/agreement';

/** /pages/mine/about — the app's version (1.4.7, code 147) and the update check. */
export default function AboutPage(_props: PageProps) {
  const t = useSettingsT();
  const common = useCommonT();
  const navigate = useNavigate();
  const { hasRoute } = useRegistry();
  const check = useCheckVersion();

  const checkForUpdates = async () => {
    let latest;
    try {
      latest = await check.mutateAsync();
    } catch {
      return; // the client has shown the message
    }
    if (latest.versionCode <= APP_VERSION_CODE) {
      toast(t('latest'));
      return;
    }
    const update = () => {
      if (latest.url) window.location.assign(latest.url);
      else window.location.reload();
    };
    const title = t('newVersion', { version: latest.version });
    if (latest.force) {
      await Dialog.alert({ title, content: latest.notes, confirmText: t('update') });
      update();
      return;
    }
    const confirmed = await Dialog.confirm({
      title,
      content: latest.notes,
      confirmText: t('update'),
      cancelText: t('later'),
    });
    if (confirmed) update();
  };

  return (
    <div className="settings-page">
      <div className="about-hero">
        <BrandMark size="4rem" />
        <div className="about-hero__name">{common('appName')}</div>
        <div className="about-hero__text">{t('aboutText')}</div>
      </div>
      <List className="app-list">
        <List.Item
          extra={<span className="num">{t('versionValue', { version: APP_VERSION, code: APP_VERSION_CODE })}</span>}
          arrowIcon={false}
        >
          {t('version')}
        </List.Item>
        <List.Item onClick={() => void checkForUpdates()} extra={check.isPending ? common('loading') : undefined}>
          {t('checkUpdate')}
        </List.Item>
        {hasRoute(AGREEMENT) && (
          <>
            <List.Item onClick={() => void navigate(`${AGREEMENT}?type=terms`)}>{t('terms')}</List.Item>
            <List.Item onClick={() => void navigate(`${AGREEMENT}?type=privacy`)}>{t('privacy')}</List.Item>
          </>
        )}
      </List>
    </div>
  );
}
