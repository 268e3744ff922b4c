import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { afterLoginRoute, hasPreviousPage } from '../../lib/navigation';
import { useSession } from '../../lib/stores/session';

/**
 * The login and registration pages are for visitors: opened while logged in (a bookmark, a link), they go back to
 * where the user was, or home.
 */
export function useGuestOnly(redirect: string | undefined): boolean {
  const navigate = useNavigate();
  // Decided once, on arrival: the page's own login must not send the user back.
  const [loggedInOnArrival] = useState(() => useSession.getState().token !== null);
  useEffect(() => {
    if (!loggedInOnArrival) return;
    if (hasPreviousPage()) void navigate(-1);
    else void navigate(afterLoginRoute(redirect), { replace: true });
  }, [loggedInOnArrival, navigate, redirect]);
  return loggedInOnArrival;
}
