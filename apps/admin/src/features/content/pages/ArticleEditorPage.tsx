import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  ArticleSlug,
  type ContentArticle,
  type ContentArticleInput,
  isLang,
  type Lang,
  NOTICE_CATEGORIES,
  type ProductKey,
} from '@bourse/contract';
import { App, Button, Card, Col, Form, Input, Popconfirm, Row, Select, Skeleton, Switch, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { MarkupPreview } from '../../../components/MarkupPreview';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useCommonT } from '../../../lib/locales';
import { schemaRule } from '../../../lib/rules';
import { useArticle, useArticleMutations } from '../api';
import { CONTENT_LANGS, keepFilled } from '../components/languages';
import { ProductsSelect } from '../components/ProductsSelect';
import { useContentT } from '../locales';

type Category = (typeof NOTICE_CATEGORIES)[number];
interface Text {
  title?: string;
  body?: string;
}
interface Values {
  category: Category;
  slug: string;
  pinned: boolean;
  published: boolean;
  products: ProductKey[];
  translations: Record<Lang, Text | undefined>;
}

const blank = () => ({ title: '', body: '' });
/** A language's title and text as the server takes them (both trimmed, never missing). */
const complete = (text: Text | undefined) => ({ title: (text?.title ?? '').trim(), body: (text?.body ?? '').trim() });
const isFilled = (text: Text | undefined) => (text?.title ?? '').trim() !== '' || (text?.body ?? '').trim() !== '';

const isCategory = (value: string | null): value is Category =>
  (NOTICE_CATEGORIES as readonly (string | null)[]).includes(value);

function valuesOf(article: ContentArticle): Values {
  const { en, zh_CN, zh_HK, es, fr } = article.translations;
  const translations = { en, zh_CN: zh_CN ?? blank(), zh_HK: zh_HK ?? blank(), es: es ?? blank(), fr: fr ?? blank() };
  return {
    category: article.category,
    slug: article.slug ?? '',
    pinned: article.pinned,
    published: article.published,
    products: article.products,
    translations,
  };
}

function newValues(category: Category): Values {
  const translations = { en: blank(), zh_CN: blank(), zh_HK: blank(), es: blank(), fr: blank() };
  return { category, slug: '', pinned: false, published: false, products: [], translations };
}

/** One language's title and text beside the preview of what traders will read. */
function LanguagePane({ lang }: { lang: Lang }) {
  const t = useContentT();
  const form = Form.useFormInstance<Values>();
  const title = (Form.useWatch(['translations', lang, 'title'], form) as string | undefined) ?? '';
  const body = (Form.useWatch(['translations', lang, 'body'], form) as string | undefined) ?? '';
  const english = lang === 'en';
  // A translation is both parts or neither: half of one would show a title over the English text.
  const pairRule = (part: keyof Text) => ({
    validator: async () => {
      const text = form.getFieldValue(['translations', lang]) as Text | undefined;
      const value = (text?.[part] ?? '').trim();
      if (english && value === '') throw new Error(t('englishRequired'));
      if (!english && value === '' && isFilled(text)) throw new Error(t('translationIncomplete'));
    },
  });
  return (
    <Row gutter={20} className="article-editor__pane">
      <Col xs={24} xl={12}>
        {english ? null : <div className="form-hint">{t('translationHint')}</div>}
        <Form.Item
          name={['translations', lang, 'title']}
          label={t('title')}
          rules={[pairRule('title')]}
          dependencies={[['translations', lang, 'body']]}
        >
          <Input name={`title-${lang}`} maxLength={200} showCount />
        </Form.Item>
        <Form.Item
          name={['translations', lang, 'body']}
          label={t('body')}
          extra={t('bodyHint')}
          rules={[pairRule('body')]}
          dependencies={[['translations', lang, 'title']]}
          className="article-editor__body"
        >
          <Input.TextArea name={`body-${lang}`} autoSize={{ minRows: 14, maxRows: 28 }} />
        </Form.Item>
      </Col>
      <Col xs={24} xl={12}>
        <div className="article-editor__preview" data-testid={`article-preview-${lang}`}>
          {title || body ? (
            <MarkupPreview title={title} body={body} />
          ) : (
            <span className="muted">{t('previewEmpty')}</span>
          )}
        </div>
      </Col>
    </Row>
  );
}

