import type { Article } from '@bourse/contract';
import { Skeleton } from 'antd-mobile';
import { QueryError } from '../../../components/BlockState';
import { usePageTitle } from '../../../components/PageChrome';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/format';
import { useArticle } from '../api';
import { useContentT } from '../locales';
import { ArticleBody } from './ArticleBody';

function ArticleSkeleton() {
  return (
    <div className="article" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}

/** One article by id or slug, with its title in the navigation bar when `titleInNav`. */
export function ArticleView({ idOrSlug, titleInNav = false }: { idOrSlug: string; titleInNav?: boolean }) {
  const article = useArticle(idOrSlug);
  usePageTitle(titleInNav ? article.data?.title : undefined);
  if (article.isPending) return <ArticleSkeleton />;
  if (article.isError) return <QueryError error={article.error} onRetry={() => void article.refetch()} />;
  return <ArticleContent article={article.data} showTitle={!titleInNav} />;
}

function ArticleContent({ article, showTitle }: { article: Article; showTitle: boolean }) {
  const t = useContentT();
  const locale = useLocale();
  return (
    <article className="article">
      {showTitle && <h1 className="article__title">{article.title}</h1>}
      <div className="article__meta">
        {article.category === 'document'
          ? t('updatedAt', { date: formatDate(article.updatedAt, locale) })
          : formatDate(article.createdAt, locale)}
      </div>
      <ArticleBody body={article.body} />
    </article>
  );
}
