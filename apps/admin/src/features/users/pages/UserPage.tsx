import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import type { UserAdminDetail } from '@bourse/contract';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Skeleton, Tabs, Typography } from 'antd';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { IdentityTag, OnOffTag } from '../../../components/DomainTags';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { userPath } from '../../../components/UserLink';
import { useCommonT } from '../../../lib/locales';
import { useCan } from '../../../lib/operator';
import { useUser } from '../api';
import { BalancesTab } from '../components/BalancesTab';
import { DepositsTab } from '../components/DepositsTab';
import { FreezeActions } from '../components/FreezeActions';
import { RevokeSessions } from '../components/RevokeSessions';
import { TwoFactorResetCard } from '../components/TwoFactorResetCard';
import { IdentityTab } from '../components/IdentityTab';
import { OrdersTab } from '../components/OrdersTab';
import { SessionsTab } from '../components/SessionsTab';
import { WithdrawalsTab } from '../components/WithdrawalsTab';
import { useUsersT } from '../locales';

function Profile({ detail }: { detail: UserAdminDetail }) {
  const t = useUsersT();
  const common = useCommonT();
  const { user } = detail;
  return (
    <Card title={t('profile')} className="full-height">
      <Descriptions
        column={1}
        size="small"
        data-testid="user-profile"
        items={[
          { label: common('uid'), children: <span className="num">{user.uid}</span> },
          {
            label: t('email'),
            children: user.email ? (
              <Typography.Text copyable>{user.email}</Typography.Text>
            ) : (
              <span className="muted">—</span>
            ),
          },
          {
            label: t('phone'),
            children: user.phone ? (
              <Typography.Text copyable>{user.phone}</Typography.Text>
            ) : (
              <span className="muted">—</span>
            ),
          },
          { label: t('nickname'), children: user.nickname ?? <span className="muted">—</span> },
          { label: t('inviteCode'), children: <span className="mono">{user.inviteCode}</span> },
          {
            label: t('invitedBy'),
            children: user.inviterUid ? (
              <Link to={userPath(user.inviterUid)} className="num">
                {user.inviterUid}
              </Link>
            ) : (
              <span className="muted">—</span>
            ),
          },
          { label: t('registered'), children: <Time ms={user.createdAt} /> },
          {
            label: t('accountStatus'),
            children:
              user.status === 'active' ? (
                <StatusTag tone="success">{common('active')}</StatusTag>
              ) : (
                <StatusTag tone="danger">{common('disabled')}</StatusTag>
              ),
          },
        ]}
      />
    </Card>
  );
}

function Security({ detail }: { detail: UserAdminDetail }) {
  const t = useUsersT();
  const common = useCommonT();
  const { user, security } = detail;
  const locked = security.withdrawLockedUntil !== null && security.withdrawLockedUntil > Date.now();
  return (
    <Card title={t('stateTitle')} className="full-height">
      <Descriptions
        column={1}
        size="small"
        data-testid="user-state"
        items={[
          {
            label: t('freezeState'),
            children: user.frozen ? (
              <Flex vertical gap={2}>
                <Flex gap={8} align="center" wrap>
                  <StatusTag tone="danger">{common('frozen')}</StatusTag>
                  {detail.frozenAt ? (
                    <Typography.Text type="secondary">
                      {t('since')} <Time ms={detail.frozenAt} />
                    </Typography.Text>
                  ) : null}
                </Flex>
                {detail.frozenReason ? <span data-testid="user-frozen-reason">{detail.frozenReason}</span> : null}
              </Flex>
            ) : (
              <StatusTag tone="success">{t('notFrozen')}</StatusTag>
            ),
          },
          { label: t('identity'), children: <IdentityTag state={security.identity} /> },
          { label: t('twoFactor'), children: <OnOffTag on={security.twoFactor} /> },
          { label: t('fundPassword'), children: <OnOffTag on={security.fundPassword} /> },
          {
            label: t('withdrawLock'),
            children: locked ? (
              <Flex vertical gap={2}>
                <Flex gap={8} align="center" wrap>
                  <StatusTag tone="attention">{t('lockedUntil')}</StatusTag>
                  <Time ms={security.withdrawLockedUntil} />
                </Flex>
                {security.withdrawLockReason ? (
                  <Typography.Text type="secondary">{t(`lock_${security.withdrawLockReason}`)}</Typography.Text>
                ) : null}
              </Flex>
            ) : (
              <StatusTag tone="success">{t('notLocked')}</StatusTag>
            ),
          },
          { label: t('passwordChanged'), children: <Time ms={security.loginPasswordChangedAt} /> },
          { label: t('activeSessions'), children: <span className="num">{security.activeSessions}</span> },
        ]}
      />
    </Card>
  );
}