/** Writing a notice or document: its settings, then a tab per language with a live preview. */
export default function ArticleEditorPage() {
  const t = useContentT();
  const common = useCommonT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ? Number(params.id) : null;
  const query = useArticle(id);
  const { save, remove } = useArticleMutations();
  const [form] = Form.useForm<Values>();
  const [tab, setTab] = useState<Lang>('en');
  const translations = Form.useWatch('translations', form);

  const initialCategory = search.get('category');
  useEffect(() => {
    if (id === null) {
      form.setFieldsValue(newValues(isCategory(initialCategory) ? initialCategory : 'notice'));
    } else if (query.data) form.setFieldsValue(valuesOf(query.data));
  }, [id, query.data, form, initialCategory]);

  function submit(values: Values) {
    const body: ContentArticleInput = {
      category: values.category,
      slug: values.slug.trim() === '' ? null : values.slug.trim(),
      pinned: values.pinned,
      published: values.published,
      products: values.products,
      translations: keepFilled(
        {
          en: complete(values.translations.en),
          zh_CN: complete(values.translations.zh_CN),
          zh_HK: complete(values.translations.zh_HK),
          es: complete(values.translations.es),
          fr: complete(values.translations.fr),
        },
        isFilled,
        blank(),
      ),
    };
    save.mutate(
      { id, body },
      {
        onSuccess: (article) => {
          void message.success(id === null ? t('articleCreated') : t('articleSaved'));
          if (id === null) void navigate(`/content/articles/${article.id}`, { replace: true });
        },
      },
    );
  }

  /** A failed field on another tab: show that tab. */
  function showFailedTab(errorFields: { name: (string | number)[] }[]) {
    const lang = errorFields.find((field) => field.name[0] === 'translations')?.name[1];
    if (isLang(lang)) setTab(lang);
  }

  const loading = id !== null && query.isPending;
  const title = id === null ? t('newArticle') : t('editArticleNumber', { id });

  return (
    <>
      <Link to="/content/articles" className="back-link">
        <ArrowLeftOutlined /> {t('backToArticles')}
      </Link>
      <PageHeader
        title={title}
        extra={
          <>
            {id !== null ? (
              <Popconfirm
                title={t('deleteArticleConfirm')}
                okText={common('delete')}
                okButtonProps={{ danger: true }}
                cancelText={common('cancel')}
                onConfirm={() =>
                  remove.mutate(id, {
                    onSuccess: () => {
                      void message.success(t('articleDeleted'));
                      void navigate('/content/articles', { replace: true });
                    },
                  })
                }
              >
                <Button danger icon={<DeleteOutlined />}>
                  {common('delete')}
                </Button>
              </Popconfirm>
            ) : null}
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="article-save">
              {common('save')}
            </Button>
          </>
        }
      />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {loading ? <Skeleton active paragraph={{ rows: 12 }} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => showFailedTab(errorFields)}
        disabled={save.isPending}
        hidden={loading || query.isError}
      >
        <Card className="page-section">
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item name="category" label={t('category')} rules={[{ required: true }]}>
                <Select options={NOTICE_CATEGORIES.map((value) => ({ value, label: t(`category_${value}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="slug"
                label={t('slug')}
                tooltip={t('slugHint')}
                rules={[schemaRule(ArticleSlug, t('slugInvalid'))]}
              >
                <Input name="slug" className="mono" allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="products" label={t('products')} tooltip={t('productsHint')}>
                <ProductsSelect />
              </Form.Item>
            </Col>
            <Col xs={12} md={3}>
              <Form.Item name="pinned" label={t('pinned')} valuePropName="checked" tooltip={t('pinnedHint')}>
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={3}>
              <Form.Item name="published" label={t('published')} valuePropName="checked" tooltip={t('publishedHint')}>
                <Switch data-testid="article-published" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card className="page-section">
          <Tabs
            activeKey={tab}
            onChange={(key) => {
              if (isLang(key)) setTab(key);
            }}
            items={CONTENT_LANGS.map((lang) => ({
              key: lang,
              label: (
                <span data-testid={`article-tab-${lang}`}>
                  {common(`contentLang_${lang}`)}
                  <span className={`lang-dot${isFilled(translations?.[lang]) ? ' lang-dot--filled' : ''}`} />
                </span>
              ),
              forceRender: true,
              children: <LanguagePane lang={lang} />,
            }))}
          />
        </Card>
      </Form>
    </>
  );
}
