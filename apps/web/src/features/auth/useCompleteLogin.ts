import type { LoginResult } from '@bourse/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { afterLoginRoute } from '../../lib/navigation';
import { useSession } from '../../lib/stores/session';
import { toast } from '../../lib/toast';

/** Stores the login (`newAccount`: registration's own) and returns to the page that asked for it (or home). */
export function useCompleteLogin(redirect: string | undefined) {
  const navigate = useNavigate();
  return useCallback(
    (result: LoginResult, message: string, options: { newAccount?: boolean } = {}) => {
      useSession.getState().signIn(result, options);
      toast(message, 'success');
      void navigate(afterLoginRoute(redirect), { replace: true });
    },
    [navigate, redirect],
  );
}
