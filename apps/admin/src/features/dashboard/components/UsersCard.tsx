import { TeamOutlined } from '@ant-design/icons';
import { StatCard } from '../../../components/StatCard';
import { formatCount } from '../../../lib/format';
import { useCan } from '../../../lib/operator';
import { useSettings } from '../../../lib/stores/settings';
import { useDashboardSummary } from '../api';
import { useDashboardT } from '../locales';

/** Users and sign-ups, from the dashboard endpoint (every role may read it); a way to find one for those who may. */
export default function UsersCard() {
  const t = useDashboardT();
  const lang = useSettings((state) => state.lang);
  const query = useDashboardSummary();
  const canFind = useCan('users.read');
  const users = query.data?.users;
  return (
    <StatCard
      testId="card-users"
      icon={<TeamOutlined />}
      title={t('usersTitle')}
      query={query}
      value={users ? formatCount(users.total, lang) : null}
      description={
        users
          ? t('usersSignups', { today: formatCount(users.today, lang), week: formatCount(users.week, lang) })
          : undefined
      }
      link={canFind ? { to: '/users', label: t('findUser') } : undefined}
    />
  );
}
