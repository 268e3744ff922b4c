import { ScheduleOutlined } from '@ant-design/icons';
import { StatCard } from '../../../components/StatCard';
import { useSchedulerJobs } from '../api';
import { troubledJobs } from '../jobs';
import { useSchedulerT } from '../locales';

/** The scheduler at a glance: are the time-driven rules up to date, and the way to the jobs. */
export default function SchedulerCard() {
  const t = useSchedulerT();
  const query = useSchedulerJobs();
  const data = query.data;
  const { failing, lagging } = troubledJobs(data?.jobs ?? []);
  const troubled = failing + lagging;
  return (
    <StatCard
      testId="card-scheduler"
      icon={<ScheduleOutlined />}
      title={t('cardTitle')}
      query={query}
      value={
        data
          ? !data.running
            ? t('stopped')
            : troubled > 0
              ? t('cardProblems', { count: troubled })
              : t('cardOk')
          : null
      }
      tone={!data ? 'neutral' : failing > 0 || !data.running ? 'danger' : lagging > 0 ? 'attention' : 'success'}
      description={data ? t('cardJobs', { count: data.jobs.length }) : undefined}
      link={{ to: '/system/scheduler', label: t('openScheduler') }}
    />
  );
}
