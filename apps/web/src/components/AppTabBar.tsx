import { TabBar } from 'antd-mobile';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { TabKey } from '../lib/feature';
import { useMessage } from '../lib/i18n';
import { useRegistry } from '../lib/registry';
import { TABS } from '../lib/tabs';

/** The bottom bar; a tab appears only when a feature registered its route. */
export function AppTabBar({ active }: { active: TabKey }) {
  const navigate = useNavigate();
  const message = useMessage();
  const { routes } = useRegistry();
  const tabs = useMemo(
    () =>
      TABS.flatMap((tab) => {
        const route = routes.find((r) => r.tab === tab.key);
        return route ? [{ ...tab, path: route.path }] : [];
      }),
    [routes],
  );
  return (
    <div className="app-tabbar">
      <TabBar
        activeKey={active}
        safeArea
        onChange={(key) => {
          const tab = tabs.find((t) => t.key === key);
          if (tab && key !== active) void navigate(tab.path, { replace: true });
        }}
      >
        {tabs.map((tab) => (
          <TabBar.Item key={tab.key} icon={<tab.icon />} title={message(tab.label)} />
        ))}
      </TabBar>
    </div>
  );
}
