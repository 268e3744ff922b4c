import { z } from 'zod';
import { DecimalString, PageQuery, paged, Timestamp, wholeNumber } from '../../schemas/common';
import { IdentityState } from '../../schemas/account';
import { LoginSession, RevokedCount, SecurityOverview } from '../../schemas/security';
import { Balances } from '../../schemas/wallet';
import { PagedSpotOrders } from '../../schemas/spot';
import { operator } from '../access';
import { PRODUCTS } from '../products';
import { route } from '../define';

/** A user as operators list them: the full contact details (operators see them), state at a glance. */
export const UserAdminSummary = z.object({
  uid: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  nickname: z.string().nullable(),
  inviteCode: z.string(),
  inviterUid: z.number().int().nullable(),
  status: z.enum(['active', 'disabled']),
  frozen: z.boolean(),
  identity: IdentityState,
  twoFactor: z.boolean(),
  createdAt: Timestamp,
});
export type UserAdminSummary = z.infer<typeof UserAdminSummary>;

export const UserAdminDetail = z.object({
  user: UserAdminSummary,
  frozenAt: Timestamp.nullable(),
  frozenReason: z.string().nullable(),
  security: SecurityOverview,
  sessions: z.array(LoginSession),
  balances: Balances,
});
export type UserAdminDetail = z.infer<typeof UserAdminDetail>;

export const UserSearchQuery = z.object({
  q: z.string().trim().min(1).max(254).describe('a uid or invitation code, or the start of an email or phone number'),
});
export const UidParam = z.object({ uid: wholeNumber({ min: 1, error: 'USER_NOT_FOUND' }) });
export const UidSessionParams = UidParam.extend({ id: wholeNumber({ min: 1, error: 'NOT_FOUND' }) });
export const FreezeBody = z.object({ reason: z.string().trim().min(2).max(200) });
export const UserOrdersQuery = z.object({ open: z.enum(['true', 'false']).default('false'), ...PageQuery.shape });

/** What the operators' dashboard counts. */
/** Money that moved through the chain since the start of the day: how many and their value in USDT now. */
export const DashboardFlow = z.object({
  count: z.number().int(),
  valueUsdt: DecimalString.describe('the priced ones, valued at today’s prices'),
  unpriced: z.array(z.string()).describe('coins moved that have no price (left out of the value)'),
});

/** A trading product since the start of the day, every amount valued in USDT at today's prices. */
export const DashboardProduct = z.object({
  product: z.enum(PRODUCTS),
  trades: z.number().int().describe('trades: fills, settled bets, completed C2C orders'),
  volumeUsdt: DecimalString.describe(
    'what they traded (spot: quote paid; futures: notional; options: stakes; C2C: coins)',
  ),
  feesUsdt: DecimalString.describe('the fees users paid'),
  unpriced: z.array(z.string()).describe('assets traded that have no price (left out of the values)'),
});
export type DashboardProduct = z.infer<typeof DashboardProduct>;

export const Dashboard = z.object({
  at: Timestamp,
  today: z.object({
    since: Timestamp.describe('the start of the day (UTC)'),
    deposits: DashboardFlow.describe('credited deposits'),
    withdrawals: DashboardFlow.describe('withdrawals asked, not rejected, cancelled or failed'),
    products: z.array(DashboardProduct).describe('each trading product that is built, in the products’ order'),
    feesUsdt: DecimalString.describe('the fees users paid on every product together (the exchange’s fee revenue)'),
  }),
  scheduler: z.object({
    jobs: z.number().int(),
    failing: z.number().int().describe('jobs retrying a failed slot'),
    maxLagMs: z.number().int().describe('the most behind job’s lag'),
  }),
  users: z.object({ total: z.number().int(), today: z.number().int(), week: z.number().int() }),
  queues: z.array(
    z.object({
      key: z.string().describe('e.g. identity, withdrawals, approvals, support'),
      pending: z.number().int(),
      permission: z.string().describe('the permission that works this queue'),
    }),
  ),
  reconciliation: z
    .object({ ok: z.boolean(), checkedAt: Timestamp, problems: z.number().int() })
    .nullable()
    .describe('the last reconciliation report, null before the first'),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const PendingQueues = z.array(z.object({ key: z.string(), pending: z.number().int() }));
export type PendingQueues = z.infer<typeof PendingQueues>;

const tags = ['operator: users'];

/** The operators' view of users, and the dashboard. */
export const backofficeApi = {
  dashboard: route({
    method: 'GET',
    path: '/admin/api/dashboard',
    access: operator('dashboard.read'),
    tags: ['operator: dashboard'],
    summary: 'Users and sign-ups, pending queues, the last reconciliation',
    data: Dashboard,
  }),
  queues: route({
    method: 'GET',
    path: '/admin/api/queues',
    access: operator('dashboard.read'),
    tags: ['operator: dashboard'],
    summary: 'How many wait in each review queue the calling operator’s role works (the console’s menu badges)',
    data: PendingQueues,
  }),
  users: route({
    method: 'GET',
    path: '/admin/api/users',
    access: operator('users.read'),
    tags,
    summary: 'Find users by uid, invitation code, or the start of an email or phone number (at most 50)',
    query: UserSearchQuery,
    data: z.array(UserAdminSummary),
  }),
  user: route({
    method: 'GET',
    path: '/admin/api/users/:uid',
    access: operator('users.read'),
    tags,
    summary: 'One user: profile, security state, sessions and devices, balances of every wallet',
    params: UidParam,
    data: UserAdminDetail,
  }),
  userOrders: route({
    method: 'GET',
    path: '/admin/api/users/:uid/orders',
    access: operator('users.read'),
    tags,
    summary: 'A user’s spot orders: open ones, or the history of the last 3 months',
    params: UidParam,
    query: UserOrdersQuery,
    data: PagedSpotOrders,
  }),
  freeze: route({
    method: 'POST',
    path: '/admin/api/users/:uid/freeze',
    access: operator('users.manage'),
    tags,
    summary: 'Freeze an account: it can sign in and see, but every money-moving call is refused',
    params: UidParam,
    body: FreezeBody,
    data: UserAdminSummary,
  }),
  unfreeze: route({
    method: 'POST',
    path: '/admin/api/users/:uid/unfreeze',
    access: operator('users.manage'),
    tags,
    summary: 'Unfreeze an account',
    params: UidParam,
    data: UserAdminSummary,
  }),
  revokeSessions: route({
    method: 'POST',
    path: '/admin/api/users/:uid/sessions/revoke',
    access: operator('users.manage'),
    tags,
    summary: 'Sign a user out everywhere: every login session of theirs ends',
    params: UidParam,
    data: RevokedCount,
  }),
  revokeSession: route({
    method: 'POST',
    path: '/admin/api/users/:uid/sessions/:id/revoke',
    access: operator('users.manage'),
    tags,
    summary: 'Sign a user out of one device: that login session ends, the others stay',
    params: UidSessionParams,
    data: RevokedCount,
  }),
} as const;

export const PagedUserSummaries = paged(UserAdminSummary);
