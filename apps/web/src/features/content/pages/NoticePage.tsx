import { EmptyState } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { ArticleView } from '../components/ArticleView';
import '../content.css';

/** /pages/index/notice?id=… — one notice or article. */
export default function NoticePage({ query }: PageProps) {
  const id = query.id ?? '';
  if (id === '') return <EmptyState />;
  return <ArticleView idOrSlug={id} />;
}
