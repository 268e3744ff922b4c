import { Button } from 'antd-mobile';
import { GlobalOutline, SearchOutline, UserCircleOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../../components/BrandMark';
import { HomeSections } from '../../../components/HomeSections';
import type { PageProps } from '../../../lib/feature';
import { useCommonT } from '../../../lib/locales';
import { useRegistry, useServices } from '../../../lib/registry';
import { useSession } from '../../../lib/stores/session';
import { BannerCarousel } from '../components/BannerCarousel';
import { NoticeTicker } from '../components/NoticeTicker';
import { ServiceGrid } from '../components/ServiceGrid';
import { useHomeT } from '../locales';
import '../home.css';

const HOME_SHORTCUTS = 7;
const PATHS = {
  lang: '/pages/mine/lang',
  me: '/pages/usreMei/usreMei',
  login: '/pages/login/login',
  register: '/pages/login/register',
  services: '/pages/index/index',
  search: '/pages/index/serarchType',
  deposit: '/pages/usreMei/currency?type=recharge',
};

/** `/` and /pages/index/home — the home tab. */
export default function HomePage(_props: PageProps) {
  const t = useHomeT();
  const common = useCommonT();
  const navigate = useNavigate();
  const { hasRoute, homeSections } = useRegistry();
  const profile = useSession((s) => s.profile);
  const newAccount = useSession((s) => s.newAccount);
  const loggedIn = useSession((s) => s.token !== null);
  const services = useServices(loggedIn);
  const shortcuts = useMemo(
    () =>
      services
        .filter((s) => s.home !== undefined)
        .sort((a, b) => (a.home ?? 0) - (b.home ?? 0))
        .slice(0, HOME_SHORTCUTS),
    [services],
  );

  return (
    <div className="home">
      <header className="home-header">
        <div className="home-header__brand">
          <BrandMark />
          <span className="home-header__name">{common('appName')}</span>
        </div>
        <div className="home-header__actions">
          {hasRoute(PATHS.search) && (
            <button type="button" aria-label={t('search')} onClick={() => void navigate(PATHS.search)}>
              <SearchOutline />
            </button>
          )}
          {hasRoute(PATHS.lang) && (
            <button type="button" aria-label={t('language')} onClick={() => void navigate(PATHS.lang)}>
              <GlobalOutline />
            </button>
          )}
          {hasRoute(PATHS.me) && (
            <button type="button" aria-label={common('tabMe')} onClick={() => void navigate(PATHS.me)}>
              <UserCircleOutline />
            </button>
          )}
        </div>
      </header>

      {loggedIn ? (
        <section className={`home-greeting${newAccount ? ' home-greeting--new' : ''}`}>
          {/* The first login is registration's own: greet a new member, not a returning one. */}
          <div className="home-greeting__title">{newAccount ? t('welcomeTitle') : t('welcomeBack')}</div>
          <div className="home-greeting__sub">
            {profile?.nickname ?? profile?.email ?? profile?.phone ?? ''}
            {profile && <span className="home-greeting__uid">{t('uid', { uid: profile.uid })}</span>}
          </div>
          {newAccount && (
            <div className="home-greeting__start">
              <p>{t('welcomeNew')}</p>
              {hasRoute(PATHS.deposit) && (
                <Button color="primary" shape="rounded" size="small" onClick={() => void navigate(PATHS.deposit)}>
                  {t('deposit')}
                </Button>
              )}
            </div>
          )}
        </section>
      ) : (
        <section className="home-welcome">
          <h1 className="home-welcome__title">{t('welcomeTitle')}</h1>
          <p className="home-welcome__text">{t('welcomeText')}</p>
          <div className="home-welcome__actions">
            {hasRoute(PATHS.register) && (
              <Button color="primary" shape="rounded" onClick={() => void navigate(PATHS.register)}>
                {t('register')}
              </Button>
            )}
            {hasRoute(PATHS.login) && (
              <Button shape="rounded" className="home-welcome__login" onClick={() => void navigate(PATHS.login)}>
                {t('login')}
              </Button>
            )}
          </div>
        </section>
      )}

      <BannerCarousel />
      <NoticeTicker />

      {shortcuts.length > 0 && (
        <section className="home-shortcuts card">
          <ServiceGrid
            services={shortcuts}
            more={hasRoute(PATHS.services) ? { label: t('more'), path: PATHS.services } : undefined}
          />
        </section>
      )}

      <HomeSections sections={homeSections} />
    </div>
  );
}
