import { z } from 'zod';
import { EmptyData, IdParam, paged } from '../../schemas/common';
import {
  AdminIdentityDetail,
  AdminIdentitySummary,
  IdentityInfo,
  IdentityListQuery,
  IdentityPhotoParam,
  IdentityRejectBody,
  LoginSession,
  NewcomerTasks,
  RevokedCount,
  RevokeSessionBody,
  SecurityOverview,
  TwoFactorConfirmBody,
  DecideTwoFactorResetBody,
  ProposeTwoFactorResetBody,
  TwoFactorReset,
  TwoFactorResetIdParam,
  TwoFactorResetQuery,
  TwoFactorResetUidParam,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../schemas/security';
import { operator, USER } from '../access';
import { route } from '../define';

const tags = ['security'];

/** The security centre: two-factor, identity verification, login devices, the newcomer tasks. */
export const securityApi = {
  overview: route({
    method: 'GET',
    path: '/mapi/security/overview',
    access: USER,
    tags,
    summary: 'The security centre: every protection of the account and its state',
    data: SecurityOverview,
  }),

  // ---- Two-factor ----

  twoFactor: route({
    method: 'GET',
    path: '/mapi/security/twoFactor',
    access: USER,
    tags,
    summary: 'Whether two-factor is on',
    data: TwoFactorStatus,
  }),
  twoFactorSetup: route({
    method: 'POST',
    path: '/mapi/security/twoFactor/setup',
    access: USER,
    tags,
    summary: 'A two-factor key to scan (the same one again for 30 minutes until confirmed)',
    data: TwoFactorSetup,
  }),
  twoFactorEnable: route({
    method: 'POST',
    path: '/mapi/security/twoFactor/enable',
    access: USER,
    tags,
    summary: 'Turn two-factor on with a current code from the new key and the login password',
    body: TwoFactorConfirmBody,
    data: TwoFactorStatus,
  }),
  twoFactorClose: route({
    method: 'POST',
    path: '/mapi/security/twoFactor/close',
    access: USER,
    tags,
    summary: 'Turn two-factor off with a current code and the login password',
    body: TwoFactorConfirmBody,
    data: TwoFactorStatus,
  }),

  // ---- Identity ----

  identity: route({
    method: 'GET',
    path: '/mapi/security/identity',
    access: USER,
    tags,
    summary: 'The user’s identity verification: state, document (number masked), rejection reason',
    data: IdentityInfo,
  }),
  identitySubmit: route({
    method: 'POST',
    path: '/mapi/security/identity/submit',
    access: USER,
    tags,
    summary:
      'Submit identity verification as multipart/form-data: fields type (id_card|passport), familyName, givenName, number; files front, back (ID card only) and hand — JPEG, PNG or WebP, at most 5 MB each',
    multipart: true,
    data: IdentityInfo,
  }),
  identityPhoto: route({
    method: 'GET',
    path: '/mapi/security/identity/photo/:side',
    access: USER,
    tags,
    summary: 'One photo of the user’s own current submission (image bytes, never cached)',
    params: IdentityPhotoParam,
  }),

  // ---- Login devices ----

  sessions: route({
    method: 'GET',
    path: '/mapi/security/sessions',
    access: USER,
    tags,
    summary: 'The user’s live login sessions, most recently used first; `current` marks this one',
    data: z.array(LoginSession),
  }),
  revokeSession: route({
    method: 'POST',
    path: '/mapi/security/sessions/revoke',
    access: USER,
    tags,
    summary: 'Sign out one of the user’s sessions (its live channel gets code 400)',
    body: RevokeSessionBody,
    data: EmptyData,
  }),
  revokeOtherSessions: route({
    method: 'POST',
    path: '/mapi/security/sessions/revokeOthers',
    access: USER,
    tags,
    summary: 'Sign out every session except this one',
    data: RevokedCount,
  }),

  // ---- Newcomer centre ----

  newcomer: route({
    method: 'GET',
    path: '/mapi/security/newcomer',
    access: USER,
    tags,
    summary: 'Newcomer tasks (verify identity, enable two-factor, first deposit, first trade) and whether each is done',
    data: NewcomerTasks,
  }),
} as const;

const adminTags = ['operator: identity'];

/** The operator's side: identity reviews. */
export const securityAdminApi = {
  identities: route({
    method: 'GET',
    path: '/admin/api/identity/list',
    access: operator('identity.review'),
    tags: adminTags,
    summary: 'Identity submissions, newest first; filter by status and uid',
    query: IdentityListQuery,
    data: paged(AdminIdentitySummary),
  }),
  identity: route({
    method: 'GET',
    path: '/admin/api/identity/:id',
    access: operator('identity.review'),
    tags: adminTags,
    summary: 'One submission in full: names, number, account, photo URLs, the user’s earlier submissions',
    params: IdParam,
    data: AdminIdentityDetail,
  }),
  identityPhoto: route({
    method: 'GET',
    path: '/admin/api/identity/:id/photo/:side',
    access: operator('identity.review'),
    tags: adminTags,
    summary: 'One photo of a submission (image bytes)',
    params: IdParam.extend(IdentityPhotoParam.shape),
  }),
  approveIdentity: route({
    method: 'POST',
    path: '/admin/api/identity/:id/approve',
    access: operator('identity.review'),
    tags: adminTags,
    summary: 'Approve a pending submission: the user becomes verified (audited)',
    params: IdParam,
    data: AdminIdentityDetail,
  }),
  rejectIdentity: route({
    method: 'POST',
    path: '/admin/api/identity/:id/reject',
    access: operator('identity.review'),
    tags: adminTags,
    summary: 'Reject a pending submission with a reason the user sees (audited)',
    params: IdParam,
    body: IdentityRejectBody,
    data: AdminIdentityDetail,
  }),
  twoFactorResets: route({
    method: 'GET',
    path: '/admin/api/two-factor-resets',
    access: operator('users.read'),
    tags: adminTags,
    summary: 'Proposals to reset a user’s two-factor, newest first; filter by status and uid',
    query: TwoFactorResetQuery,
    data: paged(TwoFactorReset),
  }),
  proposeTwoFactorReset: route({
    method: 'POST',
    path: '/admin/api/users/:uid/two-factor-reset',
    access: operator('users.manage'),
    tags: adminTags,
    summary: 'Propose switching a user’s two-factor off (with a reason); a different operator approves or rejects',
    params: TwoFactorResetUidParam,
    body: ProposeTwoFactorResetBody,
    data: TwoFactorReset,
  }),
  approveTwoFactorReset: route({
    method: 'POST',
    path: '/admin/api/two-factor-resets/:id/approve',
    access: operator('users.manage'),
    tags: adminTags,
    summary:
      'Approve another operator’s proposal: two-factor goes off, the user’s sessions end, withdrawals wait 24 hours',
    params: TwoFactorResetIdParam,
    body: DecideTwoFactorResetBody,
    data: TwoFactorReset,
  }),
  rejectTwoFactorReset: route({
    method: 'POST',
    path: '/admin/api/two-factor-resets/:id/reject',
    access: operator('users.manage'),
    tags: adminTags,
    summary: 'Reject another operator’s proposal to reset two-factor',
    params: TwoFactorResetIdParam,
    body: DecideTwoFactorResetBody,
    data: TwoFactorReset,
  }),
} as const;
