import type { RouteData, supportAdminApi } from '@bourse/contract';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { IdentityTag, OnOffTag, OrderStatusTag, SideText, WithdrawalStatusTag } from '../../../components/DomainTags';
import { Num } from '../../../components/Num';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { UserLink } from '../../../components/UserLink';
import { useCommonT } from '../../../lib/locales';
import { useSupportT } from '../locales';

type UserContextData = RouteData<typeof supportAdminApi.conversation>['user'];

/** Who the operator is talking to: contact, verification, protections, freeze, and what they did recently. */
export function UserContext({ user }: { user: UserContextData }) {
  const t = useSupportT();
  const common = useCommonT();
  return (
    <Card title={t('aboutUser')} size="small" className="support-context" data-testid="support-user">
      <Flex vertical gap={16}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { label: common('uid'), children: <UserLink uid={user.uid} testId="support-user-link" /> },
            { label: t('nickname'), children: user.nickname ?? <span className="muted">—</span> },
            { label: t('email'), children: user.email ?? <span className="muted">—</span> },
            { label: t('phone'), children: user.phone ?? <span className="muted">—</span> },
            { label: t('registered'), children: <Time ms={user.createdAt} /> },
            { label: t('identity'), children: <IdentityTag state={user.identity} /> },
            { label: t('twoFactor'), children: <OnOffTag on={user.twoFactor} /> },
            {
              label: t('account'),
              children: user.frozen ? (
                <StatusTag tone="danger">{common('frozen')}</StatusTag>
              ) : (
                <StatusTag tone="success">{t('notFrozen')}</StatusTag>
              ),
            },
          ]}
        />
        <div>
          <Typography.Text strong>{t('recentOrders')}</Typography.Text>
          {user.recentOrders.length === 0 ? (
            <Typography.Text type="secondary" className="support-context__empty">
              {t('noOrders')}
            </Typography.Text>
          ) : (
            <ul className="support-context__list">
              {user.recentOrders.map((order) => (
                <li key={order.id}>
                  <Flex justify="space-between" gap={8}>
                    <span>
                      <strong>{order.symbol}</strong> <SideText side={order.side} />
                    </span>
                    <OrderStatusTag status={order.status} />
                  </Flex>
                  <Flex justify="space-between" gap={8} className="small-text muted">
                    <span>
                      {order.quantity ? <Num value={order.quantity} /> : null}
                      {order.price ? (
                        <>
                          {' @ '}
                          <Num value={order.price} />
                        </>
                      ) : null}
                    </span>
                    <Time ms={order.createdAt} />
                  </Flex>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <Typography.Text strong>{t('recentWithdrawals')}</Typography.Text>
          {user.recentWithdrawals.length === 0 ? (
            <Typography.Text type="secondary" className="support-context__empty">
              {t('noWithdrawals')}
            </Typography.Text>
          ) : (
            <ul className="support-context__list">
              {user.recentWithdrawals.map((withdrawal) => (
                <li key={withdrawal.id}>
                  <Flex justify="space-between" gap={8}>
                    <span>
                      <Num value={withdrawal.amount} suffix={withdrawal.asset} />
                    </span>
                    <WithdrawalStatusTag status={withdrawal.status} />
                  </Flex>
                  <Flex justify="space-between" gap={8} className="small-text muted">
                    <span className="num">#{withdrawal.id}</span>
                    <Time ms={withdrawal.createdAt} />
                  </Flex>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Flex>
    </Card>
  );
}
