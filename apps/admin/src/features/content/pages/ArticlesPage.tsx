import { PlusOutlined } from '@ant-design/icons';
import { type ContentArticle, NOTICE_CATEGORIES } from '@bourse/contract';
import { Button, Card, Flex, Segmented, Table, Tag, Tooltip } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { StatusTag } from '../../../components/StatusTag';
import { Time } from '../../../components/Time';
import { pagedTable, useListParams } from '../../../hooks/useListParams';
import { useCommonT } from '../../../lib/locales';
import { useArticles } from '../api';
import { CONTENT_LANGS } from '../components/languages';
import { useContentT } from '../locales';

type Category = (typeof NOTICE_CATEGORIES)[number];
const isCategory = (value: string | undefined): value is Category =>
  (NOTICE_CATEGORIES as readonly (string | undefined)[]).includes(value);

export default function ArticlesPage() {
  const t = useContentT();
  const common = useCommonT();
  const navigate = useNavigate();
  const list = useListParams<'category'>();
  const category = list.filter('category');
  const query = useArticles({
    category: isCategory(category) ? category : undefined,
    page: list.page,
    size: list.size,
  });

  return (
    <>
      <PageHeader
        title={t('articlesTitle')}
        subtitle={t('articlesSubtitle')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(`/content/articles/new${category ? `?category=${category}` : ''}`)}
            data-testid="article-new"
          >
            {t('newArticle')}
          </Button>
        }
      />
      <Card>
        <Flex gap={12} wrap className="filters">
          <Segmented<string>
            value={category ?? ''}
            onChange={(value) => list.setFilters({ category: value })}
            options={[
              { value: '', label: common('all') },
              ...NOTICE_CATEGORIES.map((value) => ({ value, label: t(`category_${value}`) })),
            ]}
          />
        </Flex>
        {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
        <Table<ContentArticle>
          {...pagedTable(query, list)}
          data-testid="article-table"
          columns={[
            { title: common('id'), dataIndex: 'id', render: (id: number) => <span className="num">#{id}</span> },
            {
              title: t('title'),
              key: 'title',
              render: (_: unknown, row) => (
                <Link to={`/content/articles/${row.id}`}>
                  {row.pinned ? (
                    <Tag color="gold" variant="filled">
                      {t('pinned')}
                    </Tag>
                  ) : null}
                  {row.translations.en.title}
                </Link>
              ),
            },
            {
              title: t('category'),
              dataIndex: 'category',
              render: (value: Category) => t(`category_${value}`),
            },
            {
              title: t('slug'),
              dataIndex: 'slug',
              render: (slug: string | null) => (slug ? <span className="mono">{slug}</span> : '—'),
            },
            {
              title: t('languages'),
              key: 'languages',
              render: (_: unknown, row) => (
                <Flex gap={4} wrap>
                  {CONTENT_LANGS.map((lang) => {
                    const filled = lang === 'en' || row.translations[lang] !== undefined;
                    return (
                      <Tooltip
                        key={lang}
                        title={`${common(`contentLang_${lang}`)}: ${filled ? t('filled') : t('fallsBack')}`}
                      >
                        <Tag variant={filled ? 'filled' : 'outlined'} color={filled ? 'green' : undefined}>
                          {lang}
                        </Tag>
                      </Tooltip>
                    );
                  })}
                </Flex>
              ),
            },
            {
              title: common('status'),
              dataIndex: 'published',
              render: (published: boolean) => (
                <StatusTag tone={published ? 'success' : 'neutral'}>
                  {published ? t('published') : t('draft')}
                </StatusTag>
              ),
            },
            {
              title: t('publishedAt'),
              dataIndex: 'publishedAt',
              render: (ms: number | null) => <Time ms={ms} />,
            },
            { title: common('updatedAt'), dataIndex: 'updatedAt', render: (ms: number) => <Time ms={ms} /> },
          ]}
        />
      </Card>
    </>
  );
}
