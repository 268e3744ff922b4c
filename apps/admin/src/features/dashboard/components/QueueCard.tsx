import { InboxOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { StatCard } from '../../../components/StatCard';
import { useMessage } from '../../../lib/i18n';
import type { QueueCardModel } from '../../../lib/menu';
import { useDashboardT } from '../locales';

/** One review queue the operator works: how many wait, and the way to the queue. */
export function QueueCard({
  model,
  query,
}: {
  model: QueueCardModel;
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>;
}) {
  const t = useDashboardT();
  const message = useMessage();
  const Icon = model.queue?.icon ?? InboxOutlined;
  return (
    <StatCard
      testId={`card-queue-${model.key}`}
      icon={<Icon />}
      title={model.queue ? message(model.queue.title) : t('queueUnknown', { key: model.key })}
      query={query}
      value={model.pending}
      tone={model.pending > 0 ? 'attention' : 'success'}
      description={model.pending > 0 ? t('queueWaiting') : t('queueClear')}
      link={model.queue ? { to: model.queue.path, label: t('openQueue') } : undefined}
    />
  );
}
