import type { Lang } from '@bourse/contract';
import type { Db } from '../../db/database';

export type ArticleCategory = 'notice' | 'announcement' | 'help' | 'document' | 'swap';
export type AppPlatform = 'h5' | 'android' | 'ios';

export interface ArticleRow {
  id: number;
  category: ArticleCategory;
  slug: string | null;
  pinned: 0 | 1;
  published: 0 | 1;
  published_at: number | null;
  /** JSON array of product keys: shown only while all are available. */
  products: string;
  created_at: number;
  updated_at: number;
}

/** A published article's list entry, its title already in the asked language (or English). */
export interface SummaryRow {
  id: number;
  category: ArticleCategory;
  pinned: 0 | 1;
  published_at: number;
  title: string;
}

export interface LocalizedArticleRow extends ArticleRow {
  title: string;
  body: string;
}

export interface ArticleTextRow {
  article_id: number;
  lang: Lang;
  title: string;
  body: string;
}

export interface BannerRow {
  id: number;
  image: string;
  link: string | null;
  sort: number;
  active: 0 | 1;
  products: string;
  created_at: number;
  updated_at: number;
}

export interface BannerTitleRow {
  banner_id: number;
  lang: Lang;
  title: string;
}

export interface AppVersionRow {
  id: number;
  platform: AppPlatform;
  version: string;
  version_code: number;
  url: string | null;
  force_update: 0 | 1;
  released_at: number;
}

export interface AppVersionNoteRow {
  version_id: number;
  lang: Lang;
  notes: string;
}

export interface ArticleFields {
  category: ArticleCategory;
  slug: string | null;
  pinned: 0 | 1;
  published: 0 | 1;
  publishedAt: number | null;
  products: string;
  now: number;
}

export interface BannerFields {
  image: string;
  link: string | null;
  sort: number;
  active: 0 | 1;
  products: string;
  now: number;
}

// Every localized read joins the English row (always present) and the asked language's row (maybe missing), so a
// missing translation falls back to English in one query.
const ARTICLE_TITLE = `COALESCE(t.title, e.title)`;
const ARTICLE_TEXT_JOINS = `JOIN content_article_texts e ON e.article_id = a.id AND e.lang = 'en'
  LEFT JOIN content_article_texts t ON t.article_id = a.id AND t.lang = @lang`;
const PUBLIC_ORDER = 'ORDER BY a.pinned DESC, a.published_at DESC, a.id DESC';
/** Content about a product that is not available (`@closed`: a JSON array of product keys) is not shown. */
const OPEN = (alias: string) =>
  `NOT EXISTS (SELECT 1 FROM json_each(${alias}.products) p WHERE p.value IN (SELECT value FROM json_each(@closed)))`;

