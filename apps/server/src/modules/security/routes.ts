import { IDENTITY_PHOTO_MAX_BYTES, IDENTITY_PHOTO_SIDES, securityAdminApi, securityApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import type { SecurityService } from './service';
import { serve, serveAction } from '../../http/routes';
import { readImageForm, sendImage } from '../../lib/uploads';

/** The security centre (every route needs the login token) and the operators' identity reviews. */
export function securityRoutes(app: Router, security: SecurityService): void {
  const api = securityApi;

  serve(app, api.overview, ({ user }) => security.overview(user.uid));

  // ---- Two-factor ----

  serve(app, api.twoFactor, ({ user }) => security.twoFactor.status(user.uid));
  serve(app, api.twoFactorSetup, ({ user }) => security.twoFactor.setup(user.uid));
  serve(app, api.twoFactorEnable, async ({ user, body }) => {
    await security.twoFactor.enable(user.uid, body.code, body.password);
    return security.twoFactor.status(user.uid);
  });
  serve(app, api.twoFactorClose, async ({ user, body }) => {
    await security.twoFactor.disable(user.uid, body.code, body.password);
    return security.twoFactor.status(user.uid);
  });

  // ---- Identity ----

  serve(app, api.identity, ({ user }) => security.identity.info(user.uid));
  serve(app, api.identitySubmit, async ({ user, request }) => {
    const form = await readImageForm(request, {
      maxFileBytes: IDENTITY_PHOTO_MAX_BYTES,
      fileFields: IDENTITY_PHOTO_SIDES,
      textFields: ['type', 'familyName', 'givenName', 'number'],
    });
    return security.identity.submit(user.uid, form.fields, form.images);
  });
  serve(app, api.identityPhoto, ({ user, params, reply }) => {
    const photo = security.identity.ownPhoto(user.uid, params.side);
    sendImage(reply, photo.bytes, photo.mime, 'private');
  });

  // ---- Login devices ----

  serve(app, api.sessions, ({ user }) => security.devices.list(user.uid, user.sessionId));
  serve(app, api.revokeSession, ({ user, body }) => {
    security.devices.revoke(user.uid, body.id);
    return null;
  });
  serve(app, api.revokeOtherSessions, ({ user }) => ({
    revoked: security.devices.revokeOthers(user.uid, user.sessionId),
  }));

  // ---- Newcomer centre ----

  serve(app, api.newcomer, ({ user }) => security.newcomerTasks(user.uid));
}

/** Operators' identity reviews (each decision audited by the route layer). */
export function securityAdminRoutes(app: Router, security: SecurityService): void {
  const admin = securityAdminApi;
  serve(app, admin.identities, ({ query }) => security.identity.list(query));
  serve(app, admin.identity, ({ params }) => security.identity.detail(params.id));
  serve(app, admin.identityPhoto, ({ params, reply }) => {
    const photo = security.identity.operatorPhoto(params.id, params.side);
    sendImage(reply, photo.bytes, photo.mime, 'private');
  });
  serveAction(app, admin.approveIdentity, {
    apply: ({ operator, params }) => security.identity.approve(operator.operatorId, params.id),
  });
  serveAction(app, admin.rejectIdentity, {
    apply: ({ operator, params, body }) => security.identity.reject(operator.operatorId, params.id, body.reason),
  });
  serve(app, admin.twoFactorResets, ({ query }) => security.resets.list(query));
  serveAction(app, admin.proposeTwoFactorReset, {
    apply: ({ operator, params, body }) => security.resets.propose(operator.operatorId, params.uid, body.reason),
  });
  serveAction(app, admin.approveTwoFactorReset, {
    apply: ({ operator, params, body }) => security.resets.approve(operator.operatorId, params.id, body.note),
  });
  serveAction(app, admin.rejectTwoFactorReset, {
    apply: ({ operator, params, body }) => security.resets.reject(operator.operatorId, params.id, body.note),
  });
}
