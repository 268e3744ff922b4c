import type {
  CodeScene,
  LoginBody,
  LoginResult,
  RegisterBody,
  RegisterOpenBody,
  ResetPasswordBody,
  SendCodeResult,
} from '@bourse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type SendCodeAnswer = ReturnType<(typeof SendCodeResult)['parse']>;
type ResetPasswordInput = ReturnType<(typeof ResetPasswordBody)['parse']>;

export function useSendCode() {
  return useMutation({
    mutationFn: (body: { account: string; scene: CodeScene }) => api.post<SendCodeAnswer>('/api/user/sendCode', body),
  });
}

/** Login errors are shown by the page (two-factor needs a second step, not a toast). */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<LoginResult>('/api/user/login', body, { toast: false }),
  });
}

/** The newer form (`invite`: invitation code required) or the older one (`open`). */
export function useRegister(form: 'invite' | 'open') {
  return useMutation({
    mutationFn: (body: RegisterBody | RegisterOpenBody) =>
      api.post<LoginResult>(form === 'invite' ? '/api/user/register' : '/api/user/registerOpen', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordInput) => api.post<null>('/api/user/resetPassword', body),
  });
}
