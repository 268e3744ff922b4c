import { accountApi, AVATAR_MAX_BYTES } from '@bourse/contract';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../http/router';
import type { Platform } from '../../platform/module';
import type { AccountService } from './service';
import { serve } from '../../http/routes';
import { DomainError } from '../../lib/errors';
import { readImageForm, sendImage } from '../../lib/uploads';
import type { SessionMeta } from './sessions';

/** Avatars are public (others see them beside nicknames) under unguessable names; the files live in uploads/avatars. */
const AVATAR_URL_PREFIX = '/api/user/avatar/';

function sessionMeta(request: FastifyRequest, device?: string): SessionMeta {
  const header = request.headers['x-device-id'];
  return {
    device: device ?? (typeof header === 'string' ? header.slice(0, 64) : null),
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
  };
}

/** Registration and login (public), then the logged-in user's own account (access declared in the contract). */
export function accountRoutes(app: Router, accounts: AccountService, platform: Platform): void {
  const { uploads } = platform;
  const api = accountApi;

  serve(app, api.sendCode, ({ body, lang, ip }) => accounts.sendCode(body.account, body.scene, lang, ip));
  serve(app, api.register, ({ body, request }) => accounts.register(body, 'invite', sessionMeta(request)));
  serve(app, api.registerOpen, ({ body, request }) => accounts.register(body, 'open', sessionMeta(request)));
  serve(app, api.login, ({ body, request }) => accounts.login(body, sessionMeta(request, body.device)));
  serve(app, api.resetPassword, async ({ body }) => {
    await accounts.resetPassword(body);
    return null;
  });

  serve(app, api.logout, ({ user }) => {
    accounts.logout(user.sessionId);
    return null;
  });
  serve(app, api.info, ({ user }) => accounts.profile(user.uid));
  serve(app, api.sendSecurityCode, ({ user, query, lang, ip }) =>
    accounts.sendSecurityCode(user.uid, lang, ip, query.to),
  );
  serve(app, api.updatePassword, async ({ user, body }) => {
    await accounts.changePassword(user.uid, user.sessionId, body.oldPassword, body.password);
    return null;
  });
  serve(app, api.setFundPassword, async ({ user, body }) => {
    await accounts.setFundPassword(user.uid, body.loginPassword, body.fundPassword);
    return null;
  });
  serve(app, api.changeFundPassword, async ({ user, body }) => {
    await accounts.changeFundPassword(user.uid, body.oldFundPassword, body.fundPassword);
    return null;
  });
  serve(app, api.resetFundPassword, async ({ user, body }) => {
    await accounts.resetFundPassword(user.uid, body.code, body.fundPassword);
    return null;
  });
  serve(app, api.bind, ({ user, body }) => accounts.bindAccount(user.uid, body));
  serve(app, api.changeBound, ({ user, body }) => accounts.changeBound(user.uid, user.sessionId, body));
  serve(app, api.nickname, ({ user, body }) => accounts.setNickname(user.uid, body.nickname));

  serve(app, api.uploadAvatar, async ({ user, request }) => {
    const form = await readImageForm(request, {
      maxFileBytes: AVATAR_MAX_BYTES,
      fileFields: ['avatar'],
      textFields: [],
    });
    const image = form.images.get('avatar');
    if (!image) throw new DomainError('INVALID_PARAMS', { detail: 'avatar file' });
    const file = uploads.save('avatars', image.bytes, image.ext);
    const avatar = AVATAR_URL_PREFIX + file.slice('avatars/'.length);
    let previous: string | null;
    try {
      previous = accounts.setAvatar(user.uid, avatar);
    } catch (error) {
      uploads.remove(file);
      throw error;
    }
    if (previous?.startsWith(AVATAR_URL_PREFIX)) {
      uploads.remove(`avatars/${previous.slice(AVATAR_URL_PREFIX.length)}`);
    }
    return { avatar };
  });

  serve(app, api.avatar, ({ params, reply }) => {
    const { name } = params;
    // The name's extension was chosen by the server from the sniffed type at upload.
    const mime = name.endsWith('.png') ? 'image/png' : name.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
    let bytes: Buffer;
    try {
      bytes = uploads.read(`avatars/${name}`);
    } catch {
      throw new DomainError('NOT_FOUND');
    }
    sendImage(reply, bytes, mime, 'immutable');
  });
}
