/**
 * Who may call a route. Every route of the API declares one of these in its definition; the server decides on the
 * route its router matched, never on the raw URL.
 */

/**
 * What an operator may do. Each operator route names exactly one; a role is a set of them (`ROLE_PERMISSIONS`).
 * The descriptions are shown in the console and in docs/operators.md.
 */
export const PERMISSIONS = {
  session: 'Sign in and out, read their own profile (every operator)',
  'dashboard.read': 'Read the dashboard: counts, volumes, queues, scheduler state',
  'users.read': 'Look up users: balances, orders, sessions, identity, withdrawals',
  'users.manage': 'Freeze or unfreeze an account, reset two-factor (maker-checker)',
  'identity.review': 'Read identity submissions with their documents; approve or reject them',
  'withdrawals.review': 'Read every withdrawal; approve or reject those under review',
  'deposits.manage': 'Chain operations: test deposits, mining, failing a transaction on the simulated chain',
  'assets.manage': 'Coins and networks: fees, minimums, confirmations, suspensions',
  'ledger.read': 'Ledger reports and reconciliation',
  'ledger.adjust': 'Propose and approve balance adjustments (maker-checker)',
  'markets.manage': 'Spot and derivative markets: create, suspend, price bands, fees',
  'products.manage': 'Product switches and settings: options, earn, C2C, copy trading, rewards',
  'content.manage': 'Banners, notices, articles, app versions',
  'support.chat': 'Answer the customer-service chat',
  'c2c.arbitrate': 'C2C: approve merchants, take ads down, read orders and chats, rule appeals (release or return)',
  'chat.moderate': 'Community chat: work the reports, delete messages, mute users, edit the word filter',
  'audit.read': 'Read the operator audit log',
  'operators.manage': 'Create operators, change their roles, disable them',
} as const;
export type Permission = keyof typeof PERMISSIONS;

export const OPERATOR_ROLES = ['admin', 'compliance', 'finance', 'risk', 'content', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const ALL = Object.keys(PERMISSIONS) as Permission[];

/** What each role may do. The admin may do everything; the others only their own desk. */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly Permission[]>> = {
  admin: ALL,
  compliance: ['session', 'dashboard.read', 'users.read', 'identity.review'],
  finance: [
    'session',
    'dashboard.read',
    'users.read',
    'withdrawals.review',
    'deposits.manage',
    'assets.manage',
    'ledger.read',
    'ledger.adjust',
  ],
  risk: [
    'session',
    'dashboard.read',
    'users.read',
    'markets.manage',
    'products.manage',
    'ledger.read',
    'c2c.arbitrate',
  ],
  content: ['session', 'dashboard.read', 'content.manage'],
  support: ['session', 'dashboard.read', 'users.read', 'support.chat', 'c2c.arbitrate', 'chat.moderate'],
};

export function roleMay(role: OperatorRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Anyone, with or without a session. */
export interface PublicAccess {
  readonly kind: 'public';
}
/** A logged-in user (the token in `Authorization`). */
export interface UserAccess {
  readonly kind: 'user';
}
/** A logged-in operator whose role holds the permission. */
export interface OperatorAccess<P extends Permission = Permission> {
  readonly kind: 'operator';
  readonly permission: P;
}
export type Access = PublicAccess | UserAccess | OperatorAccess;

export const PUBLIC: PublicAccess = { kind: 'public' };
export const USER: UserAccess = { kind: 'user' };
export function operator<P extends Permission>(permission: P): OperatorAccess<P> {
  return { kind: 'operator', permission };
}
