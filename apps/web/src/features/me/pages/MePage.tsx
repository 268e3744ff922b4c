import type { Theme } from '@bourse/contract';
import { ActionSheet, Button, Dialog, List } from 'antd-mobile';
import { EnvironmentOutline, FileOutline, GlobalOutline, UserOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ThemeOutline, UpDownOutline } from '../../../components/icons';
import { ServiceBadge } from '../../../components/ServiceBadge';
import { useLongPress } from '../../../hooks/useLongPress';
import type { FeatureService } from '../../../lib/feature';
import { copyText } from '../../../lib/clipboard';
import type { PageProps } from '../../../lib/feature';
import { LANG_NAMES, useMessage } from '../../../lib/i18n';
import { serverUrl } from '../../../lib/lines';
import { useCommonT } from '../../../lib/locales';
import { useRegistry, useServices } from '../../../lib/registry';
import { type UpDown, useSettings } from '../../../lib/stores/settings';
import { toast } from '../../../lib/toast';
import { useLogout, useProfile } from '../api';
import { useMeT } from '../locales';
import '../me.css';

const PATHS = {
  login: '/pages/login/login',
  register: '/pages/login/register',
  lang: '/pages/mine/lang',
  line: '/pages/mine/line',
};

/** Services with `me` below this sit above Preferences (account, assets, security); the rest below (help, about). */
const ME_LOWER_SECTION = 500;

function ServiceRows({ services }: { services: readonly FeatureService[] }) {
  const navigate = useNavigate();
  const message = useMessage();
  return services.map((service) => (
    <List.Item
      key={service.id}
      prefix={<service.icon />}
      extra={<ServiceBadge service={service} />}
      onClick={() => void navigate(service.path)}
    >
      {message(service.label)}
    </List.Item>
  ));
}

function UidChip({ uid }: { uid: number }) {
  const t = useMeT();
  const copy = () => void copyText(String(uid));
  const longPress = useLongPress(copy);
  return (
    <button type="button" className="me-uid" aria-label={t('copyUid')} onClick={copy} {...longPress}>
      <span className="me-uid__label">{t('uid')}</span>
      <span className="num">{uid}</span>
      <FileOutline className="me-uid__icon" />
    </button>
  );
}

/** /pages/usreMei/usreMei — the Me tab: profile, preferences, and the way out. */
export default function MePage(_props: PageProps) {
  const t = useMeT();
  const common = useCommonT();
  const navigate = useNavigate();
  const { hasRoute } = useRegistry();
  const { profile } = useProfile();
  const logout = useLogout();
  const settings = useSettings();
  const services = useServices(profile !== null);
  const [upper, lower] = useMemo(() => {
    const rows = services.filter((s) => s.me !== undefined).sort((a, b) => (a.me ?? 0) - (b.me ?? 0));
    return [rows.filter((s) => (s.me ?? 0) < ME_LOWER_SECTION), rows.filter((s) => (s.me ?? 0) >= ME_LOWER_SECTION)];
  }, [services]);
  const [sheet, setSheet] = useState<'theme' | 'updown' | null>(null);
  const line = settings.lines[settings.lineIndex];

  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: t('logoutConfirm'),
      confirmText: t('logout'),
      cancelText: common('cancel'),
    });
    if (!confirmed) return;
    await logout.mutateAsync().catch(() => undefined);
    toast(t('loggedOut'), 'success');
  };

  const themes: readonly { key: Theme; label: string }[] = [
    { key: 'dark', label: t('themeDark') },
    { key: 'light', label: t('themeLight') },
  ];
  const upDowns: readonly { key: UpDown; label: string }[] = [
    { key: 'green-up', label: t('greenUp') },
    { key: 'red-up', label: t('redUp') },
  ];

  return (
    <div className="me">
      {profile ? (
        <section className="me-profile">
          <div className="me-avatar" aria-hidden="true">
            {profile.avatar ? (
              <img className="me-avatar__image" src={serverUrl(profile.avatar)} alt="" />
            ) : (
              (profile.nickname ?? profile.email ?? profile.phone ?? '?').slice(0, 1).toUpperCase()
            )}
          </div>
          <div className="me-profile__body">
            <div className="me-profile__name">{profile.nickname ?? t('defaultNickname')}</div>
            <div className="me-profile__account">{profile.email ?? profile.phone}</div>
            <UidChip uid={profile.uid} />
          </div>
        </section>
      ) : (
        <section className="me-guest">
          <button type="button" className="me-guest__head" onClick={() => void navigate(PATHS.login)}>
            <div className="me-avatar me-avatar--guest" aria-hidden="true">
              <UserOutline />
            </div>
            <div>
              <div className="me-profile__name">{t('loginOrRegister')}</div>
              <div className="me-profile__account">{t('guestText')}</div>
            </div>
          </button>
          <div className="me-guest__actions">
            <Button color="primary" shape="rounded" onClick={() => void navigate(PATHS.login)}>
              {t('login')}
            </Button>
            {hasRoute(PATHS.register) && (
              <Button shape="rounded" className="me-guest__secondary" onClick={() => void navigate(PATHS.register)}>
                {t('register')}
              </Button>
            )}
          </div>
        </section>
      )}

      {upper.length > 0 && (
        <List className="app-list me-list">
          <ServiceRows services={upper} />
        </List>
      )}

      <List className="app-list me-list" header={t('preferences')}>
        {hasRoute(PATHS.lang) && (
          <List.Item
            prefix={<GlobalOutline />}
            extra={LANG_NAMES[settings.lang]}
            onClick={() => void navigate(PATHS.lang)}
          >
            {t('language')}
          </List.Item>
        )}
        <List.Item
          prefix={<ThemeOutline />}
          extra={settings.theme === 'dark' ? t('themeDark') : t('themeLight')}
          onClick={() => setSheet('theme')}
        >
          {t('theme')}
        </List.Item>
        <List.Item
          prefix={<UpDownOutline />}
          extra={settings.upDown === 'green-up' ? t('greenUp') : t('redUp')}
          onClick={() => setSheet('updown')}
        >
          {t('upDown')}
        </List.Item>
        {hasRoute(PATHS.line) && (
          <List.Item
            prefix={<EnvironmentOutline />}
            extra={line ? common('lineName', { n: settings.lineIndex + 1 }) : undefined}
            onClick={() => void navigate(PATHS.line)}
          >
            {t('line')}
          </List.Item>
        )}
      </List>

      {lower.length > 0 && (
        <List className="app-list me-list" header={t('support')}>
          <ServiceRows services={lower} />
        </List>
      )}

      {profile && (
        <div className="me-logout">
          <Button block onClick={() => void confirmLogout()} loading={logout.isPending}>
            {t('logout')}
          </Button>
        </div>
      )}

      <ActionSheet
        visible={sheet !== null}
        onClose={() => setSheet(null)}
        cancelText={common('cancel')}
        actions={(sheet === 'theme' ? themes : upDowns).map((item) => ({
          key: item.key,
          text: item.label,
          bold: sheet === 'theme' ? item.key === settings.theme : item.key === settings.upDown,
          onClick: () => {
            if (sheet === 'theme') settings.setTheme(item.key as Theme);
            else settings.setUpDown(item.key as UpDown);
            setSheet(null);
          },
        }))}
      />
    </div>
  );
}
