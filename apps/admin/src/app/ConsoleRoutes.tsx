import { Button, Result } from 'antd';
import { useMemo, useState } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { Forbidden } from '../components/Forbidden';
import { PageBoundary } from '../components/PageBoundary';
import { useFeatures } from '../lib/features';
import { lazyOf } from '../lib/lazyCache';
import { useCommonT } from '../lib/locales';
import { allPages, firstPage, type MenuGroup } from '../lib/menu';
import { usePermissions } from '../lib/operator';
import type { ConsolePage } from '../lib/registry';

function PageRoute({ page }: { page: ConsolePage }) {
  const permissions = usePermissions();
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  const Page = lazyOf(page, page.page);
  if (!permissions.has(page.permission)) return <Forbidden permission={page.permission} />;
  return (
    <PageBoundary
      resetKey={`${location.pathname}#${attempt}`}
      onRetry={() => {
        lazyOf(page, page.page, true);
        setAttempt((n) => n + 1);
      }}
    >
      <Page />
    </PageBoundary>
  );
}

function NotFound({ home }: { home: string }) {
  const t = useCommonT();
  return (
    <Result
      status="404"
      title={t('notFoundTitle')}
      subTitle={t('notFoundText')}
      extra={
        <Link to={home}>
          <Button type="primary">{t('backToStart')}</Button>
        </Link>
      }
    />
  );
}

/** Every page of every feature at its path (pages the role may not use say so); the start page is the dashboard. */
export function ConsoleRoutes({ menu }: { menu: readonly MenuGroup[] }) {
  const t = useCommonT();
  const features = useFeatures();
  const permissions = usePermissions();
  const pages = useMemo(() => allPages(features), [features]);
  const home = firstPage(menu);
  const dashboard = pages.find((page) => page.path === '/');
  return (
    <Routes>
      {pages.map((page) =>
        page.path === '/' && !permissions.has(page.permission) ? null : (
          <Route key={page.path} path={page.path} element={<PageRoute page={page} />} />
        ),
      )}
      {dashboard && !permissions.has(dashboard.permission) ? (
        <Route path="/" element={home ? <Navigate to={home} replace /> : <Result title={t('nothingForRole')} />} />
      ) : null}
      <Route path="*" element={<NotFound home={home ?? '/'} />} />
    </Routes>
  );
}
