import { SERVICE_GROUPS, type ServiceGroup } from '../../../lib/feature';
import type { PageProps } from '../../../lib/feature';
import { useServices } from '../../../lib/registry';
import { useSession } from '../../../lib/stores/session';
import { ServiceGrid } from '../components/ServiceGrid';
import { useHomeT } from '../locales';
import '../home.css';

const GROUP_LABEL = {
  trade: 'groupTrade',
  assets: 'groupAssets',
  rewards: 'groupRewards',
  account: 'groupAccount',
  support: 'groupSupport',
  settings: 'groupSettings',
} as const satisfies Record<ServiceGroup, string>;

/** /pages/index/index — every feature that exists, grouped. */
export default function ServicesPage(_props: PageProps) {
  const t = useHomeT();
  const loggedIn = useSession((s) => s.token !== null);
  const services = useServices(loggedIn);
  return (
    <div className="services-page">
      {SERVICE_GROUPS.map((group) => {
        const items = services.filter((s) => s.group === group);
        if (items.length === 0) return null;
        return (
          <section key={group} className="services-page__group card">
            <h2 className="services-page__title">{t(GROUP_LABEL[group])}</h2>
            <ServiceGrid services={items} />
          </section>
        );
      })}
    </div>
  );
}
