import type { PageProps } from '../../../lib/feature';
import { RegisterForm } from '../components/RegisterForm';
import '../auth.css';

/** /pages/login/register — the newer form: invitation code required; `?code=` pre-fills it from a share link. */
export default function RegisterPage({ query }: PageProps) {
  return <RegisterForm form="invite" initialInviteCode={query.code ?? ''} redirect={query.redirect} />;
}
