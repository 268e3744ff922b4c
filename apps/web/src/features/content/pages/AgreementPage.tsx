import type { PageProps } from '../../../lib/feature';
import { ArticleView } from '../components/ArticleView';
import '../content.css';

export const AGREEMENT_TYPES = ['terms', 'privacy', 'whitepaper'] as const;

/** /pages/mine/agreement?type=terms|privacy|whitepaper — the document, its title in the navigation bar. */
export default function AgreementPage({ query }: PageProps) {
  const type = (AGREEMENT_TYPES as readonly string[]).includes(query.type ?? '') ? (query.type as string) : 'terms';
  return <ArticleView idOrSlug={type} titleInNav />;
}
