import { z } from 'zod';
import { LoginPassword, TotpCode } from '../../schemas/account';
import { EmptyData, err, PageQuery, paged, Timestamp, wholeNumber } from '../../schemas/common';
import { OPERATOR_ROLES, operator, PERMISSIONS, PUBLIC } from '../access';
import { route } from '../define';

export const OperatorRoleName = z.enum(OPERATOR_ROLES);

export const OperatorProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: OperatorRoleName,
  /** What this operator's role may do: the console shows only these. */
  permissions: z.array(z.enum(Object.keys(PERMISSIONS) as [keyof typeof PERMISSIONS])),
});
export type OperatorProfile = z.infer<typeof OperatorProfile>;

export const OperatorLoginBody = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().min(1).max(128),
  /** The authenticator's code, once two-factor is on (every operator has it after the first sign-in). */
  totp: z.string().trim().max(6).optional(),
});
/** An operator changes their own password: the current one and an authenticator code prove it is them. */
export const ChangeOperatorPasswordBody = z.object({
  currentPassword: z.string(err('WRONG_OLD_PASSWORD')).min(1, err('WRONG_OLD_PASSWORD')).max(128),
  newPassword: LoginPassword,
  code: TotpCode,
});

export const OperatorLoginResult = z.object({
  token: z.string(),
  expiresAt: Timestamp,
  operator: OperatorProfile,
  /**
   * 'on': a full session. 'setup': the first sign-in — the session may only set up two-factor
   * (twoFactor/setup, twoFactor/enable), which makes it whole.
   */
  twoFactor: z.enum(['on', 'setup']),
});

export const OperatorTwoFactorSetup = z.object({
  secret: z.string().describe('Base32 secret for the authenticator app'),
  otpauthUrl: z.string(),
});
export const OperatorTwoFactorEnableBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

export const OperatorSummary = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: OperatorRoleName,
  status: z.enum(['active', 'disabled']),
  twoFactor: z.boolean(),
  createdAt: Timestamp,
  lastLoginAt: Timestamp.nullable(),
});
export type OperatorSummary = z.infer<typeof OperatorSummary>;
export const CreateOperatorBody = z.object({
  email: z.email().trim().toLowerCase().max(254),
  name: z.string().trim().min(1).max(60),
  role: OperatorRoleName,
});
/** A new operator or a reset password: shown this once, stored only as its hash. */
export const OperatorWithPassword = z.object({ operator: OperatorSummary, password: z.string() });
export const UpdateOperatorBody = z.object({
  name: z.string().trim().min(1).max(60).optional(),
  role: OperatorRoleName.optional(),
  status: z.enum(['active', 'disabled']).optional(),
});
export const OperatorIdParam = z.object({ id: wholeNumber({ min: 1, error: 'NOT_FOUND' }) });

export const AuditQuery = z.object({
  operatorId: wholeNumber({ min: 1 }).optional(),
  /** Rows whose route starts with this, e.g. `POST /admin/api/wallet`. */
  route: z.string().trim().max(200).optional(),
  target: z.string().trim().max(200).optional(),
  outcome: z.enum(['done', 'refused']).optional(),
  ...PageQuery.shape,
});
export const AuditEntry = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  operatorEmail: z.string(),
  role: OperatorRoleName,
  route: z.string(),
  target: z.string().nullable(),
  change: z.unknown().describe('the request as sent, secrets masked'),
  result: z.unknown().describe('what the action produced: a new id, the state after, what was deleted'),
  ip: z.string().nullable(),
  outcome: z.enum(['done', 'refused']),
  createdAt: Timestamp,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const tags = ['operator'];

/** Operator sessions and the audit log. */
export const operatorApi = {
  login: route({
    method: 'POST',
    path: '/admin/api/login',
    access: PUBLIC,
    tags,
    summary: 'Operator login (separate from user accounts)',
    body: OperatorLoginBody,
    data: OperatorLoginResult,
  }),
  logout: route({
    method: 'POST',
    path: '/admin/api/logout',
    access: operator('session'),
    tags,
    summary: 'Operator logout',
    data: EmptyData,
  }),
  me: route({
    method: 'GET',
    path: '/admin/api/me',
    access: operator('session'),
    tags,
    summary: 'The logged-in operator and what their role may do',
    data: OperatorProfile,
  }),
  changePassword: route({
    method: 'POST',
    path: '/admin/api/me/password',
    access: operator('session'),
    tags,
    summary: 'Change one’s own password (the current password and an authenticator code); one’s other sessions end',
    body: ChangeOperatorPasswordBody,
    data: EmptyData,
  }),
  twoFactorSetup: route({
    method: 'POST',
    path: '/admin/api/twoFactor/setup',
    access: operator('session'),
    tags,
    summary: 'First sign-in: a new authenticator secret for this operator (two-factor is required for every operator)',
    data: OperatorTwoFactorSetup,
  }),
  twoFactorEnable: route({
    method: 'POST',
    path: '/admin/api/twoFactor/enable',
    access: operator('session'),
    tags,
    summary: 'Turn two-factor on with a code from the authenticator; the setup session becomes a full one',
    body: OperatorTwoFactorEnableBody,
    data: OperatorProfile,
  }),
  operators: route({
    method: 'GET',
    path: '/admin/api/operators',
    access: operator('operators.manage'),
    tags,
    summary: 'Every operator: role, status, two-factor, last sign-in',
    data: z.array(OperatorSummary),
  }),
  createOperator: route({
    method: 'POST',
    path: '/admin/api/operators',
    access: operator('operators.manage'),
    tags,
    summary: 'Create an operator with a role; the password is generated and shown once',
    body: CreateOperatorBody,
    data: OperatorWithPassword,
  }),
  updateOperator: route({
    method: 'POST',
    path: '/admin/api/operators/:id/update',
    access: operator('operators.manage'),
    tags,
    summary: 'Change an operator’s name, role or status (not one’s own role or status; one active admin remains)',
    params: OperatorIdParam,
    body: UpdateOperatorBody,
    data: OperatorSummary,
  }),
  resetOperatorPassword: route({
    method: 'POST',
    path: '/admin/api/operators/:id/resetPassword',
    access: operator('operators.manage'),
    tags,
    summary: 'A new generated password for an operator (shown once); their sessions end',
    params: OperatorIdParam,
    data: OperatorWithPassword,
  }),
  resetOperatorTwoFactor: route({
    method: 'POST',
    path: '/admin/api/operators/:id/resetTwoFactor',
    access: operator('operators.manage'),
    tags,
    summary: 'Clear an operator’s two-factor (they set it up again at the next sign-in); their sessions end',
    params: OperatorIdParam,
    data: OperatorSummary,
  }),
  audit: route({
    method: 'GET',
    path: '/admin/api/audit',
    access: operator('audit.read'),
    tags,
    summary: 'The operator audit log, newest first: who, role, route, target, change, address, time, outcome',
    query: AuditQuery,
    data: paged(AuditEntry),
  }),
} as const;
