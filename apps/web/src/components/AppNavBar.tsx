import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { hasPreviousPage, HOME_PATH } from '../lib/navigation';
import { useCommonT } from '../lib/locales';

export interface AppNavBarProps {
  title: string;
  /** Receives the element pages portal their right-side actions into (see NavRight). */
  rightSlotRef?: (element: HTMLElement | null) => void;
  back?: boolean;
}

/** The custom navigation bar of every non-tab page: back, title, right slot. */
export function AppNavBar({ title, rightSlotRef, back = true }: AppNavBarProps) {
  const t = useCommonT();
  const navigate = useNavigate();
  const goBack = () => {
    // Opened directly from a link: there is no page behind this one, so back means home.
    if (hasPreviousPage()) void navigate(-1);
    else void navigate(HOME_PATH, { replace: true });
  };
  return (
    <NavBar
      className="app-nav"
      back={back ? '' : null}
      backIcon={<LeftOutline aria-label={t('back')} />}
      onBack={back ? goBack : undefined}
      right={<div className="app-nav__right" ref={rightSlotRef} />}
    >
      <span className="app-nav__title">{title}</span>
    </NavBar>
  );
}
