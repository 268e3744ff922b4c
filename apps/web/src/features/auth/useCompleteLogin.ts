import type { LoginResult } from '@bourse/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { afterLoginRoute } from '../../lib/navigation';
import { useSession } from '../../lib/stores/session';
import { toast } from '../../lib/toast';

/** Stores the login and returns to the page that asked for it (or home). */
export function useCompleteLogin(redirect: string | undefined) {
  const navigate = useNavigate();
  return useCallback(
    (result: LoginResult, message: string) => {
      useSession.getState().signIn(result);
      toast(message, 'success');
      void navigate(afterLoginRoute(redirect), { replace: true });
    },
    [navigate, redirect],
  );
}
