import type { WithdrawalRisk } from '@bourse/contract';
import { Alert, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { Num } from '../../../components/Num';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { useWithdrawalRisk } from '../api';
import { useWithdrawalsT } from '../locales';

function Evidence({ risk }: { risk: WithdrawalRisk }) {
  const t = useWithdrawalsT();
  return (
    <>
      {risk.hints.length > 0 ? (
        <Flex gap={6} wrap className="risk-hints" data-testid="risk-hints">
          {risk.hints.map((hint) => (
            <StatusTag key={hint} tone="attention">
              <span data-testid={`risk-hint-${hint}`}>{t(`hint_${hint}`)}</span>
            </StatusTag>
          ))}
        </Flex>
      ) : (
        <Alert type="success" showIcon title={t('noHints')} data-testid="risk-no-hints" />
      )}
      <Descriptions
        column={1}
        bordered
        size="small"
        data-testid="withdrawal-risk"
        items={[
          {
            label: t('accountAge'),
            children: (
              <span data-testid="risk-age">
                {t('days', { count: risk.accountAgeDays })}{' '}
                <Typography.Text type="secondary">
                  (<Time ms={risk.accountCreatedAt} />)
                </Typography.Text>
              </span>
            ),
          },
          {
            label: t('valueUsdt'),
            children: risk.valueUsdt === null ? t('unpriced') : <Num value={risk.valueUsdt} suffix="USDT" />,
          },
          {
            label: t('recentDeposits', { days: risk.windowDays }),
            children:
              risk.deposits.recent.length === 0 ? (
                t('none')
              ) : (
                <Flex vertical data-testid="risk-deposits">
                  {risk.deposits.recent.map((d) => (
                    <span key={d.asset}>
                      {t('depositLine', { count: d.count })} · <Num value={d.amount} suffix={d.asset} />
                    </span>
                  ))}
                </Flex>
              ),
          },
          {
            label: t('depositsEver'),
            children: (
              <span>
                <span className="num">{risk.deposits.ever}</span>
                {risk.deposits.lastAt ? (
                  <Typography.Text type="secondary">
                    {' '}
                    · {t('lastDeposit')} <Time ms={risk.deposits.lastAt} />
                  </Typography.Text>
                ) : null}
              </span>
            ),
          },
          {
            label: t('spotTrades', { days: risk.windowDays }),
            children: (
              <span className="num" data-testid="risk-trades">
                {risk.spotTrades}
              </span>
            ),
          },
          {
            label: t('addressOwn'),
            children: (
              <span data-testid="risk-address-own">
                <span className="num">{risk.address.ownWithdrawals}</span>
                {risk.address.ownFirstAt ? (
                  <Typography.Text type="secondary">
                    {' '}
                    · {t('since')} <Time ms={risk.address.ownFirstAt} />
                  </Typography.Text>
                ) : null}
              </span>
            ),
          },
          {
            label: t('addressOthers'),
            children: (
              <span className="num" data-testid="risk-address-others">
                {risk.address.otherUsers}
              </span>
            ),
          },
        ]}
      />
    </>
  );
}

/** The review's evidence: hints first, then the figures they come from. */
export function RiskPanel({ id }: { id: number }) {
  const t = useWithdrawalsT();
  const query = useWithdrawalRisk(id);
  return (
    <section className="risk-panel" aria-label={t('evidence')}>
      <Typography.Title level={5}>{t('evidence')}</Typography.Title>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? <Evidence risk={query.data} /> : query.isPending ? <Skeleton active /> : null}
    </section>
  );
}
