import { z } from 'zod';
import {
  ChangeFundPasswordBody,
  ChangePasswordBody,
  LoginBody,
  LoginResult,
  RegisterBody,
  RegisterOpenBody,
  ResetFundPasswordBody,
  ResetPasswordBody,
  SendCodeBody,
  SendCodeResult,
  SetFundPasswordBody,
  UserProfile,
} from '../../schemas/account';
import { EmptyData, err } from '../../schemas/common';
import {
  AvatarResult,
  BindAccountBody,
  ChangeBoundBody,
  NicknameBody,
  SecurityCodeQuery,
} from '../../schemas/security';
import { PUBLIC, USER } from '../access';
import { route } from '../define';

/** An avatar's file name: unguessable, with the extension the server chose from the sniffed type at upload. */
export const AvatarName = z.object({
  name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|webp)$/, err('NOT_FOUND')),
});

const tags = ['account'];

/** Registration, login, passwords, the profile and the avatar. */
export const accountApi = {
  sendCode: route({
    method: 'POST',
    path: '/api/user/sendCode',
    access: PUBLIC,
    tags,
    summary: 'Send a six-digit verification code to an email address or mobile number',
    body: SendCodeBody,
    data: SendCodeResult,
  }),
  register: route({
    method: 'POST',
    path: '/api/user/register',
    access: PUBLIC,
    tags,
    summary: 'Register (newer form: invitation code required); logs the new user in',
    body: RegisterBody,
    data: LoginResult,
  }),
  registerOpen: route({
    method: 'POST',
    path: '/api/user/registerOpen',
    access: PUBLIC,
    tags,
    summary: 'Register (older form, record-register: invitation code optional); logs the new user in',
    body: RegisterOpenBody,
    data: LoginResult,
  }),
  login: route({
    method: 'POST',
    path: '/api/user/login',
    access: PUBLIC,
    tags,
    summary: 'Log in with email or mobile number',
    body: LoginBody,
    data: LoginResult,
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/user/resetPassword',
    access: PUBLIC,
    tags,
    summary: 'Forgot password: set a new login password with a code sent to the account',
    body: ResetPasswordBody,
    data: EmptyData,
  }),
  logout: route({
    method: 'POST',
    path: '/mapi/user/logout',
    access: USER,
    tags,
    summary: 'Log out: revokes this session',
    data: EmptyData,
  }),
  info: route({
    method: 'GET',
    path: '/mapi/user/info',
    access: USER,
    tags,
    summary: 'The logged-in user’s profile',
    data: UserProfile,
  }),
  sendSecurityCode: route({
    method: 'POST',
    path: '/mapi/user/sendSecurityCode',
    access: USER,
    tags,
    summary: 'Send a security code to the user’s own bound email or phone (`to` names which; default the email)',
    query: SecurityCodeQuery,
    data: SendCodeResult,
  }),
  updatePassword: route({
    method: 'POST',
    path: '/mapi/user/updatePassword',
    access: USER,
    tags,
    summary: 'Change the login password; signs out other sessions and locks withdrawals for 24 hours',
    body: ChangePasswordBody,
    data: EmptyData,
  }),
  setFundPassword: route({
    method: 'POST',
    path: '/mapi/user/setFundPassword',
    access: USER,
    tags,
    summary: 'Set the six-digit fund password for the first time',
    body: SetFundPasswordBody,
    data: EmptyData,
  }),
  changeFundPassword: route({
    method: 'POST',
    path: '/mapi/user/changeFundPassword',
    access: USER,
    tags,
    summary: 'Change the fund password',
    body: ChangeFundPasswordBody,
    data: EmptyData,
  }),
  resetFundPassword: route({
    method: 'POST',
    path: '/mapi/user/resetFundPassword',
    access: USER,
    tags,
    summary: 'Forgotten fund password: replace it with a security code',
    body: ResetFundPasswordBody,
    data: EmptyData,
  }),
  bind: route({
    method: 'POST',
    path: '/mapi/user/bind',
    access: USER,
    tags,
    summary:
      'Bind the email or mobile number the account lacks: code sent to it (sendCode scene bind), login password, two-factor code when on',
    body: BindAccountBody,
    data: UserProfile,
  }),
  changeBound: route({
    method: 'POST',
    path: '/mapi/user/changeBound',
    access: USER,
    tags,
    summary:
      'Replace the bound email or mobile number: a code sent to the current one (sendSecurityCode?to=), a code sent to the new one (sendCode scene bind), login password, two-factor when on; signs out other sessions and locks withdrawals for 24 hours',
    body: ChangeBoundBody,
    data: UserProfile,
  }),
  nickname: route({
    method: 'POST',
    path: '/mapi/user/nickname',
    access: USER,
    tags,
    summary: 'Set the nickname others see (2–20 characters, unique regardless of case)',
    body: NicknameBody,
    data: UserProfile,
  }),
  uploadAvatar: route({
    method: 'POST',
    path: '/mapi/user/avatar',
    access: USER,
    tags,
    summary: 'Upload a new avatar as multipart/form-data, file field `avatar`: JPEG, PNG or WebP, at most 2 MB',
    multipart: true,
    data: AvatarResult,
  }),
  avatar: route({
    method: 'GET',
    path: '/api/user/avatar/:name',
    access: PUBLIC,
    tags,
    summary: 'An avatar image (public: shown beside the nickname to other users)',
    params: AvatarName,
  }),
} as const;
