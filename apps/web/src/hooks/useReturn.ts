import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { hasPreviousPage, safeRedirect } from '../lib/navigation';

/**
 * After a detour (setting the fund password from the withdraw page): back to the page that sent the user — the same
 * history entry when it is right behind, so its form is as it was — or to `fallback` without a `?redirect=`.
 */
export function useReturn(): (redirect: string | undefined, fallback: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (redirect, fallback) => {
      const target = safeRedirect(redirect);
      if (target && hasPreviousPage()) void navigate(-1);
      else void navigate(target ?? fallback, { replace: true });
    },
    [navigate],
  );
}