/** SQL for the content tables; nothing outside this module touches them. */
export function createContentRepo(db: Db) {
  const q = {
    publishedSummaries: db.prepare<
      { categories: string; lang: Lang; limit: number; offset: number; closed: string },
      SummaryRow
    >(
      `SELECT a.id, a.category, a.pinned, a.published_at, ${ARTICLE_TITLE} AS title
       FROM content_articles a ${ARTICLE_TEXT_JOINS}
       WHERE a.published = 1 AND a.category IN (SELECT value FROM json_each(@categories)) AND ${OPEN('a')}
       ${PUBLIC_ORDER} LIMIT @limit OFFSET @offset`,
    ),
    publishedCount: db.prepare<{ categories: string; closed: string }, { n: number }>(
      `SELECT COUNT(*) AS n FROM content_articles a
       WHERE a.published = 1 AND a.category IN (SELECT value FROM json_each(@categories)) AND ${OPEN('a')}`,
    ),
    publishedById: db.prepare<{ id: number; lang: Lang; closed: string }, LocalizedArticleRow>(
      `SELECT a.*, ${ARTICLE_TITLE} AS title, COALESCE(t.body, e.body) AS body
       FROM content_articles a ${ARTICLE_TEXT_JOINS} WHERE a.id = @id AND a.published = 1 AND ${OPEN('a')}`,
    ),
    publishedBySlug: db.prepare<{ slug: string; lang: Lang; closed: string }, LocalizedArticleRow>(
      `SELECT a.*, ${ARTICLE_TITLE} AS title, COALESCE(t.body, e.body) AS body
       FROM content_articles a ${ARTICLE_TEXT_JOINS} WHERE a.slug = @slug AND a.published = 1 AND ${OPEN('a')}`,
    ),
    summaryById: db.prepare<{ id: number; lang: Lang }, SummaryRow>(
      `SELECT a.id, a.category, a.pinned, COALESCE(a.published_at, a.created_at) AS published_at,
         ${ARTICLE_TITLE} AS title
       FROM content_articles a ${ARTICLE_TEXT_JOINS} WHERE a.id = @id`,
    ),
    articleById: db.prepare<[number], ArticleRow>('SELECT * FROM content_articles WHERE id = ?'),
    articleBySlug: db.prepare<[string], ArticleRow>('SELECT * FROM content_articles WHERE slug = ?'),
    articles: db.prepare<{ category: string | null; limit: number; offset: number }, ArticleRow>(
      `SELECT * FROM content_articles WHERE @category IS NULL OR category = @category
       ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    articleCount: db.prepare<{ category: string | null }, { n: number }>(
      'SELECT COUNT(*) AS n FROM content_articles WHERE @category IS NULL OR category = @category',
    ),
    articleTexts: db.prepare<[string], ArticleTextRow>(
      'SELECT * FROM content_article_texts WHERE article_id IN (SELECT value FROM json_each(?))',
    ),
    insertArticle: db.prepare<ArticleFields>(
      `INSERT INTO content_articles (category, slug, pinned, published, published_at, products, created_at, updated_at)
       VALUES (@category, @slug, @pinned, @published, @publishedAt, @products, @now, @now)`,
    ),
    updateArticle: db.prepare<ArticleFields & { id: number }>(
      `UPDATE content_articles SET category = @category, slug = @slug, pinned = @pinned, published = @published,
         published_at = @publishedAt, products = @products, updated_at = @now WHERE id = @id`,
    ),
    deleteArticle: db.prepare<[number]>('DELETE FROM content_articles WHERE id = ?'),
    insertArticleText: db.prepare<ArticleTextRow>(
      'INSERT INTO content_article_texts (article_id, lang, title, body) VALUES (@article_id, @lang, @title, @body)',
    ),
    deleteArticleTexts: db.prepare<[number]>('DELETE FROM content_article_texts WHERE article_id = ?'),

    activeBanners: db.prepare<
      { lang: Lang; closed: string },
      { id: number; image: string; link: string | null; title: string }
    >(
      `SELECT b.id, b.image, b.link, COALESCE(t.title, e.title) AS title
       FROM content_banners b
       JOIN content_banner_titles e ON e.banner_id = b.id AND e.lang = 'en'
       LEFT JOIN content_banner_titles t ON t.banner_id = b.id AND t.lang = @lang
       WHERE b.active = 1 AND ${OPEN('b')} ORDER BY b.sort, b.id`,
    ),
    banners: db.prepare<[], BannerRow>('SELECT * FROM content_banners ORDER BY sort, id'),
    bannerById: db.prepare<[number], BannerRow>('SELECT * FROM content_banners WHERE id = ?'),
    bannerTitles: db.prepare<[string], BannerTitleRow>(
      'SELECT * FROM content_banner_titles WHERE banner_id IN (SELECT value FROM json_each(?))',
    ),
    insertBanner: db.prepare<BannerFields>(
      `INSERT INTO content_banners (image, link, sort, active, products, created_at, updated_at)
       VALUES (@image, @link, @sort, @active, @products, @now, @now)`,
    ),
    updateBanner: db.prepare<BannerFields & { id: number }>(
      `UPDATE content_banners SET image = @image, link = @link, sort = @sort, active = @active,
         products = @products, updated_at = @now WHERE id = @id`,
    ),
    deleteBanner: db.prepare<[number]>('DELETE FROM content_banners WHERE id = ?'),
    insertBannerTitle: db.prepare<BannerTitleRow>(
      'INSERT INTO content_banner_titles (banner_id, lang, title) VALUES (@banner_id, @lang, @title)',
    ),
    deleteBannerTitles: db.prepare<[number]>('DELETE FROM content_banner_titles WHERE banner_id = ?'),

    latestVersion: db.prepare<{ platform: AppPlatform; lang: Lang }, AppVersionRow & { notes: string }>(
      `SELECT v.*, COALESCE(t.notes, e.notes) AS notes
       FROM app_versions v
       JOIN app_version_notes e ON e.version_id = v.id AND e.lang = 'en'
       LEFT JOIN app_version_notes t ON t.version_id = v.id AND t.lang = @lang
       WHERE v.platform = @platform ORDER BY v.version_code DESC LIMIT 1`,
    ),
    highestVersionCode: db.prepare<[AppPlatform], { code: number | null }>(
      'SELECT MAX(version_code) AS code FROM app_versions WHERE platform = ?',
    ),
    versions: db.prepare<[], AppVersionRow>('SELECT * FROM app_versions ORDER BY platform, version_code DESC'),
    versionById: db.prepare<[number], AppVersionRow>('SELECT * FROM app_versions WHERE id = ?'),
    versionNotes: db.prepare<[string], AppVersionNoteRow>(
      'SELECT * FROM app_version_notes WHERE version_id IN (SELECT value FROM json_each(?))',
    ),
    insertVersion: db.prepare<Omit<AppVersionRow, 'id'>>(
      `INSERT INTO app_versions (platform, version, version_code, url, force_update, released_at)
       VALUES (@platform, @version, @version_code, @url, @force_update, @released_at)`,
    ),
    insertVersionNote: db.prepare<AppVersionNoteRow>(
      'INSERT INTO app_version_notes (version_id, lang, notes) VALUES (@version_id, @lang, @notes)',
    ),

    seedApplied: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM content_demo_seeds WHERE key = ?'),
    markSeed: db.prepare<[string, number]>('INSERT INTO content_demo_seeds (key, applied_at) VALUES (?, ?)'),
  };

  const ids = (list: readonly number[]) => JSON.stringify(list);

  return {
    // `closed`: the product keys not available now; content about any of them is left out.
    publishedSummaries: (
      categories: readonly ArticleCategory[],
      lang: Lang,
      closed: readonly string[],
      limit: number,
      offset = 0,
    ) =>
      q.publishedSummaries.all({
        categories: JSON.stringify(categories),
        lang,
        limit,
        offset,
        closed: JSON.stringify(closed),
      }),
    publishedCount: (categories: readonly ArticleCategory[], closed: readonly string[]) =>
      q.publishedCount.get({ categories: JSON.stringify(categories), closed: JSON.stringify(closed) })?.n ?? 0,
    publishedById: (id: number, lang: Lang, closed: readonly string[]) =>
      q.publishedById.get({ id, lang, closed: JSON.stringify(closed) }),
    publishedBySlug: (slug: string, lang: Lang, closed: readonly string[]) =>
      q.publishedBySlug.get({ slug, lang, closed: JSON.stringify(closed) }),
    summaryById: (id: number, lang: Lang) => q.summaryById.get({ id, lang }),
    articleById: (id: number) => q.articleById.get(id),
    articleBySlug: (slug: string) => q.articleBySlug.get(slug),
    articles: (category: ArticleCategory | null, limit: number, offset: number) =>
      q.articles.all({ category, limit, offset }),
    articleCount: (category: ArticleCategory | null) => q.articleCount.get({ category })?.n ?? 0,
    articleTexts: (articleIds: readonly number[]) => q.articleTexts.all(ids(articleIds)),
    insertArticle: (fields: ArticleFields) => Number(q.insertArticle.run(fields).lastInsertRowid),
    updateArticle: (id: number, fields: ArticleFields) => q.updateArticle.run({ ...fields, id }),
    deleteArticle: (id: number) => q.deleteArticle.run(id).changes > 0,
    /** Replaces every translation of an article. */
    setArticleTexts(articleId: number, texts: readonly Omit<ArticleTextRow, 'article_id'>[]): void {
      q.deleteArticleTexts.run(articleId);
      for (const text of texts) q.insertArticleText.run({ ...text, article_id: articleId });
    },

    activeBanners: (lang: Lang, closed: readonly string[]) =>
      q.activeBanners.all({ lang, closed: JSON.stringify(closed) }),
    banners: () => q.banners.all(),
    bannerById: (id: number) => q.bannerById.get(id),
    bannerTitles: (bannerIds: readonly number[]) => q.bannerTitles.all(ids(bannerIds)),
    insertBanner: (fields: BannerFields) => Number(q.insertBanner.run(fields).lastInsertRowid),
    updateBanner: (id: number, fields: BannerFields) => q.updateBanner.run({ ...fields, id }),
    deleteBanner: (id: number) => q.deleteBanner.run(id).changes > 0,
    /** Replaces every title of a banner. */
    setBannerTitles(bannerId: number, titles: readonly Omit<BannerTitleRow, 'banner_id'>[]): void {
      q.deleteBannerTitles.run(bannerId);
      for (const title of titles) q.insertBannerTitle.run({ ...title, banner_id: bannerId });
    },

    latestVersion: (platform: AppPlatform, lang: Lang) => q.latestVersion.get({ platform, lang }),
    highestVersionCode: (platform: AppPlatform) => q.highestVersionCode.get(platform)?.code ?? null,
    versions: () => q.versions.all(),
    versionById: (id: number) => q.versionById.get(id),
    versionNotes: (versionIds: readonly number[]) => q.versionNotes.all(ids(versionIds)),
    insertVersion(row: Omit<AppVersionRow, 'id'>, notes: readonly Omit<AppVersionNoteRow, 'version_id'>[]): number {
      const id = Number(q.insertVersion.run(row).lastInsertRowid);
      for (const note of notes) q.insertVersionNote.run({ ...note, version_id: id });
      return id;
    },

    seedApplied: (key: string) => q.seedApplied.get(key) !== undefined,
    markSeed: (key: string, at: number) => q.markSeed.run(key, at),
  };
}

export type ContentRepo = ReturnType<typeof createContentRepo>;
