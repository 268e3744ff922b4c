import { List } from 'antd-mobile';
import { ContentOutline, FileOutline, LockOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { EmptyState, ListSkeleton, QueryError } from '../../../components/BlockState';
import type { PageProps } from '../../../lib/feature';
import { useNoticeList } from '../api';
import { noticeRoute } from '../components/NoticeRow';
import { useContentT } from '../locales';
import '../content.css';

const DOCUMENTS = [
  { type: 'terms', label: 'terms', icon: ContentOutline },
  { type: 'privacy', label: 'privacy', icon: LockOutline },
  { type: 'whitepaper', label: 'whitepaper', icon: FileOutline },
] as const;

/** /pages/help/index — the help centre: documents and help articles. */
export default function HelpPage(_props: PageProps) {
  const t = useContentT();
  const navigate = useNavigate();
  const help = useNoticeList('help', 50);
  const articles = help.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <div className="help-page">
      <section>
        <h2 className="help-page__heading">{t('documents')}</h2>
        <List className="app-list">
          {DOCUMENTS.map((doc) => (
            <List.Item
              key={doc.type}
              prefix={<doc.icon />}
              onClick={() => void navigate(`/pages/mine/agreement?type=${doc.type}`)}
            >
              {t(doc.label)}
            </List.Item>
          ))}
        </List>
      </section>
      <section>
        <h2 className="help-page__heading">{t('helpArticles')}</h2>
        {help.isPending ? (
          <div className="card">
            <ListSkeleton rows={4} />
          </div>
        ) : help.isError ? (
          <QueryError error={help.error} onRetry={() => void help.refetch()} />
        ) : articles.length === 0 ? (
          <div className="card">
            <EmptyState text={t('noHelp')} />
          </div>
        ) : (
          <List className="app-list">
            {articles.map((article) => (
              <List.Item key={article.id} onClick={() => void navigate(noticeRoute(article.id))}>
                {article.title}
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </div>
  );
}
