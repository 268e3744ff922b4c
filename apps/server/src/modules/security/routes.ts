import {
  AdminIdentityDetail,
  AdminIdentitySummary,
  EmptyData,
  envelope,
  IDENTITY_PHOTO_MAX_BYTES,
  IDENTITY_PHOTO_SIDES,
  IdentityInfo,
  IdentityListQuery,
  IdentityPhotoParam,
  IdentityRejectBody,
  IdParam,
  LoginSession,
  NewcomerTasks,
  paged,
  RevokedCount,
  RevokeSessionBody,
  SecurityOverview,
  TwoFactorConfirmBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@bourse/contract';
import { z } from 'zod';
import type { AppContext, Router } from '../../app-context';
import { ok } from '../../http/envelope';
import { operatorOf, userOf } from '../../http/types';
import { readImageForm, sendImage } from '../../lib/uploads';

export function securityRoutes(app: Router, ctx: AppContext): void {
  const { security } = ctx;
  const tags = ['security'];

  app.get(
    '/mapi/security/overview',
    {
      schema: {
        tags,
        summary: 'The security centre: every protection of the account and its state',
        response: { 200: envelope(SecurityOverview) },
      },
    },
    async (request) => ok(security.overview(userOf(request).uid)),
  );

  // ---- Two-factor ----

  app.get(
    '/mapi/security/twoFactor',
    { schema: { tags, summary: 'Whether two-factor is on', response: { 200: envelope(TwoFactorStatus) } } },
    async (request) => ok(security.twoFactor.status(userOf(request).uid)),
  );

  app.post(
    '/mapi/security/twoFactor/setup',
    {
      schema: {
        tags,
        summary: 'A two-factor key to scan (the same one again for 30 minutes until confirmed)',
        response: { 200: envelope(TwoFactorSetup) },
      },
    },
    async (request) => ok(security.twoFactor.setup(userOf(request).uid)),
  );

  app.post(
    '/mapi/security/twoFactor/enable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor on with a current code from the new key and the login password',
        body: TwoFactorConfirmBody,
        response: { 200: envelope(TwoFactorStatus) },
      },
    },
    async (request) => {
      const { uid } = userOf(request);
      await security.twoFactor.enable(uid, request.body.code, request.body.password);
      return ok(security.twoFactor.status(uid));
    },
  );

  app.post(
    '/mapi/security/twoFactor/close',
    {
      schema: {
        tags,
        summary: 'Turn two-factor off with a current code and the login password',
        body: TwoFactorConfirmBody,
        response: { 200: envelope(TwoFactorStatus) },
      },
    },
    async (request) => {
      const { uid } = userOf(request);
      await security.twoFactor.disable(uid, request.body.code, request.body.password);
      return ok(security.twoFactor.status(uid));
    },
  );

  // ---- Identity ----

  app.get(
    '/mapi/security/identity',
    {
      schema: {
        tags,
        summary: 'The user’s identity verification: state, document (number masked), rejection reason',
        response: { 200: envelope(IdentityInfo) },
      },
    },
    async (request) => ok(security.identity.info(userOf(request).uid)),
  );

  app.post(
    '/mapi/security/identity/submit',
    {
      schema: {
        tags,
        summary:
          'Submit identity verification as multipart/form-data: fields type (id_card|passport), familyName, givenName, number; files front, back (ID card only) and hand — JPEG, PNG or WebP, at most 5 MB each',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(IdentityInfo) },
      },
    },
    async (request) => {
      const { uid } = userOf(request);
      const form = await readImageForm(request, {
        maxFileBytes: IDENTITY_PHOTO_MAX_BYTES,
        fileFields: IDENTITY_PHOTO_SIDES,
        textFields: ['type', 'familyName', 'givenName', 'number'],
      });
      return ok(security.identity.submit(uid, form.fields, form.images));
    },
  );

  app.get(
    '/mapi/security/identity/photo/:side',
    {
      schema: {
        tags,
        summary: 'One photo of the user’s own current submission (image bytes, never cached)',
        params: IdentityPhotoParam,
      },
    },
    async (request, reply) => {
      const photo = security.identity.ownPhoto(userOf(request).uid, request.params.side);
      return sendImage(reply, photo.bytes, photo.mime, 'private');
    },
  );

  // ---- Login devices ----

  app.get(
    '/mapi/security/sessions',
    {
      schema: {
        tags,
        summary: 'The user’s live login sessions, most recently used first; `current` marks this one',
        response: { 200: envelope(z.array(LoginSession)) },
      },
    },
    async (request) => {
      const { uid, sessionId } = userOf(request);
      return ok(security.devices.list(uid, sessionId));
    },
  );

  app.post(
    '/mapi/security/sessions/revoke',
    {
      schema: {
        tags,
        summary: 'Sign out one of the user’s sessions (its live channel gets code 400)',
        body: RevokeSessionBody,
        response: { 200: envelope(EmptyData) },
      },
    },
    async (request) => {
      security.devices.revoke(userOf(request).uid, request.body.id);
      return ok(null);
    },
  );

  app.post(
    '/mapi/security/sessions/revokeOthers',
    {
      schema: {
        tags,
        summary: 'Sign out every session except this one',
        response: { 200: envelope(RevokedCount) },
      },
    },
    async (request) => {
      const { uid, sessionId } = userOf(request);
      return ok({ revoked: security.devices.revokeOthers(uid, sessionId) });
    },
  );

  // ---- Newcomer centre ----

  app.get(
    '/mapi/security/newcomer',
    {
      schema: {
        tags,
        summary:
          'Newcomer tasks (verify identity, enable two-factor, first deposit, first trade) and whether each is done',
        response: { 200: envelope(NewcomerTasks) },
      },
    },
    async (request) => ok(security.newcomerTasks(userOf(request).uid)),
  );

  // ---- Operator: identity reviews ----

  const adminTags = ['operator: identity'];

  app.get(
    '/admin/api/identity/list',
    {
      schema: {
        tags: adminTags,
        summary: 'Identity submissions, newest first; filter by status and uid',
        querystring: IdentityListQuery,
        response: { 200: envelope(paged(AdminIdentitySummary)) },
      },
    },
    async (request) => ok(security.identity.list(request.query)),
  );

  app.get(
    '/admin/api/identity/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'One submission in full: names, number, account, photo URLs, the user’s earlier submissions',
        params: IdParam,
        response: { 200: envelope(AdminIdentityDetail) },
      },
    },
    async (request) => ok(security.identity.detail(request.params.id)),
  );

  app.get(
    '/admin/api/identity/:id/photo/:side',
    {
      schema: {
        tags: adminTags,
        summary: 'One photo of a submission (image bytes)',
        params: IdParam.extend(IdentityPhotoParam.shape),
      },
    },
    async (request, reply) => {
      const photo = security.identity.operatorPhoto(request.params.id, request.params.side);
      return sendImage(reply, photo.bytes, photo.mime, 'private');
    },
  );

  app.post(
    '/admin/api/identity/:id/approve',
    {
      schema: {
        tags: adminTags,
        summary: 'Approve a pending submission: the user becomes verified (audited)',
        params: IdParam,
        response: { 200: envelope(AdminIdentityDetail) },
      },
    },
    async (request) => ok(security.identity.approve(operatorOf(request), request.params.id)),
  );

  app.post(
    '/admin/api/identity/:id/reject',
    {
      schema: {
        tags: adminTags,
        summary: 'Reject a pending submission with a reason the user sees (audited)',
        params: IdParam,
        body: IdentityRejectBody,
        response: { 200: envelope(AdminIdentityDetail) },
      },
    },
    async (request) => ok(security.identity.reject(operatorOf(request), request.params.id, request.body.reason)),
  );
}
