import type { PageProps } from '../../../lib/feature';
import { RegisterForm } from '../components/RegisterForm';
import '../auth.css';

/** /pages/login/record-register — the older form: invitation code optional. */
export default function RecordRegisterPage({ query }: PageProps) {
  return <RegisterForm form="open" initialInviteCode={query.code ?? ''} redirect={query.redirect} />;
}
