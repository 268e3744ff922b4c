import {
  AVATAR_MAX_BYTES,
  AvatarResult,
  BindAccountBody,
  ChangeBoundBody,
  ChangeFundPasswordBody,
  ChangePasswordBody,
  EmptyData,
  envelope,
  LoginBody,
  LoginResult,
  NicknameBody,
  RegisterBody,
  RegisterOpenBody,
  ResetFundPasswordBody,
  ResetPasswordBody,
  SendCodeBody,
  SendCodeResult,
  SetFundPasswordBody,
  UserProfile,
  SecurityCodeQuery,
} from '@bourse/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext, Router } from '../../app-context';
import { ok } from '../../http/envelope';
import { userOf } from '../../http/types';
import { DomainError } from '../../lib/errors';
import { readImageForm, sendImage } from '../../lib/uploads';
import type { SessionMeta } from './sessions';

/** Avatars are public (others see them beside nicknames) under unguessable names; the files live in uploads/avatars. */
const AVATAR_URL_PREFIX = '/api/user/avatar/';
const AvatarName = z.object({ name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|webp)$/, { error: 'NOT_FOUND' }) });

function sessionMeta(request: FastifyRequest, device?: string): SessionMeta {
  const header = request.headers['x-device-id'];
  return {
    device: device ?? (typeof header === 'string' ? header.slice(0, 64) : null),
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
  };
}

