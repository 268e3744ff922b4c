import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { backofficeApi, operatorApi } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge, Breadcrumb, Button, Dropdown, Flex, Layout, Menu, type MenuProps, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { BrandMark } from '../components/BrandMark';
import { PreferenceSwitches } from '../components/PreferenceSwitches';
import { api } from '../lib/client';
import { useFeatures } from '../lib/features';
import { useMessage } from '../lib/i18n';
import { useCommonT } from '../lib/locales';
import { activeEntry, allPages, menuBadges, visibleMenu } from '../lib/menu';
import { useOperator, usePermissions } from '../lib/operator';
import { useSession } from '../lib/stores/session';
import { ConsoleRoutes } from './ConsoleRoutes';

const SECTION_KEY = {
  overview: 'sectionOverview',
  users: 'sectionUsers',
  reviews: 'sectionReviews',
  markets: 'sectionMarkets',
  content: 'sectionContent',
  finance: 'sectionFinance',
  system: 'sectionSystem',
} as const;

/** The signed-in console: the sider menu of what the role may open, the header, and the page. */
export default function Shell() {
  const t = useCommonT();
  const message = useMessage();
  const features = useFeatures();
  const permissions = usePermissions();
  const operator = useOperator();
  const session = useSession((state) => state.session);
  const end = useSession((state) => state.end);
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);

  // Another page starts at its top, as a new document would. (Braces: browsers now answer scrollTo with a promise,
  // which an effect must not return.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  const menu = useMemo(() => visibleMenu(features, permissions), [features, permissions]);
  const active = activeEntry(menu, location.pathname);
  // What waits in the role's queues, on the entries that lead to them (asked again every half minute).
  const queues = useQuery({
    queryKey: ['shell', 'queues'],
    queryFn: ({ signal }) => api.call(backofficeApi.queues, { signal, toast: false }),
    enabled: permissions.has('dashboard.read'),
    refetchInterval: 30_000,
  });
  const refetchQueues = queues.refetch;
  const canCount = permissions.has('dashboard.read');
  // A page visited may have worked a queue (a conversation read, a review decided): count again on the way out.
  useEffect(() => {
    if (canCount) void refetchQueues();
  }, [location.pathname, canCount, refetchQueues]);
  const badges = useMemo(() => menuBadges(features, menu, queues.data ?? []), [features, menu, queues.data]);
  const items: MenuProps['items'] = menu.map((group) => ({
    type: 'group',
    key: group.section,
    label: collapsed ? null : t(SECTION_KEY[group.section]),
    children: group.entries.map((entry) => {
      const Icon = entry.icon;
      return {
        key: entry.path,
        icon: <Icon />,
        label: (
          <Link to={entry.path} className="shell__menu-link">
            <span>{message(entry.title)}</span>
            {badges.get(entry.path) ? (
              <Badge
                count={badges.get(entry.path)}
                size="small"
                overflowCount={99}
                className="shell__badge"
                data-testid={`menu-badge-${entry.path}`}
              />
            ) : null}
          </Link>
        ),
      };
    }),
  }));

  const current = useMemo(
    () => allPages(features).find((page) => matchPath(page.path, location.pathname)),
    [features, location.pathname],
  );
  const section = current?.menu?.section ?? menu.find((g) => g.entries.some((e) => e.path === active))?.section;

  async function signOut() {
    try {
      await api.call(operatorApi.logout, { toast: false });
    } catch {
      // Ended on this side anyway; the server's session expires on its own.
    }
    end('signedOut');
  }

  const operatorMenu: MenuProps = {
    items: [
      {
        key: 'who',
        disabled: true,
        label: (
          <div className="shell__who">
            <div>{operator?.email}</div>
            {session ? (
              <Typography.Text type="secondary" className="shell__who-session">
                {t('sessionUntil', { time: new Date(session.expiresAt).toLocaleTimeString() })}
              </Typography.Text>
            ) : null}
          </div>
        ),
      },
      { type: 'divider' },
      { key: 'signOut', icon: <LogoutOutlined />, label: t('signOut'), onClick: () => void signOut() },
    ],
  };

  return (
    <Layout className="shell">
      <Layout.Sider
        width={232}
        collapsedWidth={64}
        collapsed={collapsed}
        trigger={null}
        className="shell__sider"
        theme="light"
      >
        <Link to="/" className="shell__brand">
          <BrandMark size={28} />
          {collapsed ? null : <span className="shell__brand-name">{t('consoleName')}</span>}
        </Link>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={active ? [active] : []}
          className="shell__menu"
          data-testid="console-menu"
        />
      </Layout.Sider>
      <Layout className="shell__main">
        <Layout.Header className="shell__header">
          <Flex align="center" gap={12}>
            <Button
              type="text"
              aria-label={collapsed ? t('expandMenu') : t('collapseMenu')}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed((value) => !value)}
            />
            <Breadcrumb
              items={[
                ...(section ? [{ title: t(SECTION_KEY[section]) }] : []),
                ...(current ? [{ title: message(current.title) }] : []),
              ]}
            />
          </Flex>
          <Flex align="center" gap={12}>
            <PreferenceSwitches />
            {operator ? (
              <Dropdown menu={operatorMenu} placement="bottomRight" trigger={['click']}>
                <Button type="text" className="shell__operator" data-testid="operator-menu">
                  <Avatar size={28} icon={<UserOutlined />} className="shell__avatar" />
                  <span className="shell__operator-name">{operator.name}</span>
                  <Tag variant="filled" color="gold" className="shell__role" data-testid="operator-role">
                    {t(`role_${operator.role}`)}
                  </Tag>
                </Button>
              </Dropdown>
            ) : null}
          </Flex>
        </Layout.Header>
        <Layout.Content className="shell__content">
          <ConsoleRoutes menu={menu} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
