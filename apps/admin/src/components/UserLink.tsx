import { Link } from 'react-router';
import { useCan } from '../lib/operator';

/** The user's page in the console (the users feature's detail route). */
export function userPath(uid: number): string {
  return `/users/${uid}`;
}

/**
 * A user's uid: a link to their page for an operator whose role may look users up (`users.read`), plain text for the
 * others (the page would only say "Not for your role").
 */
export function UserLink({ uid, testId }: { uid: number; testId?: string }) {
  const can = useCan('users.read');
  if (!can) return <span className="num">{uid}</span>;
  return (
    <Link to={userPath(uid)} className="num" data-testid={testId}>
      {uid}
    </Link>
  );
}