export function accountRoutes(app: Router, ctx: AppContext): void {
  const { accounts } = ctx;
  const tags = ['account'];

  app.post(
    '/api/user/sendCode',
    {
      schema: {
        tags,
        summary: 'Send a six-digit verification code to an email address or mobile number',
        body: SendCodeBody,
        response: { 200: envelope(SendCodeResult) },
      },
    },
    async (request) => ok(await accounts.sendCode(request.body.account, request.body.scene, request.lang)),
  );

  app.post(
    '/api/user/register',
    {
      schema: {
        tags,
        summary: 'Register (newer form: invitation code required); logs the new user in',
        body: RegisterBody,
        response: { 200: envelope(LoginResult) },
      },
    },
    async (request) => ok(await accounts.register(request.body, 'invite', sessionMeta(request))),
  );

  app.post(
    '/api/user/registerOpen',
    {
      schema: {
        tags,
        summary: 'Register (older form, record-register: invitation code optional); logs the new user in',
        body: RegisterOpenBody,
        response: { 200: envelope(LoginResult) },
      },
    },
    async (request) => ok(await accounts.register(request.body, 'open', sessionMeta(request))),
  );

  app.post(
    '/api/user/login',
    {
      schema: {
        tags,
        summary: 'Log in with email or mobile number',
        body: LoginBody,
        response: { 200: envelope(LoginResult) },
      },
    },
    async (request) => ok(await accounts.login(request.body, sessionMeta(request, request.body.device))),
  );

  app.post(
    '/api/user/resetPassword',
    {
      schema: {
        tags,
        summary: 'Forgot password: set a new login password with a code sent to the account',
        body: ResetPasswordBody,
        response: { 200: envelope(EmptyData) },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body);
      return ok(null);
    },
  );

  app.post(
    '/mapi/user/logout',
    { schema: { tags, summary: 'Log out: revokes this session', response: { 200: envelope(EmptyData) } } },
    async (request) => {
      accounts.logout(userOf(request).sessionId);
      return ok(null);
    },
  );

  app.get(
    '/mapi/user/info',
    { schema: { tags, summary: 'The logged-in user’s profile', response: { 200: envelope(UserProfile) } } },
    async (request) => ok(accounts.profile(userOf(request).uid)),
  );

  app.post(
    '/mapi/user/sendSecurityCode',
    {
      schema: {
        tags,
        summary: 'Send a security code to the user’s own bound email or phone (`to` names which; default the email)',
        querystring: SecurityCodeQuery,
        response: { 200: envelope(SendCodeResult) },
      },
    },
    async (request) => ok(await accounts.sendSecurityCode(userOf(request).uid, request.lang, request.query.to)),
  );

  app.post(
    '/mapi/user/updatePassword',
    {
      schema: {
        tags,
        summary: 'Change the login password; signs out other sessions and locks withdrawals for 24 hours',
        body: ChangePasswordBody,
        response: { 200: envelope(EmptyData) },
      },
    },
    async (request) => {
      const { uid, sessionId } = userOf(request);
      await accounts.changePassword(uid, sessionId, request.body.oldPassword, request.body.password);
      return ok(null);
    },
  );

  app.post(
    '/mapi/user/setFundPassword',
    {
      schema: {
        tags,
        summary: 'Set the six-digit fund password for the first time',
        body: SetFundPasswordBody,
        response: { 200: envelope(EmptyData) },
      },
    },
    async (request) => {
      await accounts.setFundPassword(userOf(request).uid, request.body.loginPassword, request.body.fundPassword);
      return ok(null);
    },
  );

  app.post(
    '/mapi/user/changeFundPassword',
    {
      schema: {
        tags,
        summary: 'Change the fund password',
        body: ChangeFundPasswordBody,
        response: { 200: envelope(EmptyData) },
      },
    },
    async (request) => {
      await accounts.changeFundPassword(userOf(request).uid, request.body.oldFundPassword, request.body.fundPassword);
      return ok(null);
    },
  );

  app.post(
    '/mapi/user/resetFundPassword',
    {
      schema: {
        tags,
        summary: 'Forgotten fund password: replace it with a security code',
        body: ResetFundPasswordBody,
        response: { 200: envelope(EmptyData) },
      },
    },
    async (request) => {
      await accounts.resetFundPassword(userOf(request).uid, request.body.code, request.body.fundPassword);
      return ok(null);
    },
  );

  app.post(
    '/mapi/user/bind',
    {
      schema: {
        tags,
        summary:
          'Bind the email or mobile number the account lacks: code sent to it (sendCode scene bind), login password, two-factor code when on',
        body: BindAccountBody,
        response: { 200: envelope(UserProfile) },
      },
    },
    async (request) => ok(await accounts.bindAccount(userOf(request).uid, request.body)),
  );

  app.post(
    '/mapi/user/changeBound',
    {
      schema: {
        tags,
        summary:
          'Replace the bound email or mobile number: a code sent to the current one (sendSecurityCode?to=), a code sent to the new one (sendCode scene bind), login password, two-factor when on; signs out other sessions and locks withdrawals for 24 hours',
        body: ChangeBoundBody,
        response: { 200: envelope(UserProfile) },
      },
    },
    async (request) => {
      const { uid, sessionId } = userOf(request);
      return ok(await accounts.changeBound(uid, sessionId, request.body));
    },
  );

  app.post(
    '/mapi/user/nickname',
    {
      schema: {
        tags,
        summary: 'Set the nickname others see (2–20 characters, unique regardless of case)',
        body: NicknameBody,
        response: { 200: envelope(UserProfile) },
      },
    },
    async (request) => ok(accounts.setNickname(userOf(request).uid, request.body.nickname)),
  );

  app.post(
    '/mapi/user/avatar',
    {
      schema: {
        tags,
        summary: 'Upload a new avatar as multipart/form-data, file field `avatar`: JPEG, PNG or WebP, at most 2 MB',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(AvatarResult) },
      },
    },
    async (request) => {
      const { uid } = userOf(request);
      const form = await readImageForm(request, {
        maxFileBytes: AVATAR_MAX_BYTES,
        fileFields: ['avatar'],
        textFields: [],
      });
      const image = form.images.get('avatar');
      if (!image) throw new DomainError('INVALID_PARAMS', { detail: 'avatar file' });
      const file = ctx.uploads.save('avatars', image.bytes, image.ext);
      const avatar = AVATAR_URL_PREFIX + file.slice('avatars/'.length);
      let previous: string | null;
      try {
        previous = accounts.setAvatar(uid, avatar);
      } catch (error) {
        ctx.uploads.remove(file);
        throw error;
      }
      if (previous?.startsWith(AVATAR_URL_PREFIX)) {
        ctx.uploads.remove(`avatars/${previous.slice(AVATAR_URL_PREFIX.length)}`);
      }
      return ok({ avatar });
    },
  );

  app.get(
    '/api/user/avatar/:name',
    {
      schema: {
        tags,
        summary: 'An avatar image (public: shown beside the nickname to other users)',
        params: AvatarName,
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      // The name's extension was chosen by the server from the sniffed type at upload.
      const mime = name.endsWith('.png') ? 'image/png' : name.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
      let bytes: Buffer;
      try {
        bytes = ctx.uploads.read(`avatars/${name}`);
      } catch {
        throw new DomainError('NOT_FOUND');
      }
      return sendImage(reply, bytes, mime, 'immutable');
    },
  );
}