const TABS = ['balances', 'orders', 'deposits', 'withdrawals', 'identity', 'sessions'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

/** One user, as every desk needs them: contact details, state, money, orders, withdrawals, identity, devices. */
export default function UserPage() {
  const t = useUsersT();
  const uid = Number(useParams().uid);
  const query = useUser(uid);
  const detail = query.data;
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const canWithdrawals = useCan('withdrawals.review');
  const canIdentity = useCan('identity.review');
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'balances';

  const items = detail
    ? [
        { key: 'balances', label: t('tabBalances'), children: <BalancesTab balances={detail.balances} /> },
        { key: 'orders', label: t('tabOrders'), children: <OrdersTab uid={uid} /> },
        { key: 'deposits', label: t('tabDeposits'), children: <DepositsTab uid={uid} /> },
        ...(canWithdrawals
          ? [{ key: 'withdrawals', label: t('tabWithdrawals'), children: <WithdrawalsTab uid={uid} /> }]
          : []),
        ...(canIdentity ? [{ key: 'identity', label: t('tabIdentity'), children: <IdentityTab uid={uid} /> }] : []),
        {
          key: 'sessions',
          label: t('tabSessions', { count: detail.sessions.length }),
          children: <SessionsTab uid={uid} sessions={detail.sessions} />,
        },
      ]
    : [];

  const activeKey = items.some((item) => item.key === tab) ? tab : 'balances';

  return (
    <>
      {/* Back where the operator came from (a queue, a search, a conversation); the search when opened directly. */}
      {location.key !== 'default' ? (
        <Button type="link" className="back-link back-link--button" onClick={() => void navigate(-1)}>
          <ArrowLeftOutlined /> {t('back')}
        </Button>
      ) : (
        <Link to="/users" className="back-link">
          <ArrowLeftOutlined /> {t('backToSearch')}
        </Link>
      )}
      <PageHeader
        title={
          <Flex align="center" gap={12} wrap>
            {t('userTitle', { uid })}
            {detail?.user.nickname ? (
              <Typography.Text type="secondary" className="page-header__aside">
                {detail.user.nickname}
              </Typography.Text>
            ) : null}
            {detail?.user.frozen ? <StatusTag tone="danger">{t('frozenTag')}</StatusTag> : null}
          </Flex>
        }
        documentTitle={t('userTitle', { uid })}
        extra={
          <>
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('refresh')}
            </Button>
            {detail ? <RevokeSessions uid={uid} /> : null}
            {detail ? <FreezeActions user={detail.user} /> : null}
          </>
        }
      />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending && !query.isError ? <Skeleton active paragraph={{ rows: 10 }} /> : null}
      {detail ? (
        <Flex vertical gap={20}>
          {detail.user.frozen ? (
            <Alert
              type="error"
              showIcon
              data-testid="user-frozen-alert"
              title={
                detail.frozenAt ? (
                  <span>
                    {t('frozenSince')} <Time ms={detail.frozenAt} />
                  </span>
                ) : (
                  t('frozenTag')
                )
              }
              description={
                <>
                  {detail.frozenReason ? <div>{t('frozenReason', { reason: detail.frozenReason })}</div> : null}
                  <div>{t('frozenMeaning')}</div>
                </>
              }
            />
          ) : null}
          <Row gutter={[20, 20]}>
            <Col xs={24} xl={12}>
              <Profile detail={detail} />
            </Col>
            <Col xs={24} xl={12}>
              <Security detail={detail} />
            </Col>
          </Row>
          <TwoFactorResetCard uid={uid} twoFactor={detail.user.twoFactor} />
          <Card>
            <Tabs
              activeKey={activeKey}
              onChange={(key) =>
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    next.set('tab', key);
                    return next;
                  },
                  { replace: true },
                )
              }
              items={items}
              data-testid="user-tabs"
            />
          </Card>
        </Flex>
      ) : null}
    </>
  );
}
