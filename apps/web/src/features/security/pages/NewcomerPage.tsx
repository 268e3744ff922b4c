import type { NewcomerReward, NewcomerTaskKey } from '@bourse/contract';
import { Button, ProgressBar } from 'antd-mobile';
import {
  CheckCircleFill,
  CheckShieldOutline,
  DownlandOutline,
  HistogramOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { ListSkeleton, QueryError } from '../../../components/BlockState';
import { useRequestId } from '../../../hooks/useRequestId';
import type { PageProps } from '../../../lib/feature';
import { formatDate } from '../../../lib/format';
import { useProductAvailable } from '../../../lib/products';
import { useRegistry } from '../../../lib/registry';
import { toast } from '../../../lib/toast';
import { useLocale } from '../../../hooks/useLocale';
import { useClaimNewcomer, useNewcomerRewards, useNewcomerTasks } from '../api';
import { useSecurityT } from '../locales';
import { SECURITY_PATHS } from '../paths';
import '../security.css';

/** Where each task is done. Deposit and trade belong to other features: shown only once they are there. */
const TASKS: Record<NewcomerTaskKey, { path: string; icon: ComponentType<{ className?: string }> }> = {
  identity: { path: SECURITY_PATHS.identity, icon: UserContactOutline },
  twoFactor: { path: SECURITY_PATHS.google, icon: CheckShieldOutline },
  deposit: { path: '/pages/usreMei/recharge', icon: DownlandOutline },
  trade: { path: '/pages/trade/trade', icon: HistogramOutline },
};

/** /pages/usreMei/newUsreMei — the first steps of a new account, each done or not from the account's real state. */
export default function NewcomerPage(_props: PageProps) {
  const t = useSecurityT();
  const navigate = useNavigate();
  const { hasRoute } = useRegistry();
  const tasks = useNewcomerTasks();
  const locale = useLocale();
  const rewardsOn = useProductAvailable('rewards');
  const rewards = useNewcomerRewards(rewardsOn);
  const claim = useClaimNewcomer();
  const request = useRequestId();
  const rewardOf = (key: NewcomerTaskKey): NewcomerReward | undefined =>
    rewards.data?.tasks.find((r) => r.task === key && (r.claimed || r.amount !== '0'));

  const claimReward = async (reward: NewcomerReward) => {
    try {
      const paid = await claim.mutateAsync({ task: reward.task, requestId: request.id });
      request.settled();
      toast(t('rewardPaid', { amount: paid.amount, asset: paid.asset }), 'success');
    } catch (e) {
      // The server's message was shown; a retry after a network failure keeps the id (paid once).
      request.settled(e);
    }
  };

  if (tasks.isPending) return <ListSkeleton rows={4} />;
  if (tasks.isError) return <QueryError error={tasks.error} onRetry={() => void tasks.refetch()} />;
  const { done, total } = tasks.data;

  return (
    <div className="sec">
      <section className="sec-welcome">
        <h2 className="sec-welcome__title">{t('newcomerHeading')}</h2>
        <p className="sec-welcome__text">{t('newcomerSub')}</p>
        <ProgressBar className="sec-welcome__bar" percent={(done / total) * 100} />
        <div className="sec-welcome__progress">{t('progress', { done, total })}</div>
        {rewards.data && (
          <div className="sec-welcome__progress" data-testid="newcomer-deadline">
            {t('rewardsUntil', { date: formatDate(rewards.data.deadline, locale, false) })}
          </div>
        )}
      </section>
      <ul className="sec-tasks">
        {tasks.data.tasks.map((task) => {
          const { path, icon: Icon } = TASKS[task.key];
          const reward = rewardOf(task.key);
          return (
            <li key={task.key} className={`sec-task${task.done ? ' sec-task--done' : ''}`} data-task={task.key}>
              <Icon className="sec-task__icon" />
              <div className="sec-task__body">
                <div className="sec-task__title">{t(`task_${task.key}`)}</div>
                <div className="sec-task__text">{t(`task_${task.key}Text`)}</div>
                {reward && (
                  <div className="sec-task__reward num" data-testid={`newcomer-reward-${task.key}`}>
                    {t('taskReward', { amount: reward.amount, asset: reward.asset })}
                  </div>
                )}
              </div>
              {reward?.claimable ? (
                <Button
                  size="small"
                  color="warning"
                  shape="rounded"
                  loading={claim.isPending && claim.variables?.task === task.key}
                  onClick={() => void claimReward(reward)}
                  data-testid={`newcomer-claim-${task.key}`}
                >
                  {t('claim')}
                </Button>
              ) : reward?.claimed ? (
                <span className="sec-task__done">
                  <CheckCircleFill /> {t('claimed')}
                </span>
              ) : task.done ? (
                <span className="sec-task__done">
                  <CheckCircleFill /> {t('done')}
                </span>
              ) : (
                hasRoute(path) && (
                  <Button size="small" color="primary" shape="rounded" onClick={() => void navigate(path)}>
                    {t('go')}
                  </Button>
                )
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
